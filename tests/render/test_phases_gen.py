"""Phases laid out for scenes: the ones laid as valid pass the validator, the spoiled ones do
not, and every laid phase respects the deck."""

from __future__ import annotations

import numpy as np
import pytest

from scorer.cards import deck_violations
from scorer.render.deck import Deck
from scorer.render.phases_gen import lay_phase, phase_groups


def test_generated_valid_phases_are_valid() -> None:
    """Phases the generator lays as valid pass the validator."""
    validate = pytest.importorskip("scorer.rules.validate").validate
    for seed in range(150):
        laid = lay_phase(np.random.default_rng(seed), Deck())
        if laid.variant == "valid":
            assert validate(laid.phase, laid.cards).valid, laid
        elif laid.variant == "skip":
            assert not validate(laid.phase, laid.cards).valid


def test_a_laid_phase_is_the_phase_asked_for_and_draws_from_the_deck():
    deck = Deck()
    laid = lay_phase(np.random.default_rng(3), deck, phase=2)
    assert laid.phase == 2 and phase_groups(2) == (("set", 3), ("run", 4))
    assert deck_violations(laid.cards) == []
    assert sum(deck.count(card) for card in set(laid.cards)) < sum(
        Deck().count(card) for card in set(laid.cards))
