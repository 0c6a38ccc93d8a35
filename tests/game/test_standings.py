"""A game across rounds (docs/rules.md, "A round", "Scoring", "Winning", "Variants")."""

from __future__ import annotations

import pytest

from scorer.errors import GameRulesError, RulesError
from scorer.game.standings import (
    GameSetup,
    PlayerResult,
    RoundRecord,
    replay,
    standings,
)
from scorer.game.variants import make_rules

PLAYERS = ("Ann", "Bob", "Cy")


def rnd(out: str | None, **results: tuple) -> RoundRecord:
    """A round: ``Ann=(True, 0)`` is (completed, points[, phase]); strings are hands."""
    made = []
    for name, value in results.items():
        completed, score, *phase = value
        attempted = phase[0] if phase else None
        if isinstance(score, str):
            made.append(PlayerResult(name, completed, hand=score, phase=attempted))
        else:
            made.append(PlayerResult(name, completed, score, phase=attempted))
    return RoundRecord(tuple(made), out)


def tie(out: str, *players: str) -> RoundRecord:
    return RoundRecord(tuple(PlayerResult(p, p == out) for p in players), out, tie_breaker=True)


@pytest.fixture
def setup() -> GameSetup:
    return GameSetup(PLAYERS)


def rules_error(setup, rounds, record) -> GameRulesError:
    with pytest.raises(RulesError) as caught:
        replay(setup, rounds).check(record)
    return caught.value


# -- dealer and rounds ----------------------------------------------------------------------

def test_the_deal_moves_one_seat_to_the_left_each_round(setup):
    """'The deal moves one seat to the left each round. Play starts left of the dealer.'"""
    rounds = []
    dealers = []
    for _ in range(4):
        st = standings(setup, rounds)
        dealers.append(st.dealer)
        assert [p.player for p in st.players if p.is_dealer] == [st.dealer]
        rounds.append(rnd("Ann", Ann=(True, 0), Bob=(False, 50), Cy=(False, 50)))
    assert dealers == ["Ann", "Bob", "Cy", "Ann"]
    assert standings(GameSetup(PLAYERS, first_dealer=1), []).first_player == "Cy"


def test_completing_a_phase_moves_to_the_next_others_repeat(setup):
    """'Every player who completed their phase in the round moves to the next phase; the
    others repeat theirs.'"""
    st = standings(setup, [rnd("Ann", Ann=(True, 0), Bob=(True, 35), Cy=(False, 80))])
    assert [(p.player, p.phase, p.phases_completed, p.total) for p in st.players] == [
        ("Ann", 2, 1, 0), ("Bob", 2, 1, 35), ("Cy", 1, 0, 80)]
    assert st.players[2].phase_spec.describe() == "2 sets of 3"
    assert st.round_number == 2
    assert st.leader == "Ann"


def test_points_add_up_over_the_game(setup):
    """'Points add up over the game; lower is better.'"""
    rounds = [rnd("Ann", Ann=(True, 0), Bob=(False, 50), Cy=(False, 75)),
              rnd("Bob", Ann=(False, 55), Bob=(True, 0), Cy=(False, 60))]
    st = standings(setup, rounds)
    assert [p.total for p in st.players] == [55, 50, 135]
    assert st.players[0].round_points == (0, 55)


def test_points_come_from_the_hand_when_a_hand_is_given(setup):
    """'every other player scores the cards left in their hand: 1-9 = 5 points, 10-12 = 10,
    Skip = 15, Wild = 25.'"""
    record = replay(setup, []).check(rnd("Ann", Ann=(True, 0),
                                         Bob=(True, "R5 B11 S W"),
                                         Cy=(False, "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10")))
    assert [r.points for r in record.results] == [0, 55, 55]


def test_normalised_record_is_in_seat_order_with_canonical_names(setup):
    record = replay(setup, []).check(RoundRecord(
        (PlayerResult("cy", False, 50), PlayerResult("ANN", True, 0),
         PlayerResult("Bob", False, 50)),
        "ann"))
    assert [r.player for r in record.results] == list(PLAYERS)
    assert record.went_out == "Ann"
    assert [r.phase for r in record.results] == [1, 1, 1]


