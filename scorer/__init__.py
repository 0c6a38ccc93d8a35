"""Phase 10 scorekeeping assistant: cards, rules, game records and the card detector."""

from scorer.cards import DECK, Card, Colour, card_points, hand_points, parse_card, parse_cards
from scorer.errors import NotationError, RulesError

__all__ = [
    "DECK",
    "Card",
    "Colour",
    "NotationError",
    "RulesError",
    "card_points",
    "hand_points",
    "parse_card",
    "parse_cards",
]
