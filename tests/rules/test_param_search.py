"""The per-value search for phases of sets and runs (or colour groups only): the cheapest
parameters for the groups, and the cards shared out as they say."""

from __future__ import annotations

from scorer.rules.param_search import allocate, search
from scorer.rules.solver import RUN, SET


def test_two_sets_take_the_two_values_that_show_most():
    cost, params = search({5: 3, 9: 3, 2: 1}, (SET, SET), (3, 3), 0, natural_per_group=False)
    assert cost == 1 and sorted(params) == [5, 9]  # the 2 left over


def test_a_run_is_given_the_range_its_naturals_and_wilds_fill():
    cost, (run,) = search({3: 1, 4: 1, 6: 1}, (RUN,), (4,), 1, natural_per_group=False)
    assert cost == 0 and run[0] <= 3 and run[1] >= 6 and run[1] - run[0] + 1 == 4


def test_a_set_and_a_run_share_the_cards_without_using_one_twice():
    """Phase 4-style: a set of 3 and a run of 4, the 5s shared between them."""
    counts = {5: 3, 6: 1, 7: 1, 8: 1}
    cost, params = search(counts, (SET, RUN), (3, 4), 0, natural_per_group=False)
    assert cost == 1  # three 5s cannot make both the set of 3 and the run's 5
    cost, params = search({**counts, 5: 4}, (SET, RUN), (3, 4), 0, natural_per_group=False)
    assert cost == 0 and params == (5, (5, 8))
    taken, left = allocate({5: ["a", "b", "c", "d"], 6: ["e"], 7: ["f"], 8: ["g"]},
                           (SET, RUN), (3, 4), params)
    assert len(taken[0]) == 3 and set(taken[0]) <= set("abcd")  # the set: three 5s
    assert len(taken[1]) == 4 and left == []  # the run: a 5, 6, 7 and 8
    assert sorted(taken[0] + taken[1]) == list("abcdefg")


def test_cards_of_a_value_no_group_takes_are_left_over():
    taken, left = allocate({5: ["x", "y", "z"], 9: ["q"]}, (SET,), (3,), (5,))
    assert taken == [["x", "y", "z"]] and left == ["q"]


def test_two_sets_of_one_value_share_its_cards():
    taken, left = allocate({5: list("abcdef")}, (SET, SET), (3, 3), (5, 5))
    assert [len(pile) for pile in taken] == [3, 3] and left == []
