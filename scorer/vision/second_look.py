"""A second, closer look: read again the part of the photo where the cards lie, enlarged.

The detector sees the whole frame scaled to 640 pixels, where the indices of distant cards are
a few pixels tall and many are missed. When the cards found cover only part of the frame, that
part (with a margin) is cut out and read again at the detector's full input size, so its
indices come out larger. The detections of both looks are merged (class-wise NMS) before the
indices are paired into cards: each look finds cards the other misses.

A photo taken from too far may give no detection at the reader's confidence at all; then the
weaker ones (down to ``HINT_CONF``) say where to look, since the detector senses indices it
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

MARGIN = 3.0  # index sizes kept around the detections, for cards whose other corner was missed
MIN_ZOOM = 1.1  # a crop enlarged less than this is not worth a second look
MAX_ZOOM = 2.0  # a smaller crop is widened around its centre (huge indices read badly too)
MERGE_IOU = 0.5  # same-class boxes of the two looks overlapping more than this are one index
HINT_CONF = 0.05  # weaker first-look detections that may still say where the cards are
HINTED_CONF = 0.65  # what a look guided only by weak detections must reach to count...
HINT_IOU = 0.3  # ...on the spot of one of them (box overlap)
COARSE_IMGSZ = 256  # the coarse look's usual smallest input side...
LAST_RESORT_IMGSZ = (192, 128)  # ...then these in turn while nothing at all is read (a card
# filling the frame: an index of 240 px at 640 is still 72 px at 192, 48 px at 128)
COARSE_BELOW = 2  # a first look with fewer index detections than this gets a coarse look at 256
COARSE_FROM = 0.0625  # a median index of this share of the longest side (40 px at 640) gets one
COARSE_TARGET = 32  # at the input side that makes that median index this many pixels
COARSE_KEEP_PX = 15  # coarse detections under this many input pixels are dropped (read badly)
STRIDE = 32  # the detector's input sides are multiples of this
REPLACE_MARGIN = 0.1  # a coarse reading replaces a first-look one only this much more confident
FINE_BELOW = 16  # a first look whose median index is under this many input pixels looks finer...
FINE_TARGET = 16  # ...at the input side that makes that median index this many pixels (the
# median of the indices the detector learnt on)...
FINE_MAX = 1280  # ...at most this side, and never past the photo's own longest side

Box = tuple[int, int, int, int]


def zoom_region(dets: Detections, image_hw: tuple[int, int]) -> Box | None:
    """The part of the image worth a second look, ``(x1, y1, x2, y2)`` in pixels, or None.

    None when nothing was detected or when the detections with their margin span almost the
    whole image (the crop would enlarge less than ``MIN_ZOOM``).
    """
    if len(dets) == 0:
        return None
    height, width = image_hw
    margin = MARGIN * float(np.median(dets.sizes))
    x1, y1 = dets.xyxy[:, :2].min(axis=0) - margin
    x2, y2 = dets.xyxy[:, 2:].max(axis=0) + margin
    x1, y1, x2, y2 = max(0.0, x1), max(0.0, y1), min(float(width), x2), min(float(height), y2)
    longest = max(height, width)
    side = max(x2 - x1, y2 - y1)
    if side <= 0 or longest / side < MIN_ZOOM:
        return None
    if longest / side > MAX_ZOOM:
        x1, x2 = _widen(x1, x2, longest / MAX_ZOOM, width)
        y1, y2 = _widen(y1, y2, longest / MAX_ZOOM, height)
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

    ``hint``: the first look's weaker detections (confidence down to :data:`HINT_CONF`), whose
    region is looked at when ``first`` is empty; that look's detections count from
    :data:`HINTED_CONF` and only on a hint's spot. Returns ``first`` itself when no region is
    worth it.
    """
    region = zoom_region(first if len(first) or hint is None else hint, image.shape[:2])
    if region is None:
        return first
    x1, y1, x2, y2 = region
    guided_by_hints = len(first) == 0
    closer = detector.detect(np.ascontiguousarray(image[y1:y2, x1:x2]),
                             conf=max(conf, HINTED_CONF) if guided_by_hints else conf, iou=iou)
    closer = closer.shifted(x1, y1)
    if guided_by_hints:
        closer = closer[_sensed_there(closer, hint)]
    both = Detections.merge([first, closer])
    return both[np.sort(nms(both.xyxy, both.confidence, MERGE_IOU, both.class_id))]


