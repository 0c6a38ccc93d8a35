"""The cards of one photo taken together: clutter, a deck's counts, a held card read twice."""

from __future__ import annotations

import pytest

from scorer.cards import parse_card
from scorer.vision.card_reading import DetectedCard
from scorer.vision.doubt import Evidence
from scorer.vision.settings import READER
from scorer.vision.whole_photo import (
    deck_choices,
    either_face_chance,
    held_card_read_twice,
    respect_deck,
)
from tests.vision.test_held_card import _table

CORNERS_APART_CHANCE = READER.whole_photo.corners_apart_chance


def _lone(face: str, left: float, top: float, chance: float) -> DetectedCard:
    """A card read from one 50-pixel index at (left, top), with no corner or twin evidence."""
    return DetectedCard(parse_card(face), chance, (left, top, left + 50, top + 50), indices=1,
                        chance=chance, evidence=Evidence(chance), unsure_below=0.9)


def test_a_doubtful_reading_where_the_held_cards_other_corner_lies_is_that_corner():
    """A 9 held up, its far corner (turned, or cut by the frame) read as a doubtful 6 that the
    pixel checks could not tie to it: where it lies says it is the 9's other corner."""
    nine = _lone("Y9", 160, 126, 0.97)
    assert held_card_read_twice(_table(), (nine, _lone("Y6", 360, 326, 0.2))) == (nine,)


def test_a_doubtful_reading_far_from_the_held_cards_corners_stays():
    nine, far = _lone("Y9", 20, 20, 0.97), _lone("Y6", 560, 420, 0.2)
    assert held_card_read_twice(_table(), (nine, far)) == (nine, far)


def test_a_doubtful_reading_on_the_held_cards_face_is_its_own_print():
    """A Wild read at both corners, and its centre artwork read as a doubtful Y8: one Wild."""
    wild = DetectedCard(parse_card("W"), 0.97, (246, 61, 440, 455), indices=2, chance=0.99,
                        evidence=Evidence(0.97, indices=2), unsure_below=0.9)
    assert held_card_read_twice(_table(), (wild, _lone("Y8", 366, 381, 0.5))) == (wild,)



def test_a_card_read_sure_as_two_faces_at_its_corners_is_one_card_to_check():
    """A held 6 read as a sure Y6 at one corner and a sure Y9 at the other: one card, the surer
    reading, marked for the player with the other face as its alternative."""
    six, nine = _lone("Y6", 160, 126, 0.99), _lone("Y9", 360, 326, 0.98)
    (card,) = held_card_read_twice(_table(), (nine, six))
    assert (str(card.card), str(card.alternative), card.unsure) == ("Y6", "Y9", True)
    assert card.box == (160, 126, 410, 376)


def test_two_cards_read_sure_apart_stay_two():
    six, nine = _lone("Y6", 20, 20, 0.99), _lone("Y9", 560, 420, 0.98)
    assert held_card_read_twice(_table(), (six, nine)) == (six, nine)


def _at(face: str, box: tuple[float, float, float, float], confidence: float,
        indices: int = 1) -> DetectedCard:
    return DetectedCard(parse_card(face), confidence, box, indices=indices)


def test_no_face_counts_more_often_than_one_deck_holds_it():
    """Three R5s far apart: a deck holds two, the least confident goes, with the reason."""
    cards = [_at("R5", (10 + 150 * k, 10, 34 + 150 * k, 34), c)
             for k, c in enumerate((0.7, 0.9, 0.8))]
    kept, dropped = deck_choices(cards)
    assert kept == [1, 2] and dropped == {0: "more R5 than one deck holds"}
    assert respect_deck(cards) == (cards[1], cards[2])


def test_one_face_read_twice_on_one_spot_counts_once():
    cards = [_at("W", (100, 100, 140, 140), 0.6), _at("W", (102, 101, 141, 142), 0.9)]
    kept, dropped = deck_choices(cards)
    assert kept == [1] and dropped == {0: "a second reading of the W on the same spot"}


def test_two_faces_on_one_spot_are_both_kept_for_the_later_stages():
    cards = [_at("W", (100, 100, 140, 140), 0.6), _at("S", (102, 101, 141, 142), 0.9)]
    assert respect_deck(cards) == (cards[1], cards[0])


@pytest.mark.parametrize(("chance", "expected"), [(None, CORNERS_APART_CHANCE), (0.99, 0.5),
                                                  (0.2, 0.2)])
def test_a_card_whose_corners_read_two_faces_is_either_at_best(chance, expected):
    assert either_face_chance(chance) == pytest.approx(expected)
