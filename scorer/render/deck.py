"""The physical deck a scene draws from, so every scene keeps the deck constraints."""

from __future__ import annotations

import numpy as np

from scorer.cards import ALL_FACES, DECK_COUNTS, SKIP, WILD, Card, Colour

_INDEX = {card: i for i, card in enumerate(ALL_FACES)}
_VALUES = np.array([c.value or 0 for c in ALL_FACES])
_COLOURS = np.array([list(Colour).index(c.colour) if c.colour else -1 for c in ALL_FACES])
_FULL = np.array([DECK_COUNTS[c] for c in ALL_FACES], np.int64)


class Deck:
    """The cards still available to a scene: at most 2 of each colour and number,
    8 Wilds and 4 Skips (``scorer.cards.DECK_COUNTS``). Counts live in an array in
    ``ALL_FACES`` order."""

    def __init__(self, left: np.ndarray | None = None) -> None:
        self.left = _FULL.copy() if left is None else left.copy()

    def copy(self) -> Deck:
        """An independent deck with the same cards left."""
        return Deck(self.left)

    def count(self, card: Card) -> int:
        """How many copies of ``card`` are left."""
        return int(self.left[_INDEX[card]])

    def take(self, card: Card) -> bool:
        """Remove one ``card``; False when none is left."""
        i = _INDEX[card]
        if self.left[i] <= 0:
            return False
        self.left[i] -= 1
        return True

    def put_back(self, card: Card) -> None:
        """Return a card taken from this deck."""
        self.left[_INDEX[card]] += 1

    def _take_from(self, rng: np.random.Generator, mask: np.ndarray) -> Card | None:
        options = np.flatnonzero(mask & (self.left > 0))
        if len(options) == 0:
            return None
        i = int(options[rng.integers(len(options))])
        self.left[i] -= 1
        return ALL_FACES[i]

    def take_number(self, rng: np.random.Generator, value: int) -> Card | None:
        """A card of ``value`` in any available colour, or None."""
        return self._take_from(rng, _VALUES == value)

    def take_colour(self, rng: np.random.Generator, colour: Colour) -> Card | None:
        """A numbered card of ``colour``, or None."""
        return self._take_from(rng, _COLOURS == list(Colour).index(colour))

    def take_wild(self) -> Card | None:
        """A Wild, or None when all 8 are used."""
        return WILD if self.take(WILD) else None

    def take_skip(self) -> Card | None:
        """A Skip, or None when all 4 are used."""
        return SKIP if self.take(SKIP) else None

    def draw(self, rng: np.random.Generator) -> Card | None:
        """A random card weighted by how many are left, or None when empty."""
        total = int(self.left.sum())
        if total == 0:
            return None
        i = int(np.searchsorted(np.cumsum(self.left), rng.integers(total), side="right"))
        self.left[i] -= 1
        return ALL_FACES[i]
