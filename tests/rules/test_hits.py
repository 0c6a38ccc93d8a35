"""Hitting: playing a card onto a laid-down group (docs/rules.md, "Hitting", "Wild and Skip")."""

import pytest

from scorer.errors import NotationError, RulesError
from scorer.rules.hits import can_hit, read_laid
from scorer.rules.validate import validate


def fits(kind, group, card):
    return can_hit(kind, group, card).fits


def test_set_takes_a_card_of_the_same_number():
    """'Set: a card of the same number.'"""
    assert fits("set", "R5 B5 G5", "Y5")
    verdict = can_hit("set", "R5 B5 G5", "Y6")
    assert not verdict.fits
    assert verdict.reason.code == "wrong_number" and verdict.reason.params["number"] == 5


def test_run_takes_one_below_the_lowest_or_one_above_the_highest():
    """'Run: a card one below the lowest or one above the highest number'"""
    assert can_hit("run", "R4 B5 G6", "Y7").end == "high"
    assert can_hit("run", "R4 B5 G6", "Y3").end == "low"
    verdict = can_hit("run", "R4 B5 G6", "Y8")
    assert verdict.reason.code == "not_next_in_run"
    assert verdict.reason.params["fits"] == [3, 7]


def test_run_hit_stays_inside_1_to_12():
    """'staying inside 1..12'"""
    assert not fits("run", "R10 B11 G12", "R1")
    assert fits("run", "R10 B11 G12", "R9")
    assert not fits("run", "R1 R2 R3", "R12")


def test_full_run_takes_nothing():
    verdict = can_hit("run", " ".join(f"R{n}" for n in range(1, 13)), "W")
    assert verdict.reason.code == "run_complete"


def test_colour_takes_a_card_of_the_same_colour():
    """'Colour: a card of the same colour.'"""
    assert fits("colour", "G1 G7 G9", "G12")
    assert can_hit("colour", "G1 G7 G9", "R12").reason.code == "wrong_colour"


def test_wild_fits_wherever_a_natural_card_would():
    """'A Wild fits wherever a natural card would.'"""
    assert fits("set", "R5 B5 G5", "W")
    assert fits("colour", "G1 G7 G9", "W")
    assert can_hit("run", "R4 B5 G6", "W").value == "7"
    assert can_hit("run", "R10 B11 G12", "W").value == "9"


def test_skip_never_fits():
    """'A Skip is never part of a phase and never fits a hit.'"""
    for kind, group in (("set", "R5 B5"), ("run", "R4 B5 G6"), ("colour", "G1 G2")):
        verdict = can_hit(kind, group, "S")
        assert verdict.reason.code == "skip_never_fits"


def test_laid_wild_keeps_the_value_it_stood_for():
    """'Once laid, a Wild keeps the value it stood for until the round ends.'"""
    # In table order the first W stands for 4: the run is 4..6, so 3 and 7 fit, 8 does not.
    assert read_laid("run", "W R5 G6").wild_values == {0: "4"}
    assert fits("run", "W R5 G6", "Y3")
    assert not fits("run", "W R5 G6", "Y8")
    # W after R12 going down: 12, 11, 10 -> the Wild is 10; 9 fits.
    assert read_laid("run", "R12 B11 W").wild_values == {2: "10"}
    assert fits("run", "R12 B11 W", "G9")


def test_hit_on_a_group_found_by_the_validator_uses_its_wild_values():
    verdict = validate(4, "R3 B4 G5 W Y7 R8 B9")
    (run,) = verdict.groups
    assert fits("run", run, "G10") and fits("run", run, "G2")
    assert not fits("run", run, "G6")


def test_a_laid_group_that_is_not_a_group_is_bad_input():
    with pytest.raises(RulesError):
        can_hit("run", "R4 R6 R5", "R7")
    with pytest.raises(RulesError):
        can_hit("set", "R4 R5", "R4")
    with pytest.raises(RulesError):
        can_hit("colour", "R4 B5", "R4")


def test_unreadable_input_is_a_notation_error():
    with pytest.raises(NotationError):
        can_hit("pile", "R4 R5", "R6")
    with pytest.raises(NotationError):
        can_hit("run", "R4 R5", "X6")
    with pytest.raises(NotationError):
        can_hit("run", "", "R6")


def test_hit_verdict_dict():
    data = can_hit("run", "R4 B5 G6", "W").to_dict()
    assert data == {"fits": True, "card": "W", "kind": "run", "value": "7", "end": "high",
                    "reason": None, "code": None, "params": None}
