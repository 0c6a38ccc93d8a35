"""Replaying a game: each round checked against the game so far, then applied.

:func:`replay` is the one replay: it checks every round in order and gives a :class:`Replay`,
which holds the rounds normalised and the state after each, so the checked rounds and the
standings (:func:`scorer.game.standings.standings_of`) come from the same pass. A
:class:`Replay` takes one more round with :meth:`Replay.then` and an edit from round ``i`` on
with :meth:`Replay.upto` and :func:`replay`'s ``start``, without checking the rounds before again.

The inner step: :func:`check_record` says why a round cannot have happened (see the error codes
listed in :mod:`scorer.game.standings`) or returns it normalised; :func:`apply_record` moves the
replayed game on.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from scorer.cards import deck_violations, hand_points
from scorer.errors import GameNotationError, GameRulesError
from scorer.game.progress import Progress, policy_for
from scorer.game.records import GameSetup, PlayerResult, RoundRecord

MAX_HAND_POINTS = 230
"""The most a 10-card hand can score: eight Wilds and two Skips."""
UNLAID_MIN_POINTS = 50
"""A player who did not lay down still holds 10 cards: at least 10 x 5 points."""
HAND_SIZE = 10


@dataclass(frozen=True)
class ReplayState:
    """The replayed game: each player's progress and what is pending."""

    progress: tuple[Progress, ...]
    rounds_played: int
    winner: str | None
    tie_breaker: tuple[str, ...]


def initial_state(setup: GameSetup) -> ReplayState:
    return ReplayState(tuple(Progress() for _ in setup.players), 0, None, ())


def refuse(message: str, code: str, player: str | None = None, field: str | None = None,
           **params: Any) -> GameRulesError:
    prefix = f"{player}: " if player else ""
    return GameRulesError(prefix + message, code=code, params=params, player=player, field=field)


def check_record(setup: GameSetup, state: ReplayState, record: RoundRecord) -> RoundRecord:
    """The normalised record, or a :class:`GameRulesError` saying why it cannot have happened."""
    if not isinstance(record, RoundRecord):
        raise GameNotationError(f"expected a RoundRecord, got {record!r}", code="bad_result",
                                field="results")
    if state.winner is not None:
        raise refuse(f"the game is over: {state.winner} won", "game_over", field="round",
                     winner=state.winner)
    if state.tie_breaker and not record.tie_breaker:
        raise refuse(
            "a tie-breaker round between " + ", ".join(state.tie_breaker) + " comes next; "
            "mark the round as a tie-breaker", "tie_breaker_pending", field="tie_breaker",
            players=list(state.tie_breaker),
        )
    if record.tie_breaker and not state.tie_breaker:
        raise refuse("no tie-breaker round is due", "no_tie_breaker", field="tie_breaker")
    playing = state.tie_breaker or setup.players
    by_player = _results_by_player(setup, record, playing)
    try:
        went_out = _went_out(setup, record, by_player)
    except GameRulesError as missing:
        if not record.tie_breaker and record.went_out is None:
            missing.more = _problems_without_went_out(setup, state, by_player, playing)
        raise
    if record.tie_breaker:
        _check_went_out_completed(by_player[went_out])
        results = tuple(_check_tie_breaker(setup, by_player[p], p == went_out) for p in playing)
    else:
        results = _check_results(setup, state, by_player, playing, went_out)
    return RoundRecord(results, went_out, record.tie_breaker)


def _check_results(setup: GameSetup, state: ReplayState, by_player: dict[str, PlayerResult],
                   playing: tuple[str, ...], went_out: str) -> tuple[PlayerResult, ...]:
    """Every player's result checked; the first problem is raised with the others in ``more``."""
    results: list[PlayerResult] = []
    problems: list[GameRulesError | GameNotationError] = []
    for name in playing:
        progress = state.progress[setup.players.index(name)]
        try:
            results.append(_check_result(setup, progress, by_player[name], name == went_out,
                                         went_out))
        except (GameRulesError, GameNotationError) as problem:
            problems.append(problem)
    if problems:
        first = problems[0]
        first.more = tuple(problems[1:])
        raise first
    return tuple(results)


