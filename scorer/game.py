"""A game across rounds: rounds are frozen records, standings are derived from them.

Editing or deleting a past round is recomputation: :func:`standings` replays every round
from the start (checking each with :func:`check_round`), so nothing is ever patched.

Error codes (``GameRulesError``/``GameNotationError``, see :mod:`scorer.game_errors`), with
their params:

- ``player_count`` {count}, ``duplicate_player`` {name}, ``bad_dealer`` {first_dealer}:
  game set-up.
- ``unknown_player`` {name, players}, ``missing_player`` {name}, ``extra_result`` {name}:
  the round's results do not match the seated (or tied) players.
- ``game_over`` {winner}: no round may follow the end of the game.
- ``tie_breaker_pending`` {players} / ``no_tie_breaker`` {}: the round's ``tie_breaker`` flag
  does not match the game.
- ``nobody_went_out`` {}, ``several_went_out`` {players}: exactly one player goes out.
- ``went_out_without_phase`` {}: the player who went out must have completed their phase.
- ``went_out_with_cards`` {points}: the player who went out scores 0 and holds no cards.
- ``points_missing`` {}, ``negative_points`` {points}, ``points_not_multiple_of_5`` {points},
  ``points_too_high`` {points, max}, ``points_below_50`` {points}, ``zero_points`` {went_out},
  ``points_mismatch`` {points, hand_points}, ``hand_size`` {cards}, ``hand_not_in_deck``
  {problems}: penalty points that cannot be.
- ``phase_missing`` {remaining}, ``wrong_phase`` {given, expected},
  ``phase_not_available`` {given, remaining}: the phase a player attempted.
- ``bad_number``, ``bad_value``, ``bad_card``, ``bad_result``, ``bad_player_name``,
  ``bad_players``, ``bad_rules``: unreadable input (``GameNotationError``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from scorer.cards import deck_violations, hand_points
from scorer.game_errors import GameNotationError, GameRulesError
from scorer.phases import PhaseSpec
from scorer.policies import Progress, policy_for
from scorer.records import GameSetup, PlayerResult, RoundRecord

MAX_HAND_POINTS = 230
"""The most a 10-card hand can score: eight Wilds and two Skips."""
UNLAID_MIN_POINTS = 50
"""A player who did not lay down still holds 10 cards: at least 10 x 5 points."""
HAND_SIZE = 10

__all__ = [
    "GameSetup",
    "PlayerResult",
    "PlayerStanding",
    "RoundRecord",
    "Standings",
    "check_round",
    "check_rounds",
    "delete_round",
    "replace_round",
    "standings",
]


@dataclass(frozen=True)
class PlayerStanding:
    """One player's position: current phase (``None`` when done), phases completed, total."""

    player: str
    seat: int
    phase: int | None
    phase_spec: PhaseSpec | None
    phases_completed: int
    total: int
    is_dealer: bool
    remaining: tuple[int, ...]
    round_points: tuple[int | None, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "seat": self.seat,
            "phase": self.phase,
            "phase_spec": None if self.phase_spec is None else self.phase_spec.to_dict(),
            "phases_completed": self.phases_completed,
            "total": self.total,
            "is_dealer": self.is_dealer,
            "remaining": list(self.remaining),
            "round_points": list(self.round_points),
        }


@dataclass(frozen=True)
class Standings:
    """Where the game stands before the next round (``round_number``, 1-based).

    ``dealer`` deals that round and ``first_player`` (left of the dealer) plays first.
    ``leader``: the one player ahead (fewest phases left, then lowest total), ``None`` on a tie.
    ``tie_breaker``: the tied players while a tie-breaker round is pending, else ``()``.
    """

    players: tuple[PlayerStanding, ...]
    round_number: int
    dealer: str
    first_player: str
    leader: str | None
    winner: str | None
    tie_breaker: tuple[str, ...]
    tie_breaker_phase: PhaseSpec | None

    @property
    def finished(self) -> bool:
        return self.winner is not None

    def player(self, name: str) -> PlayerStanding:
        for standing in self.players:
            if standing.player == name:
                return standing
        raise KeyError(name)

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": [p.to_dict() for p in self.players],
            "round_number": self.round_number,
            "dealer": self.dealer,
            "first_player": self.first_player,
            "leader": self.leader,
            "winner": self.winner,
            "tie_breaker": list(self.tie_breaker),
            "tie_breaker_phase": None
            if self.tie_breaker_phase is None
            else self.tie_breaker_phase.to_dict(),
            "finished": self.finished,
        }


