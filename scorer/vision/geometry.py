"""Small pure numpy functions: letterbox, box conversion, IoU and non-maximum suppression.

Images are ``(H, W, C)`` uint8 arrays (OpenCV order: height first). Boxes are ``(N, 4)`` arrays.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from scorer.vision.settings import READER

TUNING = READER.detector
"""This module's values (:class:`~scorer.vision.settings.ReaderSettings`)."""


@dataclass(frozen=True)
class Letterbox:
    """How a source image was fitted into the model input: ``input = source * scale + pad``.

    ``scale`` is the resize factor (same on both axes); ``pad_x``/``pad_y`` the left/top padding in
    input pixels; ``source_hw`` the source image's ``(height, width)``.
    """

    scale: float
    pad_x: float
    pad_y: float
    source_hw: tuple[int, int]


def letterbox(
    image: np.ndarray, size: tuple[int, int], pad_value: int = TUNING.pad_value
) -> tuple[np.ndarray, Letterbox]:
    """Resize ``image`` keeping its aspect ratio and pad it to ``size = (height, width)``.

    Returns the padded ``(height, width, C)`` image and the :class:`Letterbox` that maps boxes
    back with :func:`unletterbox_boxes`. The padding is split evenly (as ultralytics does).
    Raises :class:`ValueError` on an empty image.
    """
    if image.ndim < 2 or image.shape[0] == 0 or image.shape[1] == 0:
        raise ValueError(f"cannot letterbox an empty image of shape {image.shape}")
    src_h, src_w = image.shape[:2]
    dst_h, dst_w = size
    scale = min(dst_h / src_h, dst_w / src_w)
    new_w, new_h = round(src_w * scale), round(src_h * scale)
    if (new_h, new_w) != (src_h, src_w):
        interpolation = cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR
        resized = cv2.resize(image, (new_w, new_h), interpolation=interpolation)  # cv2 wants (w, h)
    else:
        resized = image
    pad_x, pad_y = (dst_w - new_w) / 2, (dst_h - new_h) / 2
    top, left = round(pad_y - 0.1), round(pad_x - 0.1)
    bottom, right = dst_h - new_h - top, dst_w - new_w - left
    padded = cv2.copyMakeBorder(
        resized, top, bottom, left, right, cv2.BORDER_CONSTANT, value=(pad_value,) * 3
    )
    return padded, Letterbox(scale, float(left), float(top), (src_h, src_w))


