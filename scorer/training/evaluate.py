"""Card-level evaluation of the reader on a rendered dataset split (``phase10 eval``).

Truth per image: the manifest's face-up cards with at least one labelled (visible) index; a
card with no visible index cannot be read by an index detector and is not counted. Metrics:

- card precision / recall / F1: multiset matches of read cards vs truth cards, summed over images;
- exact count / exact hand / exact points: share of images where the count, the multiset of
  cards, or the penalty points of the read cards equal the truth;
- number accuracy: multiset F1 with colours ignored (``R5`` and ``B5`` both read as ``5``);
- colour accuracy: of the numbered cards matched on number, the share also right in colour;
- phase verdict accuracy: on phase scenes, ``scorer.rules.validate`` of the read cards vs the
  manifest's verdict; ``phase_verdict_ceiling`` is the same for the truth's visible cards (a
  phase card hidden under another or cut by the frame caps what any reader can reach), and
  ``phase_verdict_vs_visible`` compares the read verdict with that visible-card verdict;
- doubt (:mod:`scorer.training.calibration`): ``wrong_marked``, the share of misread or phantom
  cards marked unsure; ``cards_marked``, the share of all cards marked; the reliability tables
  (share right per bin of the detector's score and of the calibrated chance);
  ``wrong_scenes_with_a_mark``, of the images not read exactly, the share with a card marked;
  ``cards_per_empty_scene``, cards read on images with no readable card,
  ``empty_with_a_card``, the share of those images that got any card, and
  ``empty_with_a_sure_card``, the share that got a card not marked unsure (where the reader
  does not answer "no cards": the API's ``no_cards``, the photo page's "no card read for sure").
"""

from __future__ import annotations

import json
import sys
import time
import warnings
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scorer.cards import Card, hand_points, parse_card
from scorer.rules.validate import validate
from scorer.training.calibration import CalibrationReport, match_cards
from scorer.vision.image_io import read_image


@dataclass
class ImageScore:
    """One image's truth and reading, as card multisets."""

    truth: Counter
    read: Counter
    phase: int | None = None
    expected_valid: bool | None = None
    read_valid: bool | None = None
    visible_valid: bool | None = None


def _number_key(card: Card) -> str:
    return str(card.value) if card.is_natural else str(card)


@dataclass
class EvalReport:
    """Summed card-level figures over a split."""

    images: int = 0
    truth_cards: int = 0
    read_cards: int = 0
    matched: int = 0
    exact_count: int = 0
    exact_hand: int = 0
    exact_points: int = 0
    number_matched: int = 0
    colour_base: int = 0
    colour_right: int = 0
    phase_scenes: int = 0
    phase_right: int = 0
    phase_ceiling: int = 0
    phase_vs_visible: int = 0
    seconds: float = 0.0
    extra: dict[str, Any] = field(default_factory=dict)

    def add(self, score: ImageScore) -> None:
        truth, read = score.truth, score.read
        self.images += 1
        self.truth_cards += sum(truth.values())
        self.read_cards += sum(read.values())
        self.matched += sum((truth & read).values())
        self.exact_count += sum(truth.values()) == sum(read.values())
        self.exact_hand += truth == read
        self.exact_points += hand_points(truth.elements()) == hand_points(read.elements())
        t_num = Counter(_number_key(c) for c in truth.elements())
        r_num = Counter(_number_key(c) for c in read.elements())
        self.number_matched += sum((t_num & r_num).values())
        natural_t = Counter(_number_key(c) for c in truth.elements() if c.is_natural)
        natural_r = Counter(_number_key(c) for c in read.elements() if c.is_natural)
        self.colour_base += sum((natural_t & natural_r).values())
        self.colour_right += sum(
            n for c, n in (truth & read).items() if c.is_natural
        )
        if score.expected_valid is not None:
            self.phase_scenes += 1
            self.phase_right += score.read_valid == score.expected_valid
            self.phase_ceiling += score.visible_valid == score.expected_valid
            self.phase_vs_visible += score.read_valid == score.visible_valid

    @staticmethod
    def _ratio(a: float, b: float) -> float:
        return a / b if b else 0.0

    def to_dict(self) -> dict[str, Any]:
        precision = self._ratio(self.matched, self.read_cards)
        recall = self._ratio(self.matched, self.truth_cards)
        f1 = self._ratio(2 * precision * recall, precision + recall)
        n_precision = self._ratio(self.number_matched, self.read_cards)
        n_recall = self._ratio(self.number_matched, self.truth_cards)
        out = {
            "images": self.images,
            "truth_cards": self.truth_cards,
            "read_cards": self.read_cards,
            "precision": round(precision, 4),
            "recall": round(recall, 4),
            "f1": round(f1, 4),
            "exact_count": round(self._ratio(self.exact_count, self.images), 4),
            "exact_hand": round(self._ratio(self.exact_hand, self.images), 4),
            "exact_points": round(self._ratio(self.exact_points, self.images), 4),
            "number_f1": round(self._ratio(2 * n_precision * n_recall, n_precision + n_recall), 4),
            "colour_accuracy": round(self._ratio(self.colour_right, self.colour_base), 4),
            "phase_scenes": self.phase_scenes,
            "phase_verdict_accuracy": round(self._ratio(self.phase_right, self.phase_scenes), 4),
            "phase_verdict_ceiling": round(self._ratio(self.phase_ceiling, self.phase_scenes), 4),
            "phase_verdict_vs_visible": round(
                self._ratio(self.phase_vs_visible, self.phase_scenes), 4
            ),
            "ms_per_image": round(1000 * self._ratio(self.seconds, self.images), 1),
        }
        out.update(self.extra)
        return out


