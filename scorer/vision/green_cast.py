"""A green cast taken out of a frame before the detector reads it.

The detector tells a card's colour from its ink. It learnt colours mostly under warm and cold
light (red against blue); a webcam's cast lies on the other axis, green (or, more rarely,
magenta), and on a webcam's faded ink it still moves the detector's classes: blue reads as
green, red as yellow. The brightest near-neutral pixels of a photo of cards are the cards' own
paper, so their colour is the cast: :func:`green_balanced` scales the green channel until that
white is neither green nor magenta, and leaves warm and cold light as the detector learnt them
(balancing those too cost cards on the rendered photos). A frame whose white is within
``TUNING.min_tint`` of neutral is left as it is.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from scorer.vision.colour import find_white
from scorer.vision.settings import READER

TUNING = READER.green_cast
"""This module's values (:class:`~scorer.vision.settings.ReaderSettings`)."""


def frame_white(image_bgr: np.ndarray) -> np.ndarray | None:
    """The BGR colour of the frame's white (:func:`~scorer.vision.colour.find_white` on a grid of
    about ``TUNING.sample_pixels``), or None when it has no bright near-neutral pixels."""
    height, width = image_bgr.shape[:2]
    step = max(1, int(math.sqrt(height * width / TUNING.sample_pixels)))
    sample = np.ascontiguousarray(image_bgr[::step, ::step, :3])
    return find_white(sample, share=TUNING.white_share, max_saturation=TUNING.white_max_saturation)


def green_tint(white_bgr: np.ndarray) -> float:
    """How green ``white_bgr`` is: its green over the geometric mean of its blue and red (1.0
    neutral on that axis, above 1 green, below 1 magenta)."""
    blue, green, red = (float(v) for v in white_bgr[:3])
    return green / math.sqrt(max(blue * red, 1.0))


def green_balanced(image_bgr: np.ndarray) -> np.ndarray:
    """``image_bgr`` with its green channel scaled so that the frame's white (:func:`frame_white`)
    has no green or magenta tint; the image itself when it has none to speak of
    (``TUNING.min_tint``) or no white to tell."""
    white = frame_white(image_bgr)
    if white is None:
        return image_bgr
    tint = green_tint(white)
    if abs(math.log(tint)) < math.log(TUNING.min_tint):
        return image_bgr
    levels = np.arange(256, dtype=np.float32)
    green = np.clip(levels / tint, 0, 255)
    table = np.stack([levels, green, levels], axis=-1).astype(np.uint8).reshape(256, 1, 3)
    return cv2.LUT(np.ascontiguousarray(image_bgr[..., :3]), table)