@dataclass(frozen=True)
class _State:
    """The replayed game: each player's progress and what is pending."""

    progress: tuple[Progress, ...]
    rounds_played: int
    winner: str | None
    tie_breaker: tuple[str, ...]


def _initial(setup: GameSetup) -> _State:
    return _State(tuple(Progress() for _ in setup.players), 0, None, ())


def _error(message: str, code: str, player: str | None = None, field: str | None = None,
           **params: Any) -> GameRulesError:
    prefix = f"{player}: " if player else ""
    return GameRulesError(prefix + message, code=code, params=params, player=player, field=field)


def _check(setup: GameSetup, state: _State, record: RoundRecord) -> RoundRecord:
    """The normalised record, or a :class:`GameRulesError` saying why it cannot have happened."""
    if not isinstance(record, RoundRecord):
        raise GameNotationError(f"expected a RoundRecord, got {record!r}", code="bad_result",
                                field="results")
    if state.winner is not None:
        raise _error(f"the game is over: {state.winner} won", "game_over", field="round",
                     winner=state.winner)
    if state.tie_breaker and not record.tie_breaker:
        raise _error(
            "a tie-breaker round between " + ", ".join(state.tie_breaker) + " comes next; "
            "mark the round as a tie-breaker", "tie_breaker_pending", field="tie_breaker",
            players=list(state.tie_breaker),
        )
    if record.tie_breaker and not state.tie_breaker:
        raise _error("no tie-breaker round is due", "no_tie_breaker", field="tie_breaker")
    playing = state.tie_breaker or setup.players
    by_player = _results_by_player(setup, record, playing)
    went_out = _went_out(setup, record, by_player)
    if record.tie_breaker:
        results = tuple(_check_tie_breaker(setup, by_player[p], p == went_out) for p in playing)
    else:
        results = tuple(
            _check_result(setup, state.progress[setup.players.index(p)], by_player[p],
                          p == went_out, went_out)
            for p in playing
        )
    return RoundRecord(results, went_out, record.tie_breaker)


def _results_by_player(
    setup: GameSetup, record: RoundRecord, playing: tuple[str, ...]
) -> dict[str, PlayerResult]:
    by_player: dict[str, PlayerResult] = {}
    for result in record.results:
        name = setup.player(result.player)
        if name in by_player:
            raise _error("has two results in this round", "duplicate_player", name, "player",
                         name=name)
        if name not in playing:
            raise _error("does not play in this tie-breaker round (only "
                         + ", ".join(playing) + ")", "extra_result", name, "player", name=name)
        by_player[name] = replace(result, player=name)
    for name in playing:
        if name not in by_player:
            raise _error("has no result in this round", "missing_player", name, "results",
                         name=name)
    return by_player


def _went_out(setup: GameSetup, record: RoundRecord, by_player: dict[str, PlayerResult]) -> str:
    if record.went_out is None:
        raise _error("nobody went out: exactly one player goes out and ends the round",
                     "nobody_went_out", field="went_out")
    try:
        went_out = setup.player(record.went_out)
    except GameRulesError as error:
        raise GameRulesError(str(error), code=error.code, params=error.params,
                             player=error.player, field="went_out") from None
    if went_out not in by_player:
        raise _error("went out but does not play this round", "extra_result", went_out,
                     "went_out", name=went_out)
    if not by_player[went_out].completed:
        raise _error("went out, so they must have completed their phase (tick completed)",
                     "went_out_without_phase", went_out, "completed")
    return went_out


