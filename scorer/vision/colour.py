"""Colour check from pixels: the hue of an index's coloured glyph pixels.

The detector tells R5 from B5 by colour alone, which is what lighting fools most easily; this
module measures the colour independently so the reader can flag (or fix) a disagreement.
Hues are OpenCV's 0..180 scale.

Colour constancy: a webcam's green cast or a warm lamp moves every hue, so each index is first
white-balanced on its own neutral pixels (the white digit or the paper around a coloured one:
the brightest, least saturated pixels of the box), then its ink votes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from scorer.cards import Colour
from scorer.vision.settings import READER

TUNING = READER.colour
"""This module's values (:class:`~scorer.vision.settings.ReaderSettings`)."""

_HUE_VALUES = np.arange(181)  # OpenCV hue values 0..180
_BANDS = {colour: np.flatnonzero(np.any([(_HUE_VALUES >= lo) & (_HUE_VALUES <= hi)
                                         for lo, hi in ranges], axis=0))
          for colour, ranges in TUNING.hue_ranges}  # the hue values of each card colour


@dataclass(frozen=True)
class ColourMeasure:
    """The measured colour of an index (None when too few coloured pixels) and its share.

    ``share`` is the fraction of coloured (saturated) pixels whose hue falls in ``colour``'s
    range; ``pixels`` the number of coloured pixels seen. ``balanced`` is false when the box
    held no white to balance on (a full-colour face whose small digit is blurred into the ink):
    such a measure reads a cast as colour (yellow under a green cast measures green), so it may
    flag a disagreement but never overrule the detector. A white the camera clipped in one
    channel (:func:`clipped_tint`) is balanced on but not trusted either.
    """

    colour: Colour | None
    share: float
    pixels: int
    balanced: bool = True  # a white was found in the box and the cast taken out (see above)
    hue: float | None = None  # circular mean hue (0..180) of the coloured pixels
    inks: int = 0  # card colours holding at least TUNING.ink_present of the coloured pixels

    @property
    def four_inks(self) -> bool:
        """Are all four card colours printed here? A number is printed in one ink; a Wild may
        carry a four-colour emblem (on renders 1 number index in 2,300 measures so)."""
        return self.inks == len(TUNING.hue_ranges)

    def same_ink(self, other: ColourMeasure) -> bool | None:
        """Do two measures see one ink? None when either saw none.

        One ink measured twice can fall on both sides of a band's edge (a yellowish green
        measures hue 35 on one corner and 38 at the centre: yellow, then green), so measures
        whose mean hues lie within ``TUNING.same_ink_hue`` are one ink, as are two of one band.
        """
        if self.colour is None or other.colour is None:
            return None
        if self.colour is other.colour:
            return True
        return self.hue is not None and other.hue is not None and \
            hue_distance(self.hue, other.hue) <= TUNING.same_ink_hue


def hue_distance(a: float, b: float) -> float:
    """Distance between two OpenCV hues (0..180), around the circle."""
    d = abs(a - b) % 180.0
    return min(d, 180.0 - d)


def mean_hue(hues: np.ndarray, weights: np.ndarray | None = None) -> float:
    """The circular mean of OpenCV hues (0..180), each counted ``weights`` times (default
    once): red pixels at 178 and 2 average to 0."""
    angle = np.asarray(hues, np.float64) * (np.pi / 90)
    weights = np.ones_like(angle) if weights is None else weights
    mean = math.atan2(float(weights @ np.sin(angle)), float(weights @ np.cos(angle)))
    return (math.degrees(mean) / 2) % 180.0


