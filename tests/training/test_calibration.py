"""Calibration figures of ``phase10 eval``: cards matched to the truth by place (issue 20)."""

from dataclasses import dataclass

import pytest

from scorer.cards import Card, parse_card
from scorer.training.calibration import (
    CalibrationReport,
    match_by_count,
    match_cards,
    reliability_lines,
    standard_error,
)

RECORD = {"cards": [
    {"face": "R5", "indices": [{"box": [10, 10, 20, 20]}, {"box": [80, 130, 90, 140]}]},
    {"face": "W", "indices": [{"box": [200, 10, 210, 20]}]},
    {"face": "B7", "indices": []},  # no visible index: cannot be read, never counted
]}


@dataclass(frozen=True)
class Read:
    card: Card
    confidence: float
    box: tuple
    unsure: bool = False


def read(face, confidence, box, unsure=False):
    return Read(parse_card(face), confidence, box, unsure)


def test_a_card_on_its_truth_index_is_right():
    outcomes = match_cards(RECORD, [read("R5", 0.9, (5, 5, 95, 145))])
    assert [o.outcome for o in outcomes] == ["right"]


def test_another_face_on_a_truth_index_is_a_misread():
    outcomes = match_cards(RECORD, [read("S", 0.7, (198, 8, 212, 22), unsure=True)])
    assert [o.outcome for o in outcomes] == ["misread"]


def test_a_card_where_no_card_lies_is_a_phantom():
    outcomes = match_cards(RECORD, [read("G3", 0.6, (300, 300, 310, 310))])
    assert [o.outcome for o in outcomes] == ["phantom"]


def test_one_card_read_twice_counts_once_the_less_confident_reading_is_a_phantom():
    outcomes = match_cards(RECORD, [read("R5", 0.5, (78, 128, 92, 142)),
                                    read("R5", 0.9, (8, 8, 22, 22))])
    assert sorted((o.confidence, o.outcome) for o in outcomes) == [
        (0.5, "phantom"), (0.9, "right")]


def test_report_gives_the_marked_shares_and_the_reliability_table():
    report = CalibrationReport()
    report.add(match_cards(RECORD, [
        read("R5", 0.95, (5, 5, 95, 145)), read("S", 0.55, (198, 8, 212, 22), unsure=True),
        read("G3", 0.58, (300, 300, 310, 310)),
    ]))
    figures = report.to_dict()
    assert figures["wrong_cards"] == 2 and figures["misreads"] == 1 and figures["phantoms"] == 1
    assert figures["wrong_marked"] == 0.5
    assert figures["wrong_marked_se"] == round((0.5 * 0.5 / 2) ** 0.5, 4)  # one of two marked
    assert figures["cards_marked"] == round(1 / 3, 4)
    assert figures["reliability"] == [
        {"bin": "0.5-0.6", "cards": 2, "right": 0.0, "mean_confidence": 0.565},
        {"bin": "0.9-1.0", "cards": 1, "right": 1.0, "mean_confidence": 0.95},
    ]
    assert figures["reliability_calibrated"] == []  # these cards carry no calibrated chance
    assert reliability_lines(figures["reliability"])[2].split() == ["0.9-1.0", "1", "0.950",
                                                                    "1.000"]


def test_without_places_the_most_confident_reading_takes_the_truth():
    outcomes = match_by_count(["5", "5", "W"], [
        read("R5", 0.9, ()), read("B5", 0.5, ()), read("G5", 0.4, (), unsure=True),
        read("S", 0.3, (), unsure=True)], key=lambda card: str(card)[-1] if card.is_natural
        else str(card))
    assert [o.outcome for o in outcomes] == ["right", "right", "misread", "phantom"]


def test_standard_error_shrinks_with_the_count_and_is_zero_without_items():
    assert standard_error(0.7, 100) == pytest.approx(0.0458, abs=1e-4)
    assert standard_error(0.7, 400) == pytest.approx(standard_error(0.7, 100) / 2)
    assert standard_error(0.5, 0) == 0.0
