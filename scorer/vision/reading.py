"""The public entry of the vision side: ``read_cards(image) -> CardReading``.

Pipeline: decode (bytes) -> :class:`OnnxDetector` index detections -> pair indices into
physical cards -> colour check from pixels -> one :class:`CardReading`. The same result type
feeds the validator, the CLI's ``--json`` and the web page (:meth:`CardReading.to_dict`).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from functools import lru_cache, partial
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from scorer.cards import WILD, Card, parse_card
from scorer.errors import NotationError
from scorer.paths import MODELS_DIR, RUNS_DIR
from scorer.vision import zoom_check
from scorer.vision.card_reading import CardReading, DetectedCard
from scorer.vision.colour import CORRECTED_FACTOR, ColourMeasure, judge_colour
from scorer.vision.detections import Detections
from scorer.vision.doubt import gather_evidence, load_doubt_model
from scorer.vision.green_cast import green_balanced
from scorer.vision.image_io import ImageError, decode_image, read_image
from scorer.vision.lone_corners import (
    corners_read_apart,
    mirrored_corners,
    pair_lone_twins,
    sole_partners,
    turned_twins,
)
from scorer.vision.onnx_detector import ModelError, OnnxDetector
from scorer.vision.orientation import SURELY_SAME_WAY_UP
from scorer.vision.pairing import (
    DEFAULT_GEOMETRY,
    CardCandidate,
    PairingGeometry,
    drop_shadowed,
    pair_indices,
    split_shared_corners,
)
from scorer.vision.pixel_checks import (
    centre_colour,
    centre_measures,
    facing_apart_check,
    half_turn_check,
    half_turn_matches,
    half_turn_score_of,
    index_measures,
    pair_check,
)
from scorer.vision.plain_print import drop_plain_print
from scorer.vision.printed_pattern import printed_candidates
from scorer.vision.second_look import HINT_CONF, look_again, look_coarse
from scorer.vision.settings import DEFAULT_CONF, DEFAULT_IOU, MODEL_ENV, UNSURE_BELOW
from scorer.vision.washed_out import stretched
from scorer.vision.whole_photo import (
    drop_clutter,
    either_face_chance,
    held_card_read_twice,
    respect_deck,
)
from scorer.vision.zoom_check import CloserLook

DEFAULT_MODEL = MODELS_DIR / "phase10-cards.onnx"


def model_path() -> Path:
    """The detector file: ``$PHASE10_MODEL`` if set, else ``models/phase10-cards.onnx``."""
    override = os.environ.get(MODEL_ENV)
    return Path(override) if override else DEFAULT_MODEL


def get_detector(path: str | None = None, imgsz: int | None = None) -> OnnxDetector:
    """The cached detector for ``path`` (default :func:`model_path`): one session per process.

    ``imgsz`` overrides the longest input side (see :class:`OnnxDetector`).

    Raises :class:`~scorer.vision.onnx_detector.ModelNotFoundError` (a ``FileNotFoundError``)
    when the file is missing, :class:`~scorer.vision.onnx_detector.ModelError` when unreadable.
    """
    return _detector(str(Path(path or model_path()).resolve()), imgsz)


@lru_cache(maxsize=16)
def _detector(path: str, imgsz: int | None) -> OnnxDetector:
    return OnnxDetector(path, imgsz)


def coarse_detectors(detector: Any) -> Callable[[int], OnnxDetector] | None:
    """The same ONNX model at a given input side, for the coarse look
    (:func:`~scorer.vision.second_look.look_coarse`), or None when ``detector`` is not a
    dynamic-input ONNX detector (tests, ultralytics)."""
    if not isinstance(detector, OnnxDetector) or not detector.metadata.dynamic_input:
        return None
    return partial(_detector, str(detector.model_path))


def closer_detector(detector: Any) -> Any:
    """The detector for the closer look at doubtful cards: ``detector`` itself, unless it is an
    ONNX model with a fixed input size (which cannot read the small windows)."""
    if isinstance(detector, OnnxDetector) and not detector.metadata.dynamic_input:
        return None
    return detector


def default_weights() -> Path:
    """The trained ``.pt`` for torch comparisons: ``models/phase10-cards.pt`` if shipped, else
    the main run's ``runs/train/main/weights/best.pt`` (the returned path may not exist)."""
    shipped = DEFAULT_MODEL.with_suffix(".pt")
    run = RUNS_DIR / "train" / "main" / "weights" / "best.pt"
    return shipped if shipped.is_file() else run


