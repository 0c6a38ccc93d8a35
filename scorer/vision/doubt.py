"""Is a card read right? What the pixels say beside the model's score, as one calibrated chance.

The detector's score alone misses many misreads (a phantom Wild at 0.75). Each card read also
gets :class:`Evidence` from the detections around it:

- ``indices``: both corners of the card read the same (a card seen at one corner only is less
  sure);
- ``corner``: a lone index of *another* face lies where this card's other corner would be (the
  two corners disagree: one of them is misread, or the card is read twice);
- ``twin``: a lone index of the *same* face lies near, unpaired (one card read as two);
- ``rival``: the strongest detection of another face on the same spot (the second-best class);
- ``closer``: in photos, what a closer look at a doubtful card's index read on its spot
  (:mod:`scorer.vision.zoom_check`), as it is and turned half a turn: the same face again,
  another face, or nothing;
- ``colour_status`` / ``colour_clear``: the colour check's verdict and how clear the measured
  colour was;
- ``recognised``: what the recogniser, a second model reading the original pixels
  (:mod:`scorer.vision.recogniser`), gives this card's symbol and colour.

:class:`DoubtModel` turns the evidence into the chance the card is right (a logistic model
fitted on a rendered validation split, stored beside the detector as
``models/phase10-cards.doubt.json``; see ``tools/fit_doubt.py``), and marks the card unsure
below its threshold. The likely alternative (``"or"``) is the rival or the other corner's face.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from scorer.paths import MODELS_DIR
from scorer.vision.detections import Detections
from scorer.vision.geometry import box_iou
from scorer.vision.pairing import CardCandidate, PairingGeometry, PixelCheck, pair_cost
from scorer.vision.settings import MODEL_ENV, READER
from scorer.vision.zoom_check import CloserLook

TUNING = READER.doubt
"""This module's values (:class:`~scorer.vision.settings.ReaderSettings`)."""

DOUBT_FILE = MODELS_DIR / "phase10-cards.doubt.json"
FEATURES = ("bias", "logit_score", "two_indices", "corner", "corner_score", "rival", "twin",
            "unclear_colour", "wild", "colour_disagree",
            "closer", "closer_same", "closer_other", "closer_nothing",
            "closer_turned_same", "closer_turned_other",
            "recognised", "recognised_symbol", "recognised_colour")


@dataclass(frozen=True)
class Evidence:
    """What is known about one card read, beside its face (see the module docstring)."""

    score: float
    indices: int = 1
    rival: float = 0.0
    rival_name: str | None = None
    corner: str | None = None
    corner_score: float = 0.0
    twin: bool = False
    colour_status: str = "unknown"
    colour_clear: float = 1.0
    wild: bool = False
    closer: CloserLook | None = None  # None: no closer look (live frames, sure cards)
    recognised: tuple[float, float] | None = None  # None: no recogniser

    @property
    def alternative(self) -> str | None:
        """The face this card most likely is otherwise: the other corner's, else the rival, else
        what the closer look read instead."""
        seen_instead = self.closer.seen_instead if self.closer else None
        return self.corner or self.rival_name or seen_instead

    def features(self) -> np.ndarray:
        """``(len(FEATURES),)`` float64, in :data:`FEATURES` order."""
        closer = self.closer
        turned = closer.turned if closer else None
        return np.array([
            1.0, _logit(self.score, 1e-4), float(self.indices >= 2),
            float(self.corner is not None), self.corner_score if self.corner is not None else 0.0,
            self.rival, float(self.twin), 1.0 - self.colour_clear, float(self.wild),
            float(self.colour_status == "disagree"),
            float(closer is not None),
            _logit(closer.same, TUNING.closer_floor) if closer else 0.0,
            _logit(closer.other, TUNING.closer_floor) if closer else 0.0,
            float(closer is not None and closer.same == 0.0),
            _logit(turned.same, TUNING.closer_floor) if turned else 0.0,
            _logit(turned.other, TUNING.closer_floor) if turned else 0.0,
            float(self.recognised is not None),
            _logit(self.recognised[0], TUNING.recognised_floor) if self.recognised else 0.0,
            _logit(self.recognised[1], TUNING.recognised_floor) if self.recognised else 0.0,
        ])


def _logit(p: float, floor: float) -> float:
    p = min(max(p, floor), 1 - floor)
    return math.log(p / (1 - p))


