"""Card values, their short notation (``R5``, ``B12``, ``W``, ``S``), the deck, penalty points."""

from __future__ import annotations

import enum
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from scorer.errors import NotationError

MIN_NUMBER = 1
MAX_NUMBER = 12


class Colour(enum.Enum):
    """The four card colours; the value is the one-letter notation."""

    RED = "R"
    BLUE = "B"
    GREEN = "G"
    YELLOW = "Y"

    def __str__(self) -> str:
        return self.name.lower()


class Kind(enum.Enum):
    """What a card is: a numbered card, a Wild or a Skip."""

    NUMBER = "number"
    WILD = "wild"
    SKIP = "skip"


@dataclass(frozen=True)
class Card:
    """One card value. Numbered cards have a colour and a number 1..12; Wild and Skip have neither.

    Build cards with :meth:`number`, :data:`WILD`, :data:`SKIP` or :func:`parse_card`.
    """

    kind: Kind
    colour: Colour | None = None
    value: int | None = None

    def __post_init__(self) -> None:
        if self.kind is Kind.NUMBER:
            if self.colour is None or self.value is None:
                raise NotationError("a numbered card needs a colour and a number")
            if not MIN_NUMBER <= self.value <= MAX_NUMBER:
                raise NotationError(f"card number {self.value} is outside 1..12")
        elif self.colour is not None or self.value is not None:
            raise NotationError(f"a {self.kind.value} card has no colour or number")

    @classmethod
    def number(cls, colour: Colour, value: int) -> Card:
        """A numbered card, e.g. ``Card.number(Colour.RED, 5)`` is ``R5``."""
        return cls(Kind.NUMBER, colour, value)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Same as :func:`parse_card`."""
        return parse_card(text)

    @property
    def is_wild(self) -> bool:
        return self.kind is Kind.WILD

    @property
    def is_skip(self) -> bool:
        return self.kind is Kind.SKIP

    @property
    def is_natural(self) -> bool:
        """A numbered card (neither Wild nor Skip)."""
        return self.kind is Kind.NUMBER

    @property
    def points(self) -> int:
        return card_points(self)

    @property
    def sort_key(self) -> tuple[int, int, int]:
        """Numbered cards by colour then number, then Wild, then Skip."""
        colour_rank = COLOUR_RANK[self.colour] if self.colour else 0
        return (_KIND_RANK[self.kind], colour_rank, self.value or 0)

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.sort_key < other.sort_key

    def __str__(self) -> str:
        if self.kind is Kind.WILD:
            return "W"
        if self.kind is Kind.SKIP:
            return "S"
        assert self.colour is not None  # guaranteed by __post_init__
        return f"{self.colour.value}{self.value}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


COLOUR_RANK = {colour: rank for rank, colour in enumerate(Colour)}
"""Each colour's place in card order: red, blue, green, yellow."""
_KIND_RANK = {kind: rank for rank, kind in enumerate(Kind)}

WILD = Card(Kind.WILD)
SKIP = Card(Kind.SKIP)

_COLOUR_WORDS = {
    "r": Colour.RED, "red": Colour.RED,
    "b": Colour.BLUE, "blue": Colour.BLUE,
    "g": Colour.GREEN, "green": Colour.GREEN,
    "y": Colour.YELLOW, "yellow": Colour.YELLOW,
}
_SPECIAL_WORDS = {"w": WILD, "wild": WILD, "s": SKIP, "skip": SKIP}
_NUMBERED = re.compile(r"^([a-z]+)[\s_\-]*(\d{1,2})$")


def parse_card(text: str) -> Card:
    """Read one card, forgivingly: ``R5``, ``r5``, ``red 5``, ``Red-5``, ``W``, ``wild``, ``skip``.

    Raises :class:`NotationError` naming the token when it is not a card.
    """
    if isinstance(text, Card):
        return text
    if not isinstance(text, str):
        raise NotationError(f"expected a card name, got {text!r}")
    return _parse_name(text)


@lru_cache(maxsize=1024)
def _parse_name(text: str) -> Card:
    """:func:`parse_card` of a string, remembered: the reader parses its 50 class names over
    and over, and a :class:`Card` never changes."""
    token = text.strip().lower()
    if token in _SPECIAL_WORDS:
        return _SPECIAL_WORDS[token]
    match = _NUMBERED.match(token)
    if match and match.group(1) in _COLOUR_WORDS:
        value = int(match.group(2))
        if MIN_NUMBER <= value <= MAX_NUMBER:
            return Card.number(_COLOUR_WORDS[match.group(1)], value)
        raise NotationError(f"bad card {text!r}: numbers go from 1 to 12")
    raise NotationError(
        f"bad card {text!r}: write a colour letter and a number (R5, B12, G1, Y7), "
        "W for Wild or S for Skip"
    )


_TWO_WORD_CARD = re.compile(r"\b(red|blue|green|yellow)\s+(\d{1,2})\b", re.IGNORECASE)


def parse_cards(cards: str | Card | Iterable[str | Card]) -> tuple[Card, ...]:
    """Turn card-like input into a tuple of cards: the one boundary helper for card input.

    Accepts one string of cards separated by spaces or commas (``"R5 B5 W"``, ``"red 5, wild"``),
    one card, or an iterable of either. Raises :class:`NotationError` on the first bad token,
    and on anything else (a number, ``None``, a list inside the list).
    """
    if isinstance(cards, (Card, str)):
        return _parse_item(cards)
    if isinstance(cards, (bytes, dict)) or not hasattr(cards, "__iter__"):
        raise NotationError(f"cards must be text or a list of cards, got {type(cards).__name__}")
    result: list[Card] = []
    for item in cards:
        if not isinstance(item, (Card, str)):
            raise NotationError(f"each card must be text such as 'R5', got {type(item).__name__}")
        result.extend(_parse_item(item))
    return tuple(result)


def _parse_item(item: str | Card) -> tuple[Card, ...]:
    if isinstance(item, Card):
        return (item,)
    joined = _TWO_WORD_CARD.sub(lambda m: f"{m.group(1)}-{m.group(2)}", item)
    return tuple(parse_card(token) for token in re.split(r"[\s,;]+", joined.strip()) if token)


def card_points(card: Card) -> int:
    """Penalty points of a card left in hand: 1-9 score 5, 10-12 score 10, Skip 15, Wild 25."""
    if card.is_wild:
        return 25
    if card.is_skip:
        return 15
    assert card.value is not None
    return 5 if card.value <= 9 else 10


def hand_points(cards: Iterable[Card]) -> int:
    """Total penalty points of the cards in a hand."""
    return sum(card_points(card) for card in cards)


ALL_FACES: tuple[Card, ...] = tuple(
    Card.number(colour, value) for colour in Colour for value in range(MIN_NUMBER, MAX_NUMBER + 1)
) + (WILD, SKIP)
"""The 50 distinct card faces, in a fixed order (R1..R12, B1.., G1.., Y1.., W, S)."""

DECK_COUNTS: dict[Card, int] = {card: 2 for card in ALL_FACES[:48]} | {WILD: 8, SKIP: 4}
"""How many copies of each face one deck holds."""

DECK: tuple[Card, ...] = tuple(card for card, count in DECK_COUNTS.items() for _ in range(count))
"""The 108-card deck."""


def deck_violations(cards: Iterable[Card]) -> list[str]:
    """The faces that appear more often than one deck holds, as messages (empty when none)."""
    counts = Counter(cards)
    return [
        f"{card} appears {n} times; a deck has {DECK_COUNTS[card]}"
        for card, n in sorted(counts.items())
        if n > DECK_COUNTS[card]
    ]
