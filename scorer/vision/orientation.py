"""Do two index boxes look like the two corners of one card? The half-turn test.

A card prints its second index rotated by half a turn, so the crop of one index matches the
other index turned by 180 degrees. Two indices of *different* cards lying the same way up (two
Wilds in a column, say) match each other as they are, not turned. The test compares the two
normalised grey crops both ways; glyphs that read the same upside down (S, 8, 11) give no
evidence either way, which is what the score then says (about 0).

Two things would otherwise decide the comparison instead of the glyphs: the detector's boxes
sit a few pixels off the ink, and on different sides for the two corners; and the light falls
across a close-up, so both crops share a brightness slope that matches best as they are. Each
crop therefore loses its shading (a wide blur subtracted), and the crops are compared at the
best of small shifts, both ways alike.
"""

from __future__ import annotations

import cv2
import numpy as np

from scorer.vision.settings import READER

TUNING = READER.orientation
"""This module's values (:class:`~scorer.vision.settings.ReaderSettings`)."""


def half_turn_score(
    image: np.ndarray,
    box_a: tuple[float, float, float, float],
    box_b: tuple[float, float, float, float],
) -> float | None:
    """How much better crop B matches crop A turned by 180 degrees than as it is.

    ``image`` is BGR or grey; only the two crops are converted to grey. The score is the
    difference of their two correlations, from -2 to 2. Positive: the indices face opposite
    ways (one card); negative: the same way (two cards). None when a crop is empty or flat, or
    when either crop shows a glyph that looks the same turned half a turn (:func:`_symmetric`:
    a Skip's S or its barred circle), so that what the comparison measures is the background
    each box took in beside it, not the way the glyph faces.
    """
    a, b = _patch(image, box_a), _patch(image, box_b)
    both = _correlations(a, b)
    if both is None or _symmetric(a, box_a) or _symmetric(b, box_b):
        return None
    return both[0] - both[1]


def half_turn_correlations(
    image: np.ndarray,
    box_a: tuple[float, float, float, float],
    box_b: tuple[float, float, float, float],
) -> tuple[float, float] | None:
    """How well crop A matches crop B turned by 180 degrees, and as it is (each -1 to 1, the
    best over shifts of up to ``TUNING.slack``); None when a crop is empty or flat."""
    return _correlations(_patch(image, box_a), _patch(image, box_b))


def _correlations(a: np.ndarray | None, b: np.ndarray | None) -> tuple[float, float] | None:
    """:func:`half_turn_correlations` of two patches made by :func:`_patch`."""
    if a is None or b is None:
        return None
    centre = _centre(a)
    if _flat(centre) or _flat(_centre(b)):
        return None
    # A against B turned is A turned against B: both slide over B's shifted windows
    return _best_match(_half_turn(centre), b), _best_match(centre, b)


def _symmetric(patch: np.ndarray, box: tuple[float, float, float, float]) -> bool:
    """Does the patch's glyph look the same turned half a turn? Asked only of boxes of
    ``TUNING.symmetry_from`` pixels and more: a smaller index blurs to a blob that matches itself
    turned at 0.8 and more whatever its digit."""
    if max(box[2] - box[0], box[3] - box[1]) < TUNING.symmetry_from:
        return False
    return _best_match(_half_turn(_centre(patch)), patch) >= TUNING.symmetric


def _centre(patch: np.ndarray) -> np.ndarray:
    """The ``TUNING.patch``-square middle of a patch, the window slid over the other patch."""
    inner = slice(TUNING.slack, TUNING.slack + TUNING.patch)
    return patch[inner, inner]


def _half_turn(window: np.ndarray) -> np.ndarray:
    """``window`` turned by 180 degrees, contiguous for OpenCV."""
    return np.ascontiguousarray(window[::-1, ::-1])


def _flat(window: np.ndarray) -> bool:
    """Do the window's grey levels vary too little to compare?"""
    return float(cv2.meanStdDev(window)[1][0, 0]) < TUNING.min_contrast


def _patch(image: np.ndarray, box: tuple[float, float, float, float]) -> np.ndarray | None:
    """The box's grey crop, ``TUNING.patch + 2 * TUNING.slack`` pixels square, without its
    shading."""
    height, width = image.shape[:2]
    x1, y1, x2, y2 = (int(round(v)) for v in box)
    crop = image[max(0, y1) : min(height, y2), max(0, x1) : min(width, x2)]
    if crop.shape[0] < 2 or crop.shape[1] < 2:
        return None
    if crop.ndim == 3:
        crop = cv2.cvtColor(np.ascontiguousarray(crop), cv2.COLOR_BGR2GRAY)
    side = TUNING.patch + 2 * TUNING.slack
    patch = cv2.resize(crop, (side, side), interpolation=cv2.INTER_AREA).astype(np.float32)
    return patch - _SHADING @ patch @ _SHADING.T


def _blur_operator(side: int, sigma: float) -> np.ndarray:
    """The matrix of a 1-D Gaussian blur over ``side`` pixels (OpenCV's kernel and border):
    ``B @ patch @ B.T`` is ``cv2.GaussianBlur(patch, (0, 0), sigma)``, without its per-call
    cost on so small a patch."""
    rows = np.eye(side, dtype=np.float32)
    ksize = int(round(sigma * 8 + 1)) | 1  # OpenCV's own choice for float images
    return cv2.GaussianBlur(rows, (ksize, 1), sigma, sigmaY=1e-6).T


_SHADING = _blur_operator(TUNING.patch + 2 * TUNING.slack, TUNING.shading_sigma)


def _best_match(template: np.ndarray, b: np.ndarray) -> float:
    """The best correlation (each side's mean removed) of the template with B's windows at
    every shift."""
    return float(cv2.matchTemplate(b, template, cv2.TM_CCOEFF_NORMED).max())
