"""The face-by-face search behind the validator: exhaustive, costed as the closest fix, and
in agreement with the per-value search on every phase."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorer.cards import WILD, Colour
from scorer.rules.solver import COLOUR, RUN, SET, Search
from scorer.rules.validate import _KIND_CODES, validate
from tests.rules.test_validate_properties import PHASES, SETTINGS, any_card

RED, BLUE = 0, 1


@SETTINGS
@given(st.sampled_from(PHASES), st.lists(any_card, min_size=1, max_size=24), st.booleans())
def test_the_two_complete_searches_agree_on_larger_hands(phase, cards, natural_per_group):
    """The per-value search (sets, runs) and the face-by-face search (any phase) agree."""
    colour_index = {colour: i for i, colour in enumerate(Colour)}
    naturals = Counter((c.value, colour_index[c.colour]) for c in cards if c.is_natural)
    faces = [(n, c, k) for (n, c), k in sorted(naturals.items())]
    search = Search(faces, tuple(_KIND_CODES[g.kind] for g in phase.groups),
                    tuple(g.size for g in phase.groups), cards.count(WILD),
                    natural_per_group=natural_per_group)
    expected = bool(naturals) and search.solve_within(0) is not None
    assert validate(phase, cards, natural_per_group=natural_per_group).valid == expected


def test_a_valid_assignment_costs_nothing_and_says_which_faces_each_group_takes():
    """Two sets of 3: three 5s and two 9s with a Wild."""
    search = Search([(5, RED, 3), (9, BLUE, 2)], (SET, SET), (3, 3), 1, natural_per_group=False)
    found = search.solve_within(0)
    assert found is not None and found.cost == 0 and found.left_over == ()
    assert sorted(len(faces) for faces in found.taken) == [2, 3]


@pytest.mark.parametrize(("faces", "wilds", "cost"), [
    ([(5, RED, 2)], 0, 4),  # two 5s for two sets of 3: four cards short
    ([(5, RED, 3), (9, BLUE, 2)], 0, 1),  # one card short
    ([(5, RED, 3), (9, BLUE, 3), (2, RED, 1)], 0, 1),  # one card left over
])
def test_a_miss_costs_the_card_changes_its_closest_fix_needs(faces, wilds, cost):
    search = Search(sorted(faces), (SET, SET), (3, 3), wilds, natural_per_group=False)
    assert search.solve_within(0) is None
    assert search.solve().cost == cost


def test_a_run_takes_one_card_of_each_number_and_a_colour_group_one_colour():
    run = Search([(n, RED, 1) for n in range(3, 7)], (RUN,), (4,), 0, natural_per_group=False)
    assert run.solve_within(0) is not None
    twice = Search([(3, RED, 2), (4, RED, 1), (5, RED, 1)], (RUN,), (4,), 0,
                   natural_per_group=False)
    assert twice.solve_within(0) is None
    colour = Search([(1, BLUE, 1), (4, BLUE, 1), (8, RED, 1)], (COLOUR,), (3,), 0,
                    natural_per_group=False)
    assert colour.solve().cost == 2  # the R8 left over, and one blue card short


def test_the_house_rule_asks_a_natural_card_of_every_group():
    """Two sets of 3 from one 5 and five Wilds: valid, unless each set needs a natural."""
    assert Search([(5, RED, 1)], (SET, SET), (3, 3), 5, natural_per_group=False).solve_within(0)
    assert Search([(5, RED, 1)], (SET, SET), (3, 3), 5, natural_per_group=True
                  ).solve_within(0) is None


def test_a_search_for_a_miss_gives_up_past_its_memo_limit():
    faces = [(n, c, 1) for n in range(1, 13) for c in range(4)]
    search = Search(faces, (RUN, RUN, SET), (4, 4, 3), 2, natural_per_group=False, limit=5)
    assert search.solve() is None and search.overflowed
