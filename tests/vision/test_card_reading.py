"""What the reader returns: a card's doubt, a reading's hand, points and JSON shape."""

from __future__ import annotations

import pytest

from scorer.cards import parse_card
from scorer.vision.card_reading import CardReading, DetectedCard
from scorer.vision.settings import UNSURE_BELOW


def card(name: str, confidence: float = 0.9, **extra) -> DetectedCard:
    return DetectedCard(parse_card(name), confidence, (10.04, 20, 30, 40.96), **extra)


def test_without_a_chance_a_card_is_unsure_below_the_score_threshold():
    assert card("R5", UNSURE_BELOW - 0.01).unsure
    assert not card("R5", UNSURE_BELOW).unsure


def test_a_calibrated_chance_decides_doubt_over_the_score():
    """A confident score with a low chance of being right is shown unsure, and the reverse."""
    assert card("R5", 0.99, chance=0.3, unsure_below=0.5).unsure
    assert not card("R5", 0.2, chance=0.8, unsure_below=0.5).unsure


def test_a_card_as_json_rounds_and_names_its_alternative():
    shape = card("R6", 0.51234, chance=0.41234, alternative=parse_card("R9")).to_dict()
    assert shape == {"card": "R6", "confidence": 0.512, "box": [10.0, 20.0, 30.0, 41.0],
                     "unsure": True, "chance": 0.412, "or": "R9"}


def test_a_sure_card_as_json_has_no_chance_nor_alternative():
    assert set(card("G12", 0.97).to_dict()) == {"card", "confidence", "box", "unsure"}


def test_a_reading_gives_its_hand_sorted_and_its_penalty_points():
    reading = CardReading((card("S"), card("W"), card("B12"), card("R5")), (100, 100))
    assert [str(c) for c in reading.hand] == ["R5", "B12", "W", "S"]  # the deck's order
    assert reading.count == 4
    assert reading.points == 25 + 10 + 5 + 15  # Wild, 10-12, 1-9, Skip
    assert reading.to_dict()["points"] == reading.points
    assert [c["card"] for c in reading.to_dict()["cards"]] == ["S", "W", "B12", "R5"]


@pytest.mark.parametrize(("confidences", "empty"), [((), True), ((0.3, 0.4), True),
                                                   ((0.3, 0.9), False)])
def test_a_reading_is_no_cards_when_no_card_is_read_sure(confidences, empty):
    """An empty table's phantoms are read unsure: the answer is still "no cards"."""
    reading = CardReading(tuple(card("R5", c) for c in confidences), (100, 100))
    assert reading.no_cards is empty


def test_filtering_keeps_the_cards_at_or_above_the_threshold_and_the_detections():
    reading = CardReading((card("R5", 0.9), card("B5", 0.5), card("G5", 0.49)), (100, 100))
    kept = reading.filter(0.5)
    assert [str(c.card) for c in kept.cards] == ["R5", "B5"]
    assert kept.image_hw == reading.image_hw and kept.detections is reading.detections
