"""Cards read from a photo or typed, checked against a phase: what the API accepts as cards
and phases, and the one check's answer worded in the page's language."""

from __future__ import annotations

import pytest

from scorer.errors import NotationError, RulesError
from scorer.rules.check import check
from web.checking import MAX_CARDS, answer, phase_from, read_cards


@pytest.mark.parametrize("value", ["R5 B5 W", ["R5", "B5", "W"], ("r5", "b5", "wild")])
def test_cards_come_as_a_list_of_names_or_one_text(value):
    assert [str(item.card) for item in read_cards(value)] == ["R5", "B5", "W"]


def test_marked_cards_are_read_with_their_doubt():
    read = read_cards(["R5", "W?", "Y8?/Y9"])
    assert [str(item) for item in read] == ["R5", "W?", "Y8?/Y9"]


@pytest.mark.parametrize(("value", "message"), [
    (["R5"] * (MAX_CARDS + 1), "more than a deck holds"), ("R5 Q9", "Q9"),
    (["R5", 5], "list of card names"), ("R5/B5", "only an unsure card")])
def test_what_is_not_a_hand_is_a_notation_error(value, message):
    with pytest.raises(NotationError, match=message):
        read_cards(value)


@pytest.mark.parametrize("value", [3, "3"])
def test_a_phase_is_its_number_as_a_number_or_digits(value):
    assert phase_from(value).number == 3


@pytest.mark.parametrize("value", ["11", "three", "0", 3.5])
def test_a_phase_outside_one_to_ten_is_refused(value):
    with pytest.raises((NotationError, RulesError, ValueError)):
        phase_from(value)


def test_without_a_phase_the_answer_counts_points_only(app):
    with app.test_request_context():
        body = answer(read_cards("R5 W S"), None, natural_per_group=False)
    assert body == {"cards": ["R5", "W", "S"], "count": 3, "points": 45, "unsure": [],
                    "unsure_points": 0, "verdict": None, "phase": None}


def test_with_a_phase_the_answer_carries_the_verdict_in_the_pages_language(app):
    with app.test_request_context():
        body = answer(read_cards("R5 B5 G5 R7 B7 G7"), phase_from(1), natural_per_group=False)
    assert body["verdict"]["valid"] is True
    assert body["phase"] == {"number": 1, "description": "2 sets of 3"}
    with app.test_request_context(headers={"Accept-Language": "pl"}):
        wrong = answer(read_cards("R5 B6 G5 R7 B7 G7"), phase_from(1), natural_per_group=False)
    assert wrong["verdict"]["valid"] is False
    assert wrong["phase"]["description"] == "2 zestawy z 3 kart"
    assert wrong["verdict"]["message"].startswith("Zestaw z 3 kart")


@pytest.mark.parametrize(("cards", "phase"), [
    ("R5 B5 G5 Y7 R7 B7", 1), ("R5 B5 G5 Y7 R7 Y8?/Y7", 1), ("R1 B2 G3 Y4 R5 B6 W?", 4),
    ("R5 W S", None)])
def test_in_english_the_answer_is_the_engines_own(app, cards, phase):
    """The page's wording in English is the engine's default wording, word for word."""
    with app.test_request_context(headers={"Accept-Language": "en"}):
        body = answer(read_cards(cards), None if phase is None else phase_from(phase), False)
    assert body == check(cards, phase).to_dict()
