"""Cards read from a photo or typed, checked against a phase: what the API accepts as cards
and phases, and the summary it answers."""

from __future__ import annotations

import pytest

from scorer.errors import NotationError, RulesError
from web.checking import MAX_CARDS, cards_from, phase_from, summary


@pytest.mark.parametrize("value", ["R5 B5 W", ["R5", "B5", "W"], ("r5", "b5", "wild")])
def test_cards_come_as_a_list_of_names_or_one_text(value):
    assert [str(card) for card in cards_from(value)] == ["R5", "B5", "W"]


@pytest.mark.parametrize(("value", "message"), [
    (None, "no cards"), (5, "must be a list"), (["R5", 5], "card names such as"),
    (["R5"] * (MAX_CARDS + 1), "more than a deck holds")])
def test_what_is_not_a_hand_is_a_notation_error(value, message):
    with pytest.raises(NotationError, match=message):
        cards_from(value)


@pytest.mark.parametrize("value", [3, "3"])
def test_a_phase_is_its_number_as_a_number_or_digits(value):
    assert phase_from(value).number == 3


@pytest.mark.parametrize("value", ["11", "three", "0", 3.5])
def test_a_phase_outside_one_to_ten_is_refused(value):
    with pytest.raises((NotationError, RulesError, ValueError)):
        phase_from(value)


def test_without_a_phase_the_summary_counts_points_only(app):
    with app.test_request_context():
        body = summary(cards_from("R5 W S"), None, natural_per_group=False)
    assert body == {"cards": ["R5", "W", "S"], "count": 3, "points": 45}


def test_with_a_phase_the_summary_carries_the_verdict_in_the_pages_language(app):
    with app.test_request_context():
        body = summary(cards_from("R5 B5 G5 R7 B7 G7"), phase_from(1), natural_per_group=False)
    assert body["verdict"]["valid"] is True
    assert body["phase"] == {"number": 1, "description": "2 sets of 3"}
    with app.test_request_context(headers={"Accept-Language": "pl"}):
        wrong = summary(cards_from("R5 B6 G5 R7 B7 G7"), phase_from(1), natural_per_group=False)
    assert wrong["verdict"]["valid"] is False
    assert wrong["phase"]["description"] == "2 zestawy z 3 kart"
    assert wrong["verdict"]["message"].startswith("Zestaw z 3 kart")
