"""The one check: cards (read with doubt, or typed) against a phase, as one JSON shape.

:func:`check` validates the cards once, weighs the unsure ones (:func:`scorer.rules.doubt.weigh`)
and keeps the result; :meth:`Check.to_dict` gives the shape the API (``/api/check``), the photo
page, live mode and ``phase10 check --json`` all answer with::

    {"cards": ["R5", ...], "count": N, "points": P,
     "unsure": ["W", ...], "unsure_points": U,
     "verdict": null | {"valid", "phase", "groups", "reason", "code", "params", "message",
                        "doubtful", "depends_on": [{"card", "fix"}],
                        "doubt": null | {"code", "params", "text", "message"}},
     "phase": null | {"number", "description"}}

``reason``/``text`` are the engine's English; ``message`` and ``description`` are worded by the
caller (the web app passes its translations; the default is English sentences). A reading's
cards come in as plain values (:class:`~scorer.rules.doubt.ReadCard`), never as the reader's own
types, so the rules never import the vision package.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from scorer.cards import hand_points, parse_cards
from scorer.errors import NotationError
from scorer.rules.doubt import ReadCard, WeighedVerdict, read_cards_from, unsure_of, weigh
from scorer.rules.phases import PhaseSpec
from scorer.rules.reasons import Reason, explain

Say = Callable[[Reason], str]
"""Words a reason (``Reason`` -> text) in the caller's language."""
Describe = Callable[[PhaseSpec], str]
"""Words a phase's requirement (``"1 set of 3 + 1 run of 4"``) in the caller's language."""


def sentence(text: str) -> str:
    """``text`` with a capital first letter and a full stop at the end."""
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def say_english(reason: Reason) -> str:
    """A reason as an English sentence (the words the web app shows in English)."""
    return sentence(explain(reason))


def describe_english(phase: PhaseSpec) -> str:
    return phase.describe()


def typed_cards(value: str | list[str] | tuple[str, ...]) -> tuple[ReadCard, ...]:
    """Typed cards with their doubt: tokens marked ``?`` (``"W?"``, ``"Y8?/Y9"``) are unsure;
    without marks any card notation :func:`scorer.cards.parse_cards` reads (``"red 5, wild"``).

    Raises :class:`~scorer.errors.NotationError` for a bad card, a badly marked token or
    anything but text or a list of texts.
    """
    if isinstance(value, str):
        texts = [value]
    elif isinstance(value, (list, tuple)) and all(isinstance(text, str) for text in value):
        texts = list(value)
    else:
        raise NotationError("cards must be text or a list of card names such as \"R5\", \"W\"")
    tokens = [token for text in texts for token in re.split(r"[\s,;]+", text) if token]
    if any("?" in token or "/" in token for token in tokens):
        return read_cards_from(tokens)
    return tuple(ReadCard(card) for card in parse_cards(texts))


@dataclass(frozen=True)
class Check:
    """Cards with their doubt, and (when a phase was given) the weighed verdict on them."""

    cards: tuple[ReadCard, ...]
    weighed: WeighedVerdict | None = None

    @property
    def phase(self) -> PhaseSpec | None:
        return None if self.weighed is None else self.weighed.verdict.phase

    def to_dict(self, say: Say = say_english, describe: Describe = describe_english
                ) -> dict[str, Any]:
        """The one JSON shape (see the module's docstring); ``say`` words the reasons and
        ``describe`` the phase."""
        plain = [item.card for item in self.cards]
        body: dict[str, Any] = {
            "cards": [str(card) for card in plain],
            "count": len(plain),
            "points": hand_points(plain),
            "unsure": unsure_of(self.cards),
            "unsure_points": hand_points(item.card for item in self.cards if item.unsure),
            "verdict": None,
            "phase": None,
        }
        if self.weighed is not None:
            body["verdict"] = _verdict(self.weighed, say)
            phase = self.weighed.verdict.phase
            body["phase"] = {"number": phase.number, "description": describe(phase)}
        return body


def _verdict(weighed: WeighedVerdict, say: Say) -> dict[str, Any]:
    data = weighed.to_dict()
    inner = weighed.verdict.reason
    data["message"] = say(inner) if inner is not None else ""
    doubt = weighed.reason
    if doubt is not None:
        data["doubt"] = {**doubt.to_dict(), "message": say(doubt)}
    return data


def check(
    cards: str | Iterable[str | ReadCard],
    phase: PhaseSpec | int | None,
    *,
    natural_per_group: bool = False,
) -> Check:
    """Check ``cards`` (ReadCards, or their text: ``"R5 W? Y8?/Y9"``) against ``phase``, once,
    weighing every unsure card; without a phase only the cards and their points are kept.

    Raises :class:`~scorer.errors.NotationError` for unreadable cards or phases.
    """
    read = read_cards_from(cards)
    if phase is None:
        return Check(read)
    return Check(read, weigh(phase, read, natural_per_group=natural_per_group))
