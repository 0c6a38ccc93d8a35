"""The reader after the detector: one declared, ordered list of stages over one candidate table.

The table starts with one candidate per index detection (:mod:`scorer.vision.candidates`).
Each stage in :data:`STAGES` takes the table and the photo and returns a new table; grouping
stages (``pair``, ``shadowed``, ``lone_twins``) form the candidates, the others read, judge and
weigh them, marking a candidate dropped (with the stage's name and why) instead of deleting it.
``run(photo, without={"vanished"})`` runs every stage but the named ones: an ablation by name,
for ``phase10 eval --without`` and ``phase10 detect --explain``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

import numpy as np

from scorer.cards import WILD, Card, parse_card
from scorer.vision import zoom_check
from scorer.vision.candidates import Candidate, CandidateTable, ColourStatus
from scorer.vision.card_reading import DetectedCard
from scorer.vision.colour import ColourMeasure, judge_colour
from scorer.vision.detections import Detections
from scorer.vision.doubt import DoubtModel, gather_evidence
from scorer.vision.lone_corners import (
    mirrored_corners,
    pair_lone_twins,
    sole_partners,
    turned_twins,
)
from scorer.vision.pairing import (
    DEFAULT_GEOMETRY,
    CardCandidate,
    PairingGeometry,
    PixelCheck,
    card_candidate,
    drop_shadowed,
    noisy_or,
    pair_indices,
    split_shared_corners,
)
from scorer.vision.photo_colour import clipped_whites, paper_white, rebalanced
from scorer.vision.pixel_checks import (
    centre_colour,
    centre_measures,
    half_turn_check,
    half_turn_matches,
    half_turn_score_of,
    index_measures,
    pair_check,
)
from scorer.vision.recogniser import Recogniser
from scorer.vision.settings import READER
from scorer.vision.timings import Timings
from scorer.vision.whole_photo import (
    deck_choices,
    either_face_chance,
    held_card_choice,
)


@dataclass
class Photo:
    """What every stage may look at: the frame, its index detections and the reader's options.

    ``rivals``: the photo's weaker detections (another face read on the same spot); ``doubt``:
    the doubt model of the detector that made ``dets``; ``closer_detector``: a detector for the
    closer look at the least confident cards (photos only; None for live frames);
    ``recogniser``: the second model that reads each card again from the original pixels. The
    pixel checks are computed once, on first use.
    """

    image: np.ndarray
    dets: Detections
    geometry: PairingGeometry = DEFAULT_GEOMETRY
    colour_check: bool = True
    rivals: Detections | None = None
    doubt: DoubtModel | None = None
    closer_detector: Any = None
    recogniser: Recogniser | None = None

    @cached_property
    def measure_at(self) -> Callable[[int], ColourMeasure] | None:
        """The colour measure of index ``k``; None without the colour check."""
        return index_measures(self.image, self.dets) if self.colour_check else None

    @cached_property
    def centre_at(self) -> Callable[[int, int], ColourMeasure] | None:
        """The colour measure between indices ``i`` and ``j``; None without the colour check."""
        return centre_measures(self.image, self.dets) if self.colour_check else None

    @cached_property
    def check(self) -> PixelCheck:
        """The pixels' verdict on indices ``i`` and ``j`` being one card's two corners."""
        return pair_check(self.image, self.dets, self.measure_at, self.centre_at)


StageRun = Callable[[CandidateTable, Photo], CandidateTable]


@dataclass(frozen=True)
class Stage:
    """One named step of the reader: ``run(table, photo) -> table``."""

    name: str
    run: StageRun

    @property
    def summary(self) -> str:
        """The first line of the stage's docstring."""
        return (self.run.__doc__ or "").strip().splitlines()[0]


def first_table(photo: Photo) -> CandidateTable:
    """One candidate per index detection: what the stages start from."""
    dets = photo.dets
    groupings = [card_candidate(dets, int(dets.class_id[i]), (i,), noisy_or)
                 for i in range(len(dets))]
    return CandidateTable.of(groupings, dets.faces)


def pair(table: CandidateTable, photo: Photo) -> CandidateTable:
    """Pair index detections into cards, vetoing pairs the pixels rule out; one spot, one card."""
    dets = photo.dets
    measure_at = photo.measure_at
    same_ink = (lambda i, j: measure_at(i).same_ink(measure_at(j))) if measure_at else None
    paired = split_shared_corners(pair_indices(dets, photo.geometry, photo.check, same_ink), dets)
    return table.regrouped(paired, dets.faces, "pair",
                           "part of a pair, or beyond one deck's count of its face",
                           formed="two corners paired")


