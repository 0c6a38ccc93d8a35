"""A game's records: the set-up (2-6 players, names told apart) and each round's results,
read from and written to the dicts the app stores."""

from __future__ import annotations

import pytest

from scorer.errors import NotationError, RulesError
from scorer.game.records import GameSetup, PlayerResult, RoundRecord
from scorer.game.replay import replay
from scorer.game.variants import make_rules
from tests.game.test_standings import PLAYERS, rnd


@pytest.mark.parametrize("players", [("Ann",), tuple("ABCDEFG")])
def test_two_to_six_players(players):
    """Phase 10 is a game for 2-6 players."""
    with pytest.raises(RulesError) as caught:
        GameSetup(players)
    assert caught.value.code == "player_count"


def test_player_names_must_differ():
    with pytest.raises(RulesError) as caught:
        GameSetup(("Ann", "ann "))
    assert caught.value.field == "players"


def test_every_name_problem_of_a_setup_is_reported_at_once():
    """Two names given twice and one too long: one error names all three, in seat order."""
    with pytest.raises(ValueError) as caught:
        GameSetup(["Anna", "Bo", "anna", "B" * 41, "bo"])
    found = [(e.code, e.player) for e in (caught.value, *caught.value.more)]
    assert found == [("duplicate_player", "anna"), ("name_too_long", None),
                     ("duplicate_player", "bo")]

@pytest.mark.parametrize("players", [("Ann", ""), ("Ann", None), "AnnBob"])
def test_player_names_must_be_text(players):
    with pytest.raises(NotationError):
        GameSetup(players)


def test_setup_round_trips():
    setup = GameSetup(PLAYERS, make_rules("even", natural_per_group=True), first_dealer=2)
    assert GameSetup.from_dict(setup.to_dict()) == setup


def test_two_players_marked_as_going_out_is_refused():
    """'exactly one player goes out'"""
    with pytest.raises(RulesError) as caught:
        RoundRecord.from_dict({"results": [], "went_out": ["Ann", "Bob"]})
    assert caught.value.code == "several_went_out"


@pytest.mark.parametrize("points", ["ten", 2.5, True])
def test_unreadable_points_are_a_notation_error(points):
    with pytest.raises(NotationError) as caught:
        PlayerResult("Ann", False, points)
    assert caught.value.field == "points"


def test_a_bad_hand_card_is_a_notation_error():
    with pytest.raises(NotationError) as caught:
        PlayerResult("Ann", False, hand="R5 X9")
    assert (caught.value.field, caught.value.player) == ("hand", "Ann")


def test_round_record_dict_round_trips():
    """A round as the engine checked it (hands, phases filled in) reads back the same."""
    record = replay(GameSetup(PLAYERS), []).check(rnd("Ann", Ann=(True, 0), Bob=(True, "R5 W"),
                                         Cy=(False, 50)))
    assert RoundRecord.from_dict(record.to_dict()) == record
