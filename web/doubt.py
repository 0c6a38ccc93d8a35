"""Live mode's doubt: which of a live reading's stable cards are unsure, and whether the view
holds any card at all. The verdict on them is the one check's (:func:`web.checking.answer`).
"""

from __future__ import annotations

from scorer.live.feed import LiveReading
from scorer.rules.doubt import ReadCard

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
