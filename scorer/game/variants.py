"""Game rules as data: the phase list, how players advance, and the house rules.

A :class:`Rules` value is chosen when a game starts and never changes. Named variants are
entries of :data:`VARIANTS`; :func:`make_rules` builds one (a miss lists the valid names).
The engine reads the fields; it never branches on a variant's name.

Advance policies (:class:`Advance`):

- ``"completed"``: a player who completes their phase moves to the next one, the others
  repeat it; the first to complete the last phase (when the round ends) finishes.
- ``"every_round"``: everyone moves one phase each round; after the last phase everyone is done
  and the lowest total wins.
- ``"choose"``: each round a player attempts any phase they have not completed yet (the round
  record names it); the first to complete all of them finishes.
"""

from __future__ import annotations

import difflib
import enum
from dataclasses import dataclass, replace
from typing import Any

from scorer.errors import NotationError
from scorer.rules.phases import STANDARD_PHASES, TIE_BREAKER_PHASE, PhaseSpec


class Advance(enum.Enum):
    """How players move through the phase list (see the module docstring)."""

    COMPLETED = "completed"
    EVERY_ROUND = "every_round"
    CHOOSE = "choose"


@dataclass(frozen=True)
class Rules:
    """Everything about a game's rules that can differ between variants and house rules.

    ``phases`` are played in order (or in any order under ``Advance.CHOOSE``); phase numbers
    are those of the standard list, so the even variant plays phases 2, 4, 6, 8 and 10.
    ``natural_per_group``: every group needs a natural card (the default asks for one natural
    card in the phase as a whole).
    """

    phases: tuple[PhaseSpec, ...] = STANDARD_PHASES
    advance: Advance = Advance.COMPLETED
    natural_per_group: bool = False
    tie_breaker_phase: PhaseSpec = TIE_BREAKER_PHASE
    variant: str = "standard"

    def __post_init__(self) -> None:
        if not isinstance(self.phases, tuple) or not self.phases:
            raise NotationError("rules need a non-empty tuple of phases")
        if not all(isinstance(p, PhaseSpec) for p in self.phases):
            raise NotationError("rules phases must be PhaseSpec values")
        numbers = [p.number for p in self.phases]
        if len(set(numbers)) != len(numbers):
            raise NotationError(f"phase numbers must be unique, got {numbers}")
        if not isinstance(self.advance, Advance):
            raise NotationError(f"advance must be an Advance, got {self.advance!r}")

    @property
    def choose_phase(self) -> bool:
        """Players choose which remaining phase to attempt each round."""
        return self.advance is Advance.CHOOSE

    @property
    def phase_numbers(self) -> tuple[int, ...]:
        return tuple(p.number for p in self.phases)

    def phase(self, number: int) -> PhaseSpec:
        """The phase with this number; raises :class:`NotationError` when the game has none."""
        for spec in self.phases:
            if spec.number == number:
                return spec
        raise NotationError(
            f"phase {number!r} is not played in this game; phases: "
            + ", ".join(str(n) for n in self.phase_numbers)
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "phases": [p.to_dict() for p in self.phases],
            "advance": self.advance.value,
            "natural_per_group": self.natural_per_group,
            "tie_breaker_phase": self.tie_breaker_phase.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        try:
            return cls(
                phases=tuple(PhaseSpec.from_dict(p) for p in data["phases"]),
                advance=Advance(data.get("advance", "completed")),
                natural_per_group=bool(data.get("natural_per_group", False)),
                tie_breaker_phase=PhaseSpec.from_dict(data["tie_breaker_phase"])
                if "tie_breaker_phase" in data
                else TIE_BREAKER_PHASE,
                variant=str(data.get("variant", "custom")),
            )
        except (KeyError, TypeError, ValueError) as error:
            if isinstance(error, NotationError):
                raise
            raise NotationError(f"bad rules data: {error}") from None


@dataclass(frozen=True)
class Variant:
    """A named way to play: which standard phases, in what manner, and a one-line description."""

    name: str
    description: str
    phase_numbers: tuple[int, ...] = tuple(range(1, 11))
    advance: Advance = Advance.COMPLETED
    default_phases_count: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "description": self.description,
            "phases": list(self.phase_numbers),
            "advance": self.advance.value,
            "default_phases_count": self.default_phases_count,
        }


VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in (
        Variant("standard", "the ten phases in order; complete a phase to move to the next"),
        Variant(
            "everyone-advances",
            "everyone moves one phase each round; after the last phase the lowest total wins",
            advance=Advance.EVERY_ROUND,
        ),
        Variant("short", "a shorter game: only the first N phases (default 5)",
                default_phases_count=5),
        Variant("even", "only the even-numbered phases (2, 4, 6, 8, 10)",
                phase_numbers=(2, 4, 6, 8, 10)),
        Variant("odd", "only the odd-numbered phases (1, 3, 5, 7, 9)",
                phase_numbers=(1, 3, 5, 7, 9)),
        Variant(
            "choose",
            "choose your phase: any phase in any round, each once; first to complete all wins",
            advance=Advance.CHOOSE,
        ),
    )
}
"""The named variants, by name."""


def get_variant(name: str) -> Variant:
    """The variant called ``name``; a miss raises :class:`NotationError` listing valid names."""
    key = str(name).strip().lower().replace("_", "-").replace(" ", "-")
    if key in VARIANTS:
        return VARIANTS[key]
    close = difflib.get_close_matches(key, list(VARIANTS), n=1)
    hint = f" (did you mean {close[0]}?)" if close else ""
    raise NotationError(
        f"unknown variant {name!r}{hint}; choose one of: " + ", ".join(VARIANTS)
    )


def make_rules(
    variant: str = "standard",
    *,
    phases_count: int | None = None,
    natural_per_group: bool = False,
) -> Rules:
    """Rules for a named variant, optionally cut to its first ``phases_count`` phases.

    Raises :class:`NotationError` for an unknown variant or a count outside 1..len(phases).
    """
    chosen = get_variant(variant)
    numbers = chosen.phase_numbers
    count = phases_count if phases_count is not None else chosen.default_phases_count
    if count is not None:
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= len(numbers):
            raise NotationError(
                f"phases_count must be a whole number from 1 to {len(numbers)}, got {count!r}"
            )
        numbers = numbers[:count]
    return Rules(
        phases=tuple(STANDARD_PHASES[n - 1] for n in numbers),
        advance=chosen.advance,
        natural_per_group=bool(natural_per_group),
        variant=chosen.name,
    )


def with_phases(rules: Rules, phases: tuple[PhaseSpec, ...]) -> Rules:
    """The same rules over a custom phase list (variant name ``"custom"``)."""
    return replace(rules, phases=tuple(phases), variant="custom")
