"""A game across rounds: rounds are frozen records, standings are derived from them.

Editing or deleting a past round is recomputation: the rounds are replayed
(:func:`scorer.game.replay.replay`: ``replay(setup, rounds).check(record)`` checks the next round,
``replay(setup, edited, start=played.upto(i))`` an edit from round ``i`` on), so nothing is ever
patched. :func:`standings_of` reads the standings off a replay; :func:`standings` replays the
rounds first.

Error codes (``GameRulesError``/``GameNotationError``, see :mod:`scorer.errors`), with
their params:

- ``player_count`` {count}, ``duplicate_player`` {name}, ``bad_dealer`` {first_dealer}:
  game set-up.
- ``unknown_player`` {name, players}, ``missing_player`` {name}, ``extra_result`` {name}:
  the round's results do not match the seated (or tied) players.
- ``game_over`` {winner}: no round may follow the end of the game.
- ``no_such_round`` {index}: :meth:`Replay.upto <scorer.game.replay.Replay.upto>` got a bad
  count.
- ``tie_breaker_pending`` {players} / ``no_tie_breaker`` {}: the round's ``tie_breaker`` flag
  does not match the game.
- ``nobody_went_out`` {}, ``several_went_out`` {players}: exactly one player goes out; with
  nobody marked, each empty score rides along as ``points_or_went_out`` {}.
- ``went_out_without_phase`` {}: the player who went out must have completed their phase.
- ``went_out_with_cards`` {points}: the player who went out scores 0 and holds no cards.
- ``points_missing`` {}, ``negative_points`` {points}, ``points_not_multiple_of_5`` {points},
  ``points_too_high`` {points, max}, ``points_below_50`` {points}, ``zero_points`` {went_out},
  ``points_mismatch`` {points, hand_points}, ``hand_size`` {cards}, ``hand_not_in_deck``
  {problems}: penalty points that cannot be.
- ``phase_missing`` {remaining}, ``wrong_phase`` {given, expected},
  ``phase_not_available`` {given, remaining}: the phase a player attempted.
- ``bad_number`` {value}, ``number_out_of_range`` {value, minimum, maximum}, ``bad_value``
  {value}, ``bad_card`` {error}, ``bad_result``, ``bad_player_name`` {name}, ``name_too_long``
  {name, limit, length}, ``bad_players``, ``bad_rules``, ``bad_text`` {field},
  ``text_too_long`` {field, limit, length}: unreadable input (``GameNotationError``).

The web app words every code in each of its languages (a test collects the codes raised).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from scorer.game.progress import policy_for
from scorer.game.records import GameSetup, PlayerResult, RoundRecord
from scorer.game.replay import (
    HAND_SIZE,
    MAX_HAND_POINTS,
    UNLAID_MIN_POINTS,
    Replay,
    replay,
)
from scorer.rules.phases import PhaseSpec

__all__ = [
    "HAND_SIZE",
    "MAX_HAND_POINTS",
    "UNLAID_MIN_POINTS",
    "GameSetup",
    "PlayerResult",
    "PlayerStanding",
    "Replay",
    "RoundRecord",
    "Standings",
    "replay",
    "standings",
    "standings_of",
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


def standings(setup: GameSetup, rounds: Sequence[RoundRecord]) -> Standings:
    """The standings after replaying ``rounds``; raises like :func:`~scorer.game.replay.replay`."""
    return standings_of(replay(setup, rounds))


def standings_of(played: Replay) -> Standings:
    """Where a replayed game stands before its next round."""
    setup, state = played.setup, played.state
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
            round_points=tuple(_points(record, name) for record in played.rounds),
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


def _points(record: RoundRecord, name: str) -> int | None:
    """``name``'s penalty points in a normalised round (``None`` when they sat it out)."""
    result = record.result(name)
    return None if result is None else result.points
