"""Phases as players lay them: valid ones and near misses, drawn from a :class:`Deck`."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from scorer.cards import Card, Colour
from scorer.render.deck import Deck
from scorer.rules.phases import standard_phase


def phase_groups(phase: int) -> tuple[tuple[str, int], ...]:
    """The phase's groups as (kind, minimum size), from the rules engine (scorer.rules.phases)."""
    return tuple((g.kind.value, g.size) for g in standard_phase(phase).groups)


VARIANTS = ("valid", "valid", "valid", "card_off", "card_short", "skip")


@dataclass(frozen=True)
class LaidPhase:
    """The rows of a laid-down phase and what the generator meant it to be."""

    phase: int
    groups: tuple[tuple[Card, ...], ...]
    variant: str  # "valid", "card_off", "card_short" or "skip"

    @property
    def cards(self) -> tuple[Card, ...]:
        """All laid cards, row by row."""
        return tuple(c for g in self.groups for c in g)


def _group(rng: np.random.Generator, deck: Deck, kind: str, size: int,
           wild_p: float) -> list[Card] | None:
    cards: list[Card] = []
    if kind == "set":
        value = int(rng.integers(1, 13))
        for _ in range(size):
            card = deck.take_wild() if rng.random() < wild_p else None
            card = card or deck.take_number(rng, value) or deck.take_wild()
            if card is None:
                return None
            cards.append(card)
    elif kind == "run":
        start = int(rng.integers(1, 14 - size))
        for value in range(start, start + size):
            card = deck.take_wild() if rng.random() < wild_p else None
            card = card or deck.take_number(rng, value) or deck.take_wild()
            if card is None:
                return None
            cards.append(card)
    else:
        colour = list(Colour)[rng.integers(4)]
        for _ in range(size):
            card = deck.take_wild() if rng.random() < wild_p else None
            card = card or deck.take_colour(rng, colour) or deck.take_wild()
            if card is None:
                return None
            cards.append(card)
        naturals = sorted((c for c in cards if c.is_natural), key=lambda c: c.value or 0)
        wilds = [c for c in cards if not c.is_natural]
        cards = naturals + wilds if rng.random() < 0.5 else cards
    return cards


def _spoil(rng: np.random.Generator, deck: Deck, groups: list[list[Card]], variant: str) -> None:
    """Make the phase miss by one card, in place."""
    g = groups[rng.integers(len(groups))]
    if variant == "card_short":
        g.pop(int(rng.integers(len(g))))
    elif variant == "skip":
        skip = deck.take_skip()
        if skip is not None:
            g.insert(int(rng.integers(len(g) + 1)), skip)
    elif variant == "card_off":
        naturals = [i for i, c in enumerate(g) if c.is_natural]
        if not naturals:
            return
        i = naturals[rng.integers(len(naturals))]
        old = g[i]
        for _ in range(20):
            card = deck.draw(rng)
            if card is None:
                return
            if card.is_natural and card.value != old.value and card.colour != old.colour:
                g[i] = card
                return
            deck.put_back(card)


def lay_phase(rng: np.random.Generator, deck: Deck, phase: int | None = None) -> LaidPhase:
    """Draw a laid phase (random phase unless given) from ``deck``; may be a near miss."""
    phase = int(rng.integers(1, 11)) if phase is None else phase
    wild_p = 0.0 if rng.random() < 0.4 else float(rng.uniform(0.08, 0.3))
    for _ in range(20):
        trial = deck.copy()
        groups: list[list[Card]] = []
        for kind, size in phase_groups(phase):
            extra = int(rng.random() < 0.2) if kind != "run" or size < 9 else 0
            g = _group(rng, trial, kind, size + extra, wild_p)
            if g is None:
                break
            groups.append(g)
        else:
            if any(c.is_natural for g in groups for c in g):
                variant = str(rng.choice(VARIANTS))
                if variant != "valid":
                    _spoil(rng, trial, groups, variant)
                deck.left = trial.left.copy()
                return LaidPhase(phase, tuple(tuple(g) for g in groups), variant)
    raise RuntimeError(f"could not lay phase {phase} from the deck left")
