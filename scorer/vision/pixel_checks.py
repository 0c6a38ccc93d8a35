"""What the pixels say about index detections, as callbacks over detection ids.

Pairing and the colour check ask about the same indices and pairs again and again, so each
builder here takes the photo and its detections once and returns a small function: a colour
measure taken when first asked for, or a :data:`~scorer.vision.pairing.PixelCheck` that
answers True (the pixels say one card), False (never pair these) or None (cannot tell).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from scorer.cards import Colour
from scorer.vision.colour import (
    ColourMeasure,
    mean_hue,
    measure_centre,
    measure_colour,
    shows_colour,
)
from scorer.vision.detections import Detections
from scorer.vision.orientation import half_turn_correlations, half_turn_score
from scorer.vision.pairing import PixelCheck
from scorer.vision.settings import READER


def index_measures(image_bgr: np.ndarray, dets: Detections
                   ) -> Callable[[int], ColourMeasure]:
    """Each index's colour measure (:func:`~scorer.vision.colour.measure_colour`), taken once,
    when first asked for: pairing and the colour check ask about the same indices."""
    measured: dict[int, ColourMeasure] = {}

    def measure_at(k: int) -> ColourMeasure:
        if k not in measured:
            measured[k] = measure_colour(image_bgr, tuple(dets.xyxy[k]))
        return measured[k]

    return measure_at


def centre_measures(image_bgr: np.ndarray, dets: Detections
                    ) -> Callable[[int, int], ColourMeasure]:
    """The colour measure halfway between two indices (a card's centre when they are its
    corners; :func:`~scorer.vision.colour.measure_centre`), taken once per pair: pairing and
    the colour check ask about the same pairs."""
    measured: dict[tuple[int, int], ColourMeasure] = {}

    def centre_at(i: int, j: int) -> ColourMeasure:
        key = (min(i, j), max(i, j))
        if key not in measured:
            measured[key] = measure_centre(image_bgr, tuple(dets.xyxy[key[0]]),
                                           tuple(dets.xyxy[key[1]]))
        return measured[key]

    return centre_at


def pair_check(image_bgr: np.ndarray, dets: Detections,
               measure_at: Callable[[int], ColourMeasure] | None,
               centre_at: Callable[[int, int], ColourMeasure] | None) -> PixelCheck:
    """The pixel checks on a candidate pair: the half-turn test, then (given the indices'
    colour measures) the midpoint colour."""
    centre_colour = centre_colour_check(dets, measure_at, centre_at) \
        if measure_at and centre_at else None
    half_turn = half_turn_check(image_bgr, dets)

    def check(i: int, j: int) -> bool | None:
        if half_turn(i, j) is False:
            return False
        return centre_colour(i, j) if centre_colour else None

    return check


def half_turn_check(image_bgr: np.ndarray, dets: Detections,
                    below: float = READER.orientation.same_way_up) -> PixelCheck:
    """A pairing veto from pixels: the two indices lie the same way up (two cards), their
    half-turn score under ``below``."""

    score_of = half_turn_score_of(image_bgr, dets)

    def check(i: int, j: int) -> bool | None:
        score = score_of(i, j)
        return False if score is not None and score < below else None

    return check


def half_turn_score_of(image_bgr: np.ndarray, dets: Detections
                       ) -> Callable[[int, int], float | None]:
    """The half-turn score of two indices (positive: they face opposite ways, as on one card)."""
    return lambda i, j: half_turn_score(image_bgr, tuple(dets.xyxy[i]), tuple(dets.xyxy[j]))


def half_turn_matches(image_bgr: np.ndarray, dets: Detections
                      ) -> Callable[[int, int], tuple[float, float] | None]:
    """How well two indices' crops match turned by half a turn, and as they are."""
    return lambda i, j: half_turn_correlations(image_bgr, tuple(dets.xyxy[i]),
                                               tuple(dets.xyxy[j]))


def centre_colour_check(dets: Detections, measure_at: Callable[[int], ColourMeasure],
                        centre_at: Callable[[int, int], ColourMeasure]) -> PixelCheck:
    """A pairing veto from pixels: a numbered card's centre shows the card's colour.

    The card's colour is the one both indices measure when they agree (the detector may have
    the colour wrong), else the detected class's colour; when both indices measure one ink,
    its hue matches too (:meth:`~scorer.vision.colour.ColourMeasure.same_ink`).
    """
    faces = dets.faces

    def check(i: int, j: int) -> bool | None:
        card = faces[int(dets.class_id[i])]
        if not card.is_natural:
            return None
        a, b = measure_at(i), measure_at(j)
        colour = a.colour if a.colour is not None and a.colour is b.colour else card.colour
        ink_hue = None
        if a.same_ink(b) and a.hue is not None and b.hue is not None:
            ink_hue = mean_hue(np.array([a.hue, b.hue]))
        return shows_colour(centre_at(i, j), colour, ink_hue)

    return check


def centre_colour(centre_at: Callable[[int, int], ColourMeasure]
                  ) -> Callable[[int, int], Colour | None]:
    """The colour a card's centre between indices i and j mostly shows (at least
    ``READER.colour.strong_share`` of its coloured pixels), else None."""

    def colour(i: int, j: int) -> Colour | None:
        measured = centre_at(i, j)
        return measured.colour if measured.share >= READER.colour.strong_share else None

    return colour
