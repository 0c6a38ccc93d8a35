"""What the reader returns: the cards read from one image.

:class:`DetectedCard` is one physical card (its face, score, box, how sure the reader is and
why); :class:`CardReading` the cards of one image with the raw index detections beside them.
Their ``to_dict`` is the JSON shape of ``phase10 detect --json``, the API and the pages.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from scorer.cards import Card, hand_points
from scorer.vision.detections import Detections
from scorer.vision.doubt import Evidence
from scorer.vision.settings import UNSURE_BELOW

if TYPE_CHECKING:
    from scorer.vision.candidates import CandidateTable


@dataclass(frozen=True)
class DetectedCard:
    """One physical card read from an image.

    ``box`` is xyxy in source pixels (the union of the card's visible indices), ``indices`` how
    many corner indices were seen (1 or 2), ``colour_check`` the colour check's status
    (``agree``, ``disagree``, ``corrected``, ``unknown``). ``chance``: the calibrated chance the
    card is read right, from the score and the pixels' evidence (:mod:`scorer.vision.doubt`);
    ``alternative``: the face it most likely is otherwise; ``evidence``: what that rests on.
    """

    card: Card
    confidence: float
    box: tuple[float, float, float, float]
    indices: int = 1
    colour_check: str = "unknown"
    chance: float | None = None
    alternative: Card | None = None
    evidence: Evidence | None = field(default=None, repr=False, compare=False)
    unsure_below: float = field(default=UNSURE_BELOW, repr=False, compare=False)

    @property
    def unsure(self) -> bool:
        """Worth a look by the player: the chance it is right is below the doubt model's
        threshold (without one, the score is below :data:`UNSURE_BELOW`)."""
        if self.chance is not None:
            return self.chance < self.unsure_below
        return self.confidence < UNSURE_BELOW

    def to_dict(self) -> dict:
        """``{"card": "R5", "confidence": 0.97, "box": [x1, y1, x2, y2], "unsure": false}``,
        plus ``"chance"`` when calibrated and ``"or": "R6"`` when there is a likely alternative."""
        out = {
            "card": str(self.card),
            "confidence": round(float(self.confidence), 3),
            "box": [round(float(v), 1) for v in self.box],
            "unsure": self.unsure,
        }
        if self.chance is not None:
            out["chance"] = round(float(self.chance), 3)
        if self.alternative is not None:
            out["or"] = str(self.alternative)
        return out


@dataclass(frozen=True)
class CardReading:
    """The cards read from one image, most confident first, with the raw index detections."""

    cards: tuple[DetectedCard, ...]
    image_hw: tuple[int, int]
    detections: Detections = field(repr=False, default_factory=Detections.empty)
    table: CandidateTable | None = field(default=None, repr=False, compare=False)
    """Every candidate the reader's stages weighed, dropped ones too (``detect --explain``)."""

    @property
    def hand(self) -> tuple[Card, ...]:
        """The cards alone, sorted in notation order."""
        return tuple(sorted(c.card for c in self.cards))

    @property
    def count(self) -> int:
        return len(self.cards)

    @property
    def no_cards(self) -> bool:
        """Is the answer "no cards"? No card was read sure (an empty table's phantoms are read
        unsure)."""
        return all(card.unsure for card in self.cards)

    @property
    def points(self) -> int:
        """Penalty points of the cards read (as if left in hand)."""
        return hand_points(c.card for c in self.cards)

    def filter(self, conf: float) -> CardReading:
        """A new reading keeping the cards with confidence >= ``conf``."""
        kept = tuple(c for c in self.cards if c.confidence >= conf)
        return CardReading(kept, self.image_hw, self.detections, self.table)

    def to_dict(self) -> dict:
        """``{"cards": [...], "count": N, "points": P}`` (the CLI/API JSON shape)."""
        return {
            "cards": [card.to_dict() for card in self.cards],
            "count": self.count,
            "points": self.points,
        }