def truth_of(record: dict[str, Any]) -> Counter:
    """The readable cards of one manifest record: face-up cards with a visible index."""
    return Counter(
        parse_card(card["face"]) for card in record.get("cards", ()) if card.get("indices")
    )


def phase_truth(record: dict[str, Any]) -> tuple[int, bool] | None:
    """``(phase, valid)`` of a scene with exactly one laid phase, else None."""
    phases = record.get("phases") or []
    if record.get("scene") != "phase" or len(phases) != 1:
        return None
    return int(phases[0]["phase"]), bool(phases[0]["valid"])


def load_manifest(data: Path, split: str) -> list[dict[str, Any]]:
    """The image records of ``data/manifest_{split}.json``; ValueError when missing."""
    path = Path(data) / f"manifest_{split}.json"
    try:
        return json.loads(path.read_text())["images"]
    except FileNotFoundError:
        raise ValueError(
            f"no manifest at {path}: build the dataset first "
            f"(phase10 dataset build --out {data} ...)"
        ) from None


def read_split(data: Path, split: str, reader: Callable[[Any], Any], *,
               limit: int | None = None, every: int = 100
               ) -> Iterator[tuple[dict[str, Any], Any]]:
    """Each image record of the split (the first ``limit``) with ``reader(image_bgr)``'s
    reading of it; a progress line on stderr every ``every`` images (for the tools)."""
    records = load_manifest(data, split)[:limit]
    for k, record in enumerate(records):
        yield record, reader(read_image(Path(data) / "images" / split / record["file"]))
        if (k + 1) % every == 0:
            print(f"  {k + 1}/{len(records)} images", file=sys.stderr)


def evaluate(
    data: Path,
    split: str,
    reader: Callable[[Any], Any],
    *,
    limit: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> EvalReport:
    """Run ``reader(image_bgr) -> CardReading`` on each image of the split and score it."""
    records = load_manifest(data, split)[:limit]
    report = EvalReport()
    calibration = CalibrationReport()
    empty_scenes = empty_cards = empty_with_card = empty_with_sure = 0
    wrong_scenes = wrong_flagged = 0
    for k, record in enumerate(records):
        image = read_image(Path(data) / "images" / split / record["file"])
        started = time.perf_counter()
        reading = reader(image)
        report.seconds += time.perf_counter() - started
        read = Counter(card.card for card in reading.cards)
        score = ImageScore(truth_of(record), read)
        calibration.add(match_cards(record, reading.cards))
        if score.truth != read:  # a wrong reading: does any card of it ask to be checked?
            wrong_scenes += 1
            wrong_flagged += any(card.unsure for card in reading.cards)
        if not score.truth:
            empty_scenes += 1
            empty_cards += len(reading.cards)
            empty_with_card += bool(reading.cards)
            empty_with_sure += not reading.no_cards
        truth_phase = phase_truth(record)
        if truth_phase is not None:
            phase, valid = truth_phase
            score.phase, score.expected_valid = phase, valid
            score.read_valid = bool(validate(phase, list(read.elements())).valid)
            score.visible_valid = bool(validate(phase, list(score.truth.elements())).valid)
        report.add(score)
        if progress:
            progress(k + 1, len(records))
    report.extra.update(calibration.to_dict())
    report.extra["wrong_scenes"] = wrong_scenes
    report.extra["wrong_scenes_with_a_mark"] = (
        round(wrong_flagged / wrong_scenes, 4) if wrong_scenes else 0.0)
    report.extra["empty_scenes"] = empty_scenes
    report.extra["cards_per_empty_scene"] = (
        round(empty_cards / empty_scenes, 3) if empty_scenes else 0.0)
    report.extra["empty_with_a_card"] = (
        round(empty_with_card / empty_scenes, 4) if empty_scenes else 0.0)
    report.extra["empty_with_a_sure_card"] = (
        round(empty_with_sure / empty_scenes, 4) if empty_scenes else 0.0)
    return report


def ultralytics_map(model: Path, data: Path, split: str, imgsz: int = 640) -> dict[str, float]:
    """mAP50 and mAP50-95 of ``model`` (.onnx or .pt) on a split, via ultralytics' val.

    Needs the [train] extra; raises :class:`ImportError` without it. Runs at ``imgsz``.
    """
    from scorer.training.offline import (
        RUNS_DIR,
        TrainingSetupError,
        import_ultralytics,
        stdout_to_stderr,
    )
    from scorer.training.train import resolve_data_yaml

    try:
        ultralytics = import_ultralytics()
    except TrainingSetupError as error:
        raise ImportError(str(error)) from None
    data_yaml = resolve_data_yaml(data, RUNS_DIR / "eval" / "_data")
    with warnings.catch_warnings(), stdout_to_stderr():  # stdout may be the command's JSON
        warnings.simplefilter("default")
        metrics = ultralytics.YOLO(str(model), task="detect").val(
            data=str(data_yaml), split=split, imgsz=imgsz, batch=1, device="cpu",
            plots=False, project=str(RUNS_DIR / "eval"), name=split, exist_ok=True,
            verbose=False,
        )
    box = metrics.box
    return {"map50": round(float(box.map50), 4), "map50_95": round(float(box.map), 4)}
