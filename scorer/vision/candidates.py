"""The table of card candidates that the reader's stages pass along (:mod:`scorer.vision.pipeline`).

A :class:`Candidate` is one possible physical card: the index detections it rests on, the face
read, its colour status, its closer look, and, once weighed, the :class:`DetectedCard` it gives.
A stage never deletes a candidate: it marks it dropped, with the stage's name and a reason, so
that ``phase10 detect --explain`` can say what happened to every reading.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from enum import StrEnum

from scorer.cards import Card
from scorer.vision.card_reading import DetectedCard
from scorer.vision.pairing import CardCandidate
from scorer.vision.recogniser import Opinion
from scorer.vision.zoom_check import CloserLook


class ColourStatus(StrEnum):
    """What the colour check found on a card's indices (compares equal to its text)."""

    AGREE = "agree"
    DISAGREE = "disagree"
    CORRECTED = "corrected"
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class Candidate:
    """One possible card and what the stages found on it.

    ``grouping``: its index detections, class, box and detector score; ``face`` and ``score``:
    the face read and its score after the colour check; ``clear``: the share of the index pixels
    that show the colour; ``other_corner_read``: its other corner was read as another number;
    ``opinion``: what the recogniser read on it, once the ``second_opinion`` stage has run;
    ``card``: the weighed card, once the ``weigh`` stage has run; ``notes``: ``(stage, text)``
    for every stage that changed it.
    """

    grouping: CardCandidate
    face: Card
    score: float
    colour: ColourStatus = ColourStatus.UNKNOWN
    clear: float = 1.0
    closer: CloserLook | None = None
    other_corner_read: bool = False
    opinion: Opinion | None = None
    card: DetectedCard | None = None
    dropped_by: str | None = None
    why: str | None = None
    notes: tuple[tuple[str, str], ...] = ()

    @property
    def alive(self) -> bool:
        return self.dropped_by is None

    def noted(self, stage: str, text: str, **changes: object) -> Candidate:
        """A copy with ``changes`` applied and ``text`` noted under ``stage``."""
        return replace(self, notes=(*self.notes, (stage, text)), **changes)

    def dropped(self, stage: str, why: str) -> Candidate:
        """A copy marked dropped by ``stage`` for ``why``."""
        return replace(self, dropped_by=stage, why=why, notes=(*self.notes, (stage, why)))


@dataclass(frozen=True)
class CandidateTable:
    """The candidates of one photo in order (positions are stable once grouped), and those set
    aside while grouping (merged into another candidate or shadowed by one)."""

    rows: tuple[Candidate, ...] = ()
    set_aside: tuple[Candidate, ...] = ()

    @classmethod
    def of(cls, groupings: Iterable[CardCandidate], faces: tuple[Card, ...]) -> CandidateTable:
        """A table of fresh candidates, each read as its class (``faces``: per class id)."""
        return cls(tuple(_fresh(g, faces) for g in groupings))

    @property
    def groupings(self) -> list[CardCandidate]:
        """Every row's grouping, dropped or not (positions as in :attr:`rows`)."""
        return [row.grouping for row in self.rows]

    @property
    def alive(self) -> list[int]:
        """Positions of the rows still in play."""
        return [k for k, row in enumerate(self.rows) if row.alive]

    @property
    def cards(self) -> tuple[DetectedCard, ...]:
        """The weighed cards still in play, in row order."""
        return tuple(row.card for row in self.rows if row.alive and row.card is not None)

    def drop(self, positions: Mapping[int, str], stage: str) -> CandidateTable:
        """Rows at ``positions`` marked dropped by ``stage``, each with its reason."""
        rows = list(self.rows)
        for k, why in positions.items():
            rows[k] = rows[k].dropped(stage, why)
        return replace(self, rows=tuple(rows))

    def update(self, changed: Mapping[int, Candidate]) -> CandidateTable:
        """Rows at the given positions replaced."""
        rows = list(self.rows)
        for k, row in changed.items():
            rows[k] = row
        return replace(self, rows=tuple(rows))

    def reordered(self, order: list[int]) -> CandidateTable:
        """The rows at ``order`` first, in that order, then the others as they were."""
        first = set(order)
        rest = [k for k in range(len(self.rows)) if k not in first]
        return replace(self, rows=tuple(self.rows[k] for k in [*order, *rest]))

    def regrouped(self, groupings: list[CardCandidate], faces: tuple[Card, ...], stage: str,
                  why: str, formed: str = "formed") -> CandidateTable:
        """The table formed anew from ``groupings`` (a grouping stage's output, in its order):
        rows whose grouping is kept stay as they are, new groupings become new rows (noted
        ``formed``), and rows left out are set aside, dropped by ``stage`` for ``why``."""
        by_grouping = {row.grouping: row for row in self.rows}
        rows = tuple(by_grouping[g] if g in by_grouping else _fresh(g, faces).noted(stage, formed)
                     for g in groupings)
        kept = set(groupings)
        gone = tuple(row.dropped(stage, why) for row in self.rows if row.grouping not in kept)
        return CandidateTable(rows, self.set_aside + gone)


def _fresh(grouping: CardCandidate, faces: tuple[Card, ...]) -> Candidate:
    return Candidate(grouping, faces[grouping.class_id], grouping.confidence)
