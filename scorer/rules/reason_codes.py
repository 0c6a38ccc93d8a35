"""Every reason code and the TypedDict of its params: what a verdict's ``Reason.params`` holds.

:data:`PARAMS` maps each code to its TypedDict. The params are JSON-able as they stand (TypedDicts
are plain dicts), so ``Reason.to_dict()`` is the API's shape; :func:`scorer.rules.reasons.explain`
words them.

Validator codes (:mod:`scorer.rules.validate`): ``skip_in_phase``, ``no_natural``,
``too_few_cards``, ``group_short``, ``cards_left_over``, ``wrong_group_count``,
``group_invalid``, ``no_grouping``. Hit codes (:mod:`scorer.rules.hits`): ``skip_never_fits``,
``wrong_number``, ``wrong_colour``, ``not_next_in_run``, ``run_complete``. Doubt codes
(:mod:`scorer.rules.doubt`): ``valid_if_sure``, ``invalid_check``.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict


class ReasonData(TypedDict):
    """A reason inside another's params: ``{"code", "params"}``."""

    code: str
    params: dict[str, Any]


class SkipInPhase(TypedDict):
    """``skip_in_phase``: a Skip is never part of a phase; ``cards`` are the Skips."""

    cards: list[str]


class NoNatural(TypedDict):
    """``no_natural``: ``group`` None, the phase has no natural card; ``group`` i (0-based)
    with its requirement, the house rule's natural card is missing from that group."""

    group: int | None
    kind: NotRequired[str]
    size: NotRequired[int]
    requirement: NotRequired[str]


class TooFewCards(TypedDict):
    """``too_few_cards``: a group of Wilds only, laid out, that is too short."""

    needed: int
    given: int


class ShortGroup(TypedDict):
    """One group of a ``group_short`` split: ``cards`` shown, ``values`` what each counts as,
    ``missing`` cards still needed, ``holes`` run numbers missing inside the run, ``colour``
    the colour letter of a colour group, ``completions`` values that would help ("9", a
    colour letter, "W")."""

    group: int
    kind: str
    size: int
    requirement: str
    cards: list[str]
    values: list[str]
    wilds: int
    length: int
    missing: int
    holes: list[int]
    colour: str | None
    completions: list[str]


class GroupShort(TypedDict):
    """``group_short``: the closest split leaves groups short; ``left_over`` fit no group."""

    short: list[ShortGroup]
    left_over: list[str]


class CardsLeftOver(TypedDict):
    """``cards_left_over``: every group can be made, but these cards fit none of them."""

    cards: list[str]


class WrongGroupCount(TypedDict):
    """``wrong_group_count``: groups as laid out, and not as many as the phase has."""

    expected: int
    given: int


class GroupInvalid(TypedDict):
    """``group_invalid``: group ``group`` (0-based) as laid out is not its requirement;
    ``detail`` is the reason for that group alone."""

    group: int
    kind: str
    size: int
    requirement: str
    cards: list[str]
    detail: ReasonData


class NoGrouping(TypedDict):
    """``no_grouping``: the closest-miss search for a mixed phase grew too large."""

    requirement: str


class SkipNeverFits(TypedDict):
    """``skip_never_fits``."""

    card: str


class WrongNumber(TypedDict):
    """``wrong_number``: the set's number is ``number``."""

    card: str
    number: int


class WrongColour(TypedDict):
    """``wrong_colour``: the group's colour letter is ``colour``."""

    card: str
    colour: str


class NotNextInRun(TypedDict):
    """``not_next_in_run``: the run goes from ``low`` to ``high``; only ``fits`` extend it."""

    card: str
    low: int
    high: int
    fits: list[int]


class RunComplete(TypedDict):
    """``run_complete``: the run already holds every number."""

    card: str
    low: int
    high: int


class ValidIfSure(TypedDict):
    """``valid_if_sure``: valid as read, if each of these unsure cards is what it was read as."""

    cards: list[str]


class CheckCard(TypedDict):
    """A card to check: ``fix`` is ``"remove"`` or the alternative that would make it valid."""

    card: str
    fix: str


class InvalidCheck(TypedDict):
    """``invalid_check``: not valid as read (``reason``, the validator's), but it would be if one
    card in ``check`` were changed."""

    reason: ReasonData | None
    check: list[CheckCard]


PARAMS: dict[str, type] = {
    "skip_in_phase": SkipInPhase,
    "no_natural": NoNatural,
    "too_few_cards": TooFewCards,
    "group_short": GroupShort,
    "cards_left_over": CardsLeftOver,
    "wrong_group_count": WrongGroupCount,
    "group_invalid": GroupInvalid,
    "no_grouping": NoGrouping,
    "skip_never_fits": SkipNeverFits,
    "wrong_number": WrongNumber,
    "wrong_colour": WrongColour,
    "not_next_in_run": NotNextInRun,
    "run_complete": RunComplete,
    "valid_if_sure": ValidIfSure,
    "invalid_check": InvalidCheck,
}
"""Every reason code and the TypedDict of its params."""