def _problems_without_went_out(
    setup: GameSetup, state: ReplayState, by_player: dict[str, PlayerResult],
    playing: tuple[str, ...],
) -> tuple[GameRulesError | GameNotationError, ...]:
    """The players' other problems when nobody is marked as gone out, so one answer names them
    all. A 0 score is left out (it is likely the player who went out); missing points are
    ``points_or_went_out``: give them, or mark this player as the one who went out."""
    try:
        _check_results(setup, state, by_player, playing, "")
    except (GameRulesError, GameNotationError) as first:
        problems = []
        for problem in (first, *first.more):
            if problem.code == "points_missing":
                problem = refuse("give the points left in hand, or mark this player as the one "
                                 "who went out", "points_or_went_out", problem.player, "points")
            if problem.code != "zero_points":
                problems.append(problem)
        return tuple(problems)
    return ()


def _results_by_player(
    setup: GameSetup, record: RoundRecord, playing: tuple[str, ...]
) -> dict[str, PlayerResult]:
    by_player: dict[str, PlayerResult] = {}
    for result in record.results:
        name = setup.player(result.player)
        if name in by_player:
            raise refuse("has two results in this round", "duplicate_player", name, "player",
                         name=name)
        if name not in playing:
            raise refuse("does not play in this tie-breaker round (only "
                         + ", ".join(playing) + ")", "extra_result", name, "player", name=name)
        by_player[name] = replace(result, player=name)
    for name in playing:
        if name not in by_player:
            raise refuse("has no result in this round", "missing_player", name, "results",
                         name=name)
    return by_player


def _went_out(setup: GameSetup, record: RoundRecord, by_player: dict[str, PlayerResult]) -> str:
    if record.went_out is None:
        raise refuse("nobody went out: exactly one player goes out and ends the round",
                     "nobody_went_out", field="went_out")
    try:
        went_out = setup.player(record.went_out)
    except GameRulesError as error:
        raise GameRulesError(str(error), code=error.code, params=error.params,
                             player=error.player, field="went_out") from None
    if went_out not in by_player:
        raise refuse("went out but does not play this round", "extra_result", went_out,
                     "went_out", name=went_out)
    return went_out


def _check_went_out_completed(result: PlayerResult) -> None:
    """The player who went out must have completed their phase."""
    if not result.completed:
        raise refuse("went out, so they must have completed their phase (tick completed)",
                     "went_out_without_phase", result.player, "completed")


def _check_tie_breaker(setup: GameSetup, result: PlayerResult, went_out: bool) -> PlayerResult:
    if result.completed and not went_out:
        raise refuse("the first to lay down phase 10's goal wins the tie-breaker at once, so only "
                     "the player who went out completed it", "several_went_out", result.player,
                     "completed", players=[result.player])
    phase = setup.rules.tie_breaker_phase.number
    return replace(result, points=None, hand=None, phase=phase)


def _check_result(
    setup: GameSetup, progress: Progress, result: PlayerResult, is_out: bool, went_out: str
) -> PlayerResult:
    if is_out:
        _check_went_out_completed(result)
    phase = _check_phase(setup, progress, result)
    points = _check_points(result, is_out, went_out)
    return replace(result, points=points, phase=phase)


def _check_phase(setup: GameSetup, progress: Progress, result: PlayerResult) -> int | None:
    rules, who = setup.rules, result.player
    policy = policy_for(rules)
    expected = policy.expected_phase(rules, progress)
    remaining = list(policy.remaining(rules, progress))
    if expected is not None:
        if result.phase is not None and result.phase != expected:
            raise refuse(f"plays phase {expected} this round, not phase {result.phase}",
                         "wrong_phase", who, "phase", given=result.phase, expected=expected)
        return expected
    if result.phase is None:
        if result.completed:
            raise refuse("say which phase was completed (choose one of "
                         + ", ".join(map(str, remaining)) + ")", "phase_missing", who, "phase",
                         remaining=remaining)
        return None
    if result.phase not in remaining:
        raise refuse(f"phase {result.phase} is not open to this player; remaining: "
                     + ", ".join(map(str, remaining)), "phase_not_available", who, "phase",
                     given=result.phase, remaining=remaining)
    return result.phase


