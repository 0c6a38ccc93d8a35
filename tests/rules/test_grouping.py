"""Groups as laid down: where each Wild goes and what it stands for, and what is missing."""

from __future__ import annotations

from scorer.cards import parse_cards
from scorer.rules.grouping import arrange
from scorer.rules.phases import GroupKind, GroupSpec

RUN4 = GroupSpec(GroupKind.RUN, 4)
SET3 = GroupSpec(GroupKind.SET, 3)
COLOUR7 = GroupSpec(GroupKind.COLOUR, 7)


def cards(text: str) -> list:
    return list(parse_cards(text))


def test_a_wild_fills_the_hole_in_a_run_and_stands_for_its_number():
    (run,) = arrange((RUN4,), [cards("R3 B5 G6")], 1, []).groups
    assert [str(card) for card in run.cards] == ["R3", "W", "B5", "G6"]
    assert run.values() == ["3", "4", "5", "6"] and run.wild_values == {1: "4"}


def test_wilds_go_first_to_the_group_that_needs_fewest():
    """One Wild: the set of 3 lacking one gets it, the run lacking two stays short."""
    laid = arrange((RUN4, SET3), [cards("R3 R4"), cards("B9 G9")], 1, [])
    assert laid.missing == (2, 0) and not laid.complete
    assert laid.groups[1].values() == ["9", "9", "9"]


def test_spare_wilds_join_a_set_before_lengthening_a_run():
    laid = arrange((RUN4, SET3), [cards("R3 R4 R5 R6"), cards("B9 G9 Y9")], 2, [])
    assert laid.complete and len(laid.groups[1].cards) == 5 and len(laid.groups[0].cards) == 4


def test_a_run_takes_spare_wilds_upward_and_below_it_once_it_reaches_twelve():
    (run,) = arrange((RUN4,), [cards("R5 B6 G7")], 2, []).groups
    assert run.values() == ["5", "6", "7", "8", "9"]
    (run,) = arrange((RUN4,), [cards("R10 B11 G12")], 2, []).groups
    assert run.values() == ["8", "9", "10", "11", "12"]
    laid = arrange((RUN4,), [cards("R9 B10 G11 Y12")], 1, [])
    assert laid.groups[0].values() == ["8", "9", "10", "11", "12"]


def test_a_colour_groups_wilds_stand_for_its_colour():
    (group,) = arrange((COLOUR7,), [cards("B1 B3 B5 B7 B9")], 2, []).groups
    assert group.values() == ["B"] * 7
    assert group.to_dict()["wilds"] == {"5": "B", "6": "B"}


def test_naturals_that_fit_no_group_and_wilds_with_no_room_are_left_over():
    laid = arrange((RUN4,), [cards(" ".join(f"R{n}" for n in range(1, 13)))], 1, cards("G5"))
    assert [str(card) for card in laid.left_over] == ["G5", "W"] and not laid.complete
