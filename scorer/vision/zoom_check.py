"""A closer look at doubtful cards: each one's index read again, enlarged, on its own.

A misread index often reads differently, or not at all, when it is seen larger and without its
neighbours; a right one reads the same. For photos (not live frames) the least confident cards
get this look: a square window around the card's strongest index, ``TUNING.window`` index sizes
across, resized to ``TUNING.side`` pixels (the index then has about the size the detector reads
best), read as it is and turned half a turn (a card's two indices face opposite ways, so the
detector knows indices both ways up, and a misreading seldom survives the turn), all windows in
one batch. What the closer look read on the index's spot becomes evidence for the doubt model
(:mod:`scorer.vision.doubt`): the score of the same face, and of the best other face, which is
the card's likely alternative when nothing closer says otherwise. A weak lone index that reads
as nothing at all when enlarged is dropped (:func:`vanishes`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import cv2
import numpy as np

from scorer.vision.detections import Detections
from scorer.vision.settings import READER

TUNING = READER.zoom_check
"""This module's values (:class:`~scorer.vision.settings.ReaderSettings`)."""


@dataclass(frozen=True)
class CloserLook:
    """What the enlarged window read on the index's spot (``turned``: the same window turned
    half a turn, when it was read so)."""

    same: float = 0.0  # the best score of the card's own face (0: not read again)
    other: float = 0.0  # the best score of another face
    other_name: str | None = None
    turned: CloserLook | None = None

    @property
    def seen_instead(self) -> str | None:
        """Another face read more surely than the card's own, upright or else turned."""
        for look in (self, self.turned):
            if look is not None and look.other > look.same:
                return look.other_name
        return None

    @property
    def read_nothing(self) -> bool:
        """No face at all on the index's spot, enlarged, even at ``TUNING.conf``."""
        return self.same == 0.0 and self.other == 0.0


def vanishes(score: float, indices: int, look: CloserLook | None) -> bool:
    """Is this reading no card at all? A lone index read weakly (under ``TUNING.vanishes_below``)
    whose closer look reads no face there: a real index, enlarged, still reads as some face,
    while clutter mistaken for one mostly reads as nothing (figures in docs/lab.md)."""
    return indices == 1 and score < TUNING.vanishes_below and look is not None and look.read_nothing


def chosen(scores: Sequence[float]) -> list[int]:
    """Which cards get the closer look: those under ``TUNING.below``, least confident first, at
    most ``TUNING.most``."""
    doubtful = [k for k, score in enumerate(scores) if score < TUNING.below]
    return sorted(doubtful, key=lambda k: scores[k])[:TUNING.most]


def window(box: Sequence[float], image_hw: tuple[int, int]) -> tuple[int, int, int, int]:
    """The square crop (x1, y1, x2, y2) centred on an index box, clipped to the image."""
    x1, y1, x2, y2 = (float(v) for v in box)
    cx, cy = (x1 + x2) / 2, (y1 + y2) / 2
    half = max(x2 - x1, y2 - y1, 1.0) * TUNING.window / 2
    h, w = image_hw
    return (int(max(0, cx - half)), int(max(0, cy - half)),
            int(min(w, cx + half)), int(min(h, cy + half)))


def look_closer(detector: Any, image: np.ndarray, boxes: Sequence[Sequence[float]],
                faces: Sequence[str]) -> list[CloserLook]:
    """The closer look at each index box in ``boxes``, for the face read there: its window as
    it is and turned half a turn.

    ``detector`` reads the windows in one batch with ``detect_batch(crops, conf=)`` when it has
    one (the ONNX detector, at the windows' own size), else one ``detect`` call per window.
    """
    wins = [window(box, image.shape[:2]) for box in boxes]
    jobs = [k for k, (x1, y1, x2, y2) in enumerate(wins) if x2 - x1 >= 2 and y2 - y1 >= 2]
    looks = [CloserLook()] * len(boxes)
    if not jobs:
        return looks
    side = (TUNING.side, TUNING.side)
    crops = [cv2.resize(image[wins[k][1]:wins[k][3], wins[k][0]:wins[k][2]], side,
                        interpolation=cv2.INTER_LINEAR) for k in jobs]
    crops += [cv2.rotate(crop, cv2.ROTATE_180) for crop in crops]
    batch = getattr(detector, "detect_batch", None)
    seen = batch(crops, conf=TUNING.conf) if batch is not None else [
        detector.detect(crop, conf=TUNING.conf) for crop in crops]
    for k, upright, turned in zip(jobs, seen[:len(jobs)], seen[len(jobs):], strict=True):
        looks[k] = replace(_on_spot(boxes[k], wins[k], upright, faces[k]),
                           turned=_on_spot(boxes[k], wins[k], _turn_back(turned), faces[k]))
    return looks


def _turn_back(found: Detections) -> Detections:
    """Detections in a window turned half a turn, placed back in the upright window."""
    if len(found) == 0:
        return found
    flipped = TUNING.side - found.xyxy[:, [2, 3, 0, 1]]
    return Detections(flipped, found.confidence, found.class_id, found.class_names)


def _on_spot(box: Sequence[float], win: tuple[int, int, int, int], found: Detections,
             face: str) -> CloserLook:
    """The closer detections whose centre lies on the index's spot, by face."""
    if len(found) == 0:
        return CloserLook()
    x1, y1, x2, y2 = win
    scale = np.array([(x2 - x1) / TUNING.side, (y2 - y1) / TUNING.side])
    centres = found.centers * scale + np.array([x1, y1])
    ix1, iy1, ix2, iy2 = (float(v) for v in box)
    near = ((np.abs(centres[:, 0] - (ix1 + ix2) / 2) <= TUNING.spot * max(ix2 - ix1, 1.0))
            & (np.abs(centres[:, 1] - (iy1 + iy2) / 2) <= TUNING.spot * max(iy2 - iy1, 1.0)))
    names = np.array(found.names)
    same = near & (names == face)
    other = near & (names != face)
    same_score = float(found.confidence[same].max()) if same.any() else 0.0
    if not other.any():
        return CloserLook(same_score)
    best = int(np.argmax(np.where(other, found.confidence, -1.0)))
    return CloserLook(same_score, float(found.confidence[best]), str(names[best]))
