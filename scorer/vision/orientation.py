"""Do two index boxes look like the two corners of one card? The half-turn test.

A card prints its second index rotated by half a turn, so the crop of one index matches the
other index turned by 180 degrees. Two indices of *different* cards lying the same way up (two
Wilds in a column, say) match each other as they are, not turned. The test compares the two
normalised grey crops both ways; glyphs that read the same upside down (S, 8, 11) give no
evidence either way, which is what the score then says (about 0).
"""

from __future__ import annotations

import cv2
import numpy as np

PATCH = 24  # side of the square both crops are resized to, in pixels
SAME_WAY_UP = -0.2  # below this score the two indices are two cards lying the same way up
MIN_CONTRAST = 2.0  # a crop whose grey levels vary less (standard deviation) is flat


def half_turn_score(
    image: np.ndarray,
    box_a: tuple[float, float, float, float],
    box_b: tuple[float, float, float, float],
) -> float | None:
    """How much better crop B matches crop A turned by 180 degrees than as it is.

    ``image`` is BGR or grey; only the two crops are converted to grey, resized to ``PATCH``
    pixels square and normalised. The score is the
    difference of their two correlations, from -2 to 2. Positive: the indices face opposite
    ways (one card); negative: the same way (two cards). None when a crop is empty or flat.
    """
    both = half_turn_correlations(image, box_a, box_b)
    return None if both is None else both[0] - both[1]


def half_turn_correlations(
    image: np.ndarray,
    box_a: tuple[float, float, float, float],
    box_b: tuple[float, float, float, float],
) -> tuple[float, float] | None:
    """How well crop A matches crop B turned by 180 degrees, and as it is (each -1 to 1); None
    when a crop is empty or flat."""
    a, b = _patch(image, box_a), _patch(image, box_b)
    if a is None or b is None:
        return None
    return float((a * b[::-1, ::-1]).sum()), float((a * b).sum())


def _patch(image: np.ndarray, box: tuple[float, float, float, float]) -> np.ndarray | None:
    height, width = image.shape[:2]
    x1, y1, x2, y2 = (int(round(v)) for v in box)
    crop = image[max(0, y1) : min(height, y2), max(0, x1) : min(width, x2)]
    if crop.shape[0] < 2 or crop.shape[1] < 2:
        return None
    if crop.ndim == 3:
        crop = cv2.cvtColor(np.ascontiguousarray(crop), cv2.COLOR_BGR2GRAY)
    patch = cv2.resize(crop, (PATCH, PATCH), interpolation=cv2.INTER_AREA).astype(np.float32)
    patch -= patch.mean()
    norm = float(np.linalg.norm(patch))
    return patch / norm if norm >= MIN_CONTRAST * PATCH else None
