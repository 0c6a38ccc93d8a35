"""Is an index one motif of a printed pattern? Tiles, wallpaper and gift wrap repeat it.

Glazed tiles printed with a star look like a deck's Wild index, and their grout lines give it
a card corner. What no card layout gives is a *lattice*: the same motif, in the same colours,
repeated in two directions at equal steps. Cards of one face lie in a row or a fan (copies
along one line or an arc), and one deck holds at most two copies of a number, so the motif
test asks for a lattice: a cell (two copies in different directions whose sum or difference is
a copy too) and more copies on the lattice it spans. A Wild or a Skip may also lie on a lattice
whose cells never close among the copies found (tiles foreshortened, in shade or under other
clutter): its second step may be the difference of two copies. Stars and rings are what print
repeats; a number's look-alikes are not, and the looser test took real numbers on busy tables.

:func:`printed_candidates` applies it to a photo's cards: a card with an index on a lattice is
print when its other index is one too, or is the same motif unturned (two tiles far apart,
paired as one large card, whose second lies where no lattice can be made out: at the frame's
edge); a real card's two corners are half a turn apart. So is any other reading of that face
whose index shows the same motif (a tile at the pattern's edge or in its glare). Its one
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
from scorer.vision.settings import READER

TUNING = READER.printed_pattern
"""This module's values (:class:`~scorer.vision.settings.ReaderSettings`)."""

Box = Sequence[float]


def copies_around(image_bgr: np.ndarray, box: Box, at_least: int = 0
                  ) -> list[tuple[float, float]]:
    """Where the index in ``box`` (x1, y1, x2, y2) repeats within ``TUNING.reach`` index sizes:
    each copy's offset from it in index sizes (x, y), matching at least ``TUNING.match``.

    With ``at_least``, a grey pass first (a third of the work) returns none when fewer than
    that many copies could be there: most cards have none or one, and are done with it."""
    x1, y1, x2, y2 = (float(v) for v in box)
    size = box_size(box)
    scale = TUNING.unit / size
    cx, cy = (x1 + x2) / 2, (y1 + y2) / 2
    height, width = image_bgr.shape[:2]
    reach = TUNING.reach * size
    left, top = int(max(0, cx - reach)), int(max(0, cy - reach))
    right, bottom = int(min(width, cx + reach)), int(min(height, cy + reach))
    if right - left < 2 or bottom - top < 2:
        return []
    window = _shrunk(image_bgr[top:bottom, left:right, :3], scale)
    tx, ty = round((x1 - left) * scale), round((y1 - top) * scale)
    tw, th = max(4, round((x2 - x1) * scale)), max(4, round((y2 - y1) * scale))
    motif = window[ty:ty + th, tx:tx + tw]
    if (motif.shape[:2] != (th, tw) or window.shape[0] <= th or window.shape[1] <= tw
            or float(motif.std()) < TUNING.min_contrast):
        return []
    if at_least and _grey_peaks(window, motif) < at_least + 1:  # the index itself is one
        return []
    scores = cv2.matchTemplate(window, motif, cv2.TM_CCOEFF_NORMED)
    apart = max(2, int(TUNING.apart * min(tw, th)))  # two copies' positions lie this far apart
    found: list[tuple[float, float]] = []
    for _ in range(TUNING.max_copies):
        _low, best, _at_low, (px, py) = cv2.minMaxLoc(scores)
        if best < TUNING.match:
            break
        scores[max(0, py - apart):py + apart + 1, max(0, px - apart):px + apart + 1] = -1.0
        dx = (left + (px + tw / 2) / scale - cx) / size
        dy = (top + (py + th / 2) / scale - cy) / size
        if abs(dx) >= TUNING.not_the_index or abs(dy) >= TUNING.not_the_index:
            found.append((dx, dy))
    return found


def on_a_lattice(offsets: Sequence[tuple[float, float]], open_cells: bool = False) -> bool:
    """Do the copies' ``offsets`` lie on a lattice with the index? Two copies at least
    ``TUNING.min_angle`` apart in direction, whose sum or difference is a copy too, span one cell;
    at least ``TUNING.min_on_lattice`` copies must lie on the lattice it spans (a few scattered
    look-alikes, such as a neighbour's index and a card's centre numeral, can close one cell by
    chance, not a whole lattice).

    With ``open_cells``, no cell need close: the second step may also be the difference of two
    copies, and at least ``TUNING.off_the_line`` of the copies on the lattice must lie off each
    step's line through the index (a row of cards and one stray look-alike fit a lattice of
    short steps, not this)."""
    copies = np.asarray(offsets, float).reshape(-1, 2)
    if len(copies) < TUNING.min_on_lattice:
        return False
    return _closed_cell(copies) or (open_cells and _open_cells(copies[:TUNING.open_copies]))


