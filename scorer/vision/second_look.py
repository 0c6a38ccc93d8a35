"""A second, closer look: read again the part of the photo where the cards lie, enlarged.

The detector sees the whole frame scaled to 640 pixels, where the indices of distant cards are
a few pixels tall and many are missed. When the cards found cover only part of the frame, that
part (with a margin) is cut out and read again at the detector's full input size, so its
indices come out larger. The detections of both looks are merged (class-wise NMS) before the
indices are paired into cards: each look finds cards the other misses.

A photo taken from too far may give no detection at the reader's confidence at all; then the
weaker ones (down to ``TUNING.hint_conf``) say where to look, since the detector senses indices it
cannot yet read.

A card held up to the camera, or a hand photographed close, has the opposite problem: its
indices are larger than those the detector reads best (it learnt on indices of 6-41 pixels,
median 16). When the first look finds little, or indices that large, a coarse look at the whole
frame at a smaller input shrinks them back into range (:func:`look_coarse`); its detections
join the others only where they add an index or read one more surely.

A phone's full-resolution photo of cards spread on a table has the problem in between: the
indices of cards in plain view come out 7-10 pixels at 640, below most of what the detector
learnt, while the photo holds three times as many. The fine look (:func:`fine_side`) reads the
whole frame again at the larger input that gives its median index the size the detector learnt
on, and that reading replaces the first.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from scorer.vision.detections import Detections
from scorer.vision.geometry import box_iou, nms
from scorer.vision.settings import READER

TUNING = READER.second_look
"""This module's values (:class:`~scorer.vision.settings.ReaderSettings`)."""


Box = tuple[int, int, int, int]


def zoom_region(dets: Detections, image_hw: tuple[int, int]) -> Box | None:
    """The part of the image worth a second look, ``(x1, y1, x2, y2)`` in pixels, or None.

    None when nothing was detected or when the detections with their margin span almost the
    whole image (the crop would enlarge less than ``TUNING.min_zoom``).
    """
    if len(dets) == 0:
        return None
    height, width = image_hw
    margin = TUNING.margin * float(np.median(dets.sizes))
    x1, y1 = dets.xyxy[:, :2].min(axis=0) - margin
    x2, y2 = dets.xyxy[:, 2:].max(axis=0) + margin
    x1, y1, x2, y2 = max(0.0, x1), max(0.0, y1), min(float(width), x2), min(float(height), y2)
    longest = max(height, width)
    side = max(x2 - x1, y2 - y1)
    if side <= 0 or longest / side < TUNING.min_zoom:
        return None
    if longest / side > TUNING.max_zoom:
        x1, x2 = _widen(x1, x2, longest / TUNING.max_zoom, width)
        y1, y2 = _widen(y1, y2, longest / TUNING.max_zoom, height)
    return int(x1), int(y1), int(np.ceil(x2)), int(np.ceil(y2))


def _widen(low: float, high: float, size: float, limit: int) -> tuple[float, float]:
    """The interval ``[low, high]`` widened about its centre to at least ``size``, in bounds."""
    if high - low >= size:
        return low, high
    centre = (low + high) / 2
    low = min(max(0.0, centre - size / 2), max(0.0, limit - size))
    return low, min(float(limit), low + size)


def look_again(
    detector: Any, image: np.ndarray, first: Detections, conf: float, iou: float,
    hint: Detections | None = None,
) -> Detections:
    """``first`` merged with the detections of a second look at :func:`zoom_region`.

    ``hint``: the first look's weaker detections (confidence down to ``TUNING.hint_conf``), whose
    region is looked at when ``first`` is empty; that look's detections count from
    ``TUNING.hinted_conf`` and only on a hint's spot. Returns ``first`` itself when no region is
    worth it.
    """
    region = zoom_region(first if len(first) or hint is None else hint, image.shape[:2])
    if region is None:
        return first
    x1, y1, x2, y2 = region
    guided_by_hints = len(first) == 0
    closer = detector.detect(np.ascontiguousarray(image[y1:y2, x1:x2]),
                             conf=max(conf, TUNING.hinted_conf) if guided_by_hints else conf,
                             iou=iou)
    closer = closer.shifted(x1, y1)
    if guided_by_hints:
        closer = closer[_sensed_there(closer, hint)]
    both = Detections.merge([first, closer])
    return both[np.sort(nms(both.xyxy, both.confidence, TUNING.merge_iou, both.class_id))]


