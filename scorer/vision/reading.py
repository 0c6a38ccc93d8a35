"""The public entry of the vision side: ``read_cards(image) -> CardReading``.

Pipeline: decode (bytes) -> :class:`OnnxDetector` index detections -> pair indices into
physical cards -> colour check from pixels -> one :class:`CardReading`. The same result type
feeds the validator, the CLI's ``--json`` and the web page (:meth:`CardReading.to_dict`).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Collection
from functools import lru_cache, partial
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from scorer.cards import Card
from scorer.errors import NotationError
from scorer.paths import MODELS_DIR
from scorer.vision import pipeline
from scorer.vision.candidates import CandidateTable
from scorer.vision.card_reading import CardReading, DetectedCard
from scorer.vision.confirmed_look import confirmed
from scorer.vision.detections import Detections
from scorer.vision.doubt import load_doubt_model
from scorer.vision.green_cast import green_balanced
from scorer.vision.image_io import ImageError, decode_image, read_image
from scorer.vision.onnx_detector import ModelError, OnnxDetector
from scorer.vision.pairing import DEFAULT_GEOMETRY, PairingGeometry
from scorer.vision.pipeline import STAGE_NAMES, Photo
from scorer.vision.recogniser import Recogniser, load_recogniser
from scorer.vision.second_look import fine_side, look_again, look_coarse
from scorer.vision.settings import DEFAULT_CONF, DEFAULT_IOU, MODEL_ENV, READER
from scorer.vision.timings import Timings
from scorer.vision.washed_out import stretched

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
    """The shipped detector's ``.pt`` (``models/phase10-cards.pt``), for torch comparisons and
    fine-tuning; the path may not exist."""
    return DEFAULT_MODEL.with_suffix(".pt")


def cards_from_detections(image_bgr: np.ndarray, dets: Detections, **options: Any
                          ) -> tuple[DetectedCard, ...]:
    """The cards that the reader's stages (:mod:`scorer.vision.pipeline`) make of index
    detections ``dets``, most confident first; ``options`` as for :func:`candidate_table`."""
    return candidate_table(image_bgr, dets, **options).cards


def candidate_table(
    image_bgr: np.ndarray,
    dets: Detections,
    *,
    geometry: PairingGeometry = DEFAULT_GEOMETRY,
    colour_check: bool = True,
    rivals: Detections | None = None,
    detector_file: str | Path | None = None,
    closer_look: Any = None,
    recogniser: Recogniser | None = None,
    without: Collection[str] = (),
    timings: Timings | None = None,
) -> CandidateTable:
    """Every candidate card in ``dets`` after the stages of :mod:`scorer.vision.pipeline` (all
    but those named in ``without``), dropped ones included with their reasons.

    ``colour_check``: check and veto from pixels; ``rivals``: the photo's weaker detections
    (another face read on the same spot); ``detector_file``: the model that made ``dets``, whose
    doubt model applies (default the configured one); ``closer_look``: a detector for the closer
    look at the least confident cards (photos only); ``recogniser``: the second model, for a
    second opinion on every card (none: no second opinion).
    """
    photo = Photo(image_bgr, dets, geometry=geometry, colour_check=colour_check, rivals=rivals,
                  doubt=load_doubt_model(detector=detector_file), closer_detector=closer_look,
                  recogniser=recogniser)
    return pipeline.run(photo, without, timings)


LOOKS: tuple[str, ...] = ("green_cast", "fine_look", "coarse_look", "look_again",
                          "confirmed_look", "washed_out")
"""The looks before the stages, by the names ``without`` takes: the green-cast balance, the
fine look at a large photo of small indices (photos), the coarse look at the whole frame, the
second look at where the cards lie (photos), the weak detections the recogniser confirms
(photos), and the stretched last look at a washed-out photo in which nothing was read
(photos)."""


def check_without(without: Collection[str]) -> frozenset[str]:
    """``without`` as a set, after checking each name is a look or a stage that can be left
    out; raises ``ValueError`` naming the choices otherwise."""
    pipeline.check_stage_names(without, (*LOOKS, *STAGE_NAMES))
    return frozenset(without)


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
    without: Collection[str] = (),
    timings: Timings | None = None,
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
    stretched (:mod:`scorer.vision.washed_out`). ``without`` names looks (:data:`LOOKS`) and
    stages (:data:`~scorer.vision.pipeline.STAGES`) to leave out, for ablations; ``timings``, when
    given, gets the seconds each look and stage took added to it.
    Raises :class:`ImageError` for undecodable, empty or oversized images,
    :class:`scorer.vision.onnx_detector.ModelError` when the model is missing or unreadable and
    ``ValueError`` for an unknown name in ``without``.
    """
    without = check_without(without)
    clock = Timings() if timings is None else timings
    if isinstance(image, (bytes, bytearray, memoryview)):
        with clock.timed("decode"):
            image = decode_image(bytes(image))
    image = _check_array(image)
    if detector is None:
        detector = get_detector(str(model) if model else None, imgsz)
    read = partial(_read_frame, conf=conf, iou=iou, detector=detector, colour_check=colour_check,
                   second_look=second_look, without=without, clock=clock)
    reading = read(image)
    if second_look and not reading.cards and "washed_out" not in without:
        with clock.timed("washed_out"):
            washed = stretched(image)  # a dim webcam's flat frame: give it its contrast
        if washed is not None:
            return read(washed)
    return reading