def fitted_size(source_hw: tuple[int, int], limit_hw: tuple[int, int], stride: int = 32
                ) -> tuple[int, int]:
    """The smallest input ``(height, width)``, in multiples of ``stride``, that holds the source
    scaled to fit inside ``limit_hw``: a 1280x960 frame under a 640 limit runs at 640x480.

    This is the rectangular letterbox of a model with a dynamic input: less padding, less work.
    """
    src_h, src_w = source_hw
    if src_h <= 0 or src_w <= 0:
        raise ValueError(f"cannot fit an empty image of size {source_hw}")
    scale = min(limit_hw[0] / src_h, limit_hw[1] / src_w)

    def padded(side: int, limit: int) -> int:
        return min(limit, -(-round(side * scale) // stride) * stride)

    return padded(src_h, limit_hw[0]), padded(src_w, limit_hw[1])


def unletterbox_boxes(boxes: np.ndarray, box: Letterbox) -> np.ndarray:
    """Map ``(N, 4)`` xyxy boxes from model-input pixels back to source pixels, clipped."""
    out = np.asarray(boxes, dtype=np.float32).reshape(-1, 4).copy()
    out[:, [0, 2]] = (out[:, [0, 2]] - box.pad_x) / box.scale
    out[:, [1, 3]] = (out[:, [1, 3]] - box.pad_y) / box.scale
    h, w = box.source_hw
    out[:, [0, 2]] = out[:, [0, 2]].clip(0, w)
    out[:, [1, 3]] = out[:, [1, 3]].clip(0, h)
    return out


def xywh_to_xyxy(boxes: np.ndarray) -> np.ndarray:
    """``(N, 4)`` centre-x, centre-y, width, height -> ``(N, 4)`` x1, y1, x2, y2."""
    b = np.asarray(boxes, dtype=np.float32).reshape(-1, 4)
    half = b[:, 2:] / 2
    return np.concatenate([b[:, :2] - half, b[:, :2] + half], axis=1)


def union_box(boxes: np.ndarray) -> tuple[float, float, float, float]:
    """The smallest box (x1, y1, x2, y2) holding every box of ``boxes`` ``(N, 4)``, N >= 1."""
    boxes = np.asarray(boxes, dtype=np.float64).reshape(-1, 4)
    return (float(boxes[:, 0].min()), float(boxes[:, 1].min()),
            float(boxes[:, 2].max()), float(boxes[:, 3].max()))


def box_size(box: Sequence[float]) -> float:
    """One box's longest side in pixels (at least 1): the size of an index."""
    x1, y1, x2, y2 = (float(v) for v in box)
    return max(x2 - x1, y2 - y1, 1.0)


def angle_between(a: float | np.ndarray, b: float | np.ndarray) -> float | np.ndarray:
    """The angle between two undirected line directions, both in degrees (0..90); numbers or
    numpy arrays alike."""
    d = np.abs(np.subtract(a, b)) % 180.0
    return np.minimum(d, 180.0 - d)


def box_area(boxes: np.ndarray) -> np.ndarray:
    """``(N,)`` areas of ``(N, 4)`` xyxy boxes (0 for degenerate boxes)."""
    b = np.asarray(boxes, dtype=np.float32).reshape(-1, 4)
    return np.clip(b[:, 2] - b[:, 0], 0, None) * np.clip(b[:, 3] - b[:, 1], 0, None)


def _intersections(a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(N, 4)`` and ``(M, 4)`` xyxy boxes as float arrays, and their ``(N, M)`` intersection
    areas."""
    a = np.asarray(a, dtype=np.float32).reshape(-1, 4)
    b = np.asarray(b, dtype=np.float32).reshape(-1, 4)
    top_left = np.maximum(a[:, None, :2], b[None, :, :2])
    bottom_right = np.minimum(a[:, None, 2:], b[None, :, 2:])
    wh = np.clip(bottom_right - top_left, 0, None)
    return a, b, wh[..., 0] * wh[..., 1]


def box_iou(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``(N, M)`` IoU of ``(N, 4)`` and ``(M, 4)`` xyxy boxes (0 where the union is empty)."""
    a, b, inter = _intersections(a, b)
    union = box_area(a)[:, None] + box_area(b)[None, :] - inter
    return np.divide(inter, union, out=np.zeros_like(inter), where=union > 0)


def box_containment(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``(N, M)`` share of the smaller box of each pair that lies inside the other: 1 when one
    box holds the other, whatever their sizes (0 where a box is empty)."""
    a, b, inter = _intersections(a, b)
    smaller = np.minimum(box_area(a)[:, None], box_area(b)[None, :])
    return np.divide(inter, smaller, out=np.zeros_like(inter), where=smaller > 0)


def nms(
    boxes: np.ndarray,
    scores: np.ndarray,
    iou_threshold: float = TUNING.iou,
    class_ids: np.ndarray | None = None,
) -> np.ndarray:
    """Greedy non-maximum suppression; returns kept indices, highest score first.

    A box is dropped when it overlaps a kept, higher-scoring box by more than ``iou_threshold``.
    With ``class_ids`` only boxes of the same class suppress each other.
    """
    boxes = np.asarray(boxes, dtype=np.float32).reshape(-1, 4)
    scores = np.asarray(scores, dtype=np.float32).reshape(-1)
    if boxes.shape[0] != scores.shape[0]:
        raise ValueError(f"{boxes.shape[0]} boxes but {scores.shape[0]} scores")
    if boxes.shape[0] == 0:
        return np.zeros(0, dtype=np.int64)
    if class_ids is not None:
        # Shift each class to its own region so boxes of different classes never overlap.
        span = float(boxes.max() - boxes.min()) + 1.0
        offset = np.asarray(class_ids, dtype=np.float32).reshape(-1, 1) * span
        boxes = boxes + offset
    order = np.argsort(-scores, kind="stable")
    iou = box_iou(boxes, boxes)
    keep: list[int] = []
    suppressed = np.zeros(boxes.shape[0], dtype=bool)
    for i in order:
        if suppressed[i]:
            continue
        keep.append(int(i))
        suppressed |= iou[i] > iou_threshold
    return np.asarray(keep, dtype=np.int64)
