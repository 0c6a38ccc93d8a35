"""The candidate table: stages mark rows instead of deleting them, and regrouping keeps rows."""

from __future__ import annotations

from scorer.cards import parse_card
from scorer.vision.candidates import CandidateTable, ColourStatus
from scorer.vision.detections import DEFAULT_CLASS_NAMES
from scorer.vision.pairing import CardCandidate

FACES = tuple(parse_card(name) for name in DEFAULT_CLASS_NAMES)
R5 = DEFAULT_CLASS_NAMES.index("R5")


def _lone(i: int, score: float) -> CardCandidate:
    return CardCandidate(R5, (i,), score, (10.0 * i, 0.0, 10.0 * i + 8, 8.0))


def test_colour_status_compares_equal_to_its_text():
    assert ColourStatus.AGREE == "agree" and ColourStatus("disagree") is ColourStatus.DISAGREE


def test_a_dropped_row_stays_in_place_with_its_stage_and_reason():
    table = CandidateTable.of([_lone(0, 0.9), _lone(1, 0.4)], FACES)
    dropped = table.drop({1: "too weak"}, "test")
    assert table.alive == [0, 1] and dropped.alive == [0]
    assert dropped.rows[1].dropped_by == "test" and dropped.rows[1].notes == (("test", "too weak"),)
    assert len(dropped.rows) == 2


def test_regrouping_keeps_known_rows_adds_new_ones_and_sets_aside_the_rest():
    a, b = _lone(0, 0.9), _lone(1, 0.8)
    table = CandidateTable.of([a, b], FACES).drop({}, "none")
    pair = CardCandidate(R5, (0, 1), 0.98, (0.0, 0.0, 18.0, 8.0))
    grouped = table.regrouped([pair], FACES, "pair", "paired", formed="two corners paired")
    assert [row.grouping for row in grouped.rows] == [pair]
    assert grouped.rows[0].notes == (("pair", "two corners paired"),)
    assert [row.why for row in grouped.set_aside] == ["paired", "paired"]
    assert CandidateTable.of([a], FACES).regrouped([a], FACES, "x", "y").rows[0].notes == ()


def test_reordering_puts_the_named_rows_first():
    table = CandidateTable.of([_lone(0, 0.5), _lone(1, 0.9), _lone(2, 0.7)], FACES)
    assert [row.score for row in table.reordered([1, 2]).rows] == [0.9, 0.7, 0.5]