def _read_frame(image: np.ndarray, *, conf: float, iou: float, detector: Any,
                colour_check: bool, second_look: bool, without: frozenset[str],
                clock: Timings) -> CardReading:
    """:func:`read_cards` on one decoded, checked frame, without the stretched last look."""
    if "green_cast" not in without:
        with clock.timed("green_cast"):
            image = green_balanced(image)  # a webcam's green cast out, before the detector
    coarse = None if "coarse_look" in without else coarse_detectors(detector)
    with clock.timed("first_look"):
        first_conf = min(conf, READER.second_look.hint_conf) if second_look else conf
        sensed = detector.detect(image, conf=first_conf, iou=iou)
    if second_look and "fine_look" not in without:
        with clock.timed("fine_look"):
            sensed = _look_finer(detector, image, sensed, conf, iou)
    dets = sensed[sensed.confidence >= conf]  # what a look at ``conf`` gives, NMS included
    with clock.timed("coarse_look"):
        dets = look_coarse(coarse, image, dets, conf, iou)
    if second_look and "look_again" not in without:
        with clock.timed("look_again"):
            dets = look_again(detector, image, dets, conf, iou, hint=sensed)
    recogniser = _recogniser_for(detector)
    if second_look and recogniser is not None and "confirmed_look" not in without:
        with clock.timed("confirmed_look"):
            dets = confirmed(recogniser, image, dets, sensed, conf)
    rivals = sensed if second_look else None  # weaker first-look readings of the same spots
    table = candidate_table(image, dets, colour_check=colour_check, rivals=rivals,
                            detector_file=getattr(detector, "model_path", None),
                            closer_look=closer_detector(detector) if second_look else None,
                            recogniser=recogniser, without=without - set(LOOKS),
                            timings=clock)
    return CardReading(table.cards, (int(image.shape[0]), int(image.shape[1])), dets, table)


def _recogniser_for(detector: Any) -> Recogniser | None:
    """The recogniser that gives the shipped ONNX detector's readings a second opinion; none
    for other detectors (tests, the ultralytics comparison)."""
    return load_recogniser() if isinstance(detector, OnnxDetector) else None


def _look_finer(detector: Any, image: np.ndarray, sensed: Detections, conf: float,
                iou: float) -> Detections:
    """The first look read again at a larger input when its indices came out too small for
    the detector (:func:`~scorer.vision.second_look.fine_side`); ``sensed`` itself otherwise."""
    at_side = coarse_detectors(detector)
    if at_side is None:
        return sensed
    side = fine_side(sensed[sensed.confidence >= conf], image.shape[:2], detector.input_side)
    if side is None:
        return sensed
    return at_side(side).detect(image, conf=min(conf, READER.second_look.hint_conf), iou=iou)


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