def cards_from_detections(
    image_bgr: np.ndarray,
    dets: Detections,
    *,
    geometry: PairingGeometry = DEFAULT_GEOMETRY,
    colour_check: bool = True,
    rivals: Detections | None = None,
    detector_file: str | Path | None = None,
    closer_look: Any = None,
) -> tuple[DetectedCard, ...]:
    """Pair index detections into cards (one corner per card:
    :func:`~scorer.vision.pairing.split_shared_corners`), drop double readings of one index
    (:func:`~scorer.vision.pairing.drop_shadowed`), join a lone card's two corners read apart
    (:mod:`scorer.vision.lone_corners`), drop the motifs of a printed pattern
    (:mod:`scorer.vision.printed_pattern`) and run the colour check on each card, then weigh each
    card's evidence (:mod:`scorer.vision.doubt`; ``rivals``: the photo's weaker detections, for
    another face read on the same spot; ``detector_file``: the model that made ``dets``, whose
    doubt model applies; default the configured one; ``closer_look``: a detector for the closer
    look at the least confident cards, photos only).

    Pairs are vetoed from pixels when the two indices lie the same way up (two cards, see
    :mod:`scorer.vision.orientation`) and, with ``colour_check``, when the midpoint between
    them does not show the card's colour. Then the photo's cards are judged together
    (:mod:`scorer.vision.whole_photo`): clutter dropped, doubtful numbers on colourless print
    dropped (:mod:`scorer.vision.plain_print`), one deck's count respected, a held card read
    twice counted once.
    """
    result: list[DetectedCard] = []
    corner_read: list[bool] = []  # per card: its other corner read as another number
    measure_at = index_measures(image_bgr, dets) if colour_check else None
    centre_at = centre_measures(image_bgr, dets) if colour_check else None
    check = pair_check(image_bgr, dets, measure_at, centre_at)
    same_ink = (lambda i, j: measure_at(i).same_ink(measure_at(j))) if measure_at else None
    paired = split_shared_corners(pair_indices(dets, geometry, check, same_ink), dets)
    candidates = drop_shadowed(paired, dets)
    alone = sole_partners(candidates, dets, geometry)
    twins = turned_twins(candidates, dets, half_turn_score_of(image_bgr, dets), geometry, alone)
    candidates = pair_lone_twins(candidates, dets, alone + twins,
                                 half_turn_check(image_bgr, dets, SURELY_SAME_WAY_UP),
                                 centre_colour(centre_at) if centre_at else None)
    read_twice = corners_read_apart(candidates, dets, alone,
                                    facing_apart_check(image_bgr, dets, check))
    read_twice.update(mirrored_corners(
        candidates, dets, half_turn_matches(image_bgr, dets), geometry, check,
        settled={*read_twice, *read_twice.values()}))
    printed = printed_candidates(image_bgr, dets, candidates)
    doubt = load_doubt_model(detector=detector_file)
    reads = [_read_candidate(dets, c, measure_at, centre_at) for c in candidates]
    closer = _closer_looks(closer_look, image_bgr, dets, candidates, reads)
    for k, (candidate, (card, confidence, status, clear)) in enumerate(
            zip(candidates, reads, strict=True)):
        if k in read_twice or k in printed or zoom_check.vanishes(
                confidence, len(candidate.index_ids), closer.get(k)):
            continue
        evidence = gather_evidence(
            dets, candidates, k, score=confidence, colour_status=status,
            colour_clear=clear, geometry=geometry, check=check, rivals=rivals,
            closer=closer.get(k),
        )
        other = parse_card(evidence.alternative) if evidence.alternative else None
        chance = None if doubt is None else doubt.chance(evidence)
        if k in read_twice.values():  # its other corner reads another number: ask the player
            chance = either_face_chance(chance)
        result.append(DetectedCard(
            card, confidence, candidate.xyxy, len(candidate.index_ids), status,
            chance=chance,
            alternative=None if other == card else other, evidence=evidence,
            unsure_below=UNSURE_BELOW if doubt is None else doubt.unsure_below,
        ))
        corner_read.append(k in read_twice.values())
    cards = respect_deck(drop_plain_print(image_bgr, drop_clutter(image_bgr, result, corner_read)))
    return held_card_read_twice(image_bgr, cards, geometry)