def _sensed_there(found: Detections, hint: Detections) -> np.ndarray:
    """Which of ``found`` lie where a weak first-look detection (of any face) was: an enlarged
    look at clutter reads indices where the first look sensed none."""
    if len(found) == 0 or len(hint) == 0:
        return np.zeros(len(found), bool)
    return (box_iou(found.xyxy, hint.xyxy) >= TUNING.hint_iou).any(axis=1)


def coarse_side(first: Detections, image_hw: tuple[int, int]) -> int | None:
    """The input side of a coarse look at the whole frame, or None when none is worth it.

    ``TUNING.coarse_imgsz`` when the first look found fewer than ``TUNING.coarse_below`` indices;
    when its median index is at least ``TUNING.coarse_from`` of the frame's longest side, the side
    that makes that index ``TUNING.coarse_target`` pixels (a multiple of ``TUNING.stride``, at
    least ``TUNING.coarse_imgsz``): a hand photographed close reads at 416, a card held up at 256.
    """
    if len(first) < TUNING.coarse_below:
        return TUNING.coarse_imgsz
    share = float(np.median(first.sizes)) / max(image_hw)
    if share < TUNING.coarse_from:
        return None
    stride = TUNING.stride
    return max(TUNING.coarse_imgsz, stride * round(TUNING.coarse_target / share / stride))


def fine_side(first: Detections, image_hw: tuple[int, int], side: int) -> int | None:
    """The input side of a fine look at the whole frame, or None when none is worth it.

    ``first`` was read at input ``side``. When its median index is under ``TUNING.fine_below``
    input pixels and the photo has more pixels than that input, the side that makes it
    ``TUNING.fine_target`` pixels (a multiple of ``TUNING.stride``), at most ``TUNING.fine_max``
    and the photo's own longest side.
    """
    longest = max(image_hw)
    if len(first) == 0 or longest <= side:
        return None
    median = float(np.median(first.sizes)) * side / longest  # input pixels
    if median >= TUNING.fine_below:
        return None
    wanted = min(side * TUNING.fine_target / max(median, 1.0), TUNING.fine_max, longest)
    fine = TUNING.stride * int(wanted // TUNING.stride)
    return fine if fine > side else None


def look_coarse(
    coarse_at: Callable[[int], Any] | None, image: np.ndarray, first: Detections, conf: float,
    iou: float,
) -> Detections:
    """``first`` with the detections of a coarse look at the whole frame, at the input side
    :func:`coarse_side` picks (``coarse_at(side)``: the detector at that side); ``first`` itself
    when none is worth it. While neither look reads anything, last looks at the
    ``TUNING.last_resort_imgsz`` sides in turn read indices of 150 pixels and more at 640 (a card
    that fills the frame: the look at 256 still sees it at about 60 pixels, larger than the
    detector learnt).

    Only coarse detections of ``TUNING.coarse_keep_px`` input pixels or more count: at so small an
    input a small index reads badly. Across the two looks, of two boxes on one index (IoU above
    ``TUNING.merge_iou``, whatever their classes) the first look's stays unless the coarse one is
    ``TUNING.replace_margin`` more confident (the coarse look reads large indices at the scale the
    detector knows best); within a look nothing changes.
    """
    side = coarse_side(first, image.shape[:2])
    if coarse_at is None or side is None:
        return first
    far = _coarse_detections(coarse_at(side), image, side, conf, iou)
    for last_side in TUNING.last_resort_imgsz:
        if len(far) or len(first):
            break
        far = _coarse_detections(coarse_at(last_side), image, last_side, conf, iou)
    if len(far) == 0:
        return first
    if len(first) == 0:
        return far
    overlap = box_iou(first.xyxy, far.xyxy) > TUNING.merge_iou  # (first, far)
    stronger_far = far.confidence[None, :] > first.confidence[:, None] + TUNING.replace_margin
    keep_first = ~(overlap & stronger_far).any(axis=1)
    keep_far = ~(overlap & ~stronger_far).any(axis=0)
    return Detections.merge([first[keep_first], far[keep_far]])


def _coarse_detections(detector: Any, image: np.ndarray, side: int, conf: float, iou: float
                       ) -> Detections:
    """What ``detector`` (the model at input ``side``) reads in the whole frame, less the
    detections under ``TUNING.coarse_keep_px`` input pixels (read badly at so small an input)."""
    far = detector.detect(image, conf=conf, iou=iou)
    return far[far.sizes * side >= TUNING.coarse_keep_px * max(image.shape[:2])]
