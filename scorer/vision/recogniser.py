"""The recogniser: a second model that reads one index from a crop of the original photo.

The detector finds and reads indices in a downscaled copy of the photo; the recogniser reads
each index again from the full-resolution pixels, cut square around the detector's box and
resized to ``TUNING.crop`` pixels. It is trained apart from the detector, on crops of rendered
scenes at their labelled indices and at the detector's own proposals
(``tools/train_recogniser.py``), and gives the symbol
(1-12, Wild, Skip, or no card) and the colour as two separate outputs. The ``second_opinion``
stage of :mod:`scorer.vision.pipeline` hands its reading to the doubt model, ``both_doubt``
settles the cards both models doubt, and :mod:`scorer.vision.confirmed_look` counts the weak
detections it reads for sure.

Input ``crops``: float32 ``(N, 3, TUNING.crop, TUNING.crop)``, RGB, 0..1. Outputs ``symbol``
``(N, 15)`` and ``colour`` ``(N, 5)`` logits, in the orders of :data:`SYMBOLS` and :data:`COLOURS`.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np
import onnxruntime as ort

from scorer.cards import Card, Colour, parse_card
from scorer.paths import MODELS_DIR
from scorer.vision.settings import READER

TUNING = READER.recogniser
"""This module's values (:class:`~scorer.vision.settings.ReaderSettings`)."""

SYMBOLS: tuple[str, ...] = (*(str(v) for v in range(1, 13)), "W", "S", "none")
COLOURS: tuple[str, ...] = ("R", "B", "G", "Y", "none")
RECOGNISER_FILE = MODELS_DIR / "phase10-recogniser.onnx"
RECOGNISER_ENV = "PHASE10_RECOGNISER"


@dataclass(frozen=True)
class Opinion:
    """What the recogniser reads on one card: the probability of each symbol (in
    :data:`SYMBOLS` order) and of each colour (in :data:`COLOURS` order), its indices' readings
    joined."""

    symbols: tuple[float, ...]
    colours: tuple[float, ...]

    @classmethod
    def reading(cls, symbol: str, symbol_p: float, colour: str, colour_p: float) -> Opinion:
        """The opinion that reads ``symbol`` and ``colour`` at these probabilities, the rest
        spread evenly over the other symbols and colours."""
        def spread(names: tuple[str, ...], name: str, p: float) -> tuple[float, ...]:
            rest = (1.0 - p) / (len(names) - 1)
            return tuple(p if n == name else rest for n in names)

        return cls(spread(SYMBOLS, symbol, symbol_p), spread(COLOURS, colour, colour_p))

    @property
    def symbol(self) -> str:
        return SYMBOLS[int(np.argmax(self.symbols))]

    @property
    def symbol_p(self) -> float:
        return max(self.symbols)

    @property
    def colour(self) -> str:
        return COLOURS[int(np.argmax(self.colours))]

    @property
    def colour_p(self) -> float:
        return max(self.colours)

    @property
    def card(self) -> Card | None:
        """The face its likeliest symbol and colour make (None for "none", or a number read
        without a colour)."""
        if self.symbol == "none":
            return None
        if self.symbol in ("W", "S"):
            return parse_card(self.symbol)
        if self.colour == "none":
            return None
        return parse_card(self.colour + self.symbol)

    def chances_of(self, face: Card) -> tuple[float, float]:
        """The probabilities it gives ``face``'s symbol and, for a number, its colour (1 for a
        Wild or a Skip, which have none)."""
        if not face.is_natural:
            return self.symbols[SYMBOLS.index(str(face))], 1.0
        return (self.symbols[SYMBOLS.index(str(face.value))],
                self.colours[COLOURS.index(face.colour.value)])

    def doubts(self, face: Card, at_least: float) -> bool:
        """Does it read something other than ``face`` with probability ``at_least``? A symbol
        other than the face's, or no card at all; for a number, another colour too."""
        symbol = str(face.value) if face.is_natural else str(face)
        if self.symbol != symbol and self.symbol_p >= at_least:
            return True
        return face.is_natural and self.colour not in (face.colour.value, "none") and \
            self.colour_p >= at_least