def _read_candidate(dets: Detections, candidate: CardCandidate,
                    measure_at: Callable[[int], ColourMeasure] | None,
                    centre_at: Callable[[int, int], ColourMeasure] | None
                    ) -> tuple[Card, float, str, float]:
    """A candidate's card, confidence, colour-check status and colour clarity, after the colour
    check on its indices' measures (``measure_at``; none: no check) and, when they disagree
    with the detector, its centre's (``centre_at``), which may lower the confidence or correct
    the colour; a number whose every measured index shows all four card colours is a Wild's
    emblem read as a number, and becomes a Wild."""
    card = parse_card(dets.class_names[candidate.class_id])
    confidence, status, clear = candidate.confidence, "unknown", 1.0
    if measure_at is not None and card.is_natural:
        measures = [measure_at(i) for i in candidate.index_ids]
        measured = [m for m in measures if m.colour is not None]
        if measured and all(m.four_inks for m in measured):  # a number read off a Wild's emblem
            return WILD, confidence * CORRECTED_FACTOR, "corrected", 1.0
        verdict = judge_colour(card.colour, measures)
        if verdict.status == "disagree" and centre_at and len(candidate.index_ids) == 2:
            verdict = judge_colour(card.colour, measures,
                                   centre=centre_at(*candidate.index_ids))  # ask the centre
        status = verdict.status
        confidence *= verdict.factor
        clear = min(m.share for m in measures)
        if verdict.colour is not None and verdict.colour is not card.colour:
            card = Card.number(verdict.colour, card.value)
    return card, float(confidence), status, clear


def _closer_looks(detector: Any, image_bgr: np.ndarray, dets: Detections,
                  candidates: Sequence[CardCandidate],
                  reads: Sequence[tuple[Card, float, str, float]]) -> dict[int, CloserLook]:
    """The closer look (:mod:`scorer.vision.zoom_check`) at the least confident candidates, by
    position; none without a ``detector``."""
    if detector is None:
        return {}
    picks = zoom_check.chosen([confidence for _card, confidence, *_r in reads])
    boxes = [dets.xyxy[max(candidates[k].index_ids, key=lambda i: float(dets.confidence[i]))]
             for k in picks]
    # The face the detector read, before any colour fix: the closer look asks the same detector
    # again, so a corrected colour would otherwise count as a different reading.
    faces = [dets.class_names[candidates[k].class_id] for k in picks]
    looks = zoom_check.look_closer(detector, image_bgr, boxes, faces)
    return dict(zip(picks, looks, strict=True))


