"""Verdicts that respect doubt: does the answer hang on a card the reader was unsure of?

A camera reading is a list of :class:`ReadCard` values: the card read, whether the reader was
unsure of it, and the card it most likely is otherwise (its alternative). :func:`weigh` checks
the phase on the cards as read, then once more for every unsure card removed (a phantom) and
once more for every unsure card replaced by its alternative (a misread). The verdict *depends*
on an unsure card when one of those single changes turns valid into invalid or the other way.

Text form of one read card: ``"R5"`` (sure), ``"W?"`` (unsure), ``"Y8?/Y9"`` (unsure, most
likely Y9 otherwise); :meth:`ReadCard.parse` and ``str()`` round-trip it.

Reason codes (``Reason.code``, ``Reason.params``; see :mod:`scorer.rules.reasons`):

- ``valid_if_sure`` {cards: [card, ...]}: valid as read, but only if each of these unsure cards
  is what it was read as ("valid if W? is a Wild on the table").
- ``invalid_check`` {reason: {code, params}, check: [{card, fix}, ...]}: not valid as read
  (``reason`` is the validator's own), but it would be if one listed card were changed;
  ``fix`` is ``"remove"`` (valid without it) or the alternative that would make it valid.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from scorer.cards import Card, hand_points, parse_card
from scorer.errors import NotationError
from scorer.rules.phases import PhaseSpec
from scorer.rules.reason_codes import CheckCard, InvalidCheck, ReasonData, ValidIfSure
from scorer.rules.reasons import Reason
from scorer.rules.validate import Verdict, validate

REMOVE = "remove"


@dataclass(frozen=True)
class ReadCard:
    """One card as a reader saw it: ``card``, ``unsure``, and ``alternative`` (or None)."""

    card: Card
    unsure: bool = False
    alternative: Card | None = None

    @classmethod
    def parse(cls, text: str) -> ReadCard:
        """``"R5"``, ``"W?"`` or ``"Y8?/Y9"``; NotationError for anything else."""
        token = text.strip()
        head, slash, tail = token.partition("/")
        unsure = head.endswith("?")
        if slash and not unsure:
            raise NotationError(
                f"{text!r}: only an unsure card has an alternative; write it as 'Y8?/Y9'"
            )
        if slash and not tail:
            raise NotationError(f"{text!r}: name the alternative after '/', as in 'Y8?/Y9'")
        card = parse_card(head[:-1] if unsure else head)
        return cls(card, unsure, parse_card(tail) if slash else None)

    def __str__(self) -> str:
        text = str(self.card) + ("?" if self.unsure else "")
        return text + (f"/{self.alternative}" if self.alternative is not None else "")


def read_cards_from(values: str | Iterable[str | ReadCard]) -> tuple[ReadCard, ...]:
    """Read cards from text (``"R5 W? Y8?/Y9"``) or an iterable of tokens or ReadCards."""
    items = values.split() if isinstance(values, str) else values
    return tuple(v if isinstance(v, ReadCard) else ReadCard.parse(v) for v in items)


def read_cards_of(detected: Iterable[Any]) -> tuple[ReadCard, ...]:
    """Read cards from a reader's cards (anything with ``card``, ``unsure`` and ``alternative``,
    such as :class:`scorer.vision.card_reading.DetectedCard`): an alternative counts only for a card
    the reader was unsure of."""
    return tuple(ReadCard(item.card, item.unsure, item.alternative if item.unsure else None)
                 for item in detected)


@dataclass(frozen=True)
class WeighedVerdict:
    """The verdict on the cards as read, and the unsure cards it hangs on.

    ``depends_on`` lists ``(card, fix)`` for each unsure card whose removal (``fix`` =
    ``"remove"``) or replacement by its alternative (``fix`` = that card's text) flips the
    verdict; ``reason`` is the doubt's reason (None when the verdict stands either way).
    """

    verdict: Verdict
    cards: tuple[ReadCard, ...]
    depends_on: tuple[tuple[str, str], ...] = ()

    @property
    def valid(self) -> bool:
        return self.verdict.valid

    @property
    def doubtful(self) -> bool:
        """The verdict would change if an unsure card were not what it was read as."""
        return bool(self.depends_on)

    @property
    def reason(self) -> Reason | None:
        if not self.depends_on:
            return None
        if self.verdict.valid:
            cards = _unique(c for c, _fix in self.depends_on)
            return Reason("valid_if_sure", ValidIfSure(cards=cards))
        inner = self.verdict.reason
        return Reason("invalid_check", InvalidCheck(
            reason=None if inner is None else ReasonData(code=inner.code,
                                                          params=dict(inner.params)),
            check=[CheckCard(card=card, fix=fix) for card, fix in self.depends_on],
        ))

    def to_dict(self) -> dict[str, Any]:
        """The verdict's own ``to_dict()`` plus ``doubtful``, ``depends_on`` and ``doubt``."""
        reason = self.reason
        return {
            **self.verdict.to_dict(),
            "doubtful": self.doubtful,
            "depends_on": [{"card": card, "fix": fix} for card, fix in self.depends_on],
            "doubt": None if reason is None else reason.to_dict(),
        }


def _unique(values: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(values))


def weigh(
    phase: PhaseSpec | int,
    cards: str | Iterable[str | ReadCard],
    *,
    natural_per_group: bool = False,
) -> WeighedVerdict:
    """Check ``phase`` on the cards as read and say which unsure cards the verdict hangs on.

    Every unsure card is tried removed, then (when it has one) as its alternative, one change at
    a time. Raises :class:`~scorer.errors.NotationError` for unreadable cards or phases.
    """
    read = read_cards_from(cards)
    as_read = [item.card for item in read]
    verdict = validate(phase, as_read, natural_per_group=natural_per_group)
    depends: list[tuple[str, str]] = []
    for k, item in enumerate(read):
        if not item.unsure:
            continue
        changes: list[tuple[str, list[Card]]] = [(REMOVE, as_read[:k] + as_read[k + 1:])]
        if item.alternative is not None and item.alternative != item.card:
            changes.append((str(item.alternative), [*as_read[:k], item.alternative,
                                                    *as_read[k + 1:]]))
        for fix, changed in changes:
            other = validate(phase, changed, natural_per_group=natural_per_group)
            if other.valid != verdict.valid:
                depends.append((str(item.card), fix))
                break
    return WeighedVerdict(verdict, read, tuple(depends))


def unsure_points(cards: str | Iterable[str | ReadCard]) -> tuple[int, int]:
    """``(points, unsure share)``: the penalty points of the cards read, and how many of those
    points come from unsure cards (to confirm before they go into a round)."""
    read = read_cards_from(cards)
    return (hand_points(item.card for item in read),
            hand_points(item.card for item in read if item.unsure))


def unsure_of(cards: Sequence[ReadCard]) -> list[str]:
    """The text of each unsure card, in reading order."""
    return [str(item.card) for item in cards if item.unsure]
