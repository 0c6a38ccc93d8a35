"""Card notation and penalty points (docs/rules.md, "Card notation", "Scoring")."""

import pytest

from scorer.cards import (
    ALL_FACES,
    DECK,
    SKIP,
    WILD,
    Card,
    Colour,
    card_points,
    deck_violations,
    hand_points,
    parse_card,
    parse_cards,
)
from scorer.errors import NotationError


@pytest.mark.parametrize("card", ALL_FACES, ids=str)
def test_short_form_round_trips(card):
    """'output is always the short form'"""
    assert parse_card(str(card)) == card
    assert eval(repr(card), {"Card": Card}) == card  # noqa: S307 - repr rebuilds the value


@pytest.mark.parametrize(
    ("text", "card"),
    [("r5", "R5"), ("red 5", "R5"), ("Red-5", "R5"), ("wild", "W"), ("skip", "S"),
     (" B12 ", "B12"), ("yellow7", "Y7")],
)
def test_input_is_forgiving(text, card):
    """'Input is forgiving (r5, red 5, wild, skip)'"""
    assert str(parse_card(text)) == card


def test_parse_cards_accepts_one_string_or_many():
    assert parse_cards("R5 B5, red 7; wild") == parse_cards(["R5", "B5", "R7", "W"])
    assert parse_cards(["R5 B5", WILD]) == (parse_card("R5"), parse_card("B5"), WILD)
    assert parse_cards("") == ()


@pytest.mark.parametrize("text", ["R13", "R0", "X5", "5", "red", "WW", ""])
def test_bad_card_is_a_notation_error_quoting_the_input(text):
    with pytest.raises(NotationError) as caught:
        parse_card(text)
    assert repr(text) in str(caught.value)


def test_a_card_must_be_well_formed():
    with pytest.raises(NotationError):
        Card.number(Colour.RED, 13)
    with pytest.raises(NotationError):
        parse_card(5)


def test_points_of_cards_left_in_hand():
    """'1-9 = 5 points, 10-12 = 10, Skip = 15, Wild = 25'"""
    assert card_points(parse_card("R1")) == 5
    assert card_points(parse_card("Y9")) == 5
    assert card_points(parse_card("G10")) == 10
    assert card_points(parse_card("B12")) == 10
    assert card_points(SKIP) == 15
    assert card_points(WILD) == 25
    assert hand_points(parse_cards("R5 W S B11")) == 55


def test_deck_has_108_cards():
    """'108 cards: ... (96 cards); 8 Wild; 4 Skip.'"""
    assert len(DECK) == 108
    assert DECK.count(WILD) == 8 and DECK.count(SKIP) == 4
    assert deck_violations(DECK) == []
    assert deck_violations(parse_cards("R5 R5 R5")) == ["R5 appears 3 times; a deck has 2"]
