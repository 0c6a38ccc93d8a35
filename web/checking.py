"""Cards read from a photo (or typed) checked against a phase: the request's side of the one
check (:mod:`scorer.rules.check`), worded in the page's language."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from scorer.cards import DECK
from scorer.errors import NotationError
from scorer.numbers import is_whole
from scorer.rules.check import check, typed_cards
from scorer.rules.doubt import ReadCard
from scorer.rules.phases import PhaseSpec, standard_phase
from web import i18n

MAX_CARDS = len(DECK)
"""No table holds more cards than one deck."""


def read_cards(value: str | list[str]) -> tuple[ReadCard, ...]:
    """Typed cards (one text or a list of names, as :class:`web.schema.Check` let through)
    with their doubt (``"W?"``, ``"Y8?/Y9"``: unsure); NotationError on a bad token or more
    cards than a deck holds."""
    cards = typed_cards(value)
    if len(cards) > MAX_CARDS:
        raise NotationError(f"{len(cards)} cards is more than a deck holds ({MAX_CARDS})")
    return cards


def phase_from(value: Any) -> PhaseSpec:
    """A standard phase from its number (1..10), as int or ASCII digit text."""
    if isinstance(value, str) and is_whole(value, minimum=1, maximum=10):
        value = int(value)
    return standard_phase(value)


def answer(cards: str | Iterable[str | ReadCard], phase: PhaseSpec | None,
           natural_per_group: bool) -> dict[str, Any]:
    """The one check (:func:`scorer.rules.check.check`) as JSON, worded in the page's language:
    what ``/api/check``, the photo page and live mode answer with."""
    result = check(cards, phase, natural_per_group=natural_per_group)
    return result.to_dict(i18n.reason_message, i18n.describe_phase)
