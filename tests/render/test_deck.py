"""The deck a scene draws from: no scene shows more copies of a face than one deck holds."""

from __future__ import annotations

import numpy as np

from scorer.cards import DECK_COUNTS, SKIP, WILD, Colour, parse_card
from scorer.render.deck import Deck


def test_a_face_can_be_taken_only_as_often_as_a_deck_holds_it():
    deck = Deck()
    r5 = parse_card("R5")
    assert [deck.take(r5) for _ in range(3)] == [True, True, False]
    deck.put_back(r5)
    assert deck.count(r5) == 1


def test_the_eight_wilds_and_four_skips_run_out():
    deck = Deck()
    assert [deck.take_wild() for _ in range(9)].count(WILD) == 8 and deck.take_wild() is None
    assert [deck.take_skip() for _ in range(5)].count(SKIP) == 4


def test_a_number_or_colour_asked_for_comes_in_any_colour_or_number_left():
    rng = np.random.default_rng(0)
    deck = Deck()
    sevens = [deck.take_number(rng, 7) for _ in range(9)]
    assert sevens[-1] is None and {card.value for card in sevens[:8]} == {7}
    blue = deck.take_colour(rng, Colour.BLUE)
    assert blue.colour is Colour.BLUE and blue.is_natural


def test_drawing_the_whole_deck_gives_each_face_its_count_then_nothing():
    rng = np.random.default_rng(3)
    deck = Deck()
    drawn = [deck.draw(rng) for _ in range(sum(DECK_COUNTS.values()))]
    assert {card: drawn.count(card) for card in DECK_COUNTS} == DECK_COUNTS
    assert deck.draw(rng) is None


def test_a_copy_is_independent_of_its_original():
    deck = Deck()
    spare = deck.copy()
    deck.take(WILD)
    assert (deck.count(WILD), spare.count(WILD)) == (7, 8)
