"""Groups of cards as laid down, with what each Wild stands for.

:func:`arrange` turns the natural cards found for each group and a number of Wilds into
:class:`Group` values: it gives each group the Wilds it needs (fewest short groups first),
places surplus Wilds where they fit, and reports what is still missing.

What a Wild stands for is text: the number (``"6"``) in a set or a run, the colour letter
(``"R"``) in a colour group.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorer.cards import COLOUR_RANK, MAX_NUMBER, MIN_NUMBER, WILD, Card, Colour
from scorer.rules.phases import GroupKind, GroupSpec


def card_order(card: Card) -> tuple[int, int]:
    """Sort key for natural cards: number, then colour (R, B, G, Y)."""
    rank = COLOUR_RANK.get(card.colour, len(COLOUR_RANK))  # type: ignore[arg-type]
    return (card.value or 0, rank)


@dataclass(frozen=True)
class Group:
    """One group of a phase: its requirement, its cards, and what each Wild in it stands for.

    ``cards`` are in table order: a run from its lowest number up, Wilds where they stand.
    ``wilds`` pairs a position in ``cards`` with the value that Wild stands for.
    """

    spec: GroupSpec
    cards: tuple[Card, ...]
    wilds: tuple[tuple[int, str], ...] = ()

    @property
    def kind(self) -> GroupKind:
        return self.spec.kind

    @property
    def wild_values(self) -> dict[int, str]:
        return dict(self.wilds)

    def values(self) -> list[str]:
        """Each card's value as played: the number, or for a colour group the colour letter."""
        stands = self.wild_values
        out = []
        for position, card in enumerate(self.cards):
            if position in stands:
                out.append(stands[position])
            elif self.kind is GroupKind.COLOUR:
                out.append(card.colour.value if card.colour else "?")
            else:
                out.append(str(card.value))
        return out

    def __str__(self) -> str:
        return " ".join(str(card) for card in self.cards)

    def to_dict(self) -> dict[str, Any]:
        """``{"kind", "size", "requirement", "cards": ["R5", ...], "wilds": {"2": "5"}}``."""
        return {
            "kind": self.kind.value,
            "size": self.spec.size,
            "requirement": self.spec.describe(),
            "cards": [str(card) for card in self.cards],
            "wilds": {str(position): value for position, value in self.wilds},
        }


@dataclass(frozen=True)
class Arrangement:
    """Groups built from an assignment, and what keeps it from being a phase."""

    groups: tuple[Group, ...]
    missing: tuple[int, ...]
    holes: tuple[tuple[int, ...], ...]
    left_over: tuple[Card, ...]

    @property
    def complete(self) -> bool:
        return not any(self.missing) and not self.left_over


def _need(spec: GroupSpec, naturals: list[Card]) -> int:
    if spec.kind is GroupKind.RUN:
        if not naturals:
            return spec.size
        numbers = [c.value for c in naturals]
        return max(spec.size, max(numbers) - min(numbers) + 1) - len(naturals)
    return max(0, spec.size - len(naturals))


def arrange(
    specs: tuple[GroupSpec, ...], taken: list[list[Card]], wilds: int, left_over: list[Card]
) -> Arrangement:
    """Give the groups their Wilds and lay each out; ``left_over`` naturals are passed through."""
    needs = [_need(spec, cards) for spec, cards in zip(specs, taken, strict=True)]
    given = [0] * len(specs)
    available = wilds
    for g in sorted(range(len(specs)), key=lambda g: needs[g]):
        given[g] = min(needs[g], available)
        available -= given[g]
    if available:
        unbounded = [g for g, spec in enumerate(specs) if spec.kind is not GroupKind.RUN]
        if unbounded:
            given[unbounded[0]] += available
            available = 0
        for g, spec in enumerate(specs):
            if spec.kind is GroupKind.RUN and available:
                room = MAX_NUMBER - (len(taken[g]) + needs[g])
                extra = min(room, available)
                given[g] += extra
                available -= extra
    groups, holes = [], []
    for spec, naturals, count in zip(specs, taken, given, strict=True):
        group, gap = _lay(spec, naturals, count)
        groups.append(group)
        holes.append(gap)
    missing = tuple(max(0, n - g) for n, g in zip(needs, given, strict=True))
    return Arrangement(
        tuple(groups), missing, tuple(holes), tuple(left_over) + (WILD,) * available
    )


def _lay(spec: GroupSpec, naturals: list[Card], wilds: int) -> tuple[Group, tuple[int, ...]]:
    """One group laid out with ``wilds`` Wilds; also the run numbers still missing inside."""
    if spec.kind is GroupKind.RUN:
        return _lay_run(spec, naturals, wilds)
    ordered = sorted(naturals, key=card_order)
    if spec.kind is GroupKind.SET:
        value = str(naturals[0].value) if naturals else str(MIN_NUMBER)
    else:
        value = naturals[0].colour.value if naturals else Colour.RED.value  # type: ignore[union-attr]
    cards = tuple(ordered) + (WILD,) * wilds
    stands = tuple((len(ordered) + i, value) for i in range(wilds))
    return Group(spec, cards, stands), ()


def _lay_run(spec: GroupSpec, naturals: list[Card], wilds: int) -> tuple[Group, tuple[int, ...]]:
    by_number = {card.value: card for card in naturals}
    if naturals:
        low, high = min(by_number), max(by_number)
    else:
        low, high = MIN_NUMBER, MIN_NUMBER - 1
    holes = [n for n in range(low, high + 1) if n not in by_number]
    wild_numbers = holes[:wilds]
    spare = wilds - len(wild_numbers)
    holes = holes[len(wild_numbers):]
    while spare and high < MAX_NUMBER:
        high += 1
        wild_numbers.append(high)
        spare -= 1
    while spare and low > MIN_NUMBER:
        low -= 1
        wild_numbers.append(low)
        spare -= 1
    cards: list[Card] = []
    stands: list[tuple[int, str]] = []
    for number in range(low, high + 1):
        if number in by_number:
            cards.append(by_number[number])
        elif number in wild_numbers:
            stands.append((len(cards), str(number)))
            cards.append(WILD)
    return Group(spec, tuple(cards), tuple(stands)), tuple(holes)