def _sensed_there(found: Detections, hint: Detections) -> np.ndarray:
    """Which of ``found`` lie where a weak first-look detection (of any face) was: an enlarged
    look at clutter reads indices where the first look sensed none."""
    if len(found) == 0 or len(hint) == 0:
        return np.zeros(len(found), bool)
    return (box_iou(found.xyxy, hint.xyxy) >= HINT_IOU).any(axis=1)


def coarse_side(first: Detections, image_hw: tuple[int, int]) -> int | None:
    """The input side of a coarse look at the whole frame, or None when none is worth it.

    :data:`COARSE_IMGSZ` when the first look found fewer than :data:`COARSE_BELOW` indices; when
    its median index is at least :data:`COARSE_FROM` of the frame's longest side, the side that
    makes that index :data:`COARSE_TARGET` pixels (a multiple of :data:`STRIDE`, at least
    :data:`COARSE_IMGSZ`): a hand photographed close reads at 416, a card held up at 256.
    """
    if len(first) < COARSE_BELOW:
        return COARSE_IMGSZ
    share = float(np.median(first.sizes)) / max(image_hw)
    if share < COARSE_FROM:
        return None
    return max(COARSE_IMGSZ, STRIDE * round(COARSE_TARGET / share / STRIDE))


def fine_side(first: Detections, image_hw: tuple[int, int], side: int) -> int | None:
    """The input side of a fine look at the whole frame, or None when none is worth it.

    ``first`` was read at input ``side``. When its median index is under :data:`FINE_BELOW`
    input pixels and the photo has more pixels than that input, the side that makes it
    :data:`FINE_TARGET` pixels (a multiple of :data:`STRIDE`), at most :data:`FINE_MAX` and the
    photo's own longest side.
    """
    longest = max(image_hw)
    if len(first) == 0 or longest <= side:
        return None
    median = float(np.median(first.sizes)) * side / longest  # input pixels
    if median >= FINE_BELOW:
        return None
    wanted = min(side * FINE_TARGET / max(median, 1.0), FINE_MAX, longest)
    fine = STRIDE * int(wanted // STRIDE)
    return fine if fine > side else None


def look_coarse(
    coarse_at: Callable[[int], Any] | None, image: np.ndarray, first: Detections, conf: float,
    iou: float,
) -> Detections:
    """``first`` with the detections of a coarse look at the whole frame, at the input side
    :func:`coarse_side` picks (``coarse_at(side)``: the detector at that side); ``first`` itself
    when none is worth it. While neither look reads anything, last looks at the
    :data:`LAST_RESORT_IMGSZ` sides in turn read indices of 150 pixels and more at 640 (a card
    that fills the frame: the look at 256 still sees it at about 60 pixels, larger than the
    detector learnt).

    Only coarse detections of :data:`COARSE_KEEP_PX` input pixels or more count: at so small an
    input a small index reads badly. Across the two looks, of two boxes on one index (IoU above
    :data:`MERGE_IOU`, whatever their classes) the first look's stays unless the coarse one is
    :data:`REPLACE_MARGIN` more confident (the coarse look reads large indices at the scale the
    detector knows best); within a look nothing changes.
    """
    side = coarse_side(first, image.shape[:2])
    if coarse_at is None or side is None:
        return first
    far = _coarse_detections(coarse_at(side), image, side, conf, iou)
    for last_side in LAST_RESORT_IMGSZ:
        if len(far) or len(first):
            break
        far = _coarse_detections(coarse_at(last_side), image, last_side, conf, iou)
    if len(far) == 0:
        return first
    if len(first) == 0:
        return far
    overlap = box_iou(first.xyxy, far.xyxy) > MERGE_IOU  # (first, far)
    stronger_far = far.confidence[None, :] > first.confidence[:, None] + REPLACE_MARGIN
    keep_first = ~(overlap & stronger_far).any(axis=1)
    keep_far = ~(overlap & ~stronger_far).any(axis=0)
    return Detections.merge([first[keep_first], far[keep_far]])


def _coarse_detections(detector: Any, image: np.ndarray, side: int, conf: float, iou: float
                       ) -> Detections:
    """What ``detector`` (the model at input ``side``) reads in the whole frame, less the
    detections under :data:`COARSE_KEEP_PX` input pixels (read badly at so small an input)."""
    far = detector.detect(image, conf=conf, iou=iou)
    return far[far.sizes * side >= COARSE_KEEP_PX * max(image.shape[:2])]
