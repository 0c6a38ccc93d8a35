"""The group kinds (set, run, colour) and the phases built from them, as plain data.

A :class:`PhaseSpec` is a numbered tuple of :class:`GroupSpec` requirements; the ten standard
phases are :data:`STANDARD_PHASES`. Variants and custom phase lists are just other tuples of
``PhaseSpec`` (see :mod:`scorer.game.variants`). Sizes are minimums: a group may be longer.

Text forms: ``GroupSpec.parse("run of 4")``, ``PhaseSpec.parse("1 set of 3 + 1 run of 4")``;
``str()`` writes the same form back (``describe()``), and ``parts()`` gives the structured form
(``[{"count": 2, "kind": "set", "size": 3}]``) that a translated page can render.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from typing import Any

from scorer.cards import MAX_NUMBER
from scorer.errors import NotationError


class GroupKind(enum.Enum):
    """What binds a group: one number (set), consecutive numbers (run) or one colour."""

    SET = "set"
    RUN = "run"
    COLOUR = "colour"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class GroupSpec:
    """One requirement of a phase: a group of ``kind`` with at least ``size`` cards."""

    kind: GroupKind
    size: int

    def __post_init__(self) -> None:
        if not isinstance(self.kind, GroupKind):
            raise NotationError(f"group kind must be a GroupKind, got {self.kind!r}")
        if not isinstance(self.size, int) or isinstance(self.size, bool) or self.size < 1:
            raise NotationError(f"group size must be a positive whole number, got {self.size!r}")
        if self.kind is GroupKind.RUN and self.size > MAX_NUMBER:
            raise NotationError(f"a run holds at most {MAX_NUMBER} cards, not {self.size}")

    def describe(self, count: int = 1) -> str:
        """``"set of 3"``, ``"2 runs of 4"``, ``"7 cards of one colour"``."""
        if self.kind is GroupKind.COLOUR:
            text = f"{self.size} cards of one colour"
            return text if count == 1 else f"{count} groups of {text}"
        noun = self.kind.value if count == 1 else self.kind.value + "s"
        return f"{noun} of {self.size}" if count == 1 else f"{count} {noun} of {self.size}"

    def __str__(self) -> str:
        return self.describe()

    @classmethod
    def parse(cls, text: str) -> GroupSpec:
        """Read ``"set of 3"``, ``"run of 4"``, ``"colour of 7"`` or ``"7 cards of one colour"``."""
        specs = _parse_parts(text)
        if len(specs) != 1:
            raise NotationError(f"expected one group such as 'set of 3', got {text!r}")
        return specs[0]

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind.value, "size": self.size}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GroupSpec:
        try:
            return cls(GroupKind(data["kind"]), int(data["size"]))
        except (KeyError, TypeError, ValueError) as error:
            if isinstance(error, NotationError):
                raise
            raise NotationError(
                f"bad group {data!r}: need kind (set, run, colour) and size"
            ) from None


@dataclass(frozen=True)
class PhaseSpec:
    """A numbered phase: the groups that must be laid down together (every card in one of them)."""

    number: int
    groups: tuple[GroupSpec, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.number, int) or isinstance(self.number, bool) or self.number < 1:
            raise NotationError(
                f"phase number must be a positive whole number, got {self.number!r}"
            )
        if not isinstance(self.groups, tuple) or not self.groups:
            raise NotationError("a phase needs a non-empty tuple of groups")
        for group in self.groups:
            if not isinstance(group, GroupSpec):
                raise NotationError(f"phase groups must be GroupSpec values, got {group!r}")

    @property
    def min_cards(self) -> int:
        """The fewest cards that can make this phase."""
        return sum(group.size for group in self.groups)

    def parts(self) -> list[dict[str, Any]]:
        """Structured description: equal requirements counted together, in order of appearance."""
        counted: dict[GroupSpec, int] = {}
        for group in self.groups:
            counted[group] = counted.get(group, 0) + 1
        return [{"count": n, "kind": g.kind.value, "size": g.size} for g, n in counted.items()]

    def describe(self) -> str:
        """``"2 sets of 3"``, ``"1 set of 3 + 1 run of 4"``, ``"7 cards of one colour"``."""
        return " + ".join(_describe_part(p["kind"], p["size"], p["count"]) for p in self.parts())

    def __str__(self) -> str:
        return f"phase {self.number}: {self.describe()}"

    @classmethod
    def parse(cls, text: str, number: int = 1) -> PhaseSpec:
        """Read a description such as ``"2 sets of 3"`` or ``"1 set of 3 + 1 run of 4"``.

        A leading ``"phase N:"`` sets the number. Raises :class:`NotationError`.
        """
        if not isinstance(text, str):
            raise NotationError(f"expected a phase description, got {text!r}")
        match = re.match(r"^\s*phase\s+(\d+)\s*:\s*(.*)$", text, re.IGNORECASE)
        if match:
            number, text = int(match.group(1)), match.group(2)
        return cls(number, tuple(_parse_parts(text)))

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "groups": [group.to_dict() for group in self.groups],
            "description": self.describe(),
            "parts": self.parts(),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PhaseSpec:
        try:
            number = int(data["number"])
            groups = tuple(GroupSpec.from_dict(g) for g in data["groups"])
        except (KeyError, TypeError, ValueError) as error:
            if isinstance(error, NotationError):
                raise
            raise NotationError(f"bad phase {data!r}: need number and groups") from None
        return cls(number, groups)


_PART = re.compile(
    r"^(?:(\d+)\s+)?(?:(set|run|colour|color)s?\s+of\s+(\d+)"
    r"|(?:groups?\s+of\s+)?(\d+)\s+cards?\s+of\s+(?:one|a|the\s+same)\s+colou?r)$"
)


def _parse_parts(text: str) -> list[GroupSpec]:
    if not isinstance(text, str) or not text.strip():
        raise NotationError(f"expected a phase description such as '2 sets of 3', got {text!r}")
    specs: list[GroupSpec] = []
    for raw in text.split("+"):
        part = " ".join(raw.lower().split())
        match = _PART.match(part)
        if not match:
            raise NotationError(
                f"cannot read {raw.strip()!r}: write e.g. 'set of 3', '2 runs of 4' "
                "or '7 cards of one colour', joined with '+'"
            )
        count = int(match.group(1) or 1)
        if match.group(2):
            kind = GroupKind.COLOUR if match.group(2) == "color" else GroupKind(match.group(2))
            size = int(match.group(3))
        else:
            kind, size = GroupKind.COLOUR, int(match.group(4))
        if count < 1:
            raise NotationError(f"cannot read {raw.strip()!r}: a count must be at least 1")
        specs.extend([GroupSpec(kind, size)] * count)
    return specs


def _describe_part(kind: str, size: int, count: int) -> str:
    if kind == GroupKind.COLOUR.value:
        return GroupSpec(GroupKind.COLOUR, size).describe(count)
    return f"{count} {kind}{'s' if count > 1 else ''} of {size}"


def _phase(number: int, text: str) -> PhaseSpec:
    return PhaseSpec(number, tuple(_parse_parts(text)))


STANDARD_PHASES: tuple[PhaseSpec, ...] = (
    _phase(1, "2 sets of 3"),
    _phase(2, "set of 3 + run of 4"),
    _phase(3, "set of 4 + run of 4"),
    _phase(4, "run of 7"),
    _phase(5, "run of 8"),
    _phase(6, "run of 9"),
    _phase(7, "2 sets of 4"),
    _phase(8, "7 cards of one colour"),
    _phase(9, "set of 5 + set of 2"),
    _phase(10, "set of 5 + set of 3"),
)
"""The ten phases of the standard game, phase ``n`` at index ``n - 1``."""


def standard_phase(number: int) -> PhaseSpec:
    """Standard phase ``number`` (1..10); raises :class:`NotationError` otherwise."""
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= 10:
        raise NotationError(f"phase must be a number from 1 to 10, got {number!r}")
    return STANDARD_PHASES[number - 1]


TIE_BREAKER_PHASE: PhaseSpec = STANDARD_PHASES[9]
"""The goal of a tie-breaker round: phase 10's set of 5 and set of 3."""
