"""Reading cards from photos: ONNX detector, index->card pairing, colour check, annotator.

Public entry: :func:`read_cards` (image array or bytes -> :class:`CardReading`). No torch here.
"""

from scorer.vision.annotate import annotate
from scorer.vision.card_reading import CardReading, DetectedCard
from scorer.vision.detections import Detections
from scorer.vision.image_io import ImageError, decode_image, read_image
from scorer.vision.onnx_detector import ModelError, ModelNotFoundError
from scorer.vision.reading import model_path, read_cards

__all__ = [
    "CardReading",
    "DetectedCard",
    "Detections",
    "ImageError",
    "ModelError",
    "ModelNotFoundError",
    "annotate",
    "decode_image",
    "model_path",
    "read_cards",
    "read_image",
]
