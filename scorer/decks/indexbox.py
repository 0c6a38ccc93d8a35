"""Where a deck prints its corner index: estimated from the flat faces, for the renderer's labels.

The renderer labels a face from photos with a fixed index region unless the deck folder has an
``indices.json`` (:mod:`scorer.render.photo_faces`). Decks differ (another edition puts the index
lower, larger, with a symbol under it), and the shipped detector learned tight boxes around the
index glyphs, so enrolment estimates them: in the top-left corner of each face, ink that differs
from the card stock is split into connected parts; parts that run into the corner region's edge
(frames, the centre picture) are dropped; the index is the top-most text line (digits side by
side, plus an underline under a 6 or 9), not a colour symbol below it. Boxes are fractions
``x0, y0, x1, y1`` of the face.
"""

from __future__ import annotations

from collections.abc import Mapping

import cv2
import numpy as np

from scorer.cards import Card

WORK_W, WORK_H = 280, 440
ROI = (0.015, 0.012, 0.45, 0.32)  # the corner region searched, fractions of the face
INK_DISTANCE = 40.0  # Lab distance (OpenCV units) from the card stock that counts as ink
Box = tuple[float, float, float, float]


def _parts(face: np.ndarray) -> list[tuple[int, int, int, int]]:
    """Ink parts (x, y, w, h in work pixels) inside the corner region, edge-touching ones out."""
    small = cv2.resize(face, (WORK_W, WORK_H), interpolation=cv2.INTER_AREA)
    x0, y0 = int(ROI[0] * WORK_W), int(ROI[1] * WORK_H)
    x1, y1 = int(ROI[2] * WORK_W), int(ROI[3] * WORK_H)
    roi = cv2.cvtColor(small[y0:y1, x0:x1], cv2.COLOR_BGR2LAB).astype(np.float32)
    stock = np.median(roi.reshape(-1, 3), axis=0)
    ink = (np.linalg.norm(roi - stock, axis=2) > INK_DISTANCE).astype(np.uint8)
    count, _, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    h, w = ink.shape
    parts = []
    for x, y, bw, bh, area in stats[1:count]:
        if area < 12 or x == 0 or y == 0 or x + bw >= w or y + bh >= h:
            continue
        parts.append((int(x) + x0, int(y) + y0, int(bw), int(bh)))
    return parts


def face_index_box(face: np.ndarray) -> Box | None:
    """The top-left index box of one ``(H, W, 3)`` BGR face, or None when none is plausible."""
    parts = [p for p in _parts(face) if p[3] >= 0.02 * WORK_H]  # specks and thin bars aside
    if not parts:
        return None
    first = min(parts, key=lambda p: (p[1], p[0]))
    top, bottom = first[1], first[1] + first[3]
    line = [p for p in parts if p[1] < bottom and p[1] + p[3] > top
            and min(p[1] + p[3], bottom) - max(p[1], top) > 0.5 * min(p[3], bottom - top)]
    x0 = min(p[0] for p in line)
    x1 = max(p[0] + p[2] for p in line)
    y0, y1 = min(p[1] for p in line), max(p[1] + p[3] for p in line)
    for bx, by, bw, bh in _parts(face):  # an underline: a flat bar just under the line
        if bh < 0.3 * (y1 - y0) and bw > 1.5 * bh and 0 <= by - y1 < 0.35 * (y1 - y0) \
                and bx >= x0 - 2 and bx + bw <= x1 + 2:
            y1 = by + bh
    box = (x0 / WORK_W, y0 / WORK_H, x1 / WORK_W, y1 / WORK_H)
    width, height = box[2] - box[0], box[3] - box[1]
    if not (0.03 <= width <= 0.35 and 0.04 <= height <= 0.22):
        return None
    return box


def deck_index_boxes(faces: Mapping[Card, np.ndarray], min_share: float = 0.7) -> dict | None:
    """``indices.json`` content for a deck: per-face boxes and their median as the default.

    None when fewer than ``min_share`` of the faces give a plausible box (the renderer's default
    region is used then). A face whose box is far from the deck's median gets the median.
    """
    boxes = {card: face_index_box(face) for card, face in faces.items()}
    found = {card: box for card, box in boxes.items() if box is not None}
    if len(found) < min_share * len(faces):
        return None
    median = tuple(float(v) for v in np.median(np.array(list(found.values())), axis=0))
    out: dict[str, list[float]] = {"default": [round(v, 4) for v in median]}
    for card, box in found.items():
        if max(abs(a - b) for a, b in zip(box, median, strict=True)) < 0.08:
            out[str(card)] = [round(v, 4) for v in box]
    return out
