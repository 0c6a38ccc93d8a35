"""A round saved twice: what another device saved as round N, beside what this one holds.

The round form shows :func:`compare`'s rows when the round it adds was saved meanwhile, and the
keeper chooses: keep theirs, replace theirs with mine, or add mine as the next round.
:func:`same_round` tells a plain retry (the very same round) from a real conflict.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorer.errors import NotationError, RulesError
from scorer.game.standings import PlayerResult, RoundRecord
from web.service import GameState


@dataclass(frozen=True)
class Side:
    """One player's result in one version of the round."""

    completed: bool
    points: int | None
    went_out: bool
    phase: int | None


@dataclass(frozen=True)
class Row:
    """A player's result as saved on the other device (``theirs``) and as held here."""

    player: str
    theirs: Side | None
    mine: Side | None

    @property
    def differs(self) -> bool:
        return self.theirs != self.mine


def normalised(state: GameState, number: int, record: RoundRecord) -> RoundRecord | None:
    """``record`` as the engine reads it in place of round ``number``, or None when it does not
    fit there."""
    try:
        return state.played.upto(number - 1).check(record)
    except (NotationError, RulesError):
        return None


def same_round(state: GameState, number: int, record: RoundRecord) -> bool:
    """Whether ``record`` is what the game already holds as round ``number`` (a retry)."""
    return normalised(state, number, record) == state.rounds[number - 1]


def _side(record: RoundRecord, result: PlayerResult | None) -> Side | None:
    if result is None:
        return None
    went_out = result.player == record.went_out
    return Side(result.completed, 0 if went_out and not record.tie_breaker else result.points,
                went_out, result.phase)


def compare(state: GameState, number: int, record: RoundRecord) -> list[Row]:
    """A row per player of the saved round ``number`` and of ``record``, in seat order."""
    theirs = state.rounds[number - 1]
    mine = normalised(state, number, record) or record
    players = [name for name in state.setup.players
               if theirs.result(name) is not None or mine.result(name) is not None]
    return [Row(name, _side(theirs, theirs.result(name)), _side(mine, mine.result(name)))
            for name in players]
