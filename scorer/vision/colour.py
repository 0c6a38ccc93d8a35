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

# OpenCV hue ranges (0..180) of the four card colours; red wraps around 0.
HUE_RANGES: dict[Colour, tuple[tuple[int, int], ...]] = {
    Colour.RED: ((0, 9), (165, 180)),
    Colour.YELLOW: ((18, 36), ),
    Colour.GREEN: ((37, 88), ),
    Colour.BLUE: ((89, 135), ),
}
MIN_SATURATION = 40  # after white balance: washed-out webcam ink is still ink
INK_FLOOR = 0.5  # ...but only pixels at least half as saturated as the box's inkiest vote
MIN_VALUE = 60
MIN_PIXELS = 12
INSET = 0.15
NEUTRAL_MAX_SATURATION = 110  # a white that a cast tints stays below this (ink lies above)
NEUTRAL_SHARE = 0.2  # the brightest fifth of the low-saturation pixels give the white
MAX_GAIN = 1.8  # white-balance gains are kept within [1 / MAX_GAIN, MAX_GAIN]
CLIPPED = 250  # a white channel this bright may have been cut off at 255 by the camera
TINTED_WHITE = 12  # ...and its white is tinted when another channel lies this much below
SAME_INK_HUE = 10.0  # two measures whose mean hues lie this close are one ink, whatever band
CENTRE_SAMPLES = 40  # the centre check samples its window on a grid about this many pixels wide
INK_PRESENT = 0.1  # a card colour holding this share of an index's coloured pixels is printed there

_HUE_VALUES = np.arange(181)  # OpenCV hue values 0..180
_BANDS = {colour: np.flatnonzero(np.any([(_HUE_VALUES >= lo) & (_HUE_VALUES <= hi)
                                         for lo, hi in ranges], axis=0))
          for colour, ranges in HUE_RANGES.items()}  # the hue values of each card colour


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
    inks: int = 0  # card colours holding at least INK_PRESENT of the coloured pixels

    @property
    def four_inks(self) -> bool:
        """Are all four card colours printed here? A number is printed in one ink; a Wild may
        carry a four-colour emblem (on renders 1 number index in 2,300 measures so)."""
        return self.inks == len(HUE_RANGES)

    def same_ink(self, other: ColourMeasure) -> bool | None:
        """Do two measures see one ink? None when either saw none.

        One ink measured twice can fall on both sides of a band's edge (a yellowish green
        measures hue 35 on one corner and 38 at the centre: yellow, then green), so measures
        whose mean hues lie within :data:`SAME_INK_HUE` are one ink, as are two of one band.
        """
        if self.colour is None or other.colour is None:
            return None
        if self.colour is other.colour:
            return True
        return self.hue is not None and other.hue is not None and \
            hue_distance(self.hue, other.hue) <= SAME_INK_HUE


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

    Only the middle of the box counts (an :data:`INSET` share is cut from each side).

    Works for coloured glyphs on white and for white glyphs on colour alike: the box is
    white-balanced on its own neutral pixels (:func:`white_balance`), then only reasonably
    bright pixels at least :data:`INK_FLOOR` as saturated as its inkiest (and never under
    :data:`MIN_SATURATION`) vote. Returns ``ColourMeasure(None, 0.0, n)`` when fewer than
    :data:`MIN_PIXELS` pixels are coloured (a black Wild or Skip, a washed-out photo).
    """
    crop = box_middle(image_bgr, xyxy)
    if crop.size == 0:
        return ColourMeasure(None, 0.0, 0)
    white = find_white(crop)
    has_white = white is not None
    neutral = white_balance(crop, white) if has_white else crop
    balanced = has_white and not clipped_tint(white)
    hsv = cv2.cvtColor(neutral, cv2.COLOR_BGR2HSV).reshape(-1, 3)
    bright = hsv[hsv[:, 2] >= MIN_VALUE]
    if bright.shape[0] < MIN_PIXELS:
        return ColourMeasure(None, 0.0, int(bright.shape[0]), balanced)
    floor = max(MIN_SATURATION, INK_FLOOR * _percentile_95(bright[:, 1]))
    coloured = bright[bright[:, 1] >= floor]
    n = int(coloured.shape[0])
    if n < MIN_PIXELS:
        return ColourMeasure(None, 0.0, n, balanced)
    hues = np.bincount(coloured[:, 0], minlength=_HUE_VALUES.size)  # pixels per hue value
    votes = {colour: int(hues[band].sum()) for colour, band in _BANDS.items()}
    best = max(votes, key=lambda c: votes[c])
    inks = sum(1 for v in votes.values() if v >= INK_PRESENT * n)
    return ColourMeasure(best, votes[best] / n, n, balanced, mean_hue(_HUE_VALUES, hues), inks)



def box_middle(image_bgr: np.ndarray, xyxy: tuple[float, float, float, float]) -> np.ndarray:
    """The BGR pixels of box ``xyxy`` less an :data:`INSET` share at each side (less table,
    more glyph), clipped to the image; empty when nothing of it is inside."""
    h, w = image_bgr.shape[:2]
    bx1, by1, bx2, by2 = xyxy
    mx, my = (bx2 - bx1) * INSET, (by2 - by1) * INSET
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


def find_white(crop_bgr: np.ndarray, share: float = NEUTRAL_SHARE,
               max_saturation: int = NEUTRAL_MAX_SATURATION) -> np.ndarray | None:
    """The BGR colour of ``crop_bgr``'s white: the mean of the brightest ``share`` of its pixels
    whose saturation is under ``max_saturation``. None with too few such pixels, or when even
    they are dark grey (no white to trust)."""
    hsv = cv2.cvtColor(crop_bgr, cv2.COLOR_BGR2HSV).reshape(-1, 3)
    candidates = np.flatnonzero(hsv[:, 1] < max_saturation)
    if candidates.size < MIN_PIXELS:
        return None
    value = hsv[candidates, 2]
    n = max(MIN_PIXELS, int(candidates.size * share))
    brightest = candidates[np.argsort(-value, kind="stable")[:n]]
    white = crop_bgr.reshape(-1, 3)[brightest].astype(np.float32).mean(axis=0)
    return None if float(white.min()) < MIN_VALUE else white


def clipped_tint(white: np.ndarray) -> bool:
    """Is ``white`` (BGR) tinted with its brightest channel cut off at the sensor's top?

    A strong cast on a bright white drives one channel past 255; the camera clips it, so the
    white shows less of the cast than the ink does, and balancing on it leaves the ink tinted
    (a yellow under a green cast still measures green)."""
    return float(white.max()) >= CLIPPED and float(white.max() - white.min()) >= TINTED_WHITE


def white_balance(crop_bgr: np.ndarray, white: np.ndarray) -> np.ndarray:
    """``crop_bgr`` (H, W, 3) uint8 with per-channel gains that make ``white`` neutral (gains
    kept within [1 / MAX_GAIN, MAX_GAIN])."""
    gains = np.clip(white.mean() / np.maximum(white, 1.0), 1 / MAX_GAIN, MAX_GAIN)
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


STRONG_SHARE = 0.6
CLEAR_SHARE = 0.8  # a lone readable index overrules the class with this share of its pixels
CLEAR_PIXELS = 30
DISAGREE_FACTOR = 0.6
CORRECTED_FACTOR = 0.8


def judge_colour(
    detected: Colour | None, measures: list[ColourMeasure], correct: bool = True,
    centre: ColourMeasure | None = None,
) -> ColourVerdict:
    """Compare the detector's colour with the measured one(s) of the card's indices.

    Several measures (one per index) vote weighted by their pixel counts. The colour is corrected
    (confidence x :data:`CORRECTED_FACTOR`) only when ``correct`` is true and either both
    indices of the card measure the same other colour, each with at least :data:`STRONG_SHARE`
    of its coloured pixels (one index can be half covered by another card), or one index
    disagrees clearly (:data:`CLEAR_SHARE` of at least :data:`CLEAR_PIXELS` pixels) and no
    index measures the detector's colour (the other corner under fingers, out of the frame or
    unreadable); only measures taken on a white found in the box (``balanced``) count for
    that. ``centre``, the measure of a two-cornered card's centre (:func:`measure_centre`),
    decides a disagreement the indices leave open when it clearly shows the colour they
    measure: its big numeral holds many more pixels than a small index, whose ink a cast
    pushes between two bands. Otherwise a disagreement keeps the detector's colour with
    confidence x :data:`DISAGREE_FACTOR`.
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
    votes = sum(1 for m in trusted if m.colour is measured and m.share >= STRONG_SHARE)
    supported = any(m.colour is detected for m in measures)
    clear = any(m.colour is measured and m.share >= CLEAR_SHARE and m.pixels >= CLEAR_PIXELS
                for m in trusted)
    if correct and share >= STRONG_SHARE and (votes >= 2 or (clear and not supported)):
        return ColourVerdict("corrected", measured, CORRECTED_FACTOR)
    if correct and centre is not None and centre.balanced and centre.colour is measured \
            and centre.share >= CLEAR_SHARE and centre.pixels >= CLEAR_PIXELS:
        return ColourVerdict("corrected", measured, CORRECTED_FACTOR)
    return ColourVerdict("disagree", detected, DISAGREE_FACTOR)