# -- bad rounds -----------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("record", "code", "player", "field"),
    [
        (rnd("Ann", Ann=(True, 0), Bob=(False, -5), Cy=(False, 50)), "negative_points", "Bob",
         "points"),
        (rnd("Ann", Ann=(True, 0), Bob=(False, 52), Cy=(False, 50)), "points_not_multiple_of_5",
         "Bob", "points"),
        (rnd("Ann", Ann=(True, 0), Bob=(False, 235), Cy=(False, 50)), "points_too_high", "Bob",
         "points"),
        (rnd("Ann", Ann=(True, 0), Bob=(False, 45), Cy=(False, 50)), "points_below_50", "Bob",
         "points"),
        (rnd("Ann", Ann=(False, 0), Bob=(False, 50), Cy=(False, 50)), "went_out_without_phase",
         "Ann", "completed"),
        (rnd("Ann", Ann=(True, 0), Bob=(True, 0), Cy=(False, 50)), "zero_points", "Bob", "points"),
        (rnd(None, Ann=(True, 10), Bob=(True, 20), Cy=(False, 50)), "nobody_went_out", None,
         "went_out"),
        (rnd("Dan", Ann=(True, 0), Bob=(True, 20), Cy=(False, 50)), "unknown_player", "Dan",
         "went_out"),
        (rnd("Ann", Ann=(True, 0), Bob=(True, 20), Dan=(False, 50)), "unknown_player", "Dan",
         "player"),
        (rnd("Ann", Ann=(True, 0), Bob=(True, 20)), "missing_player", "Cy", "results"),
        (rnd("Ann", Ann=(True, 5), Bob=(True, 20), Cy=(False, 50)), "went_out_with_cards", "Ann",
         "points"),
        (rnd("Ann", Ann=(True, 0), Bob=(True, None), Cy=(False, 50)), "points_missing", "Bob",
         "points"),
        (rnd("Ann", Ann=(True, 0), Bob=(True, 20), Cy=(False, "R1 R2 R3")), "hand_size", "Cy",
         "hand"),
        (rnd("Ann", Ann=(True, 0), Bob=(True, "R1 R1 R1"), Cy=(False, 50)), "hand_not_in_deck",
         "Bob", "hand"),
        (rnd("Ann", Ann=(True, 0, 2), Bob=(True, 20), Cy=(False, 50)), "wrong_phase", "Ann",
         "phase"),
    ],
)
def test_a_round_that_cannot_have_happened_is_refused(setup, record, code, player, field):
    """'exactly one player goes out, and that player completed their phase; a player who did
    not lay down still holds 10 cards, so scores at least 50; every score is a multiple of 5;
    230 is the most a 10-card hand can score.'"""
    error = rules_error(setup, [], record)
    assert (error.code, error.player, error.field) == (code, player, field)
    if player:
        assert player in str(error)


def test_points_that_disagree_with_the_hand_are_refused(setup):
    record = RoundRecord((PlayerResult("Ann", True, 0), PlayerResult("Bob", True, 20, hand="W"),
                          PlayerResult("Cy", False, 50)), "Ann")
    assert rules_error(setup, [], record).code == "points_mismatch"


def test_every_wrong_result_of_a_round_is_reported_at_once(setup):
    """Two players' points are wrong: the first is raised, the second rides along."""
    error = rules_error(setup, [], rnd("Ann", Ann=(True, 0), Bob=(False, 52), Cy=(False, 500)))
    assert (error.player, error.code) == ("Bob", "points_not_multiple_of_5")
    assert [(e.player, e.code) for e in error.more] == [("Cy", "points_too_high")]
    assert error.to_dict()["more"][0]["player"] == "Cy"
    forgot = rules_error(setup, [], rnd("Ann", Ann=(False, 0), Bob=(False, 52), Cy=(False, 50)))
    assert [(e.player, e.code) for e in (forgot, *forgot.more)] == [
        ("Ann", "went_out_without_phase"), ("Bob", "points_not_multiple_of_5")]
    empty = rules_error(setup, [], rnd(None, Ann=(False, None), Bob=(False, None),
                                       Cy=(False, 0)))
    assert [(e.player, e.code) for e in (empty, *empty.more)] == [
        (None, "nobody_went_out"), ("Ann", "points_or_went_out"), ("Bob", "points_or_went_out")]
    single = rules_error(setup, [], rnd("Ann", Ann=(True, 0), Bob=(False, 52), Cy=(False, 50)))
    assert single.more == () and "more" not in single.to_dict()


