"""Weak detections the recogniser confirms: indices the detector only sensed, read for sure.

The first look keeps its detections down to a low score as hints. A small or turned index the
detector reads at 0.2 is often a real card that the reader would miss at its usual threshold.
The recogniser reads each such index again from the photo's own pixels; where it reads the
detector's very face with near certainty, the detection counts as if the detector had read it
(it keeps its own weak score, so the doubt model weighs it as weak). Photos only: a live frame
has no time for it.
"""

from __future__ import annotations

import math

import numpy as np

from scorer.vision.detections import Detections
from scorer.vision.geometry import box_iou, nms
from scorer.vision.recogniser import Recogniser
from scorer.vision.settings import READER

TUNING = READER.recogniser
"""This module's values (:class:`~scorer.vision.settings.ReaderSettings`)."""


def confirmed(recogniser: Recogniser, image_bgr: np.ndarray, dets: Detections,
              sensed: Detections, conf: float) -> Detections:
    """``dets`` with the detections of ``sensed`` under ``conf`` (from ``TUNING.confirm_from``)
    that lie apart from every detection of ``dets`` and that the recogniser reads as the
    detector's face with probability ``TUNING.confirm_at`` or more."""
    weak = sensed[(sensed.confidence >= TUNING.confirm_from) & (sensed.confidence < conf)]
    if len(weak) and len(dets):
        weak = weak[box_iou(weak.xyxy, dets.xyxy).max(axis=1) < TUNING.confirm_apart_iou]
    if not len(weak):
        return dets
    weak = weak[np.sort(nms(weak.xyxy, weak.confidence, TUNING.confirm_apart_iou))]  # one a spot
    opinions = recogniser.opinions(image_bgr, [[box] for box in weak.xyxy])
    faces = [weak.faces[c] for c in weak.class_id]
    sure = [k for k, (face, opinion) in enumerate(zip(faces, opinions, strict=True))
            if math.prod(opinion.chances_of(face)) >= TUNING.confirm_at]
    return Detections.merge([dets, weak[sure]]) if sure else dets
