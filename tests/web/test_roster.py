"""The new-game form's helpers: recent players, and a group's own phase list."""

from __future__ import annotations

import pytest

from scorer.rules.phases import PhaseSpec
from web.roster import PhaseListError, parse_phase_list, recent_players


def test_a_phase_list_is_one_phase_per_line_numbered_in_order():
    phases = parse_phase_list("3 sets of 3\n\n2. run of 5 + colour of 3\n")
    assert phases == (PhaseSpec.parse("3 sets of 3", 1),
                      PhaseSpec.parse("run of 5 + colour of 3", 2))


def test_each_phase_reads_back_from_its_description():
    for phase in parse_phase_list("set of 4 + run of 4\n7 cards of one colour\n2 runs of 4"):
        assert PhaseSpec.parse(phase.describe(), phase.number) == phase


@pytest.mark.parametrize("text, problem, line", [
    ("2 sets of 3\nthree sets", "unreadable", 2),
    ("run of 13", "run_too_long", 1),
    ("run of 9 + set of 3", "too_many_cards", 1),
    ("\n".join(["set of 3"] * 11), "too_many_phases", 11),
    ("  \n ", "empty", 0),
])
def test_a_phase_list_that_cannot_be_played_says_which_line_and_why(text, problem, line):
    with pytest.raises(PhaseListError) as caught:
        parse_phase_list(text)
    assert (caught.value.problem, caught.value.line) == (problem, line)


def test_every_bad_line_of_a_phase_list_is_reported_at_once():
    with pytest.raises(PhaseListError) as caught:
        parse_phase_list("2 sets of 3\nthree sets\nrun of 13\nrun of 9 + set of 3\nrun of 4")
    found = [(e.problem, e.line) for e in (caught.value, *caught.value.more)]
    assert found == [("unreadable", 2), ("run_too_long", 3), ("too_many_cards", 4)]


def test_recent_players_come_newest_first_once_each_ignoring_case():
    setups = [{"players": ["Ann", "Bob"]}, {"players": ["bob", "Cy"]}, {}]
    assert recent_players(setups) == ["Ann", "Bob", "Cy"]
    assert recent_players(setups, limit=2) == ["Ann", "Bob"]
