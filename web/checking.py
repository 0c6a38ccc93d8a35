"""Cards read from a photo (or typed) checked against a phase by the engine's validator."""

from __future__ import annotations

from typing import Any

from scorer.cards import DECK, hand_points, parse_cards
from scorer.errors import NotationError
from scorer.numbers import is_whole
from scorer.rules.phases import PhaseSpec, standard_phase
from scorer.rules.validate import validate
from web import i18n

MAX_CARDS = len(DECK)
"""No table holds more cards than one deck."""


def cards_from(value: Any) -> tuple:
    """Cards from a list of names or one string of names; NotationError on a bad token."""
    if value is None:
        raise NotationError("no cards: give a list such as [\"R5\", \"B5\", \"W\"]")
    if not isinstance(value, (str, list, tuple)):
        raise NotationError(f"cards must be a list of card names or text, got {value!r}"[:200])
    if isinstance(value, (list, tuple)) and not all(isinstance(item, str) for item in value):
        raise NotationError("cards must be card names such as \"R5\", \"W\" or \"S\"")
    cards = parse_cards(value)
    if len(cards) > MAX_CARDS:
        raise NotationError(f"{len(cards)} cards is more than a deck holds ({MAX_CARDS})")
    return cards


def phase_from(value: Any) -> PhaseSpec:
    """A standard phase from its number (1..10), as int or ASCII digit text."""
    if isinstance(value, str) and is_whole(value, minimum=1, maximum=10):
        value = int(value)
    return standard_phase(value)


def summary(cards: tuple, phase: PhaseSpec | None, natural_per_group: bool) -> dict[str, Any]:
    """``{"cards", "count", "points"}`` plus ``"verdict"`` and ``"phase"`` when a phase is given.

    The verdict is the validator's own ``to_dict()`` with its reason in the page's language.
    """
    body: dict[str, Any] = {
        "cards": [str(card) for card in cards],
        "count": len(cards),
        "points": hand_points(cards),
    }
    if phase is not None:
        verdict = validate(phase, cards, natural_per_group=natural_per_group)
        data = verdict.to_dict()
        data["message"] = i18n.reason_message(verdict.reason) if verdict.reason else ""
        body["verdict"] = data
        body["phase"] = {"number": phase.number, "description": i18n.describe_phase(phase)}
    return body