def _closed_cell(copies: np.ndarray) -> bool:
    """:func:`on_a_lattice` with a closed cell: two copies whose sum or difference (either way
    round) is a copy, and enough copies on the lattice they span."""
    i, j = np.triu_indices(len(copies), k=1)
    first, second = _step_pairs(copies[i], copies[j])
    closed = (_is_copy(first + second, copies) | _is_copy(first - second, copies)
              | _is_copy(second - first, copies))
    _steps, on = _fit_lattices(first[closed], second[closed], copies)
    return bool(np.any(on.sum(axis=1) >= TUNING.min_on_lattice))


def _open_cells(copies: np.ndarray) -> bool:
    """:func:`on_a_lattice` with open cells: a copy and a second step (a copy, or the difference
    of two), enough copies on the lattice they span, and enough off each step's line."""
    i, j = np.triu_indices(len(copies), k=1)
    seconds = np.vstack([copies, copies[j] - copies[i]])
    first, second = _step_pairs(copies[:, None, :], seconds[None, :, :])
    steps, on = _fit_lattices(first, second, copies)
    off_first_line = (on & (steps[..., 1] != 0)).sum(axis=1)
    off_second_line = (on & (steps[..., 0] != 0)).sum(axis=1)
    return bool(np.any((on.sum(axis=1) >= TUNING.min_on_lattice)
                       & (np.minimum(off_first_line, off_second_line) >= TUNING.off_the_line)))


