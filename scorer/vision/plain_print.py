"""Numbers printed without colour are no cards: a sudoku, a score pad, a newspaper page.

Every Phase 10 number is printed in one of four inks, or in white on an inked field, so the
box of a card's index always holds some clearly coloured pixels. Black or grey print on paper
holds none: its most coloured pixels differ from grey by a few levels. On a real photo of a
newspaper sudoku the detector read four digits as green cards; their boxes measure a chroma
(largest channel less smallest) of 3-7 at the 99th percentile, 6-9 % of their brightness.

Both bounds are needed. Cards under the renderer's strongest washed-out casts come as low as
7.6 % of their brightness, but with a chroma of 16 or more; a card in a dim photo has little
chroma, but a large share of its faint brightness. Print under a tinted lamp takes the lamp's
colour, and the test leaves it alone.

Only readings that are already doubtful are judged: a number read from one index, marked
unsure, whose colour the colour check could not measure (:mod:`scorer.vision.colour`).
"""

from __future__ import annotations

import numpy as np

from scorer.vision.card_reading import DetectedCard
from scorer.vision.colour import box_middle
from scorer.vision.settings import READER

TUNING = READER.plain_print
"""This module's values (:class:`~scorer.vision.settings.ReaderSettings`)."""


def chroma_and_brightness(image_bgr: np.ndarray, box: tuple[float, float, float, float]
                          ) -> tuple[float, float] | None:
    """The 99th percentiles of chroma and of brightness (largest channel) in the middle of
    ``box`` (:func:`~scorer.vision.colour.box_middle`), or None when the box is smaller than
    ``TUNING.min_side`` pixels or lies outside the image."""
    x1, y1, x2, y2 = box
    if min(x2 - x1, y2 - y1) < TUNING.min_side:
        return None
    middle = box_middle(image_bgr, box)
    if middle.size == 0:
        return None
    pixels = middle.astype(np.int16)
    brightness = pixels.max(axis=2)
    chroma = brightness - pixels.min(axis=2)
    strongest = TUNING.percentile
    return float(np.percentile(chroma, strongest)), float(np.percentile(brightness, strongest))


def is_plain_print(image_bgr: np.ndarray, box: tuple[float, float, float, float]) -> bool:
    """Does ``box`` hold colourless print: even its most coloured pixels nearly grey, in
    absolute terms (``TUNING.plain_chroma``) and for their brightness (``TUNING.plain_share``), in
    a box lit enough to tell (``TUNING.min_brightness``)?"""
    measured = chroma_and_brightness(image_bgr, box)
    if measured is None:
        return False
    chroma, brightness = measured
    return brightness >= TUNING.min_brightness and chroma <= TUNING.plain_chroma and \
        chroma <= TUNING.plain_share * brightness


def drop_plain_print(image_bgr: np.ndarray, cards: list[DetectedCard]) -> list[DetectedCard]:
    """``cards`` less the doubtful numbers read from one index of colourless print."""
    return [card for card in cards
            if not (card.unsure and card.indices == 1 and card.card.is_natural
                    and card.colour_check == "unknown" and is_plain_print(image_bgr, card.box))]
