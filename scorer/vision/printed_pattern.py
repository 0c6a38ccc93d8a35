"""Is an index one motif of a printed pattern? Tiles, wallpaper and gift wrap repeat it.

Glazed tiles printed with a star look like a deck's Wild index, and their grout lines give it
a card corner. What no card layout gives is a *lattice*: the same motif, in the same colours,
repeated in two directions at equal steps. Cards of one face lie in a row or a fan (copies
along one line or an arc), and one deck holds at most two copies of a number, so the motif
test asks for a lattice: a cell (two copies in different directions whose sum or difference is
a copy too) and more copies on the lattice it spans.

:func:`printed_candidates` applies it to a photo's cards: a card whose every index is a
lattice motif is print, and so is any other reading of that face whose index shows the same
motif (a tile at the pattern's edge or in its glare, where no whole cell was found). Its one
blind spot: six or more Wilds (or Skips) laid out in a grid, which play never does, read as
print.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import cv2
import numpy as np

from scorer.vision.detections import Detections
from scorer.vision.geometry import angle_between, box_size
from scorer.vision.pairing import CardCandidate

Box = Sequence[float]

UNIT = 16  # an index is resampled to this many pixels on its longest side
REACH = 3.5  # copies are looked for this many index sizes around the index's centre
MATCH = 0.8  # a copy matches the index this well (colour normalised correlation)
GREY_GATE = 0.7  # ...and first in grey at least this well (a looser bound, three times cheaper)
STEP_TOLERANCE = 0.3  # a lattice point lies within this many index sizes of a copy
MIN_ANGLE = 30.0  # a lattice's two directions are at least this far apart (degrees)
MIN_ON_LATTICE = 5  # ...and at least this many copies lie on it (a cell's three and two more)
SAME_SIZE = 1.25  # two motifs of one pattern differ in size by at most this ratio
MIN_CONTRAST = 3.0  # a crop whose levels vary less (standard deviation) is flat
MAX_COPIES = 40  # copies looked for at most (a 7 x 7 window of tiles holds 49)


def copies_around(image_bgr: np.ndarray, box: Box, at_least: int = 0
                  ) -> list[tuple[float, float]]:
    """Where the index in ``box`` (x1, y1, x2, y2) repeats within :data:`REACH` index sizes:
    each copy's offset from it in index sizes (x, y), matching at least :data:`MATCH`.

    With ``at_least``, a grey pass first (a third of the work) returns none when fewer than
    that many copies could be there: most cards have none or one, and are done with it."""
    x1, y1, x2, y2 = (float(v) for v in box)
    size = box_size(box)
    scale = UNIT / size
    cx, cy = (x1 + x2) / 2, (y1 + y2) / 2
    height, width = image_bgr.shape[:2]
    left, top = int(max(0, cx - REACH * size)), int(max(0, cy - REACH * size))
    right, bottom = int(min(width, cx + REACH * size)), int(min(height, cy + REACH * size))
    if right - left < 2 or bottom - top < 2:
        return []
    window = _shrunk(image_bgr[top:bottom, left:right, :3], scale)
    tx, ty = round((x1 - left) * scale), round((y1 - top) * scale)
    tw, th = max(4, round((x2 - x1) * scale)), max(4, round((y2 - y1) * scale))
    motif = window[ty:ty + th, tx:tx + tw]
    if (motif.shape[:2] != (th, tw) or window.shape[0] <= th or window.shape[1] <= tw
            or float(motif.std()) < MIN_CONTRAST):
        return []
    if at_least and _grey_peaks(window, motif) < at_least + 1:  # the index itself is one
        return []
    scores = cv2.matchTemplate(window, motif, cv2.TM_CCOEFF_NORMED)
    apart = max(2, int(0.6 * min(tw, th)))  # two copies' positions lie this far apart at least
    found: list[tuple[float, float]] = []
    for _ in range(MAX_COPIES):
        _low, best, _at_low, (px, py) = cv2.minMaxLoc(scores)
        if best < MATCH:
            break
        scores[max(0, py - apart):py + apart + 1, max(0, px - apart):px + apart + 1] = -1.0
        dx = (left + (px + tw / 2) / scale - cx) / size
        dy = (top + (py + th / 2) / scale - cy) / size
        if abs(dx) >= 0.6 or abs(dy) >= 0.6:  # not the index itself
            found.append((dx, dy))
    return found


def on_a_lattice(offsets: Sequence[tuple[float, float]]) -> bool:
    """Do the copies' ``offsets`` lie on a lattice with the index? Two copies at least
    :data:`MIN_ANGLE` apart in direction, whose sum or difference is a copy too, span one cell;
    at least :data:`MIN_ON_LATTICE` copies must lie on the lattice it spans (a few scattered
    look-alikes, such as a neighbour's index and a card's centre numeral, can close one cell by
    chance, not a whole lattice)."""
    def is_copy(x: float, y: float) -> bool:
        return any(math.hypot(x - a, y - b) < STEP_TOLERANCE for a, b in offsets)

    for k, (ax, ay) in enumerate(offsets):
        for bx, by in offsets[k + 1:]:
            if angle_between(math.degrees(math.atan2(ay, ax)),
                             math.degrees(math.atan2(by, bx))) < MIN_ANGLE:
                continue
            if ((is_copy(ax + bx, ay + by) or is_copy(ax - bx, ay - by))
                    and _on_lattice((ax, ay), (bx, by), offsets) >= MIN_ON_LATTICE):
                return True
    return False


def _on_lattice(a: tuple[float, float], b: tuple[float, float],
                offsets: Sequence[tuple[float, float]]) -> int:
    """How many of ``offsets`` lie within :data:`STEP_TOLERANCE` of a whole-number sum of
    steps ``a`` and ``b``."""
    steps = np.array([a, b], float).T
    points = np.asarray(offsets, float).T
    nearest = steps @ np.round(np.linalg.solve(steps, points))
    return int((np.hypot(*(nearest - points)) < STEP_TOLERANCE).sum())


def is_printed_motif(image_bgr: np.ndarray, box: Box) -> bool:
    """Is the index in ``box`` one motif of a printed lattice (:func:`on_a_lattice`)?"""
    return on_a_lattice(copies_around(image_bgr, box, at_least=MIN_ON_LATTICE))


def same_motif(image_bgr: np.ndarray, box_a: Box, box_b: Box) -> bool:
    """Do two indices of about one size (:data:`SAME_SIZE`) show the same motif, in the same
    colours (correlation at least :data:`MATCH`)?"""
    a, b = box_size(box_a), box_size(box_b)
    if max(a, b) > SAME_SIZE * min(a, b):
        return False
    crop_a, crop_b = _crop(image_bgr, box_a), _crop(image_bgr, box_b)
    if crop_a is None or crop_b is None:
        return False
    return float(cv2.matchTemplate(crop_a, crop_b, cv2.TM_CCOEFF_NORMED)[0, 0]) >= MATCH


def printed_candidates(image_bgr: np.ndarray, dets: Detections,
                       candidates: Sequence[CardCandidate]) -> set[int]:
    """The positions in ``candidates`` that are print, not cards: those whose every index is
    a lattice motif (:func:`is_printed_motif`), and the others of the same face whose index
    shows one of their motifs (:func:`same_motif`)."""
    printed = {k for k, card in enumerate(candidates)
               if all(is_printed_motif(image_bgr, dets.xyxy[i]) for i in card.index_ids)}
    motifs = [(candidates[k].class_id, dets.xyxy[i]) for k in printed
              for i in candidates[k].index_ids]
    for k, card in enumerate(candidates):
        if k not in printed and any(
                face == card.class_id and same_motif(image_bgr, motif, dets.xyxy[i])
                for face, motif in motifs for i in card.index_ids):
            printed.add(k)
    return printed


def _crop(image_bgr: np.ndarray, box: Box) -> np.ndarray | None:
    """The index's pixels resampled to :data:`UNIT` square; None when empty or flat."""
    height, width = image_bgr.shape[:2]
    x1, y1 = max(0, int(box[0])), max(0, int(box[1]))
    x2, y2 = min(width, int(math.ceil(box[2]))), min(height, int(math.ceil(box[3])))
    if x2 - x1 < 2 or y2 - y1 < 2:
        return None
    crop = cv2.resize(np.ascontiguousarray(image_bgr[y1:y2, x1:x2, :3]), (UNIT, UNIT),
                      interpolation=cv2.INTER_AREA)
    return None if float(crop.std()) < MIN_CONTRAST else crop