def test_a_refused_round_changes_nothing(setup):
    rounds = [rnd("Ann", Ann=(True, 0), Bob=(False, 50), Cy=(False, 50))]
    before = standings(setup, rounds)
    rules_error(setup, rounds, rnd("Ann", Ann=(True, 0), Bob=(False, 51), Cy=(False, 50)))
    assert standings(setup, rounds) == before


# -- edits ----------------------------------------------------------------------------------

def test_editing_a_past_round_recomputes_everything(setup):
    rounds = [rnd("Ann", Ann=(True, 0), Bob=(False, 50), Cy=(False, 50)),
              rnd("Bob", Ann=(False, 60), Bob=(True, 0), Cy=(True, 20))]
    edited = [rnd("Cy", Ann=(False, 50), Bob=(False, 50), Cy=(True, 0)), *rounds[1:]]
    st = standings(setup, edited)
    assert [(p.phase, p.total) for p in st.players] == [(1, 110), (2, 50), (3, 20)]
    assert standings(setup, rounds[1:]).players[2].phase == 2


def test_an_edit_that_breaks_a_later_round_names_that_round(setup):
    rules = make_rules("short", phases_count=1)
    setup = GameSetup(PLAYERS, rules)
    rounds = [rnd("Ann", Ann=(False, 50), Bob=(False, 50), Cy=(False, 50))] * 0 + [
        rnd("Ann", Ann=(True, 0), Bob=(False, 50), Cy=(False, 50))]
    with pytest.raises(RulesError) as caught:
        replay(setup, rounds + rounds)
    assert caught.value.code == "game_over"
    assert caught.value.params["round"] == 2


def test_an_edit_at_index_is_checked_against_the_rounds_before_it(setup):
    rounds = [rnd("Ann", Ann=(True, 0), Bob=(False, 50), Cy=(False, 50))]
    record = rnd("Bob", Ann=(True, 10, 1), Bob=(True, 0), Cy=(False, 50))
    assert replay(setup, rounds[:0]).check(record).results[0].phase == 1


# -- winning --------------------------------------------------------------------------------

def short_setup(players=("Ann", "Bob"), count=2, variant="short"):
    return GameSetup(players, make_rules(variant, phases_count=count))


def test_winner_is_the_first_to_complete_the_last_phase():
    """'A player wins by completing the last phase and the round ending.'"""
    setup = short_setup()
    rounds = [rnd("Ann", Ann=(True, 0), Bob=(False, 50)),
              rnd("Bob", Ann=(False, 50), Bob=(True, 0)),
              rnd("Ann", Ann=(True, 0), Bob=(True, 40))]
    st = standings(setup, rounds)
    assert st.winner == "Ann" and st.finished
    assert st.players[0].phase is None and st.players[0].phase_spec is None
    assert rules_error(setup, rounds, rnd("Bob", Ann=(False, 50), Bob=(True, 0))).code == (
        "game_over")


def test_several_finish_the_lowest_total_wins():
    """'If several players complete the last phase in the same round, the lowest total wins.'"""
    setup = short_setup(count=1)
    st = standings(setup, [rnd("Bob", Ann=(True, 20), Bob=(True, 0))])
    assert st.winner == "Bob"


