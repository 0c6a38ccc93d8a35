"""The phases and group kinds as data (docs/rules.md, "The ten phases")."""

import pytest

from scorer.errors import NotationError
from scorer.rules.phases import (
    STANDARD_PHASES,
    TIE_BREAKER_PHASE,
    GroupKind,
    GroupSpec,
    PhaseSpec,
    standard_phase,
)

RULE_TABLE = {
    1: "2 sets of 3",
    2: "1 set of 3 + 1 run of 4",
    3: "1 set of 4 + 1 run of 4",
    4: "1 run of 7",
    5: "1 run of 8",
    6: "1 run of 9",
    7: "2 sets of 4",
    8: "7 cards of one colour",
    9: "1 set of 5 + 1 set of 2",
    10: "1 set of 5 + 1 set of 3",
}


@pytest.mark.parametrize("number", range(1, 11))
def test_the_ten_phases_match_the_rule_table(number):
    """'| 1 | 2 sets of 3 | ... | 10 | 1 set of 5 + 1 set of 3 |'"""
    phase = standard_phase(number)
    assert phase.number == number
    assert phase.describe() == RULE_TABLE[number]


def test_there_are_ten_standard_phases_in_order():
    assert [p.number for p in STANDARD_PHASES] == list(range(1, 11))


@pytest.mark.parametrize("phase", STANDARD_PHASES, ids=str)
def test_phase_text_round_trips(phase):
    assert PhaseSpec.parse(str(phase)) == phase
    assert PhaseSpec.parse(phase.describe(), number=phase.number) == phase


@pytest.mark.parametrize("phase", STANDARD_PHASES, ids=str)
def test_phase_dict_round_trips(phase):
    assert PhaseSpec.from_dict(phase.to_dict()) == phase


@pytest.mark.parametrize("text", ["set of 3", "run of 4", "7 cards of one colour"])
def test_group_text_round_trips(text):
    assert str(GroupSpec.parse(text)) == text
    assert GroupSpec.from_dict(GroupSpec.parse(text).to_dict()) == GroupSpec.parse(text)


def test_parts_are_the_structured_form_for_translation():
    assert standard_phase(1).parts() == [{"count": 2, "kind": "set", "size": 3}]
    assert standard_phase(2).parts() == [
        {"count": 1, "kind": "set", "size": 3},
        {"count": 1, "kind": "run", "size": 4},
    ]


def test_group_kind_values():
    assert [k.value for k in GroupKind] == ["set", "run", "colour"]


def test_tie_breaker_is_phase_10s_goal():
    """'they play a tie-breaker round with phase 10's goal (a set of 5 and a set of 3)'"""
    assert TIE_BREAKER_PHASE.groups == (GroupSpec(GroupKind.SET, 5), GroupSpec(GroupKind.SET, 3))


def test_custom_phase_from_text():
    phase = PhaseSpec.parse("phase 11: 2 runs of 4 + colour of 3")
    assert phase.number == 11
    assert phase.groups == (
        GroupSpec(GroupKind.RUN, 4), GroupSpec(GroupKind.RUN, 4), GroupSpec(GroupKind.COLOUR, 3)
    )
    assert phase.min_cards == 11


@pytest.mark.parametrize("number", [0, 11, -1, "3", True, None])
def test_standard_phase_rejects_bad_numbers(number):
    with pytest.raises(NotationError):
        standard_phase(number)


@pytest.mark.parametrize("text", ["", "sets", "2 piles of 3", "set of", "run of 13", "0 sets of 3"])
def test_bad_phase_text_is_a_notation_error(text):
    with pytest.raises(NotationError):
        PhaseSpec.parse(text)


@pytest.mark.parametrize("data", [{}, {"number": 1}, {"number": 1, "groups": [{"kind": "pile",
                                                                              "size": 3}]}])
def test_bad_phase_dict_is_a_notation_error(data):
    with pytest.raises(NotationError):
        PhaseSpec.from_dict(data)


def test_group_size_must_be_positive():
    with pytest.raises(NotationError):
        GroupSpec(GroupKind.SET, 0)
