"""The physical deck a scene draws from, so every scene keeps the deck constraints."""

from __future__ import annotations

from collections import Counter

import numpy as np

from scorer.cards import ALL_FACES, DECK_COUNTS, SKIP, WILD, Card, Colour


class Deck:
    """The cards still available to a scene: at most 2 of each colour and number,
    8 Wilds and 4 Skips (``scorer.cards.DECK_COUNTS``)."""

    def __init__(self) -> None:
        self.left: Counter[Card] = Counter(dict(DECK_COUNTS))

    def take(self, card: Card) -> bool:
        """Remove one ``card``; False when none is left."""
        if self.left[card] <= 0:
            return False
        self.left[card] -= 1
        return True

    def take_number(self, rng: np.random.Generator, value: int) -> Card | None:
        """A card of ``value`` in any available colour, or None."""
        options = [c for c in self.left if c.value == value and self.left[c] > 0]
        if not options:
            return None
        card = options[rng.integers(len(options))]
        self.take(card)
        return card

    def take_colour(self, rng: np.random.Generator, colour: Colour,
                    exclude: set[int] | None = None) -> Card | None:
        """A card of ``colour`` (number not in ``exclude``), or None."""
        options = [c for c in self.left if c.colour is colour and self.left[c] > 0
                   and (not exclude or c.value not in exclude)]
        if not options:
            return None
        card = options[rng.integers(len(options))]
        self.take(card)
        return card

    def take_wild(self) -> Card | None:
        return WILD if self.take(WILD) else None

    def take_skip(self) -> Card | None:
        return SKIP if self.take(SKIP) else None

    def draw(self, rng: np.random.Generator) -> Card | None:
        """A random card weighted by how many are left, or None when empty."""
        cards = [c for c in ALL_FACES if self.left[c] > 0]
        if not cards:
            return None
        weights = np.array([self.left[c] for c in cards], np.float64)
        card = cards[rng.choice(len(cards), p=weights / weights.sum())]
        self.take(card)
        return card