def _check_tie_breaker(setup: GameSetup, result: PlayerResult, went_out: bool) -> PlayerResult:
    if result.completed and not went_out:
        raise _error("the first to lay down phase 10's goal wins the tie-breaker at once, so only "
                     "the player who went out completed it", "several_went_out", result.player,
                     "completed", players=[result.player])
    phase = setup.rules.tie_breaker_phase.number
    return replace(result, points=None, hand=None, phase=phase)


def _check_result(
    setup: GameSetup, progress: Progress, result: PlayerResult, is_out: bool, went_out: str
) -> PlayerResult:
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
            raise _error(f"plays phase {expected} this round, not phase {result.phase}",
                         "wrong_phase", who, "phase", given=result.phase, expected=expected)
        return expected
    if result.phase is None:
        if result.completed:
            raise _error("say which phase was completed (choose one of "
                         + ", ".join(map(str, remaining)) + ")", "phase_missing", who, "phase",
                         remaining=remaining)
        return None
    if result.phase not in remaining:
        raise _error(f"phase {result.phase} is not open to this player; remaining: "
                     + ", ".join(map(str, remaining)), "phase_not_available", who, "phase",
                     given=result.phase, remaining=remaining)
    return result.phase


def _check_points(result: PlayerResult, is_out: bool, went_out: str) -> int:
    who, points = result.player, result.points
    if result.hand is not None:
        problems = deck_violations(result.hand)
        if problems:
            raise _error("hand: " + "; ".join(problems), "hand_not_in_deck", who, "hand",
                         problems=problems)
        from_hand = hand_points(result.hand)
        if points is not None and points != from_hand:
            raise _error(f"points {points} do not match the hand, which scores {from_hand}",
                         "points_mismatch", who, "points", points=points, hand_points=from_hand)
        if not result.completed and not is_out and len(result.hand) != HAND_SIZE:
            raise _error(f"did not lay down, so holds {HAND_SIZE} cards; the hand has "
                         f"{len(result.hand)}", "hand_size", who, "hand", cards=len(result.hand))
        points = from_hand
    if is_out:
        if points:
            raise _error(f"went out, so scores 0 and holds no cards (got {points} points)",
                         "went_out_with_cards", who, "points", points=points)
        return 0
    if points is None:
        raise _error("give the points or the cards left in hand", "points_missing", who, "points")
    if points < 0:
        raise _error(f"points cannot be negative ({points})", "negative_points", who, "points",
                     points=points)
    if points % 5:
        raise _error(f"every card scores a multiple of 5, so {points} cannot be right",
                     "points_not_multiple_of_5", who, "points", points=points)
    if points > MAX_HAND_POINTS:
        raise _error(f"{points} points is more than a hand can score ({MAX_HAND_POINTS})",
                     "points_too_high", who, "points", points=points, max=MAX_HAND_POINTS)
    if points == 0:
        raise _error(f"only the player who went out ({went_out}) scores 0; this player still "
                     "held cards", "zero_points", who, "points", went_out=went_out)
    if not result.completed and points < UNLAID_MIN_POINTS:
        raise _error(f"did not lay down, so still holds {HAND_SIZE} cards: at least "
                     f"{UNLAID_MIN_POINTS} points, not {points}", "points_below_50", who,
                     "points", points=points)
    return points


def _apply(setup: GameSetup, state: _State, record: RoundRecord) -> _State:
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


def _replay(setup: GameSetup, rounds: Sequence[RoundRecord]) -> _State:
    state = _initial(setup)
    for index, record in enumerate(rounds):
        try:
            state = _apply(setup, state, _check(setup, state, record))
        except (GameRulesError, GameNotationError) as error:
            error.params.setdefault("round", index + 1)
            raise
    return state


def check_round(
    setup: GameSetup, rounds: Sequence[RoundRecord], record: RoundRecord
) -> RoundRecord:
    """Check that ``record`` can follow ``rounds``; return it normalised.

    Normalised: results in seat order, canonical names, points filled in (from the hand when
    given), the attempted phase filled in. Raises :class:`GameRulesError` or
    :class:`GameNotationError` naming the player and field; nothing is changed. To check an
    edit of past round ``i``, pass ``rounds[:i]``.
    """
    return _check(setup, _replay(setup, rounds), record)