def crop_index(image_bgr: np.ndarray, box: Sequence[float], margin: float = TUNING.margin
               ) -> np.ndarray:
    """The square crop around index ``box`` (xyxy, source pixels), ``margin`` times its longer
    side, padded with the border's pixels where it leaves the image, resized to
    ``TUNING.crop``: ``(TUNING.crop, TUNING.crop, 3)`` uint8 BGR."""
    x1, y1, x2, y2 = (float(v) for v in box)
    half = max(x2 - x1, y2 - y1, 2.0) * margin / 2
    cx, cy = (x1 + x2) / 2, (y1 + y2) / 2
    left, top = int(round(cx - half)), int(round(cy - half))
    side = max(2, int(round(2 * half)))
    height, width = image_bgr.shape[:2]
    pad = max(0, -left, -top, left + side - width, top + side - height)
    source = image_bgr
    if pad:
        source = cv2.copyMakeBorder(image_bgr, pad, pad, pad, pad, cv2.BORDER_REPLICATE)
    window = source[top + pad:top + pad + side, left + pad:left + pad + side]
    interpolation = cv2.INTER_AREA if side > TUNING.crop else cv2.INTER_LINEAR
    return cv2.resize(window, (TUNING.crop, TUNING.crop), interpolation=interpolation)


def to_tensor(crops: Sequence[np.ndarray]) -> np.ndarray:
    """BGR uint8 crops as the model's input, float32 ``(N, 3, TUNING.crop, TUNING.crop)``, RGB,
    0..1."""
    batch = np.stack([crop[:, :, ::-1] for crop in crops]).astype(np.float32) / 255.0
    return np.ascontiguousarray(batch.transpose(0, 3, 1, 2))


def _softmax(logits: np.ndarray) -> np.ndarray:
    shifted = np.exp(logits - logits.max(axis=1, keepdims=True))
    return shifted / shifted.sum(axis=1, keepdims=True)


class Recogniser:
    """The ONNX recogniser, run with onnxruntime (one session per file and process)."""

    def __init__(self, path: str | Path) -> None:
        options = ort.SessionOptions()
        options.intra_op_num_threads = READER.detector.intra_op_threads
        options.inter_op_num_threads = 1
        options.log_severity_level = 3
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        self.path = Path(path)
        self.session = ort.InferenceSession(str(path), options,
                                            providers=["CPUExecutionProvider"])

    def probabilities(self, crops: Sequence[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
        """Symbol ``(N, 15)`` and colour ``(N, 5)`` probabilities of BGR crops, in one run."""
        if not crops:
            return np.zeros((0, len(SYMBOLS)), np.float32), np.zeros((0, len(COLOURS)), np.float32)
        symbol, colour = self.session.run(["symbol", "colour"], {"crops": to_tensor(crops)})
        return _softmax(symbol), _softmax(colour)

    def opinions(self, image_bgr: np.ndarray, cards: Sequence[Sequence[Sequence[float]]]
                 ) -> list[Opinion]:
        """One opinion per card, each given as the boxes of its indices: the indices' crops
        read in one batch, their log-probabilities summed per card."""
        boxes = [box for card in cards for box in card]
        symbol_p, colour_p = self.probabilities([crop_index(image_bgr, box) for box in boxes])
        opinions, start = [], 0
        for card in cards:
            rows = slice(start, start + len(card))
            start += len(card)
            opinions.append(Opinion(tuple(_joint(symbol_p[rows]).tolist()),
                                    tuple(_joint(colour_p[rows]).tolist())))
        return opinions


def _joint(probabilities: np.ndarray) -> np.ndarray:
    """The normalised product of independent readings' probabilities (rows) of one thing."""
    log = np.log(np.clip(probabilities, 1e-6, 1.0)).sum(axis=0)
    joint = np.exp(log - log.max())
    return joint / joint.sum()


def recogniser_path() -> Path:
    """``$PHASE10_RECOGNISER`` if set, else ``models/phase10-recogniser.onnx``."""
    override = os.environ.get(RECOGNISER_ENV)
    return Path(override) if override else RECOGNISER_FILE


def load_recogniser(path: str | Path | None = None) -> Recogniser | None:
    """The recogniser at ``path`` (default :func:`recogniser_path`), or None when no file is
    there: the reader then works without a second opinion. Looked up once per path and
    process, like the detector: every frame asks, and a live frame has no time for disk."""
    return _load(str(path or recogniser_path()))


@lru_cache(maxsize=4)
def _load(path: str) -> Recogniser | None:
    resolved = Path(path).resolve()
    return Recogniser(resolved) if resolved.is_file() else None


__all__ = ["COLOURS", "SYMBOLS", "Colour", "Opinion", "Recogniser", "crop_index",
           "load_recogniser"]
