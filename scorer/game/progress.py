"""How players move through the phase list: one small policy per
:class:`~scorer.game.variants.Advance`.

The game engine looks the policy up by the rules' ``advance`` value and calls it; it never asks
which variant is being played.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from scorer.game.records import PlayerResult
from scorer.game.variants import Advance, Rules


@dataclass(frozen=True)
class Progress:
    """One player's progress: position in the phase list, phases done, penalty total."""

    position: int = 0
    done: frozenset[int] = frozenset()
    total: int = 0
    phases_completed: int = 0

    def scored(self, result: PlayerResult) -> Progress:
        """Points added and a completed phase counted (no movement)."""
        done = self.done | {result.phase} if result.completed and result.phase else self.done
        return replace(
            self,
            done=done,
            total=self.total + (result.points or 0),
            phases_completed=self.phases_completed + int(result.completed),
        )


class _InOrder:
    """Phases in list order; ``moves`` says whether a player who failed moves on anyway."""

    def __init__(self, moves_on_failure: bool) -> None:
        self.moves_on_failure = moves_on_failure

    def expected_phase(self, rules: Rules, progress: Progress) -> int | None:
        """The phase this player must attempt, ``None`` when they are done."""
        if progress.position < len(rules.phases):
            return rules.phases[progress.position].number
        return None

    def remaining(self, rules: Rules, progress: Progress) -> tuple[int, ...]:
        return rules.phase_numbers[progress.position:]

    def advance(self, rules: Rules, progress: Progress, result: PlayerResult) -> Progress:
        step = int(result.completed or self.moves_on_failure)
        return replace(progress.scored(result), position=progress.position + step)


class _Choose:
    """Any remaining phase each round; the round record names it."""

    def expected_phase(self, rules: Rules, progress: Progress) -> int | None:
        return None

    def remaining(self, rules: Rules, progress: Progress) -> tuple[int, ...]:
        return tuple(n for n in rules.phase_numbers if n not in progress.done)

    def advance(self, rules: Rules, progress: Progress, result: PlayerResult) -> Progress:
        scored = progress.scored(result)
        return replace(scored, position=len(scored.done))


_POLICIES = {
    Advance.COMPLETED: _InOrder(moves_on_failure=False),
    Advance.EVERY_ROUND: _InOrder(moves_on_failure=True),
    Advance.CHOOSE: _Choose(),
}


def policy_for(rules: Rules) -> _InOrder | _Choose:
    """The policy object for the rules' advance setting."""
    return _POLICIES[rules.advance]