def shadowed(table: CandidateTable, photo: Photo) -> CandidateTable:
    """Drop readings of spots a more credible card was read on (a Skip also read as a Wild)."""
    kept = drop_shadowed(table.groupings, photo.dets)
    return table.regrouped(kept, photo.dets.faces, "shadowed",
                           "a more credible card was read on the same spot")


def lone_twins(table: CandidateTable, photo: Photo) -> CandidateTable:
    """Join two lone indices that can only be one card's two corners, or lie turned to each
    other as one card's corners do."""
    dets, image = photo.dets, photo.image
    groupings = table.groupings
    alone = sole_partners(groupings, dets, photo.geometry)
    twins = turned_twins(groupings, dets, half_turn_score_of(image, dets), photo.geometry, alone)
    joined = pair_lone_twins(groupings, dets, alone + twins,
                             half_turn_check(image, dets, READER.orientation.surely_same_way_up),
                             centre_colour(photo.centre_at) if photo.centre_at else None)
    return table.regrouped(joined, dets.faces, "lone_twins", "joined with its other corner",
                           formed="two lone corners joined")


def colour(table: CandidateTable, photo: Photo) -> CandidateTable:
    """Check each card's colour from its indices' pixels (and its centre's when they
    disagree); correct it when the pixels are clear."""
    if photo.measure_at is None:
        return table
    changed = {}
    for k in table.alive:
        row = table.rows[k]
        read = _read_colour(row, photo.measure_at, photo.centre_at)
        if read != (row.face, row.score, row.colour, row.clear):
            face, score, status, clear = read
            text = str(status) + (f", read as {face}" if face != row.face else "")
            changed[k] = row.noted("colour", text, face=face, score=score, colour=status,
                                   clear=clear)
    return table.update(changed)


def _read_colour(row: Candidate, measure_at: Callable[[int], ColourMeasure],
                 centre_at: Callable[[int, int], ColourMeasure] | None
                 ) -> tuple[Card, float, ColourStatus, float]:
    """A candidate's face, score, colour status and clarity after the colour check; a number
    whose every measured index shows all four card colours is a Wild's emblem, and a Wild."""
    card, score = row.face, row.score
    if not card.is_natural:
        return card, score, row.colour, row.clear
    index_ids = row.grouping.index_ids
    measures = [measure_at(i) for i in index_ids]
    measured = [m for m in measures if m.colour is not None]
    if measured and all(m.four_inks for m in measured):
        return WILD, score * READER.colour.corrected_factor, ColourStatus.CORRECTED, 1.0
    verdict = judge_colour(card.colour, measures)
    if verdict.status == "disagree" and centre_at and len(index_ids) == 2:
        verdict = judge_colour(card.colour, measures, centre=centre_at(*index_ids))
    if verdict.colour is not None and verdict.colour is not card.colour:
        card = Card.number(verdict.colour, card.value)
    return (card, float(score * verdict.factor), ColourStatus(verdict.status),
            min(m.share for m in measures))


def photo_colour(table: CandidateTable, photo: Photo) -> CandidateTable:
    """Measure again, balanced on the white of the card's own paper around its indices, the
    cards whose unbalanced indices disagree with the detector's colour; correct those the
    pixels then clearly show."""
    if photo.measure_at is None:
        return table
    changed = {}
    for k in table.alive:
        row = table.rows[k]
        ids = row.grouping.index_ids
        if row.colour is not ColourStatus.DISAGREE or any(photo.measure_at(i).balanced
                                                          for i in ids):
            continue
        white = paper_white(photo.image, [photo.dets.xyxy[i] for i in ids])
        if white is None:
            continue
        detected = photo.dets.faces[row.grouping.class_id]
        verdicts = [judge_colour(detected.colour,
                                 [rebalanced(photo.image, photo.dets.xyxy[i], w) for i in ids])
                    for w in clipped_whites(white)]
        verdict = verdicts[0]
        if all(v.status == "corrected" and v.colour is verdict.colour for v in verdicts):
            face = Card.number(verdict.colour, detected.value)
            changed[k] = row.noted("photo_colour", f"read as {face} on the card's own white",
                                   face=face, colour=ColourStatus.CORRECTED,
                                   score=float(row.grouping.confidence * verdict.factor))
    return table.update(changed)