def measure_colour(image_bgr: np.ndarray, xyxy: tuple[float, float, float, float]) -> ColourMeasure:
    """Measure the dominant card colour of the saturated pixels inside box ``xyxy`` (pixels).

    Only the middle of the box counts (an ``TUNING.inset`` share is cut from each side).

    Works for coloured glyphs on white and for white glyphs on colour alike: the box is
    white-balanced on its own neutral pixels (:func:`white_balance`), then only reasonably
    bright pixels at least ``TUNING.ink_floor`` as saturated as its inkiest (and never under
    ``TUNING.min_saturation``) vote. Returns ``ColourMeasure(None, 0.0, n)`` when fewer than
    ``TUNING.min_pixels`` pixels are coloured (a black Wild or Skip, a washed-out photo).
    """
    crop = box_middle(image_bgr, xyxy)
    if crop.size == 0:
        return ColourMeasure(None, 0.0, 0)
    white = find_white(crop)
    has_white = white is not None
    neutral = white_balance(crop, white) if has_white else crop
    balanced = has_white and not clipped_tint(white)
    hsv = cv2.cvtColor(neutral, cv2.COLOR_BGR2HSV).reshape(-1, 3)
    bright = hsv[hsv[:, 2] >= TUNING.min_value]
    if bright.shape[0] < TUNING.min_pixels:
        return ColourMeasure(None, 0.0, int(bright.shape[0]), balanced)
    floor = max(TUNING.min_saturation, TUNING.ink_floor * _percentile_95(bright[:, 1]))
    coloured = bright[bright[:, 1] >= floor]
    n = int(coloured.shape[0])
    if n < TUNING.min_pixels:
        return ColourMeasure(None, 0.0, n, balanced)
    hues = np.bincount(coloured[:, 0], minlength=_HUE_VALUES.size)  # pixels per hue value
    votes = {colour: int(hues[band].sum()) for colour, band in _BANDS.items()}
    best = max(votes, key=lambda c: votes[c])
    inks = sum(1 for v in votes.values() if v >= TUNING.ink_present * n)
    return ColourMeasure(best, votes[best] / n, n, balanced, mean_hue(_HUE_VALUES, hues), inks)


def box_middle(image_bgr: np.ndarray, xyxy: tuple[float, float, float, float]) -> np.ndarray:
    """The BGR pixels of box ``xyxy`` less an ``TUNING.inset`` share at each side (less table,
    more glyph), clipped to the image; empty when nothing of it is inside."""
    h, w = image_bgr.shape[:2]
    bx1, by1, bx2, by2 = xyxy
    mx, my = (bx2 - bx1) * TUNING.inset, (by2 - by1) * TUNING.inset
    x1, y1, x2, y2 = (int(round(v)) for v in (bx1 + mx, by1 + my, bx2 - mx, by2 - my))
    x1, x2 = max(0, min(x1, w)), max(0, min(x2, w))
    y1, y2 = max(0, min(y1, h)), max(0, min(y2, h))
    return np.ascontiguousarray(image_bgr[y1:y2, x1:x2, :3])


def _percentile_95(values: np.ndarray) -> float:
    """``np.percentile(values, 95)`` (linear interpolation), from a partial sort."""
    position = 0.95 * (values.size - 1)
    low, high = int(np.floor(position)), int(np.ceil(position))
    part = np.partition(values, [low, high])
    a, b = float(part[low]), float(part[high])
    return a + (b - a) * (position - low)


def find_white(crop_bgr: np.ndarray, share: float = TUNING.neutral_share,
               max_saturation: int = TUNING.neutral_max_saturation) -> np.ndarray | None:
    """The BGR colour of ``crop_bgr``'s white: the mean of the brightest ``share`` of its pixels
    whose saturation is under ``max_saturation``. None with too few such pixels, or when even
    they are dark grey (no white to trust)."""
    hsv = cv2.cvtColor(crop_bgr, cv2.COLOR_BGR2HSV).reshape(-1, 3)
    candidates = np.flatnonzero(hsv[:, 1] < max_saturation)
    if candidates.size < TUNING.min_pixels:
        return None
    value = hsv[candidates, 2].astype(np.int16)  # negated below: uint8 would wrap around
    n = max(TUNING.min_pixels, int(candidates.size * share))
    brightest = candidates[np.argsort(-value, kind="stable")[:n]]
    white = crop_bgr.reshape(-1, 3)[brightest].astype(np.float32).mean(axis=0)
    return None if float(white.min()) < TUNING.min_value else white


def clipped_tint(white: np.ndarray) -> bool:
    """Is ``white`` (BGR) tinted with its brightest channel cut off at the sensor's top?

    A strong cast on a bright white drives one channel past 255; the camera clips it, so the
    white shows less of the cast than the ink does, and balancing on it leaves the ink tinted
    (a yellow under a green cast still measures green)."""
    return (float(white.max()) >= TUNING.clipped
            and float(white.max() - white.min()) >= TUNING.tinted_white)


def white_balance(crop_bgr: np.ndarray, white: np.ndarray) -> np.ndarray:
    """``crop_bgr`` (H, W, 3) uint8 with per-channel gains that make ``white`` neutral (gains
    kept within [1 / TUNING.max_gain, TUNING.max_gain])."""
    gains = np.clip(white.mean() / np.maximum(white, 1.0), 1 / TUNING.max_gain, TUNING.max_gain)
    return np.clip(crop_bgr.astype(np.float32) * gains, 0, 255).astype(np.uint8)


