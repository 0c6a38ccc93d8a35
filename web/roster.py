"""The new-game form's helpers: players from recent games, and a group's own phase list.

A phase list is text, one phase per line in the engine's words (``2 sets of 3``,
``run of 5 + colour of 3``); :func:`parse_phase_list` reads it or raises
:class:`PhaseListError`, whose :func:`phase_list_message` is in the page's language.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from flask_babel import gettext

from scorer.errors import NotationError
from scorer.rules.phases import PhaseSpec

HAND_SIZE = 10
"""A player holds 10 cards: no phase can need more."""
MAX_PHASES = 10
MAX_RUN = 12
_NUMBERED = re.compile(r"^\s*\d+\s*[.:)]\s*")


class PhaseListError(ValueError):
    """A phase list that cannot be played: ``problem`` names why, ``line`` is 1-based;
    ``more`` holds the other bad lines' errors, so one answer names every bad line."""

    def __init__(self, problem: str, line: int = 0, text: str = "", cards: int = 0) -> None:
        super().__init__(f"line {line}: {problem}: {text!r}")
        self.problem, self.line, self.text, self.cards = problem, line, text, cards
        self.more: tuple[PhaseListError, ...] = ()


def recent_players(setups: Iterable[dict], limit: int = 12) -> list[str]:
    """Names from the games' setups (newest first), each once ignoring case, at most ``limit``."""
    seen: dict[str, str] = {}
    for setup in setups:
        for name in setup.get("players", []):
            if isinstance(name, str) and name.strip() and name.casefold() not in seen:
                seen[name.casefold()] = name
    return list(seen.values())[:limit]


def parse_phase_list(text: str) -> tuple[PhaseSpec, ...]:
    """One phase per non-empty line (a leading ``1.`` is ignored), numbered 1, 2, ...;
    raises :class:`PhaseListError` for an unreadable line, a phase of more than 10 cards, a
    run longer than 12, or more than 10 phases: the first bad line, every other one in its
    ``more``."""
    lines = [_NUMBERED.sub("", line).strip() for line in text.splitlines()]
    phases: list[PhaseSpec] = []
    problems: list[PhaseListError] = []
    for number, line in enumerate((line for line in lines if line), start=1):
        if number > MAX_PHASES:
            problems.append(PhaseListError("too_many_phases", number, line))
            break
        try:
            phases.append(_phase(number, line))
        except PhaseListError as problem:
            problems.append(problem)
    if problems:
        problems[0].more = tuple(problems[1:])
        raise problems[0]
    if not phases:
        raise PhaseListError("empty")
    return tuple(phases)


def _phase(number: int, line: str) -> PhaseSpec:
    """Phase ``number`` from its line; raises :class:`PhaseListError`."""
    try:
        spec = PhaseSpec.parse(line, number)
    except NotationError:
        runs = re.findall(r"\bruns?\s+of\s+(\d+)", line.lower())
        problem = "run_too_long" if any(int(size) > MAX_RUN for size in runs) else "unreadable"
        raise PhaseListError(problem, number, line) from None
    if spec.min_cards > HAND_SIZE:
        raise PhaseListError("too_many_cards", number, line, spec.min_cards)
    return PhaseSpec(number, spec.groups)


def phase_list_messages(error: PhaseListError) -> list[str]:
    """Every bad line's problem in the page's language, in line order."""
    return [phase_list_message(problem) for problem in (error, *error.more)]


def phase_list_message(error: PhaseListError) -> str:
    """The problem in the page's language, quoting the line."""
    if error.problem == "empty":
        return gettext("Write at least one phase, or leave the list empty for the variant's.")
    if error.problem == "too_many_phases":
        return gettext("At most %(max)d phases: line %(line)d is one too many.",
                       max=MAX_PHASES, line=error.line)
    if error.problem == "too_many_cards":
        return gettext("Line %(line)d (“%(text)s”) needs %(cards)d cards, but a hand holds 10.",
                       line=error.line, text=error.text, cards=error.cards)
    if error.problem == "run_too_long":
        return gettext("Line %(line)d (“%(text)s”): a run has at most 12 cards (1 to 12).",
                       line=error.line, text=error.text)
    return gettext(
        "Line %(line)d (“%(text)s”) cannot be read. Write each phase in these words: "
        "“2 sets of 3”, “run of 4 + set of 3”, “7 cards of one colour”.",
        line=error.line, text=error.text)