def _step_pairs(firsts: np.ndarray, seconds: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Candidate lattice steps: ``firsts`` against ``seconds`` (broadcast arrays of 2-vectors),
    as two ``(P, 2)`` arrays, less the pairs under ``TUNING.min_angle`` apart in direction or
    with a step under ``TUNING.min_step`` (a pair with itself among them)."""
    first, second = np.broadcast_arrays(firsts, seconds)
    first, second = first.reshape(-1, 2), second.reshape(-1, 2)
    turn = angle_between(np.degrees(np.arctan2(first[:, 1], first[:, 0])),
                         np.degrees(np.arctan2(second[:, 1], second[:, 0])))
    keep = ((turn >= TUNING.min_angle)
            & (np.hypot(*second.T) >= TUNING.min_step) & (np.hypot(*first.T) >= TUNING.min_step))
    return first[keep], second[keep]


def _fit_lattices(first: np.ndarray, second: np.ndarray, copies: np.ndarray
                  ) -> tuple[np.ndarray, np.ndarray]:
    """Each copy's whole-number steps ``(m, n)`` on each lattice ``m * first + n * second``,
    shape ``(P, N, 2)``, and whether it lies within ``TUNING.step_tolerance`` of that lattice
    point, ``(P, N)``."""
    det = first[:, 0] * second[:, 1] - first[:, 1] * second[:, 0]
    m = (copies[None, :, 0] * second[:, None, 1] - copies[None, :, 1] * second[:, None, 0])
    n = (first[:, None, 0] * copies[None, :, 1] - first[:, None, 1] * copies[None, :, 0])
    steps = np.round(np.stack([m, n], axis=-1) / det[:, None, None])
    nearest = steps[..., :1] * first[:, None, :] + steps[..., 1:] * second[:, None, :]
    return steps, np.hypot(*(nearest - copies[None]).transpose(2, 0, 1)) < TUNING.step_tolerance


def _is_copy(points: np.ndarray, copies: np.ndarray) -> np.ndarray:
    """``(P,)``: does a copy lie within ``TUNING.step_tolerance`` of each of ``points``?"""
    gaps = np.hypot(*(points[:, None, :] - copies[None, :, :]).transpose(2, 0, 1))
    return (gaps < TUNING.step_tolerance).any(axis=1)


def is_printed_motif(image_bgr: np.ndarray, box: Box, open_cells: bool = False) -> bool:
    """Is the index in ``box`` one motif of a printed lattice (:func:`on_a_lattice`)?"""
    return on_a_lattice(copies_around(image_bgr, box, at_least=TUNING.min_on_lattice), open_cells)


def same_motif(image_bgr: np.ndarray, box_a: Box, box_b: Box) -> bool:
    """Do two indices of about one size (``TUNING.same_size``) show the same motif, in the same
    colours (correlation at least ``TUNING.match``)?"""
    a, b = box_size(box_a), box_size(box_b)
    if max(a, b) > TUNING.same_size * min(a, b):
        return False
    crop_a, crop_b = _crop(image_bgr, box_a), _crop(image_bgr, box_b)
    if crop_a is None or crop_b is None:
        return False
    return float(cv2.matchTemplate(crop_a, crop_b, cv2.TM_CCOEFF_NORMED)[0, 0]) >= TUNING.match


def printed_candidates(image_bgr: np.ndarray, dets: Detections,
                       candidates: Sequence[CardCandidate]) -> set[int]:
    """The positions in ``candidates`` that are print, not cards: those with an index on a
    lattice (:func:`is_printed_motif`; open cells count for a Wild or a Skip) whose other index,
    if any, is on a lattice too or shows the same motif unturned (:func:`same_motif`; a card's
    two corners are half a turn apart), and the others of the same face whose index shows one of
    their motifs."""
    faces = dets.faces

    def is_print(card: CardCandidate) -> bool:
        face = faces[card.class_id]
        boxes = [dets.xyxy[i] for i in card.index_ids]
        on_lattice = [is_printed_motif(image_bgr, box, face.is_wild or face.is_skip)
                      for box in boxes]
        if not any(on_lattice):
            return False
        motif = boxes[on_lattice.index(True)]
        return all(hit or same_motif(image_bgr, motif, box)
                   for hit, box in zip(on_lattice, boxes, strict=True))

    printed = {k for k, card in enumerate(candidates) if is_print(card)}
    motifs = [(candidates[k].class_id, dets.xyxy[i]) for k in printed
              for i in candidates[k].index_ids]
    for k, card in enumerate(candidates):
        if k not in printed and any(
                face == card.class_id and same_motif(image_bgr, motif, dets.xyxy[i])
                for face, motif in motifs for i in card.index_ids):
            printed.add(k)
    return printed


def _crop(image_bgr: np.ndarray, box: Box) -> np.ndarray | None:
    """The index's pixels resampled to ``TUNING.unit`` square; None when empty or flat."""
    height, width = image_bgr.shape[:2]
    x1, y1 = max(0, int(box[0])), max(0, int(box[1]))
    x2, y2 = min(width, int(math.ceil(box[2]))), min(height, int(math.ceil(box[3])))
    if x2 - x1 < 2 or y2 - y1 < 2:
        return None
    crop = cv2.resize(np.ascontiguousarray(image_bgr[y1:y2, x1:x2, :3]), (TUNING.unit, TUNING.unit),
                      interpolation=cv2.INTER_AREA)
    return None if float(crop.std()) < TUNING.min_contrast else crop


def _grey_peaks(window: np.ndarray, motif: np.ndarray) -> int:
    """How many places in ``window`` match ``motif`` in grey at ``TUNING.grey_gate`` or more (local
    maxima of the correlation). A copy that matches in colour at ``TUNING.match`` matches in grey
    at this looser level, so fewer peaks than copies wanted rule the motif out."""
    scores = cv2.matchTemplate(cv2.cvtColor(window, cv2.COLOR_BGR2GRAY),
                               cv2.cvtColor(np.ascontiguousarray(motif), cv2.COLOR_BGR2GRAY),
                               cv2.TM_CCOEFF_NORMED)
    peaks = (scores >= TUNING.grey_gate) & (scores >= cv2.dilate(scores, np.ones((3, 3), np.uint8)))
    return int(np.count_nonzero(peaks))


def _shrunk(pixels: np.ndarray, scale: float) -> np.ndarray:
    """``pixels`` resized by ``scale``: halved by Gaussian pyramid steps while the scale is under
    a half, then bilinear: smooth enough for copies to match as after area averaging, in about
    two thirds of its time."""
    pixels = np.ascontiguousarray(pixels)
    while scale < 0.5 and min(pixels.shape[:2]) >= 4:
        pixels, scale = cv2.pyrDown(pixels), scale * 2
    return cv2.resize(pixels, None, fx=scale, fy=scale, interpolation=cv2.INTER_LINEAR)