def shows_colour(measured: ColourMeasure, colour: Colour, ink_hue: float | None = None
                 ) -> bool | None:
    """Does ``measured`` show ``colour`` (or, given ``ink_hue``, an ink within
    :data:`SAME_INK_HUE` of it)? None when it saw too few coloured pixels to tell."""
    if measured.colour is None:
        return None
    if measured.colour is colour:
        return True
    return ink_hue is not None and measured.hue is not None and \
        hue_distance(measured.hue, ink_hue) <= SAME_INK_HUE


def measure_centre(
    image_bgr: np.ndarray,
    box_a: tuple[float, float, float, float],
    box_b: tuple[float, float, float, float],
    radius: float = 1.2,
) -> ColourMeasure:
    """The colour measure of the window halfway between two index boxes, ``radius`` index
    sizes on each side, sampled on a grid about :data:`CENTRE_SAMPLES` pixels wide. The two
    indices of one card lie at opposite corners, so the window is the card's centre, which
    carries the big coloured number."""
    a, b = np.asarray(box_a, float), np.asarray(box_b, float)
    mid = (a[:2] + a[2:] + b[:2] + b[2:]) / 4
    size = math.sqrt(max(_area(a), 0.0) * max(_area(b), 0.0)) ** 0.5 * radius
    step = max(1, int(2 * size // CENTRE_SAMPLES))  # every pixel of a large window is not needed
    window = tuple(v / step for v in (mid[0] - size, mid[1] - size, mid[0] + size, mid[1] + size))
    return measure_colour(image_bgr[::step, ::step], window)


def _area(box: np.ndarray) -> float:
    return float((box[2] - box[0]) * (box[3] - box[1]))