def second_opinion(table: CandidateTable, photo: Photo) -> CandidateTable:
    """Read each card again from the photo's own pixels with the recogniser, a model trained
    apart from the detector; its reading is evidence for the ``weigh`` stage."""
    alive = table.alive
    if photo.recogniser is None or not alive:
        return table
    xyxy = photo.dets.xyxy
    opinions = photo.recogniser.opinions(
        photo.image, [[xyxy[i] for i in table.rows[k].grouping.index_ids] for k in alive])
    changed = {}
    for k, opinion in zip(alive, opinions, strict=True):
        row = table.rows[k]
        symbol_p, colour_p = opinion.chances_of(row.face)
        text = f"the recogniser gives it {symbol_p:.2f}" + (
            f" (its colour {colour_p:.2f})" if row.face.is_natural else "")
        if opinion.doubts(row.face, READER.recogniser.second_opinion_at):
            text = f"the recogniser reads {opinion.card or 'no card'}"
        changed[k] = row.noted("second_opinion", text, opinion=opinion)
    return table.update(changed)


def closer_look(table: CandidateTable, photo: Photo) -> CandidateTable:
    """Read the least confident cards' indices again, enlarged and turned (photos only)."""
    if photo.closer_detector is None:
        return table
    alive = table.alive
    picks = [alive[p] for p in zoom_check.chosen([table.rows[k].score for k in alive])]
    dets = photo.dets
    boxes = [dets.xyxy[max(table.rows[k].grouping.index_ids,
                           key=lambda i: float(dets.confidence[i]))] for k in picks]
    # The face the detector read, before any colour fix: the closer look asks the same
    # detector again, so a corrected colour would otherwise count as a different reading.
    faces = [dets.class_names[table.rows[k].grouping.class_id] for k in picks]
    looks = zoom_check.look_closer(photo.closer_detector, photo.image, boxes, faces)
    return table.update({k: table.rows[k].noted("closer_look", _closer_text(look), closer=look)
                         for k, look in zip(picks, looks, strict=True)})


def _closer_text(look: zoom_check.CloserLook) -> str:
    if look.read_nothing:
        return "read as nothing, enlarged"
    instead = look.seen_instead
    return f"read as {instead}, enlarged" if instead else "read the same, enlarged"


def mirrored(table: CandidateTable, photo: Photo) -> CandidateTable:
    """Count once two lone numbers of one colour whose crops match turned half a turn (one
    card's corners in a fan, a 3 read upside down as an 8)."""
    alive = [k for k in table.alive if not table.rows[k].other_corner_read]
    groupings = [table.rows[k].grouping for k in alive]
    dets, image = photo.dets, photo.image
    weaker = mirrored_corners(groupings, dets, half_turn_matches(image, dets), photo.geometry,
                              photo.check)
    return _other_corner(table, {alive[w]: alive[s] for w, s in weaker.items()}, "mirrored")


def _other_corner(table: CandidateTable, weaker: dict[int, int], stage: str) -> CandidateTable:
    """Drop each weaker reading, marking the stronger one as read differently at its other
    corner (the player is asked which it is)."""
    rows = table.rows
    marked = {s: rows[s].noted(stage, f"its other corner reads {rows[w].face}",
                               other_corner_read=True) for w, s in weaker.items()}
    return table.update(marked).drop(
        {w: f"the other corner of the {rows[s].face} beside it" for w, s in weaker.items()}, stage)


def vanished(table: CandidateTable, photo: Photo) -> CandidateTable:
    """Drop a weak lone index that reads as nothing at all on its closer look."""
    gone = {k: "read as nothing when enlarged" for k in table.alive
            if zoom_check.vanishes(table.rows[k].score, len(table.rows[k].grouping.index_ids),
                                   table.rows[k].closer)}
    return table.drop(gone, "vanished")


def weigh(table: CandidateTable, photo: Photo) -> CandidateTable:
    """Weigh each card's evidence into a calibrated chance of being right, and its likely
    alternative."""
    groupings = table.groupings
    doubt = photo.doubt
    weighed = {}
    for k in table.alive:
        row = table.rows[k]
        evidence = gather_evidence(
            photo.dets, groupings, k, score=row.score, colour_status=row.colour,
            colour_clear=row.clear, geometry=photo.geometry, check=photo.check,
            rivals=photo.rivals, closer=row.closer,
            recognised=None if row.opinion is None else row.opinion.chances_of(row.face))
        other = parse_card(evidence.alternative) if evidence.alternative else None
        chance = None if doubt is None else doubt.chance(evidence)
        if row.other_corner_read:
            chance = either_face_chance(chance)
        if row.opinion is not None and row.opinion.doubts(row.face,
                                                          READER.recogniser.second_opinion_at):
            other = row.opinion.card or other  # what the second model reads instead
            if doubt is None or not doubt.weighs_recogniser:  # two models disagree, and no
                chance = either_face_chance(chance)  # fitted weight says which to trust
        card = DetectedCard(
            row.face, row.score, row.grouping.xyxy, len(row.grouping.index_ids), row.colour,
            chance=chance, alternative=None if other == row.face else other, evidence=evidence,
            unsure_below=READER.doubt.unsure_below if doubt is None else doubt.unsure_below)
        text = "chance " + ("uncalibrated" if chance is None else f"{chance:.2f}")
        weighed[k] = row.noted("weigh", text + (", unsure" if card.unsure else ""), card=card)
    return table.update(weighed)


