"""Cards read with doubt, on the web side: which cards to confirm, and the verdict they sway.

The page and the API mark an unsure card with ``?`` and may name its likely alternative:
``"W?"``, ``"Y8?/Y9"`` (the text form of :class:`scorer.rules.doubt.ReadCard`). A photo's
reading gives the same from each card's ``unsure`` and ``or``. :func:`add_doubt` adds to a
:func:`web.checking.summary` body what the player must confirm before recording.
"""

from __future__ import annotations

from typing import Any

from scorer.live.feed import LiveReading
from scorer.rules.doubt import ReadCard, read_cards_from, unsure_points, weigh
from scorer.rules.phases import PhaseSpec
from web import i18n


def split_marks(value: Any) -> tuple[Any, tuple[ReadCard, ...] | None]:
    """``(plain cards, read cards)`` from the API's ``cards``: tokens marked ``?`` become
    ReadCards and the plain value loses the marks; without marks, ``(value, None)``.

    Raises :class:`~scorer.errors.NotationError` for a badly marked token.
    """
    tokens: list[Any] | None = None
    if isinstance(value, str):
        tokens = value.split()
    elif isinstance(value, (list, tuple)) and all(isinstance(item, str) for item in value):
        tokens = [token for item in value for token in item.split()]
    if not tokens or not any("?" in token or "/" in token for token in tokens):
        return value, None
    read = read_cards_from(tokens)
    return [str(item.card) for item in read], read


def add_doubt(
    body: dict[str, Any], read: tuple[ReadCard, ...], phase: PhaseSpec | None,
    natural_per_group: bool,
) -> dict[str, Any]:
    """``body`` plus ``unsure`` (cards to confirm), ``unsure_points`` (their share of the
    points) and, with a phase, the verdict's ``doubtful``, ``depends_on`` and ``doubt``
    (``code``, ``params``, ``message`` in the page's language)."""
    body["unsure"] = [str(item.card) for item in read if item.unsure]
    body["unsure_points"] = unsure_points(read)[1]
    verdict = body.get("verdict")
    if phase is not None and verdict is not None:
        weighed = weigh(phase, read, natural_per_group=natural_per_group)
        reason = weighed.reason
        verdict["doubtful"] = weighed.doubtful
        verdict["depends_on"] = [{"card": c, "fix": fix} for c, fix in weighed.depends_on]
        verdict["doubt"] = None if reason is None else {
            "code": reason.code, "params": reason.params,
            "message": i18n.reason_message(reason),
        }
    return body



LIVE_SURE = 0.95
"""The chance a live card must be read with for the view to hold cards: on the rendered val split
77 % of the cards read reach it and 288 of 298 scenes have one that does; the phantoms of
Chromium's fake camera reached 0.905."""


def live_doubt(live: LiveReading) -> tuple[tuple[ReadCard, ...], bool]:
    """``(stable cards with their doubt, no cards in view)`` for a live reading.

    A stable card is unsure when every reading of its face in the newest frame is unsure; the
    view holds no cards unless the newest frame reads at least one stable card with a chance of
    :data:`LIVE_SURE` or more (without a calibrated chance: not unsure). Phantoms on an empty
    table come and go, mostly unsure and seldom that sure, so they never get a verdict.
    """
    sure = {card.card for card in live.detected.cards if not card.unsure}
    seen = {card.card for card in live.detected.cards}
    read = tuple(ReadCard(card, card in seen and card not in sure) for card in live.cards)
    anchors = {card.card for card in live.detected.cards if not card.unsure
               and (card.chance is None or card.chance >= LIVE_SURE)}
    return read, not any(card in anchors for card in live.cards)