def test_still_tied_a_tie_breaker_round_decides():
    """'If they are still tied, they play a tie-breaker round with phase 10's goal: the first
    to lay it down wins at once.'"""
    setup = short_setup(players=("Ann", "Bob", "Cy"))
    rounds = [rnd("Ann", Ann=(True, 0), Bob=(False, 60), Cy=(True, 20)),
              rnd("Cy", Ann=(True, 20), Bob=(True, 30), Cy=(True, 0))]
    st = standings(setup, rounds)
    assert st.winner is None and not st.finished
    assert st.tie_breaker == ("Ann", "Cy")
    assert st.tie_breaker_phase.describe() == "1 set of 5 + 1 set of 3"
    assert rules_error(setup, rounds, rnd("Ann", Ann=(True, 0), Bob=(False, 50),
                                          Cy=(False, 50))).code == "tie_breaker_pending"
    assert rules_error(setup, rounds, tie("Bob", "Ann", "Bob")).code == "extra_result"
    final = standings(setup, rounds + [tie("Cy", "Ann", "Cy")])
    assert final.winner == "Cy" and final.tie_breaker == ()
    assert final.players[0].total == 20


def test_tie_breaker_flag_without_a_tie_is_refused(setup):
    assert rules_error(setup, [], tie("Ann", *PLAYERS)).code == "no_tie_breaker"


def test_everyone_advances_lowest_total_wins():
    """'Everyone advances: all players move one phase each round; after the last phase, the
    lowest total wins.'"""
    setup = GameSetup(("Ann", "Bob"), make_rules("everyone-advances", phases_count=2))
    rounds = [rnd("Ann", Ann=(True, 0), Bob=(False, 50))]
    st = standings(setup, rounds)
    assert [p.phase for p in st.players] == [2, 2]
    st = standings(setup, rounds + [rnd("Ann", Ann=(True, 0), Bob=(True, 5))])
    assert st.winner == "Ann"
    assert [p.phases_completed for p in st.players] == [2, 1]


def test_even_phases_only_game_moves_two_to_four():
    """'Even or odd: play only the even-numbered, or only the odd-numbered, phases.'"""
    setup = GameSetup(("Ann", "Bob"), make_rules("even"))
    st = standings(setup, [rnd("Ann", Ann=(True, 0), Bob=(False, 50))])
    assert [p.phase for p in st.players] == [4, 2]
    assert st.players[0].remaining == (4, 6, 8, 10)


def test_choose_your_phase_each_once_first_to_complete_all_wins():
    """'Choose your phase: any phase in any round, each phase once; the first to complete all
    of them wins.'"""
    setup = GameSetup(("Ann", "Bob"), make_rules("choose", phases_count=2))
    r1 = rnd("Ann", Ann=(True, 0, 2), Bob=(True, 30, 1))
    st = standings(setup, [r1])
    assert st.players[0].remaining == (1,) and st.players[1].remaining == (2,)
    assert rules_error(setup, [r1], rnd("Ann", Ann=(True, 0, 2), Bob=(False, 50))).code == (
        "phase_not_available")
    assert rules_error(setup, [r1], rnd("Ann", Ann=(True, 0), Bob=(False, 50))).code == (
        "phase_missing")
    st = standings(setup, [r1, rnd("Bob", Ann=(False, 50), Bob=(True, 0, 2))])
    assert st.winner == "Bob"


# -- whole games ----------------------------------------------------------------------------

def test_replay_a_recorded_four_player_game():
    """A whole standard game, replayed from its round records."""
    setup = GameSetup(("Ann", "Bob", "Cy", "Dee"), first_dealer=3)
    done = {"Ann": 0, "Bob": 0, "Cy": 0, "Dee": 0}
    rounds = []
    # Ann completes every round and goes out; Bob completes every other round; Cy every third;
    # Dee never, always holding 50.
    for number in range(10):
        results = {
            "Ann": (True, 0),
            "Bob": (number % 2 == 0, 20 if number % 2 == 0 else 55),
            "Cy": (number % 3 == 0, 10 if number % 3 == 0 else 100),
            "Dee": (False, 50),
        }
        for name, (completed, _) in results.items():
            done[name] += completed
        rounds.append(rnd("Ann", **results))
    st = standings(setup, rounds)
    assert st.winner == "Ann" and st.leader == "Ann"
    assert [(p.player, p.phase, p.phases_completed, p.total) for p in st.players] == [
        ("Ann", None, 10, 0),
        ("Bob", 6, 5, 5 * 20 + 5 * 55),
        ("Cy", 5, 4, 4 * 10 + 6 * 100),
        ("Dee", 1, 0, 500),
    ]
    assert st.round_number == 11
    assert [p.phases_completed for p in st.players] == list(done.values())
    serialised = [RoundRecord.from_dict(r.to_dict()) for r in replay(setup, rounds).rounds]
    assert standings(setup, serialised) == st