@dataclass(frozen=True)
class DoubtModel:
    """Logistic weights over :data:`FEATURES` and the chance below which a card is unsure."""

    weights: dict[str, float]
    unsure_below: float
    meta: dict[str, Any] = field(default_factory=dict, compare=False)

    @property
    def weighs_recogniser(self) -> bool:
        """Was it fitted with the recogniser's readings among the evidence?"""
        return any(self.weights.get(name) for name in FEATURES if name.startswith("recognised"))

    def chance(self, evidence: Evidence) -> float:
        """The chance (0..1) that the card is read right."""
        w = np.array([self.weights.get(name, 0.0) for name in FEATURES])
        return float(1.0 / (1.0 + math.exp(-float(w @ evidence.features()))))

    @classmethod
    def from_json(cls, text: str) -> DoubtModel:
        """Parse the JSON :meth:`to_json` writes; ValueError when it is not that shape."""
        data = json.loads(text)
        try:
            weights = {str(k): float(v) for k, v in data["weights"].items()}
            return cls(weights, float(data["unsure_below"]), dict(data.get("meta") or {}))
        except (KeyError, TypeError, AttributeError) as error:
            raise ValueError(f"not a doubt model: {error}") from None

    def to_json(self) -> str:
        return json.dumps({"weights": self.weights, "unsure_below": self.unsure_below,
                           "meta": self.meta}, indent=2) + "\n"


def load_doubt_model(path: str = str(DOUBT_FILE), detector: str | Path | None = None
                     ) -> DoubtModel | None:
    """The doubt model stored at ``path`` for the detector file ``detector`` (default
    ``$PHASE10_MODEL`` or the shipped file), or None when there is none, it is unreadable, or
    it was fitted on another detector (its ``detector_sha256``, such as the shipped model's
    when a deck's fine-tuned model reads): the reader then marks cards unsure by their score
    alone."""
    if detector is None:
        detector = os.environ.get(MODEL_ENV) or MODELS_DIR / "phase10-cards.onnx"
    return _load(path, str(detector))


@lru_cache(maxsize=4)
def _load(path: str, detector: str) -> DoubtModel | None:
    try:
        model = DoubtModel.from_json(Path(path).read_text())
    except (OSError, ValueError):
        return None
    fitted_for = model.meta.get("detector_sha256")
    if fitted_for and Path(detector).is_file():
        if hashlib.sha256(Path(detector).read_bytes()).hexdigest() != fitted_for:
            return None
    return model


def gather_evidence(
    dets: Detections,
    candidates: Sequence[CardCandidate],
    k: int,
    *,
    score: float,
    colour_status: str,
    colour_clear: float,
    geometry: PairingGeometry,
    check: PixelCheck | None,
    rivals: Detections | None = None,
    closer: CloserLook | None = None,
    recognised: tuple[float, float] | None = None,
) -> Evidence:
    """The evidence on ``candidates[k]``: its index detections in ``dets`` against the other
    candidates (corners, twins) and against ``rivals`` (weaker detections of the same photo,
    default ``dets``) for another face on the same spot; ``closer``: its closer look, if any;
    ``recognised``: the recogniser's probabilities of its symbol and colour, if it ran."""
    card = candidates[k]
    name = dets.class_names[card.class_id]
    corner, corner_score, twin = None, 0.0, False
    if len(card.index_ids) == 1:
        i = card.index_ids[0]
        size = float(dets.sizes[i])
        for other in candidates:
            if other is card or len(other.index_ids) != 1:
                continue
            j = other.index_ids[0]
            if other.class_id == card.class_id:
                gap = float(np.hypot(*(dets.centers[i] - dets.centers[j])))
                twin = twin or (size > 0 and gap <= TUNING.twin_reach * size)
                continue
            cost = pair_cost(dets, i, j, geometry, check)
            if cost is not None and cost < 2 * geometry.single_cost and other.confidence > \
                    corner_score:
                corner, corner_score = dets.class_names[other.class_id], other.confidence
    rival, rival_name = 0.0, None
    pool = dets if rivals is None else rivals
    if len(pool):
        boxes = dets.xyxy[list(card.index_ids)]
        overlap = (box_iou(boxes, pool.xyxy) >= TUNING.rival_iou).any(axis=0)
        others = np.flatnonzero(overlap & (pool.class_id != card.class_id))
        if len(others):
            best = others[int(np.argmax(pool.confidence[others]))]
            rival, rival_name = float(pool.confidence[best]), pool.class_names[pool.class_id[best]]
    return Evidence(score, len(card.index_ids), rival, rival_name, corner, corner_score, twin,
                    colour_status, colour_clear, name == "W", closer, recognised)
