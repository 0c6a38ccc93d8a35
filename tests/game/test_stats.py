"""Statistics across games (scorer.game.stats): figures read off the engine's replays."""

from __future__ import annotations

from scorer.game import stats
from scorer.game.standings import GameSetup, PlayerResult, RoundRecord, replay
from scorer.game.variants import make_rules

ONE_PHASE = make_rules("short", phases_count=1)
TWO_PHASES = make_rules("short", phases_count=2)


def rnd(out: str, **results: tuple[bool, int]) -> RoundRecord:
    """A round: ``Ann=(True, 0)`` is (completed, points)."""
    return RoundRecord(tuple(PlayerResult(n, c, p) for n, (c, p) in results.items()), out)


def game(key: int, players: tuple[str, ...], rounds: list[RoundRecord], rules=ONE_PHASE,
         when: str | None = None) -> stats.PlayedGame:
    setup = GameSetup(players, rules)
    return stats.PlayedGame(key, f"game {key}", when or f"2026-12-0{key}T20:00:00Z",
                            replay(setup, rounds))


def ann_wins(key: int, players=("Ann", "Bob"), bob_points: int = 50, **kw) -> stats.PlayedGame:
    results = {name: (False, bob_points) for name in players[1:]}
    return game(key, players, [rnd(players[0], **{players[0]: (True, 0)}, **results)], **kw)


def by_name(figures: list[stats.PlayerStats]) -> dict[str, stats.PlayerStats]:
    return {f.player: f for f in figures}


def test_games_played_and_won_count_every_game_and_the_finished_ones():
    unfinished = game(3, ("Ann", "Bob"), [rnd("Bob", Ann=(False, 50), Bob=(True, 0))],
                      rules=TWO_PHASES)
    figures = by_name(stats.player_stats([ann_wins(1), ann_wins(2), unfinished]))
    assert (figures["Ann"].games, figures["Ann"].finished, figures["Ann"].won) == (3, 2, 2)
    assert (figures["Bob"].games, figures["Bob"].finished, figures["Bob"].won) == (3, 2, 0)


def test_averages_are_per_scored_round():
    """Bob: 50 + 50 + 0 penalty over three rounds, one phase completed."""
    two_rounds = game(2, ("Ann", "Bob"), [
        rnd("Ann", Ann=(True, 0), Bob=(False, 50)),
        rnd("Bob", Ann=(True, 5), Bob=(True, 0)),  # Ann ends phase 2: she wins
    ], rules=TWO_PHASES)
    figures = by_name(stats.player_stats([ann_wins(1), two_rounds]))
    bob = figures["Bob"]
    assert (bob.rounds, bob.points, bob.phases) == (3, 100, 1)
    assert round(bob.average_penalty, 2) == 33.33
    assert round(bob.phases_per_round, 2) == 0.33
    assert figures["Ann"].phases_per_round == 1.0
    assert round(figures["Ann"].average_penalty, 2) == 1.67
    assert bob.to_dict()["average_penalty"] == 33.33


def test_no_rounds_no_averages():
    fresh = game(1, ("Ann", "Bob"), [])
    ann = stats.player_stats([fresh])[0]
    assert ann.rounds == 0 and ann.average_penalty is None and ann.phases_per_round is None
    assert ann.best is None and ann.streak == 0


def test_the_longest_streak_counts_wins_in_a_row_in_the_order_played():
    played = [ann_wins(1), ann_wins(2), ann_wins(3, ("Bob", "Ann")), ann_wins(4), ann_wins(5),
              ann_wins(6)]
    figures = by_name(stats.player_stats(reversed(played)))  # any order in: time order counts
    assert figures["Ann"].won == 5 and figures["Ann"].streak == 3
    assert figures["Bob"].streak == 1


def test_the_best_game_is_the_lowest_total_of_a_finished_game():
    figures = by_name(stats.player_stats([ann_wins(1, bob_points=90), ann_wins(2, bob_points=55),
                                          ann_wins(3, bob_points=75)]))
    best = figures["Bob"].best
    assert (best.key, best.total, best.won) == (2, 55, False)
    assert figures["Ann"].best.key == 1  # 0 points each time: the first one


def test_players_are_matched_ignoring_case_and_named_as_in_their_latest_game():
    figures = stats.player_stats([ann_wins(1, ("ann", "Bob")), ann_wins(2, ("ANN", "Bob"))])
    assert [f.player for f in figures] == ["ANN", "Bob"]
    assert figures[0].won == 2


def test_a_group_is_the_games_of_exactly_those_players():
    played = [ann_wins(1), ann_wins(2, ("Ann", "Bob", "Cy")), ann_wins(3, ("bob", "ann"))]
    groups = stats.groups(played)
    assert [(g.players, g.games) for g in groups] == [
        (("bob", "ann"), 2), (("Ann", "Bob", "Cy"), 1)]
    chosen = stats.of_group(played, stats.group_key(["ANN", "Bob"]))
    assert [g.key for g in chosen] == [1, 3]
    assert {f.player: f.games for f in stats.player_stats(chosen)} == {"ann": 2, "bob": 2}
    assert stats.of_group(played, None) == stats.in_time_order(played)


def test_wins_over_games_carry_for_a_player_who_sat_one_out():
    played = [ann_wins(1, ("Bob", "Cy")), ann_wins(2, ("Ann", "Bob")), ann_wins(3, ("Cy", "Ann"))]
    names, series = stats.wins_over_games(played)
    assert dict(zip(names, series, strict=True)) == {
        "Bob": [1, 1, 1], "Cy": [0, 0, 1], "Ann": [None, 1, 1]}
