"""Hitting: does a card fit onto a group already laid down? (docs/rules.md, "Hitting")

Set: a card of the same number. Run: one below the lowest or one above the highest number,
staying inside 1..MAX_NUMBER (12); a Wild already in the run keeps the value it stood for, which
:func:`read_laid` takes from its position (runs are given in table order, either direction).
Colour: a card of the same colour. A Wild fits wherever a natural card would; a Skip never fits.

Reason codes and params (``HitVerdict.reason``):

- ``skip_never_fits`` {card}
- ``wrong_number`` {card, number}: the set's number is ``number``.
- ``wrong_colour`` {card, colour}: the group's colour letter is ``colour``.
- ``not_next_in_run`` {card, low, high, fits: [numbers]}: the run goes from ``low`` to
  ``high``; only the numbers in ``fits`` would extend it.
- ``run_complete`` {card, low, high}: the run already holds 1..12.

Their params are TypedDicts of :mod:`scorer.rules.reason_codes`; :mod:`scorer.rules.reasons`
words them.

A laid group that is not a valid group raises :class:`~scorer.errors.RulesError`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorer.cards import MAX_NUMBER, MIN_NUMBER, Card, parse_card, parse_cards
from scorer.errors import NotationError, RulesError
from scorer.rules.grouping import Group
from scorer.rules.phases import GroupKind, GroupSpec
from scorer.rules.reason_codes import (
    NotNextInRun,
    RunComplete,
    SkipNeverFits,
    WrongColour,
    WrongNumber,
)
from scorer.rules.reasons import Reason


@dataclass(frozen=True)
class HitVerdict:
    """Whether ``card`` fits; ``value`` is what it counts as, ``end`` where a run takes it."""

    fits: bool
    card: Card
    kind: GroupKind
    value: str | None = None
    end: str | None = None
    reason: Reason | None = None

    def __bool__(self) -> bool:
        return self.fits

    @property
    def text(self) -> str:
        """One line for a person: where the card goes, or why it does not fit."""
        if self.fits:
            where = f" at the {self.end} end" if self.end else ""
            stands = f" as {self.value}" if self.card.is_wild and self.value else ""
            return f"{self.card} fits{where}{stands}"
        return "" if self.reason is None else self.reason.text

    def to_dict(self) -> dict[str, Any]:
        return {
            "fits": self.fits,
            "card": str(self.card),
            "kind": self.kind.value,
            "value": self.value,
            "end": self.end,
            "reason": None if self.reason is None else self.text,
            "code": None if self.reason is None else self.reason.code,
            "params": None if self.reason is None else self.reason.params,
        }


def parse_kind(kind: GroupKind | str) -> GroupKind:
    """``"set"``, ``"run"``, ``"colour"`` (or ``"color"``); raises :class:`NotationError`."""
    if isinstance(kind, GroupKind):
        return kind
    text = str(kind).strip().lower()
    try:
        return GroupKind("colour" if text == "color" else text)
    except ValueError:
        raise NotationError(f"unknown group kind {kind!r}: use set, run or colour") from None


def read_laid(kind: GroupKind | str, cards: Any) -> Group:
    """A group as laid on the table, each Wild given its value; runs in table order.

    Raises :class:`RulesError` when the cards are not such a group, and
    :class:`NotationError` when they cannot be read.
    """
    kind = parse_kind(kind)
    laid = parse_cards(cards)
    if not laid:
        raise NotationError("the laid group has no cards")
    if any(card.is_skip for card in laid):
        raise RulesError("a laid group cannot hold a Skip")
    spec = GroupSpec(kind, 1)
    naturals = [card for card in laid if card.is_natural]
    if kind is GroupKind.RUN:
        values = _run_values(laid)
        stands = tuple((i, str(v)) for i, (card, v) in enumerate(zip(laid, values, strict=True))
                       if card.is_wild and v is not None)
        return Group(spec, laid, stands)
    if kind is GroupKind.SET:
        numbers = sorted({card.value for card in naturals})
        if len(numbers) > 1:
            raise RulesError(
                f"{' '.join(map(str, laid))} is not a set: it mixes the numbers "
                + ", ".join(map(str, numbers)))
        value = str(numbers[0]) if numbers else None
    else:
        colours = sorted({card.colour.value for card in naturals})  # type: ignore[union-attr]
        if len(colours) > 1:
            raise RulesError(
                f"{' '.join(map(str, laid))} is not one colour: it mixes " + ", ".join(colours))
        value = colours[0] if colours else None
    stands = tuple((i, value) for i, card in enumerate(laid) if card.is_wild and value)
    return Group(spec, laid, stands)


def _run_values(laid: tuple[Card, ...]) -> list[int | None]:
    """Each position's number in a run laid in table order (``None`` for an all-Wild run)."""
    text = " ".join(map(str, laid))
    known = [(i, card.value) for i, card in enumerate(laid) if card.is_natural]
    if len(laid) > MAX_NUMBER:
        raise RulesError(f"{text} is not a run: a run holds at most {MAX_NUMBER} cards")
    if not known:
        return [None] * len(laid)
    first_i, first_v = known[0]
    for step in (1, -1):
        values = [first_v + step * (i - first_i) for i in range(len(laid))]  # type: ignore
        if all(values[i] == v for i, v in known) and all(
            MIN_NUMBER <= v <= MAX_NUMBER for v in values
        ):
            return values
    raise RulesError(
        f"{text} is not a run in table order: the numbers must go up (or down) by one, "
        "Wilds standing for the numbers they replace"
    )


