"""Decisions on the cards of one photo taken together, once each card is read.

- :func:`respect_deck`: no face counted more often than one deck holds it, and one card read
  twice on one spot counted once.
- :func:`held_card_read_twice`: a card held up and read twice (at both corners, or at a corner
  and its own print) counts once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from scorer.cards import DECK_COUNTS, Card
from scorer.vision.card_reading import DetectedCard
from scorer.vision.detections import Detections
from scorer.vision.geometry import box_iou, union_box
from scorer.vision.orientation import half_turn_score
from scorer.vision.pairing import DEFAULT_GEOMETRY, PairingGeometry, pair_cost
from scorer.vision.settings import READER

TUNING = READER.whole_photo
"""This module's values (:class:`~scorer.vision.settings.ReaderSettings`)."""


def respect_deck(cards: list[DetectedCard]) -> tuple[DetectedCard, ...]:
    """Drop the least confident copies beyond one deck's count (a colour fix can exceed it),
    and second readings of one card: the same face on a box that overlaps a more confident one
    by more than ``TUNING.repeat_iou`` (an index paired twice, in fanned hands)."""
    order, _dropped = deck_choices(cards)
    return tuple(cards[k] for k in order)


def deck_choices(cards: Sequence[DetectedCard]) -> tuple[list[int], dict[int, str]]:
    """:func:`respect_deck` as positions: those kept, most confident first, and those dropped
    with the reason."""
    kept: list[int] = []
    dropped: dict[int, str] = {}
    seen: dict[Card, int] = {}
    for k in sorted(range(len(cards)), key=lambda k: -cards[k].confidence):
        card = cards[k]
        twins = [cards[j].box for j in kept if cards[j].card == card.card]
        overlap = float(box_iou(np.array([card.box]), np.array(twins)).max()) if twins else 0.0
        if twins and overlap > TUNING.repeat_iou:
            dropped[k] = f"a second reading of the {card.card} on the same spot"
        elif seen.get(card.card, 0) < DECK_COUNTS[card.card]:
            seen[card.card] = seen.get(card.card, 0) + 1
            kept.append(k)
        else:
            dropped[k] = f"more {card.card} than one deck holds"
    return kept, dropped


def held_card_read_twice(image_bgr: np.ndarray, cards: tuple[DetectedCard, ...],
                         geometry: PairingGeometry = DEFAULT_GEOMETRY
                         ) -> tuple[DetectedCard, ...]:
    """``cards`` less the second reading of one card held up, in a photo of just two readings.

    One sure and one doubtful: the doubtful one is the sure card's own print when it lies on
    that card's box (a card read at both corners spans its face: its centre numeral or artwork
    read as a card, a 12's "2" read alone). Each from one index, the doubtful one is also the
    sure card's other corner when it lies where that corner would be, whatever face it was read
    as (a Wild's "WILD" corner read as G10, a 9 turned read as a 6, an 8 cut by the frame read
    as a 5), unless the two clearly lie the same way up (two cards); or when it is the same face
    unpaired nearby (:attr:`~scorer.vision.doubt.Evidence.twin`: held close, a card's near
    corner looks larger than its far one, past the pairing's size limit). The pairing's other
    pixel checks, there to keep apart cards laid in a row, are set aside: they fail on a corner
    cut by the frame or a centre under a cast, and a photo of two readings has no row. The sure
    reading stays the card.

    Both sure, each from one index: one card read at both corners (:func:`_corners_read_sure`)
    counts once, the surer reading spanning both; when they read two faces it is marked unsure
    with the other face as its alternative. ``geometry``: the pairing's, for where a card's
    other corner lies.
    """
    choice = held_card_choice(image_bgr, cards, geometry)
    return cards if choice is None else (choice[2],)


