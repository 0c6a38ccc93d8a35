"""The card reader's defaults, defined once: the CLI, the web app and the lab import them here.

Plain constants, no logic: change a default here and every reader of it follows.
"""

from __future__ import annotations

DEFAULT_CONF = 0.45
"""Minimum index-detection confidence; chosen on the eval val split, not the test split
(docs/lab.md)."""

DEFAULT_IOU = 0.7
"""IoU above which non-maximum suppression drops the weaker of two overlapping boxes."""

UNSURE_BELOW = 0.65
"""Cards read with less confidence are shown as unsure, for the player to check. On the eval val
split (stage 8, 1000 scenes) this marks 9 % of the cards read and 54 % of the misread ones."""

MAX_PIXELS = 40_000_000
"""The most pixels (width x height) an input image may declare: about 7300 x 5500."""

EXPORTED_IMGSZ = 640
"""The detector's longest input side as trained and exported. The ONNX reader reads it from the
file's metadata; the ultralytics backend, its mAP and the torch comparison are given it."""

MODEL_ENV = "PHASE10_MODEL"
"""The environment variable that overrides the detector file."""

__all__ = ["DEFAULT_CONF", "DEFAULT_IOU", "EXPORTED_IMGSZ", "MAX_PIXELS", "MODEL_ENV",
           "UNSURE_BELOW"]