def can_hit(kind: GroupKind | str, group: Group | Any, card: Card | str) -> HitVerdict:
    """Whether ``card`` may be played onto ``group`` (a :class:`Group` or cards as laid).

    Raises :class:`RulesError` when the group is not valid as laid.
    """
    kind = parse_kind(kind)
    laid = group if isinstance(group, Group) else read_laid(kind, group)
    played = parse_card(card)
    if played.is_skip:
        return HitVerdict(False, played, kind, reason=Reason(
            "skip_never_fits", SkipNeverFits(card=str(played))))
    stands = laid.wild_values
    known = [v for i, (card, v) in enumerate(zip(laid.cards, laid.values(), strict=True))
             if card.is_natural or i in stands]
    if kind is GroupKind.RUN:
        return _hit_run(laid, played, [int(v) for v in known])
    value = known[0] if known else None
    mine = None if played.is_wild else (
        str(played.value) if kind is GroupKind.SET else played.colour.value  # type: ignore
    )
    if played.is_wild or value is None or mine == value:
        return HitVerdict(True, played, kind, value=value or mine)
    if kind is GroupKind.SET:
        return HitVerdict(False, played, kind, reason=Reason(
            "wrong_number", WrongNumber(card=str(played), number=int(value))))
    return HitVerdict(False, played, kind, reason=Reason(
        "wrong_colour", WrongColour(card=str(played), colour=value)))


def _hit_run(laid: Group, played: Card, numbers: list[int]) -> HitVerdict:
    kind = GroupKind.RUN
    if not numbers:  # a run of Wilds only: any number with room beside it
        if len(laid.cards) < MAX_NUMBER:
            return HitVerdict(True, played, kind, value=None if played.is_wild else str(
                played.value))
        return HitVerdict(False, played, kind, reason=Reason(
            "run_complete", RunComplete(card=str(played), low=MIN_NUMBER, high=MAX_NUMBER)))
    low, high = min(numbers), max(numbers)
    ends = [(n, end) for n, end in ((high + 1, "high"), (low - 1, "low"))
            if MIN_NUMBER <= n <= MAX_NUMBER]
    if not ends:
        return HitVerdict(False, played, kind, reason=Reason(
            "run_complete", RunComplete(card=str(played), low=low, high=high)))
    for number, end in ends:
        if played.is_wild or played.value == number:
            return HitVerdict(True, played, kind, value=str(number), end=end)
    return HitVerdict(False, played, kind, reason=Reason("not_next_in_run", NotNextInRun(
        card=str(played), low=low, high=high, fits=sorted(number for number, _ in ends))))
