"""Validating a phase from an unordered multiset of cards (docs/rules.md, "Groups", "Wild and
Skip")."""

import pytest

from scorer.cards import parse_cards
from scorer.errors import NotationError
from scorer.rules.phases import PhaseSpec, standard_phase
from scorer.rules.validate import validate, validate_groups


def ok(phase, cards, **kw):
    verdict = validate(phase, cards, **kw)
    assert verdict.valid, verdict.reason
    assert sorted(c for g in verdict.groups for c in g.cards) == sorted(parse_cards(cards))
    return verdict


def no(phase, cards, **kw):
    verdict = validate(phase, cards, **kw)
    assert not verdict.valid, [str(g) for g in verdict.groups]
    assert verdict.groups == ()
    return verdict


# -- groups ---------------------------------------------------------------------------------

def test_set_is_cards_of_the_same_number_colours_free():
    """'Set: two or more cards of the same number, colours free.'"""
    ok(1, "R5 B5 G5 Y7 Y7 R7")
    no(1, "R5 B5 G6 Y7 Y7 R7")


def test_run_is_consecutive_numbers_colours_free():
    """'Run: cards of consecutive numbers, one card per number, colours free, inside 1..12.'"""
    ok(4, "R3 B4 G5 Y6 Y7 R8 B9")
    no(4, "R3 B4 G5 Y6 Y7 R8 B10")


def test_run_has_one_card_per_number():
    """'one card per number'"""
    no(4, "R3 B4 G5 Y6 Y6 R8 B9")


def test_run_cannot_wrap_from_12_to_1():
    """'No wrap-around (12 is not followed by 1).'"""
    no(4, "R8 B9 G10 Y11 R12 B1 G2")


def test_colour_is_cards_of_one_colour_numbers_free():
    """'Colour: cards of one colour, numbers free (two yellow 7s count as two yellow cards).'"""
    ok(8, "Y7 Y7 Y1 Y12 Y3 Y4 Y9")
    no(8, "Y7 Y7 Y1 Y12 Y3 Y4 B9")


def test_cards_come_in_any_order():
    """The cards are an unordered multiset, as a camera sees them on the table."""
    ok(2, "R9 G5 W B7 R5 Y8 B5")


# -- sizes and exact split ------------------------------------------------------------------

def test_sizes_are_minimums_a_group_may_be_longer():
    """'a group may be longer (a set of 4 meets "set of 3")'"""
    verdict = ok(1, "R5 B5 G5 Y5 R7 B7 G7")
    assert sorted(len(g.cards) for g in verdict.groups) == [3, 4]
    ok(4, "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12")


def test_every_card_laid_must_belong_to_a_group():
    """'every card laid down must belong to one of the phase's groups'"""
    verdict = no(1, "R5 B5 G5 R7 B7 G7 Y9")
    assert verdict.reason.code == "cards_left_over"
    assert verdict.reason.params["cards"] == ["Y9"]
    assert "Y9 fits no group" in verdict.reason.text


def test_no_group_beyond_the_phase():
    """'no group beyond them may be laid (phase 1 is exactly two sets)'"""
    no(1, "R5 B5 G5 R7 B7 G7 R9 B9 G9")


def test_two_sets_may_share_a_number():
    """'Two sets of one phase may share a number.'"""
    verdict = ok(1, "R5 B5 G5 Y5 R5 B5")
    assert [len(g.cards) for g in verdict.groups] == [3, 3]


def test_a_run_of_twelve_cannot_take_a_thirteenth_card():
    """A run stays inside 1..12, so at most 12 cards."""
    no(4, "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 W")


# -- wilds ----------------------------------------------------------------------------------

def test_wild_stands_for_any_number_and_colour():
    """'A Wild stands for any number and any colour.'"""
    verdict = ok(4, "R3 B4 G5 W Y7 R8 B9")
    (group,) = verdict.groups
    assert [str(c) for c in group.cards] == ["R3", "B4", "G5", "W", "Y7", "R8", "B9"]
    assert group.wild_values == {3: "6"}
    assert group.to_dict()["wilds"] == {"3": "6"}


def test_wild_in_a_colour_group_stands_for_the_colour():
    verdict = ok(8, "G1 G5 G9 G9 W W G12")
    assert set(verdict.groups[0].wild_values.values()) == {"G"}


def test_wilds_extend_a_run_inside_1_to_12():
    verdict = ok(5, "R10 B11 G12 W W W W W")
    assert verdict.groups[0].values() == [str(n) for n in range(5, 13)]


def test_at_least_one_natural_card_in_the_phase():
    """'at least one natural (non-Wild) card in the phase as a whole; any number of Wilds'"""
    verdict = no(1, "W W W W W W")
    assert verdict.reason.code == "no_natural"
    ok(1, "W W W R7 B7 G7")


def test_house_rule_a_natural_card_in_every_group():
    """'House-rule option: at least one natural card in every group.'"""
    ok(1, "W W W W W R7")
    verdict = no(1, "W W W W W R7", natural_per_group=True)
    assert verdict.reason.code == "no_natural"
    assert verdict.reason.params["group"] in (0, 1)
    ok(1, "W W W R7 B7 G7", natural_per_group=True)  # R7 B7 W + G7 W W


