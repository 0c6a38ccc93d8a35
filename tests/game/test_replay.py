"""One replay gives both the checked rounds and the standings (docs/rules.md, "A round")."""

from __future__ import annotations

import pytest

from scorer.errors import RulesError
from scorer.game.replay import Replay, replay
from scorer.game.standings import (
    GameSetup,
    PlayerResult,
    RoundRecord,
    standings,
    standings_of,
)

PLAYERS = ("Ann", "Bob", "Cy")


def rnd(out: str, **results: tuple[bool, int]) -> RoundRecord:
    return RoundRecord(tuple(PlayerResult(name, done, points)
                             for name, (done, points) in results.items()), out)


ROUNDS = [rnd("Ann", Ann=(True, 0), Bob=(False, 50), Cy=(False, 75)),
          rnd("Bob", Ann=(False, 55), Bob=(True, 0), Cy=(True, 60)),
          rnd("Cy", Ann=(True, 20), Bob=(False, 50), Cy=(True, 0))]


@pytest.fixture
def setup() -> GameSetup:
    return GameSetup(PLAYERS)


def test_one_replay_gives_the_checked_rounds_and_the_standings(setup):
    played = replay(setup, ROUNDS)
    assert [r.phase for r in played.rounds[1].results] == [2, 1, 1]  # normalised: filled in
    assert standings_of(played) == standings(setup, ROUNDS)
    assert len(played.states) == len(ROUNDS) + 1


def test_a_new_game_has_played_no_round(setup):
    played = Replay.start(setup)
    assert played.rounds == ()
    assert standings_of(played) == standings(setup, [])


def test_a_round_played_after_a_replay_is_the_same_as_replaying_it_too(setup):
    assert replay(setup, ROUNDS[:2]).then(ROUNDS[2]) == replay(setup, ROUNDS)


def test_an_edit_resumes_from_the_rounds_before_it(setup):
    """Editing round 2 replays round 2 and the rounds after it; round 1 stands as checked."""
    edited = rnd("Ann", Ann=(True, 0), Bob=(False, 50), Cy=(False, 50))
    resumed = replay(setup, [edited, ROUNDS[2]], start=replay(setup, ROUNDS).upto(1))
    assert resumed == replay(setup, [ROUNDS[0], edited, ROUNDS[2]])


def test_a_bad_round_in_a_replay_names_its_number_in_the_game(setup):
    bad = rnd("Ann", Ann=(True, 0), Bob=(False, 51), Cy=(False, 50))
    with pytest.raises(RulesError) as caught:
        replay(setup, [bad], start=replay(setup, ROUNDS).upto(2))
    assert (caught.value.code, caught.value.params["round"]) == ("points_not_multiple_of_5", 3)


def test_checking_the_next_round_names_no_round_number(setup):
    """The next round is not part of the game yet, so its errors carry no round number."""
    with pytest.raises(RulesError) as caught:
        replay(setup, ROUNDS).check(rnd("Ann", Ann=(True, 0), Bob=(False, 51), Cy=(False, 50)))
    assert "round" not in caught.value.params


def test_a_replay_up_to_a_missing_round_is_refused(setup):
    with pytest.raises(RulesError) as caught:
        replay(setup, ROUNDS).upto(4)
    assert caught.value.code == "no_such_round"