def read_cards(
    image: np.ndarray | bytes,
    conf: float = DEFAULT_CONF,
    *,
    iou: float = DEFAULT_IOU,
    model: str | Path | None = None,
    colour_check: bool = True,
    detector: Any = None,
    imgsz: int | None = None,
    second_look: bool = True,
) -> CardReading:
    """Read the cards in a photo: a BGR ``(H, W, 3)`` uint8 array or encoded image bytes.

    ``conf`` is the minimum index-detection confidence; ``model`` overrides the model file;
    ``detector`` (anything with ``detect(image, conf=, iou=) -> Detections``) replaces the ONNX
    detector altogether (tests, the ultralytics backend); ``imgsz`` is the ONNX detector's longest
    input side (default: the exported 640), larger for photos of small or distant cards.
    ``second_look`` reads the part of the photo where the cards lie again, enlarged, when they
    cover only part of it (:mod:`scorer.vision.second_look`), or where the detector only sensed
    indices when it read none: more cards found, up to twice the time; live camera frames skip
    it. Both kinds of reading add a coarse look at the whole frame when the first finds little
    or only close-up indices (:func:`~scorer.vision.second_look.look_coarse`). A photo in which
    nothing is read, and whose frame is washed out, is read once more with its contrast
    stretched (:mod:`scorer.vision.washed_out`).
    Raises :class:`ImageError` for undecodable, empty or oversized images and
    :class:`scorer.vision.onnx_detector.ModelError` when the model is missing or unreadable.
    """
    if isinstance(image, (bytes, bytearray, memoryview)):
        image = decode_image(bytes(image))
    image = _check_array(image)
    if detector is None:
        detector = get_detector(str(model) if model else None, imgsz)
    read = partial(_read_frame, conf=conf, iou=iou, detector=detector,
                   colour_check=colour_check, second_look=second_look)
    reading = read(image)
    if second_look and not reading.cards:  # a dim webcam's flat frame: give it its contrast
        washed = stretched(image)
        if washed is not None:
            return read(washed)
    return reading


def _read_frame(image: np.ndarray, *, conf: float, iou: float, detector: Any,
                colour_check: bool, second_look: bool) -> CardReading:
    """:func:`read_cards` on one decoded, checked frame, without the stretched last look."""
    image = green_balanced(image)  # a webcam's green cast out, before the detector's colours
    if second_look:
        sensed = detector.detect(image, conf=min(conf, HINT_CONF), iou=iou)
        dets = sensed[sensed.confidence >= conf]  # what a look at ``conf`` gives, NMS included
        dets = look_coarse(coarse_detectors(detector), image, dets, conf, iou)
        dets = look_again(detector, image, dets, conf, iou, hint=sensed)
    else:
        dets = detector.detect(image, conf=conf, iou=iou)
        dets = look_coarse(coarse_detectors(detector), image, dets, conf, iou)
    rivals = sensed if second_look else None  # weaker first-look readings of the same spots
    cards = cards_from_detections(image, dets, colour_check=colour_check, rivals=rivals,
                                  detector_file=getattr(detector, "model_path", None),
                                  closer_look=closer_detector(detector) if second_look else None)
    return CardReading(cards, (int(image.shape[0]), int(image.shape[1])), dets)


def _check_array(image: object) -> np.ndarray:
    if not isinstance(image, np.ndarray):
        raise ImageError(f"expected a BGR image array or encoded bytes, got {type(image).__name__}")
    if image.ndim == 2:
        image = cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    if image.ndim != 3 or image.shape[2] not in (3, 4) or 0 in image.shape[:2]:
        raise ImageError(f"expected an (H, W, 3) image, got shape {image.shape}")
    if image.dtype != np.uint8:
        raise ImageError(f"expected a uint8 image, got {image.dtype}")
    return image[..., :3] if image.shape[2] == 4 else image


def cards_from_image(path: str | Path, conf: float = DEFAULT_CONF) -> tuple[Card, ...]:
    """The cards read from an image file, for commands that take ``--image`` instead of cards.

    Raises :class:`scorer.errors.NotationError` (unreadable input) when the image is missing or
    unreadable, the model is missing, or no card is found.
    """
    return tuple(card.card for card in detected_in_image(path, conf))


def detected_in_image(path: str | Path, conf: float = DEFAULT_CONF) -> tuple[DetectedCard, ...]:
    """The cards read from an image file, each with its doubt (see :func:`cards_from_image`)."""
    try:
        reading = read_cards(read_image(path), conf=conf)
    except (ImageError, ModelError) as error:
        raise NotationError(str(error)) from None
    if not reading.cards:
        raise NotationError(f"no cards found in {path}: retake the photo closer, in good light")
    return reading.cards
