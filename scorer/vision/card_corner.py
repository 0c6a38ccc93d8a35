"""Is there a card around an index? Its card's two edges meet beside it.

A corner index is printed close to its card's corner, so the card's two edges pass within an
index size or so of it, as straight lines that meet at close to a right angle (a tilted camera
keeps it above 60 degrees). Clutter the detector mistakes for an index has no such corner beside
it: a clock's numerals on a round dial, a star of confetti on a dark cloth, digits in printed
text. The reader asks this only of cards it already doubts (see :func:`no_card_around`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import cv2
import numpy as np

from scorer.vision.geometry import angle_between, box_size
from scorer.vision.settings import READER

TUNING = READER.card_corner
"""This module's values (:class:`~scorer.vision.settings.ReaderSettings`)."""


def edge_directions(image_bgr: np.ndarray, box: Sequence[float]) -> list[float] | None:
    """The directions (degrees, 0..180) of the straight edges that pass beside the index in
    ``box`` (x1, y1, x2, y2 in pixels): between ``TUNING.edge_near`` and ``TUNING.edge_far`` index
    sizes from its centre, at least ``TUNING.min_edge`` sizes long. None when the window shows no
    edge at all (a flat patch: nothing to judge)."""
    x1, y1, x2, y2 = (float(v) for v in box)
    size = box_size(box)
    cx, cy = (x1 + x2) / 2, (y1 + y2) / 2
    height, width = image_bgr.shape[:2]
    reach = TUNING.reach * size
    left, top = int(max(0, cx - reach)), int(max(0, cy - reach))
    right, bottom = int(min(width, cx + reach)), int(min(height, cy + reach))
    if right - left < 2 or bottom - top < 2:
        return None
    scale = TUNING.window_px / (2 * TUNING.reach * size)
    gray = cv2.cvtColor(np.ascontiguousarray(image_bgr[top:bottom, left:right, :3]),
                        cv2.COLOR_BGR2GRAY)
    gray = cv2.resize(gray, None, fx=scale, fy=scale,
                      interpolation=cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR)
    edges = cv2.Canny(cv2.GaussianBlur(gray, (3, 3), 0), TUNING.canny_low, TUNING.canny_high)
    if not edges.any():
        return None
    unit = size * scale  # an index size in window pixels
    lines = cv2.HoughLinesP(edges, 1, np.pi / 180, threshold=int(unit),
                            minLineLength=TUNING.min_edge * unit, maxLineGap=TUNING.max_gap * unit)
    if lines is None:
        return []
    centre = np.array([(cx - left) * scale, (cy - top) * scale])
    directions = []
    for ax, ay, bx, by in lines.reshape(-1, 4).astype(float):
        distance = _distance_to_segment(centre, (ax, ay), (bx, by))
        if TUNING.edge_near * unit <= distance <= TUNING.edge_far * unit:
            directions.append(math.degrees(math.atan2(by - ay, bx - ax)) % 180.0)
    return directions


def beside_a_corner(image_bgr: np.ndarray, box: Sequence[float]) -> bool | None:
    """Do two straight edges beside the index in ``box`` make a corner (directions at least
    ``TUNING.corner_angle`` apart)? None when the window is flat."""
    directions = edge_directions(image_bgr, box)
    if directions is None:
        return None
    return any(angle_between(a, b) >= TUNING.corner_angle
               for k, a in enumerate(directions) for b in directions[k + 1:])


def corner_in_view(image_hw: tuple[int, int], box: Sequence[float]) -> bool:
    """Would the index's card corner be in the frame? It is when the index lies ``TUNING.room``
    index sizes from every edge of the frame, or is small (under ``TUNING.small`` of the frame's
    longest side). A close-up's large index often lies by the frame's edge with its card's
    edges cut off: no verdict there."""
    x1, y1, x2, y2 = (float(v) for v in box)
    size = box_size(box)
    height, width = image_hw
    room = min(x1, y1, width - x2, height - y2) / size
    return room >= TUNING.room or size < TUNING.small * max(height, width)


def no_card_around(image_bgr: np.ndarray, box: Sequence[float]) -> bool:
    """Is the index in ``box`` clutter rather than a card's corner? True when it is at least
    ``TUNING.min_index_px`` pixels, its card's corner would be in view (:func:`corner_in_view`)
    and the window shows edges, none of which make a corner beside it."""
    if box_size(box) < TUNING.min_index_px:
        return False
    return corner_in_view(image_bgr.shape[:2], box) and beside_a_corner(image_bgr, box) is False


def _distance_to_segment(point: np.ndarray, a: tuple[float, float], b: tuple[float, float]
                         ) -> float:
    """Distance from ``point`` to the segment from ``a`` to ``b``."""
    start, end = np.asarray(a), np.asarray(b)
    along = end - start
    length2 = float(along @ along)
    t = 0.0 if length2 == 0 else min(1.0, max(0.0, float((point - start) @ along) / length2))
    return float(np.linalg.norm(start + t * along - point))