@dataclass(frozen=True)
class ColourVerdict:
    """What the colour check concluded for one card.

    ``status`` is ``"agree"``, ``"disagree"`` (kept the detector's colour, lower confidence),
    ``"corrected"`` (switched to the measured colour) or ``"unknown"`` (not measurable, or a
    Wild/Skip whose colour does not matter). ``colour`` is the colour to report.
    """

    status: str
    colour: Colour | None
    factor: float


def judge_colour(
    detected: Colour | None, measures: list[ColourMeasure], correct: bool = True,
    centre: ColourMeasure | None = None,
) -> ColourVerdict:
    """Compare the detector's colour with the measured one(s) of the card's indices.

    Several measures (one per index) vote weighted by their pixel counts. The colour is corrected
    (confidence x ``TUNING.corrected_factor``) only when ``correct`` is true and either both
    indices of the card measure the same other colour, each with at least ``TUNING.strong_share``
    of its coloured pixels (one index can be half covered by another card), or one index
    disagrees clearly (``TUNING.clear_share`` of at least ``TUNING.clear_pixels`` pixels) and no
    index measures the detector's colour (the other corner under fingers, out of the frame or
    unreadable); only measures taken on a white found in the box (``balanced``) count for
    that. ``centre``, the measure of a two-cornered card's centre (:func:`measure_centre`),
    decides a disagreement the indices leave open when it clearly shows the colour they
    measure: its big numeral holds many more pixels than a small index, whose ink a cast
    pushes between two bands. Otherwise a disagreement keeps the detector's colour with
    confidence x ``TUNING.disagree_factor``.
    """
    if detected is None:
        return ColourVerdict("unknown", None, 1.0)
    tally: dict[Colour, float] = {}
    total = 0
    for m in measures:
        if m.colour is None:
            continue
        tally[m.colour] = tally.get(m.colour, 0.0) + m.share * m.pixels
        total += m.pixels
    if not tally:
        return ColourVerdict("unknown", detected, 1.0)
    measured = max(tally, key=lambda c: tally[c])
    if measured is detected:
        return ColourVerdict("agree", detected, 1.0)
    share = tally[measured] / total
    trusted = [m for m in measures if m.balanced]  # only these may overrule the detector
    votes = sum(1 for m in trusted if m.colour is measured and m.share >= TUNING.strong_share)
    supported = any(m.colour is detected for m in measures)
    clear = any(m.colour is measured and m.share >= TUNING.clear_share
                and m.pixels >= TUNING.clear_pixels for m in trusted)
    if correct and share >= TUNING.strong_share and (votes >= 2 or (clear and not supported)):
        return ColourVerdict("corrected", measured, TUNING.corrected_factor)
    if correct and centre is not None and centre.balanced and centre.colour is measured \
            and centre.share >= TUNING.clear_share and centre.pixels >= TUNING.clear_pixels:
        return ColourVerdict("corrected", measured, TUNING.corrected_factor)
    return ColourVerdict("disagree", detected, TUNING.disagree_factor)


def shows_colour(measured: ColourMeasure, colour: Colour, ink_hue: float | None = None
                 ) -> bool | None:
    """Does ``measured`` show ``colour`` (or, given ``ink_hue``, an ink within
    ``TUNING.same_ink_hue`` of it)? None when it saw too few coloured pixels to tell."""
    if measured.colour is None:
        return None
    if measured.colour is colour:
        return True
    return ink_hue is not None and measured.hue is not None and \
        hue_distance(measured.hue, ink_hue) <= TUNING.same_ink_hue


def measure_centre(
    image_bgr: np.ndarray,
    box_a: tuple[float, float, float, float],
    box_b: tuple[float, float, float, float],
    radius: float = TUNING.centre_radius,
) -> ColourMeasure:
    """The colour measure of the window halfway between two index boxes, ``radius`` index
    sizes on each side, sampled on a grid about ``TUNING.centre_samples`` pixels wide. The two
    indices of one card lie at opposite corners, so the window is the card's centre, which
    carries the big coloured number."""
    a, b = np.asarray(box_a, float), np.asarray(box_b, float)
    mid = (a[:2] + a[2:] + b[:2] + b[2:]) / 4
    size = math.sqrt(max(_area(a), 0.0) * max(_area(b), 0.0)) ** 0.5 * radius
    # every pixel of a large window is not needed
    step = max(1, int(2 * size // TUNING.centre_samples))
    window = tuple(v / step for v in (mid[0] - size, mid[1] - size, mid[0] + size, mid[1] + size))
    return measure_colour(image_bgr[::step, ::step], window)


def _area(box: np.ndarray) -> float:
    return float((box[2] - box[0]) * (box[3] - box[1]))