def check_rounds(setup: GameSetup, rounds: Sequence[RoundRecord]) -> tuple[RoundRecord, ...]:
    """Check a whole list of rounds in order; return them normalised.

    An error's ``params["round"]`` is the 1-based number of the first bad round.
    """
    state = _initial(setup)
    checked: list[RoundRecord] = []
    for index, record in enumerate(rounds):
        try:
            normal = _check(setup, state, record)
        except (GameRulesError, GameNotationError) as error:
            error.params.setdefault("round", index + 1)
            raise
        checked.append(normal)
        state = _apply(setup, state, normal)
    return tuple(checked)


def replace_round(
    setup: GameSetup, rounds: Sequence[RoundRecord], index: int, record: RoundRecord
) -> tuple[RoundRecord, ...]:
    """The rounds with round ``index`` (0-based) replaced, all checked again (later ones too)."""
    if not 0 <= index < len(rounds):
        raise _error(f"there is no round {index + 1}", "no_such_round", field="round",
                     index=index)
    return check_rounds(setup, [*rounds[:index], record, *rounds[index + 1:]])


def delete_round(
    setup: GameSetup, rounds: Sequence[RoundRecord], index: int
) -> tuple[RoundRecord, ...]:
    """The rounds without round ``index`` (0-based), all checked again."""
    if not 0 <= index < len(rounds):
        raise _error(f"there is no round {index + 1}", "no_such_round", field="round",
                     index=index)
    return check_rounds(setup, [*rounds[:index], *rounds[index + 1:]])


def standings(setup: GameSetup, rounds: Sequence[RoundRecord]) -> Standings:
    """The standings after replaying ``rounds``; raises like :func:`check_rounds`."""
    state = _initial(setup)
    points: list[list[int | None]] = [[] for _ in setup.players]
    for index, record in enumerate(rounds):
        try:
            normal = _check(setup, state, record)
        except (GameRulesError, GameNotationError) as error:
            error.params.setdefault("round", index + 1)
            raise
        for seat, name in enumerate(setup.players):
            result = normal.result(name)
            points[seat].append(None if result is None else result.points)
        state = _apply(setup, state, normal)
    return _standings(setup, state, points)


def _standings(setup: GameSetup, state: _State, points: list[list[int | None]]) -> Standings:
    rules = setup.rules
    policy = policy_for(rules)
    count = len(setup.players)
    dealer_seat = (setup.first_dealer + state.rounds_played) % count
    players = []
    for seat, (name, prog) in enumerate(zip(setup.players, state.progress, strict=True)):
        remaining = policy.remaining(rules, prog)
        phase = policy.expected_phase(rules, prog)
        if phase is None and remaining:
            phase = remaining[0]
        players.append(PlayerStanding(
            player=name,
            seat=seat,
            phase=phase,
            phase_spec=None if phase is None else rules.phase(phase),
            phases_completed=prog.phases_completed,
            total=prog.total,
            is_dealer=seat == dealer_seat,
            remaining=remaining,
            round_points=tuple(points[seat]),
        ))
    ranked = sorted(players, key=lambda p: (len(p.remaining), p.total))
    leader = state.winner
    if leader is None and (
        len(ranked) == 1
        or (len(ranked[0].remaining), ranked[0].total) != (len(ranked[1].remaining),
                                                           ranked[1].total)
    ):
        leader = ranked[0].player
    return Standings(
        players=tuple(players),
        round_number=state.rounds_played + 1,
        dealer=setup.players[dealer_seat],
        first_player=setup.players[(dealer_seat + 1) % count],
        leader=leader,
        winner=state.winner,
        tie_breaker=state.tie_breaker,
        tie_breaker_phase=rules.tie_breaker_phase if state.tie_breaker else None,
    )