def test_skip_is_never_part_of_a_phase():
    """'A Skip is never part of a phase'"""
    verdict = no(1, "R5 B5 G5 R7 B7 G7 S")
    assert verdict.reason.code == "skip_in_phase"
    assert verdict.reason.params == {"cards": ["S"]}


def test_complete_search_not_greedy():
    """A greedy split (the biggest set first) would fail; the complete search finds it."""
    ok(2, "R5 B5 G5 Y5 R2 R3 R4")   # the 4th 5 belongs to the run 2 3 4 5
    ok(10, "R5 B5 G5 Y5 W R5 B5 W")  # set of 5 (5 5 5 5 W) and set of 3 (5 5 W)


# -- reasons --------------------------------------------------------------------------------

def test_closest_miss_names_the_longest_run_and_what_completes_it():
    verdict = no(4, "R3 B4 G5 W Y7 R8")
    assert verdict.reason.text == (
        "run of 7: the longest run is 6 cards (3 4 5 6 7 8, one of them a wild); "
        "a 2, a 9 or another wild would complete it")
    (item,) = verdict.reason.params["short"]
    assert item["missing"] == 1 and item["completions"] == ["2", "9", "W"]
    assert item["wilds"] == 1 and item["length"] == 6


def test_closest_miss_for_a_set():
    verdict = no(1, "R5 B5 R7 B7 G7 Y7")
    assert verdict.reason.code == "group_short"
    assert "another 5 or a wild would complete it" in verdict.reason.text


def test_closest_miss_reports_cards_left_over_too():
    verdict = no(2, "R5 B5 G5 R1 B2 W Y9")
    assert verdict.reason.code == "group_short"
    assert verdict.reason.params["left_over"] == ["Y9"]
    assert verdict.reason.text.endswith("Y9 fits no group")


def test_reason_is_structured_for_translation():
    data = no(4, "R3 B4 G5 W Y7 R8").to_dict()
    assert data["valid"] is False and data["phase"] == 4 and data["groups"] == []
    assert data["code"] == "group_short" and isinstance(data["reason"], str)


def test_valid_verdict_dict_shape():
    data = ok(1, "R5 B5 G5 Y7 Y7 W").to_dict()
    assert data["reason"] is None
    assert {tuple(g["cards"]) for g in data["groups"]} == {("R5", "B5", "G5"), ("Y7", "Y7", "W")}
    assert [g["wilds"] for g in data["groups"] if "W" in g["cards"]] == [{"2": "7"}]


def test_bad_cards_are_a_notation_error():
    with pytest.raises(NotationError):
        validate(1, "R5 B5 X5")
    with pytest.raises(NotationError):
        validate(11, "R5")


def test_custom_phase_mixing_colour_and_run():
    phase = PhaseSpec.parse("phase 11: run of 4 + colour of 3")
    ok(phase, "R1 B2 G3 Y4 G9 G10 G11")
    ok(phase, "G1 G2 G3 G4 W G9 G10")
    no(phase, "R1 B2 G3 Y4 G9 B10 G11")


# -- as laid out ----------------------------------------------------------------------------

def test_groups_as_laid_out_are_checked_each_against_a_requirement():
    verdict = validate_groups(2, ["R1 R2 W R4", "R5 B5 G5"])
    assert verdict.valid
    assert [g.kind.value for g in verdict.groups] == ["run", "set"]


def test_groups_as_laid_out_name_the_bad_group():
    verdict = validate_groups(2, ["R5 B5 G6", "R1 R2 W R4"])
    assert verdict.reason.code == "group_invalid"
    assert verdict.reason.params["group"] == 0


def test_groups_as_laid_out_must_match_the_group_count():
    verdict = validate_groups(1, ["R5 B5 G5", "R7 B7 G7", "R9 B9 G9"])
    assert verdict.reason.code == "wrong_group_count"


def test_laid_out_wild_only_group_follows_the_natural_rule():
    assert validate_groups(1, ["W W W", "R7 B7 G7"]).valid
    verdict = validate_groups(1, ["W W W", "R7 B7 G7"], natural_per_group=True)
    assert verdict.reason.code == "no_natural"


def test_standard_phase_numbers_are_accepted():
    assert validate(standard_phase(7), "R1 B1 G1 Y1 R2 B2 G2 Y2").valid


def test_custom_mixed_phase_on_a_crowded_table_still_answers():
    """Validity is always a complete search; only the closest-miss search is bounded."""
    import random

    from scorer.bench.rules import worst_case_tables

    phase = PhaseSpec.parse("phase 11: run of 4 + colour of 3")
    for table in worst_case_tables(random.Random(0), 3):
        verdict = validate(phase, table)
        assert not verdict.valid
        assert verdict.reason.code in {"no_grouping", "cards_left_over", "group_short"}
        assert verdict.reason.text
    # a valid crowded table is found however large the miss search would be
    ok(phase, "R1 B2 G3 Y4 R5 R6 R7 R8 R9 R10 R11 R12 W W W W W W W W")