RECORDED_TIE_GAME = {
    "setup": {"players": ["Ann", "Bob", "Cy"], "first_dealer": 0,
              "rules": make_rules("short", phases_count=3).to_dict()},
    "rounds": [
        {"went_out": "Bob", "results": [
            {"player": "Ann", "completed": True, "hand": ["R5", "W"]},
            {"player": "Bob", "completed": True, "hand": []},
            {"player": "Cy", "completed": False,
             "hand": "R1 R2 R3 R4 R5 R6 R7 R8 R9 S"}]},
        {"went_out": "Ann", "results": [
            {"player": "Ann", "completed": True, "points": 0},
            {"player": "Bob", "completed": True, "points": 30},
            {"player": "Cy", "completed": True, "points": 10}]},
        {"went_out": "Cy", "results": [
            {"player": "Ann", "completed": True, "points": 30},
            {"player": "Bob", "completed": True, "points": 0},
            {"player": "Cy", "completed": True, "points": 0}]},
    ],
}


def test_replay_a_recorded_game_with_a_tie_breaker():
    """Ann and Bob both finish phase 3 in round 3 on 60 points: a tie-breaker decides."""
    import copy
    import json

    setup = GameSetup.from_dict(RECORDED_TIE_GAME["setup"])
    data = copy.deepcopy(RECORDED_TIE_GAME["rounds"])
    # Bob cannot score 0 without going out: that round is refused as recorded.
    with pytest.raises(RulesError) as caught:
        replay(setup, [RoundRecord.from_dict(r) for r in data])
    assert (caught.value.code, caught.value.player, caught.value.params["round"]) == (
        "zero_points", "Bob", 3)
    data[2]["results"][1]["points"] = 30
    rounds = [RoundRecord.from_dict(r) for r in data]
    st = standings(setup, rounds)
    assert [(p.player, p.phase, p.total) for p in st.players] == [
        ("Ann", None, 60), ("Bob", None, 60), ("Cy", 3, 70)]
    assert st.tie_breaker == ("Ann", "Bob") and st.winner is None
    assert json.loads(json.dumps(st.to_dict()))["tie_breaker"] == ["Ann", "Bob"]
    final = standings(setup, rounds + [RoundRecord.from_dict({
        "tie_breaker": True, "went_out": "Bob",
        "results": [{"player": "Ann", "completed": False}, {"player": "Bob", "completed": True}],
    })])
    assert final.winner == "Bob" and final.finished and final.leader == "Bob"
    assert final.players[0].round_points == (30, 0, 30, None)
    assert final.round_number == 5


def test_replay_an_everyone_advances_game_with_hands():
    setup = GameSetup(("Ann", "Bob"), make_rules("everyone-advances", phases_count=3),
                      first_dealer=1)
    rounds = [
        rnd("Ann", Ann=(True, ""), Bob=(False, "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10")),
        rnd("Bob", Ann=(False, "W W W W W W W W S S"), Bob=(True, "")),
        rnd("Ann", Ann=(True, 0), Bob=(True, 15)),
    ]
    st = standings(setup, rounds)
    assert [(p.phases_completed, p.total) for p in st.players] == [(2, 230), (2, 70)]
    assert st.winner == "Bob"
    assert [standings(setup, rounds[:i]).dealer for i in range(3)] == ["Bob", "Ann", "Bob"]


def test_standings_before_any_round():
    st = standings(GameSetup(PLAYERS), [])
    assert st.round_number == 1 and st.dealer == "Ann" and st.first_player == "Bob"
    assert st.leader is None and st.winner is None and st.tie_breaker == ()
    assert all(p.phase == 1 and p.total == 0 for p in st.players)