def _check_points(result: PlayerResult, is_out: bool, went_out: str) -> int:
    who, points = result.player, result.points
    if result.hand is not None:
        problems = deck_violations(result.hand)
        if problems:
            raise refuse("hand: " + "; ".join(problems), "hand_not_in_deck", who, "hand",
                         problems=problems)
        from_hand = hand_points(result.hand)
        if points is not None and points != from_hand:
            raise refuse(f"points {points} do not match the hand, which scores {from_hand}",
                         "points_mismatch", who, "points", points=points, hand_points=from_hand)
        if not result.completed and not is_out and len(result.hand) != HAND_SIZE:
            raise refuse(f"did not lay down, so holds {HAND_SIZE} cards; the hand has "
                         f"{len(result.hand)}", "hand_size", who, "hand", cards=len(result.hand))
        points = from_hand
    if is_out:
        if points:
            raise refuse(f"went out, so scores 0 and holds no cards (got {points} points)",
                         "went_out_with_cards", who, "points", points=points)
        return 0
    if points is None:
        raise refuse("give the points or the cards left in hand", "points_missing", who, "points")
    if points < 0:
        raise refuse(f"points cannot be negative ({points})", "negative_points", who, "points",
                     points=points)
    if points % 5:
        raise refuse(f"every card scores a multiple of 5, so {points} cannot be right",
                     "points_not_multiple_of_5", who, "points", points=points)
    if points > MAX_HAND_POINTS:
        raise refuse(f"{points} points is more than a hand can score ({MAX_HAND_POINTS})",
                     "points_too_high", who, "points", points=points, max=MAX_HAND_POINTS)
    if points == 0:
        raise refuse(f"only the player who went out ({went_out}) scores 0; this player still "
                     "held cards", "zero_points", who, "points", went_out=went_out)
    if not result.completed and points < UNLAID_MIN_POINTS:
        raise refuse(f"did not lay down, so still holds {HAND_SIZE} cards: at least "
                     f"{UNLAID_MIN_POINTS} points, not {points}", "points_below_50", who,
                     "points", points=points)
    return points


def apply_record(setup: GameSetup, state: ReplayState, record: RoundRecord) -> ReplayState:
    """The state after a checked, normalised round."""
    if record.tie_breaker:
        return replace(state, rounds_played=state.rounds_played + 1, winner=record.went_out,
                       tie_breaker=())
    rules = setup.rules
    policy = policy_for(rules)
    progress = tuple(
        policy.advance(rules, prog, record.result(name))  # type: ignore[arg-type]
        for name, prog in zip(setup.players, state.progress, strict=True)
    )
    state = replace(state, progress=progress, rounds_played=state.rounds_played + 1)
    done = [name for name, prog in zip(setup.players, progress, strict=True)
            if not policy.remaining(rules, prog)]
    if not done:
        return state
    best = min(progress[setup.players.index(name)].total for name in done)
    tied = tuple(name for name in done if progress[setup.players.index(name)].total == best)
    if len(tied) == 1:
        return replace(state, winner=tied[0])
    return replace(state, tie_breaker=tied)


@dataclass(frozen=True)
class Replay:
    """A game replayed: its rounds checked and normalised, and the state before and after each.

    ``states[i]`` is the state after the first ``i`` rounds, so ``states[0]`` is the start and
    :attr:`state` the state after the last round.
    """

    setup: GameSetup
    rounds: tuple[RoundRecord, ...]
    states: tuple[ReplayState, ...]

    @classmethod
    def start(cls, setup: GameSetup) -> Replay:
        """The game before its first round."""
        return cls(setup, (), (initial_state(setup),))

    @property
    def state(self) -> ReplayState:
        return self.states[-1]

    def check(self, record: RoundRecord) -> RoundRecord:
        """``record`` normalised if it can follow these rounds, else :func:`check_record`'s
        error (with no round number: the round is not part of the game yet)."""
        return check_record(self.setup, self.state, record)

    def then(self, record: RoundRecord) -> Replay:
        """This replay with ``record`` checked and played after its last round; raises like
        :meth:`check`."""
        normal = self.check(record)
        after = apply_record(self.setup, self.state, normal)
        return Replay(self.setup, (*self.rounds, normal), (*self.states, after))

    def upto(self, count: int) -> Replay:
        """The replay of the first ``count`` rounds only (nothing is checked again)."""
        if not 0 <= count <= len(self.rounds):
            raise refuse(f"there is no round {count}", "no_such_round", field="round",
                         index=count)
        return Replay(self.setup, self.rounds[:count], self.states[:count + 1])


def replay(setup: GameSetup, rounds: Iterable[RoundRecord], start: Replay | None = None) -> Replay:
    """Check ``rounds`` in order, after ``start``'s rounds when given (default: a new game).

    Raises :class:`GameRulesError` or :class:`GameNotationError` at the first bad round, with
    its 1-based number in the game in ``params["round"]``.
    """
    played = Replay.start(setup) if start is None else start
    for record in rounds:
        try:
            played = played.then(record)
        except (GameRulesError, GameNotationError) as error:
            error.params.setdefault("round", len(played.rounds) + 1)
            raise
    return played
