"""Optional adapter: run the trained ``.pt`` through ultralytics (torch) -> :class:`Detections`.

For comparisons only (``phase10 detect --backend ultralytics``, ``phase10 bench detect``); the
app and the default CLI path use the ONNX adapter and never import torch. Needs the [train] extra.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from scorer.vision.detections import Detections
from scorer.vision.onnx_detector import ModelError, ModelNotFoundError
from scorer.vision.settings import DEFAULT_CONF, DEFAULT_IOU


class UltralyticsDetector:
    """The same ``detect(image_bgr, conf, iou) -> Detections`` as the ONNX adapter, on a .pt."""

    def __init__(self, weights: str | Path, imgsz: int = 640) -> None:
        from scorer.training.offline import TrainingSetupError, import_ultralytics

        weights = Path(weights)
        if not weights.is_file():
            raise ModelNotFoundError(f"no weights at {weights} (train with phase10 train)")
        try:
            ultralytics = import_ultralytics()
        except TrainingSetupError as error:
            raise ModelError(str(error)) from None
        self.model = ultralytics.YOLO(str(weights), task="detect")
        self.imgsz = imgsz
        names = self.model.names
        self.class_names = tuple(names[i] for i in range(len(names)))

    def detect(self, image_bgr: np.ndarray, conf: float = DEFAULT_CONF,
               iou: float = DEFAULT_IOU) -> Detections:
        result = self.model.predict(
            image_bgr, imgsz=self.imgsz, conf=conf, iou=iou, device="cpu", verbose=False
        )[0]
        boxes = result.boxes
        return Detections(
            boxes.xyxy.cpu().numpy(),
            boxes.conf.cpu().numpy(),
            boxes.cls.cpu().numpy().astype(np.int64),
            self.class_names,
        )