def both_doubt(table: CandidateTable, photo: Photo) -> CandidateTable:
    """Settle a card both models doubt (the recogniser all but rules its face out, and its
    weighed chance is low too): read as the recogniser reads it where that reading is sure,
    marked unsure with the detector's face as the alternative; dropped where the recogniser
    sees no card (another game's card, a printed digit) or is unsure itself."""
    tuning = READER.recogniser
    reread, gone = {}, {}
    for k in table.alive:
        row, card = table.rows[k], table.rows[k].card
        if row.opinion is None or card is None or card.chance is None:
            continue
        symbol_p, _ = row.opinion.chances_of(row.face)
        if symbol_p >= tuning.veto_below or card.chance >= tuning.veto_chance:
            continue
        instead = row.opinion.card
        if instead is not None and math.prod(row.opinion.chances_of(instead)) >= tuning.reread_at:
            reread[k] = row.noted("both_doubt", f"read as {instead} by the recogniser",
                                  face=instead, card=replace(
                                      card, card=instead, alternative=row.face,
                                      chance=either_face_chance(None)))
        else:
            gone[k] = f"the recogniser reads {instead or 'no card'} ({symbol_p:.3f} for " \
                      f"{row.face}), chance {card.chance:.2f}"
    return table.update(reread).drop(gone, "both_doubt")


def deck_counts(table: CandidateTable, photo: Photo) -> CandidateTable:
    """Keep at most one deck's count of each face, and one reading of one card on one spot;
    most confident first."""
    alive = [k for k in table.alive if table.rows[k].card is not None]
    order, dropped = deck_choices([table.rows[k].card for k in alive])
    table = table.drop({alive[p]: why for p, why in dropped.items()}, "deck_counts")
    return table.reordered([alive[p] for p in order])


def held_card_twice(table: CandidateTable, photo: Photo) -> CandidateTable:
    """Count once a card held up and read twice (at both corners, or at a corner and its own
    print), in a photo of two readings."""
    alive = [k for k in table.alive if table.rows[k].card is not None]
    choice = held_card_choice(photo.image, [table.rows[k].card for k in alive], photo.geometry)
    if choice is None:
        return table
    kept, gone, card = choice
    row = table.rows[alive[kept]]
    if card is not row.card:
        row = row.noted("held_card_twice", "spans both corners", card=card)
    return table.update({alive[kept]: row}).drop(
        {alive[gone]: f"a second reading of the {card.card} held up"}, "held_card_twice")


STAGES: tuple[Stage, ...] = tuple(Stage(run.__name__, run) for run in (
    pair, shadowed, lone_twins, colour, photo_colour, second_opinion, closer_look, mirrored,
    vanished, weigh, both_doubt, deck_counts, held_card_twice,
))
"""The reader's stages after the detector, in the order they run."""

STAGE_NAMES: tuple[str, ...] = tuple(stage.name for stage in STAGES)


REQUIRED = frozenset({"weigh"})
"""Stages that cannot be left out: ``weigh`` makes the cards."""


def check_stage_names(names: Collection[str], known: Collection[str] = STAGE_NAMES) -> None:
    """Raise ``ValueError`` when a name in ``names`` is not a stage that can be left out."""
    optional = [name for name in known if name not in REQUIRED]
    unknown = sorted(set(names) - set(optional))
    if unknown:
        raise ValueError(f"no stage {', '.join(unknown)} to leave out: "
                         f"choose from {', '.join(optional)}")


def run(photo: Photo, without: Collection[str] = (), timings: Timings | None = None
        ) -> CandidateTable:
    """Every stage of :data:`STAGES` but those named in ``without``, in order, from
    :func:`first_table`; ``timings``, when given, gets each stage's seconds added. Raises
    ``ValueError`` for a name that is no stage to leave out."""
    check_stage_names(without)
    clock = Timings() if timings is None else timings
    table = first_table(photo)
    for stage in STAGES:
        if stage.name not in without:
            with clock.timed(stage.name):
                table = stage.run(table, photo)
    return table


def groupings_of(table: CandidateTable) -> list[CardCandidate]:
    """The candidates' groupings still in play, in order (for tests and tools)."""
    return [table.rows[k].grouping for k in table.alive]
