"""Does a card's confidence mean what it says, and does the unsure mark catch the misreads?

Each card read is matched to the truth by place: it is *right* when a truth card of the same
face has a visible index whose centre lies inside the card's box (each truth card matched once,
the most confident reading first); otherwise it is a misread (the index of a truth card of
another face is there) or a phantom (no truth index, or that card was already matched).

:class:`CalibrationReport` sums, over a split: the share of wrong cards (misreads and phantoms)
marked unsure, the share of all cards marked, and a reliability table: per confidence bin, how
many cards were read there and the share of them that was right.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

BIN_EDGES = (0.0, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0001)
"""Confidence bins of the reliability table: ``[0, 0.5)``, ``[0.5, 0.6)``, ... ``[0.9, 1]``."""


@dataclass(frozen=True)
class CardOutcome:
    """One card read: its confidence, whether it was marked unsure, and what it really was."""

    confidence: float
    unsure: bool
    outcome: str  # "right", "misread" or "phantom"
    chance: float | None = None  # the reader's calibrated chance, when it gives one

    @property
    def right(self) -> bool:
        return self.outcome == "right"


def _inside(point: tuple[float, float], box: Sequence[float]) -> bool:
    return box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3]


def match_cards(record: dict[str, Any], cards: Iterable[Any]) -> list[CardOutcome]:
    """Outcomes of ``cards`` (DetectedCard-like: ``card``, ``confidence``, ``box``, ``unsure``)
    against one manifest record's face-up cards with visible indices."""
    return [CardOutcome(float(card.confidence), bool(card.unsure), outcome,
                        getattr(card, "chance", None))
            for card, outcome in label_cards(record, cards)]


def label_cards(record: dict[str, Any], cards: Iterable[Any]) -> list[tuple[Any, str]]:
    """Each card with its outcome (``right``, ``misread``, ``phantom``), most confident first."""
    truth = []
    for card in record.get("cards", ()):
        centres = [((i["box"][0] + i["box"][2]) / 2, (i["box"][1] + i["box"][3]) / 2)
                   for i in card.get("indices") or ()]
        if centres:
            truth.append((card["face"], centres))
    used: set[int] = set()
    outcomes = []
    for card in sorted(cards, key=lambda c: -c.confidence):
        face = str(card.card)
        here = [k for k, (_f, centres) in enumerate(truth)
                if any(_inside(c, card.box) for c in centres)]
        same = [k for k in here if truth[k][0] == face and k not in used]
        if same:
            used.add(same[0])
            outcome = "right"
        elif any(k not in used for k in here):
            outcome = "misread"
        else:
            outcome = "phantom"
        outcomes.append((card, outcome))
    return outcomes


@dataclass
class CalibrationReport:
    """Summed card outcomes of a split: the marked shares and the reliability table."""

    outcomes: list[CardOutcome] = field(default_factory=list)

    def add(self, outcomes: Iterable[CardOutcome]) -> None:
        self.outcomes.extend(outcomes)

    def reliability(self, calibrated: bool = False) -> list[dict[str, Any]]:
        """Per confidence bin: ``{"bin": "0.9-1.0", "cards": n, "right": share,
        "mean_confidence": mean}``; ``calibrated`` bins the reader's chance instead of the
        detector's score (cards without a chance are left out)."""
        def value(o: CardOutcome) -> float | None:
            return o.chance if calibrated else o.confidence

        rows = []
        for low, high in zip(BIN_EDGES, BIN_EDGES[1:], strict=False):
            inside = [o for o in self.outcomes
                      if value(o) is not None and low <= value(o) < high]  # type: ignore
            if not inside:
                continue
            rows.append({
                "bin": f"{low:.1f}-{min(high, 1.0):.1f}",
                "cards": len(inside),
                "right": round(sum(o.right for o in inside) / len(inside), 3),
                "mean_confidence": round(sum(value(o) for o in inside) / len(inside), 3),
            })
        return rows

    def to_dict(self) -> dict[str, Any]:
        """``wrong_cards``, ``wrong_marked`` (share of misreads/phantoms marked unsure) and its
        standard error ``wrong_marked_se``, ``cards_marked`` (share of all cards marked),
        ``misreads``, ``phantoms`` and ``reliability`` and ``reliability_calibrated`` (see
        :meth:`reliability`).

        The standard error says how far the share moves by chance alone: with a hundred wrong
        cards it is about 0.045, so two models whose shares differ by less than about twice
        that are not told apart by the split."""
        wrong = [o for o in self.outcomes if not o.right]
        total = len(self.outcomes)
        marked = sum(o.unsure for o in wrong) / len(wrong) if wrong else 0.0
        return {
            "wrong_cards": len(wrong),
            "misreads": sum(o.outcome == "misread" for o in wrong),
            "phantoms": sum(o.outcome == "phantom" for o in wrong),
            "wrong_marked": round(marked, 4),
            "wrong_marked_se": round(standard_error(marked, len(wrong)), 4),
            "cards_marked": round(sum(o.unsure for o in self.outcomes) / total, 4)
            if total else 0.0,
            "reliability": self.reliability(),
            "reliability_calibrated": self.reliability(calibrated=True),
        }


def standard_error(share: float, n: int) -> float:
    """The binomial standard error of a share measured on ``n`` items (0 for none)."""
    return math.sqrt(share * (1.0 - share) / n) if n else 0.0


def reliability_lines(rows: list[dict[str, Any]]) -> list[str]:
    """The reliability table as aligned text lines (for ``phase10 eval``)."""
    lines = [f"{'confidence':>12} {'cards':>6} {'mean':>6} {'right':>6}"]
    for row in rows:
        lines.append(f"{row['bin']:>12} {row['cards']:>6} {row['mean_confidence']:>6.3f} "
                     f"{row['right']:>6.3f}")
    return lines


def match_by_count(truth: Iterable[str], cards: Iterable[Any], key: Any = str) -> list[CardOutcome]:
    """Outcomes when the truth has no places (a photo's list of symbols or cards): the most
    confident reading first takes a truth entry equal to ``key(card.card)``; a card left
    without one is a misread while truth entries remain unmatched, a phantom after."""
    left = Counter(truth)
    cards = sorted(cards, key=lambda c: -c.confidence)
    spare = sum(left.values()) - sum((Counter(key(c.card) for c in cards) & left).values())
    outcomes = []
    for card in cards:
        name = key(card.card)
        if left[name] > 0:
            left[name] -= 1
            outcome = "right"
        elif spare > 0:
            spare -= 1
            outcome = "misread"
        else:
            outcome = "phantom"
        outcomes.append(CardOutcome(float(card.confidence), bool(card.unsure), outcome,
                                    getattr(card, "chance", None)))
    return outcomes