def _grey_peaks(window: np.ndarray, motif: np.ndarray) -> int:
    """How many places in ``window`` match ``motif`` in grey at :data:`GREY_GATE` or more (local
    maxima of the correlation). A copy that matches in colour at :data:`MATCH` matches in grey
    at this looser level, so fewer peaks than copies wanted rule the motif out."""
    scores = cv2.matchTemplate(cv2.cvtColor(window, cv2.COLOR_BGR2GRAY),
                               cv2.cvtColor(np.ascontiguousarray(motif), cv2.COLOR_BGR2GRAY),
                               cv2.TM_CCOEFF_NORMED)
    peaks = (scores >= GREY_GATE) & (scores >= cv2.dilate(scores, np.ones((3, 3), np.uint8)))
    return int(np.count_nonzero(peaks))


def _shrunk(pixels: np.ndarray, scale: float) -> np.ndarray:
    """``pixels`` resized by ``scale``: halved by Gaussian pyramid steps while the scale is under
    a half, then bilinear: smooth enough for copies to match as after area averaging, in about
    two thirds of its time."""
    pixels = np.ascontiguousarray(pixels)
    while scale < 0.5 and min(pixels.shape[:2]) >= 4:
        pixels, scale = cv2.pyrDown(pixels), scale * 2
    return cv2.resize(pixels, None, fx=scale, fy=scale, interpolation=cv2.INTER_LINEAR)
