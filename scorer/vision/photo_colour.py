"""Colour from around the index: the card's own paper balances an index that has no white.

An index measured on its own is balanced on the white inside its box (:mod:`scorer.vision.
colour`). A card whose index is a white numeral on a field of ink (UNO's design) has too little
white there, so its measure is unbalanced and may only flag a disagreement with the detector,
never overrule it: under warm light a lime green index stays read as yellow although it
measures green. The photo has the white the box lacks: the card's paper around its indices.
:func:`paper_white` takes it from windows around the card's own indices (its border), and
:func:`rebalanced` measures an index again balanced by it, a measure that may then overrule the
detector like any balanced one.

A white the camera clipped (a channel cut off at the sensor's top) shows less of the light's
cast than the ink does, so balancing on it leaves a little of that cast in the ink. Such a white
is used twice (:func:`clipped_whites`): as measured, and with its clipped channels as bright as
the cast could have made them; a correction must hold on both. A yellow under a green cast
then stays yellow, and a lime green under a blue-white phone light is still read green.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from scorer.vision.colour import (
    ColourMeasure,
    clipped_tint,
    find_white,
    measure_colour,
    white_balance,
)
from scorer.vision.settings import READER

TUNING = READER.photo_colour
"""This module's values (:class:`~scorer.vision.settings.ReaderSettings`)."""


def paper_white(image_bgr: np.ndarray, boxes: Sequence[Sequence[float]]) -> np.ndarray | None:
    """The BGR white of a card's paper: :func:`~scorer.vision.colour.find_white` on windows
    ``TUNING.window`` index sizes across around its index boxes (xyxy). None with no box or no
    white found. The card's own paper, not the photo's: light may fall unevenly over a table."""
    if not boxes:
        return None
    height, width = image_bgr.shape[:2]
    samples = []
    for x1, y1, x2, y2 in boxes:
        half = max(x2 - x1, y2 - y1, 1.0) * TUNING.window / 2
        cx, cy = (x1 + x2) / 2, (y1 + y2) / 2
        left, top = int(max(0, cx - half)), int(max(0, cy - half))
        right, bottom = int(min(width, cx + half)), int(min(height, cy + half))
        step = max(1, int(2 * half // TUNING.samples))
        window = image_bgr[top:bottom:step, left:right:step]
        if window.size:
            samples.append(window.reshape(-1, 3))
    if not samples:
        return None
    return find_white(np.concatenate(samples)[None, :, :])


def clipped_whites(white: np.ndarray) -> list[np.ndarray]:
    """The whites a correction must hold on: ``white`` itself and, when the camera clipped it
    (:func:`~scorer.vision.colour.clipped_tint`), the same white with its clipped channels
    ``TUNING.clipped_headroom`` times brighter, the most of the cast the sensor may have cut."""
    if not clipped_tint(white):
        return [white]
    brighter = white.astype(np.float32).copy()
    brighter[white >= READER.colour.clipped] *= TUNING.clipped_headroom
    return [white, brighter]


def rebalanced(image_bgr: np.ndarray, box: Sequence[float], white: np.ndarray) -> ColourMeasure:
    """The colour measure of index ``box`` on the photo balanced by its cards' ``white``: a
    balanced measure, whatever white the box itself holds."""
    x1, y1, x2, y2 = (int(v) for v in box)
    x1, y1 = max(0, x1), max(0, y1)
    crop = white_balance(np.ascontiguousarray(image_bgr[y1:max(y1 + 1, y2), x1:max(x1 + 1, x2)]),
                         white)
    measure = measure_colour(crop, (0.0, 0.0, float(crop.shape[1]), float(crop.shape[0])))
    return ColourMeasure(measure.colour, measure.share, measure.pixels, True, measure.hue,
                         measure.inks)