def held_card_choice(image_bgr: np.ndarray, cards: Sequence[DetectedCard],
                     geometry: PairingGeometry = DEFAULT_GEOMETRY
                     ) -> tuple[int, int, DetectedCard] | None:
    """:func:`held_card_read_twice` as positions: (kept, dropped, the kept card as it now
    reads), or None when both readings stay."""
    if len(cards) != TUNING.held_up_readings:
        return None
    a, b = sorted(range(TUNING.held_up_readings),
                  key=lambda k: (cards[k].unsure, -_surety(cards[k])))
    first, second = cards[a], cards[b]
    lone = first.indices == second.indices == 1
    if not first.unsure and second.unsure:
        if _inside(second.box, first.box) or (
                lone and _one_card_twice(image_bgr, first, second, geometry)):
            return a, b, first
    elif not second.unsure and lone and _corners_read_sure(image_bgr, first, second, geometry):
        return a, b, _one_card(first, second)
    return None


def _surety(card: DetectedCard) -> float:
    """The card's calibrated chance, or its score where it has none."""
    return card.confidence if card.chance is None else card.chance


def _corners_read_sure(image_bgr: np.ndarray, a: DetectedCard, b: DetectedCard,
                       geometry: PairingGeometry) -> bool:
    """Are lone readings ``a`` and ``b``, both sure, one card's two corners? The same face
    where a card held close has its corners (``geometry`` widened to ``TUNING.held_close_ratio``
    and ``TUNING.held_close_low``), the two turned to each other; or two faces where one card's
    corners lie (a 6 and a 9, a 3 and a 5), not surely the same way up."""
    if a.card == b.card:
        held_close = replace(geometry, low=min(geometry.low, TUNING.held_close_low),
                             size_ratio=max(geometry.size_ratio, TUNING.held_close_ratio))
        if not _at_other_corner(a, b, held_close):
            return False
        turned = half_turn_score(image_bgr, a.box, b.box)
        return turned is not None and turned > TUNING.turned
    return _one_card_twice(image_bgr, a, b, geometry)


def _one_card(kept: DetectedCard, other: DetectedCard) -> DetectedCard:
    """One card read at two corners: ``kept`` spanning both; when they read two faces, it is
    either (at best ``TUNING.corners_apart_chance``) and the other face is its alternative."""
    box = union_box(np.array([kept.box, other.box]))
    if kept.card == other.card:
        return replace(kept, box=box, indices=2)
    return replace(kept, box=box, indices=2, chance=either_face_chance(kept.chance),
                   alternative=other.card)


def either_face_chance(chance: float | None) -> float:
    """The chance of a card whose two corners read two faces: at most
    ``TUNING.corners_apart_chance``, whatever its own chance (None: uncalibrated)."""
    return min(TUNING.corners_apart_chance, 1.0 if chance is None else chance)


def _at_other_corner(a: DetectedCard, b: DetectedCard, geometry: PairingGeometry) -> bool:
    """Does ``b`` lie where ``a``'s other corner would be, by ``geometry``?"""
    both = Detections(np.array([a.box, b.box], np.float32), np.ones(2, np.float32),
                      np.zeros(2, np.int64))
    cost = pair_cost(both, 0, 1, geometry)
    return cost is not None and cost < 2 * geometry.single_cost


def _inside(box: tuple[float, float, float, float], outer: tuple[float, float, float, float]
            ) -> bool:
    """Does the centre of ``box`` lie within ``outer`` (both x1, y1, x2, y2)?"""
    x, y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    return outer[0] <= x <= outer[2] and outer[1] <= y <= outer[3]


def _one_card_twice(image_bgr: np.ndarray, a: DetectedCard, b: DetectedCard,
                    geometry: PairingGeometry) -> bool:
    """Are lone readings ``a`` and ``b`` one card's two corners? The same face nearby, or two
    faces where one card's corners lie (the pairing's geometry) that do not surely lie the same
    way up (:func:`~scorer.vision.orientation.half_turn_score`)."""
    if a.card == b.card:
        return any(card.evidence is not None and card.evidence.twin for card in (a, b))
    if not _at_other_corner(a, b, geometry):
        return False
    turned = half_turn_score(image_bgr, a.box, b.box)
    return turned is None or turned >= READER.orientation.surely_same_way_up
