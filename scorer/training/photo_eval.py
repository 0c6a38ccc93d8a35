"""Score the reader on a folder of labelled photos (``phase10 eval --photos DIR``).

A photo folder holds ``images/`` and the truth in either form (``truth.json`` wins when both):

- ``truth.json``: file name -> list of symbols (``"5"``, ``"S"``, ``"W"``) or cards (``"R5"``),
  or -> ``{"cards": [...], "boxes": [...], "not_phase10": [{"xywh": [x, y, w, h]}, ...]}``
  (whole-card boxes in pixels; ``not_phase10``: objects that are no Phase 10 card, such as
  UNO's Reverse, on which any card read is a false card);
- ``labels/NAME.txt``: one line per card, ``LABEL cx cy w h`` (YOLO-normalised box of one of
  the card's corner indices); LABEL is a symbol or a card, or a class id of
  ``scorer.cards.ALL_FACES`` when the folder has a ``data.yaml`` (a YOLO dataset split).

Colour is scored only when every numbered truth entry of the folder names a colour (``R5``);
otherwise cards are compared by symbol. A photo with no truth card is an empty scene: it counts
towards the false-card figures. With boxes, recall is also given by index size (the box's
longest side scaled to the reader's 640 input).
"""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cv2

from scorer.cards import ALL_FACES, Card, parse_card
from scorer.training.calibration import CalibrationReport, match_by_count
from scorer.vision.image_io import read_image

IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".bmp", ".webp")
SIZE_BINS = (0, 15, 30, 45, 60, 75, 100, 150)  # index-size bin edges, pixels at 640
READER_SIDE = 640


@dataclass(frozen=True)
class PhotoTruth:
    """One photo's truth: its labels (symbols or cards) and index sizes at 640 (may be empty)."""

    file: str
    labels: tuple[str, ...]
    sizes: tuple[float, ...] = ()
    foreign: tuple[tuple[float, float, float, float], ...] = ()
    """Boxes (x, y, w, h, pixels) of objects that are no Phase 10 card."""


def symbol_of(label: str | Card) -> str:
    """``"5"`` for R5/B5/5, ``"S"``/``"W"`` for Skip/Wild: the card without its colour."""
    if isinstance(label, Card):
        return str(label.value) if label.is_natural else str(label)
    text = str(label).strip().upper()
    if text in ("S", "W") or text.isdigit():
        return text
    return symbol_of(parse_card(text))


def _has_colour(label: str) -> bool:
    return not label.isdigit() and label.upper() not in ("S", "W")


def _label_name(token: str, class_ids: bool) -> str:
    """A label line's first token as a symbol or card (``class_ids``: a number is a class id)."""
    if class_ids and token.isdigit():
        return str(ALL_FACES[int(token)])
    return token.upper()


def load_truth(folder: Path) -> list[PhotoTruth]:
    """The photos of ``folder`` with their truth, sorted by file name.

    Raises ValueError when there is no ``images/`` folder or no truth for any photo.
    """
    folder = Path(folder)
    images = folder / "images"
    if not images.is_dir():
        raise ValueError(
            f"no images/ folder in {folder}: expected images/ and labels/ or truth.json"
        )
    files = sorted(p for p in images.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
    truth_json = folder / "truth.json"
    listed: dict[str, list[str] | dict] = (
        json.loads(truth_json.read_text()) if truth_json.is_file() else {}
    )
    class_ids = (folder / "data.yaml").is_file()
    out = []
    for path in files:
        boxes = _read_boxes(folder / "labels" / f"{path.stem}.txt", path, class_ids)
        foreign: tuple[tuple[float, float, float, float], ...] = ()
        if path.name in listed:
            entry = listed[path.name]
            if isinstance(entry, dict):
                foreign = tuple(_xywh(item) for item in entry.get("not_phase10", ()))
                entry = entry.get("cards", [])
            labels = tuple(str(v).upper() for v in entry)
            sizes = tuple(size for _, size in boxes) if boxes and len(boxes) == len(labels) else ()
        elif boxes is not None:
            labels = tuple(name for name, _ in boxes)
            sizes = tuple(size for _, size in boxes)
        else:
            continue
        out.append(PhotoTruth(path.name, labels, sizes, foreign))
    if not out:
        raise ValueError(f"no truth for the photos in {folder}: add labels/*.txt or truth.json")
    return out


def _xywh(item: dict) -> tuple[float, float, float, float]:
    """A truth box ``{"xywh": [x, y, w, h]}`` as four floats; ValueError when malformed."""
    try:
        x, y, w, h = (float(v) for v in item["xywh"])
    except (KeyError, TypeError, ValueError):
        raise ValueError(
            f"a not_phase10 entry needs \"xywh\": [x, y, w, h], got {item!r}") from None
    return x, y, w, h


def cards_on_foreign(truth: PhotoTruth, boxes: list[tuple[float, float, float, float]]) -> int:
    """How many read cards (xyxy ``boxes``) have their centre on an object that is no Phase 10
    card (``truth.foreign``)."""
    count = 0
    for x1, y1, x2, y2 in boxes:
        cx, cy = (x1 + x2) / 2, (y1 + y2) / 2
        count += any(x <= cx <= x + w and y <= cy <= y + h for x, y, w, h in truth.foreign)
    return count


def _read_boxes(
    label_file: Path, image_path: Path, class_ids: bool
) -> list[tuple[str, float]] | None:
    """``(label, index size at 640)`` per line of a YOLO label file; None when there is none."""
    if not label_file.is_file():
        return None
    lines = [line.split() for line in label_file.read_text().splitlines() if line.strip()]
    if not lines:
        return []
    image = cv2.imread(str(image_path), cv2.IMREAD_UNCHANGED)
    height, width = image.shape[:2] if image is not None else (READER_SIDE, READER_SIDE)
    scale = READER_SIDE / max(height, width)
    return [
        (_label_name(parts[0], class_ids),
         max(float(parts[3]) * width, float(parts[4]) * height) * scale)
        for parts in lines if len(parts) >= 5
    ]


def _bin_name(size: float) -> str:
    edges = SIZE_BINS
    for low, high in zip(edges, edges[1:], strict=False):
        if size < high:
            return f"{low}-{high}"
    return f"{edges[-1]}+"


@dataclass
class PhotoReport:
    """Summed figures over a photo folder; ``coloured``: truth names colours."""

    coloured: bool
    photos: int = 0
    truth_cards: int = 0
    read_cards: int = 0
    matched: int = 0
    symbol_matched: int = 0
    exact: int = 0
    symbol_exact: int = 0
    with_card: int = 0
    colour_base: int = 0
    colour_right: int = 0
    empty_photos: int = 0
    empty_with_card: int = 0
    empty_with_sure_card: int = 0
    empty_cards: int = 0
    foreign_objects: int = 0
    cards_on_foreign: int = 0
    seconds: float = 0.0
    by_size: dict[str, list[int]] = field(default_factory=dict)  # bin -> [truth, recalled]
    calibration: CalibrationReport = field(default_factory=CalibrationReport)

    def add(self, truth: PhotoTruth, read: list[Card], no_cards: bool | None = None) -> None:
        """Score one photo: ``read`` are the cards the reader gave; ``no_cards``: whether its
        answer was "no cards", every card unsure (default: when it read none)."""
        self.photos += 1
        read_symbols = Counter(symbol_of(c) for c in read)
        truth_symbols = Counter(symbol_of(label) for label in truth.labels)
        if not truth.labels:
            self.empty_photos += 1
            self.empty_with_card += bool(read)
            answered_no_cards = not read if no_cards is None else no_cards
            self.empty_with_sure_card += not answered_no_cards
            self.empty_cards += len(read)
            return
        self.truth_cards += len(truth.labels)
        self.read_cards += len(read)
        self.with_card += bool(read)
        self.symbol_matched += sum((truth_symbols & read_symbols).values())
        self.symbol_exact += truth_symbols == read_symbols
        if self.coloured:
            truth_cards = Counter(parse_card(label) for label in truth.labels)
            read_cards = Counter(read)
            self.matched += sum((truth_cards & read_cards).values())
            self.exact += truth_cards == read_cards
            natural = Counter(symbol_of(c) for c in truth_cards.elements() if c.is_natural)
            natural_read = Counter(symbol_of(c) for c in read if c.is_natural)
            self.colour_base += sum((natural & natural_read).values())
            self.colour_right += sum(n for c, n in (truth_cards & read_cards).items()
                                     if c.is_natural)
        if truth.sizes:
            left = Counter(read_symbols)
            boxes = sorted(zip(truth.labels, truth.sizes, strict=True), key=lambda t: t[1])
            for label, size in boxes:
                counts = self.by_size.setdefault(_bin_name(size), [0, 0])
                counts[0] += 1
                symbol = symbol_of(label)
                if left[symbol] > 0:
                    left[symbol] -= 1
                    counts[1] += 1

    def to_dict(self) -> dict[str, Any]:
        """The figures, rounded; card figures only when the truth names colours."""
        def ratio(a: float, b: float) -> float:
            return round(a / b, 4) if b else 0.0

        def f1(matched: int) -> tuple[float, float, float]:
            p, r = ratio(matched, self.read_cards), ratio(matched, self.truth_cards)
            return p, r, round(2 * p * r / (p + r), 4) if p + r else 0.0

        scenes = self.photos - self.empty_photos
        p, r, f = f1(self.symbol_matched)
        out: dict[str, Any] = {
            "photos": self.photos, "photos_with_cards": scenes,
            "truth_cards": self.truth_cards, "read_cards": self.read_cards,
            "symbol_precision": p, "symbol_recall": r, "symbol_f1": f,
            "exact_symbols": ratio(self.symbol_exact, scenes),
            "photos_with_a_card_read": ratio(self.with_card, scenes),
        }
        if self.coloured:
            p, r, f = f1(self.matched)
            out.update({"card_precision": p, "card_recall": r, "card_f1": f,
                        "exact_hand": ratio(self.exact, scenes),
                        "colour_accuracy": ratio(self.colour_right, self.colour_base)})
        if self.empty_photos:
            out.update({"empty_photos": self.empty_photos,
                        "empty_with_a_card": ratio(self.empty_with_card, self.empty_photos),
                        "empty_with_a_sure_card": ratio(self.empty_with_sure_card,
                                                        self.empty_photos),
                        "false_cards_per_empty_photo": ratio(self.empty_cards, self.empty_photos)})
        if self.foreign_objects:
            out.update({"not_phase10_objects": self.foreign_objects,
                        "cards_read_on_not_phase10": self.cards_on_foreign})
        if self.by_size:
            order = [_bin_name(low) for low in SIZE_BINS]
            out["recall_by_index_px"] = {
                name: {"indices": self.by_size[name][0],
                       "recall": ratio(self.by_size[name][1], self.by_size[name][0])}
                for name in order if name in self.by_size
            }
        out.update(self.calibration.to_dict())  # unsure marks and reliability, by count
        out["ms_per_image"] = round(1000 * self.seconds / self.photos, 1) if self.photos else 0.0
        return out


def evaluate_photos(
    folder: Path,
    reader: Callable[[Any], Any],
    *,
    limit: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> PhotoReport:
    """Run ``reader(image_bgr) -> CardReading`` on each labelled photo of ``folder``.

    Raises ValueError when the folder has no photos with truth (see :func:`load_truth`).
    """
    truths = load_truth(Path(folder))[:limit]
    labels = [label for t in truths for label in t.labels]
    coloured = any(_has_colour(label) for label in labels) and all(
        _has_colour(label) or label in ("S", "W") for label in labels)
    report = PhotoReport(coloured=coloured)
    for k, truth in enumerate(truths):
        image = read_image(Path(folder) / "images" / truth.file)
        started = time.perf_counter()
        reading = reader(image)
        report.seconds += time.perf_counter() - started
        report.add(truth, [card.card for card in reading.cards], no_cards=reading.no_cards)
        report.foreign_objects += len(truth.foreign)
        report.cards_on_foreign += cards_on_foreign(truth, [card.box for card in reading.cards])
        key = str if coloured else symbol_of
        report.calibration.add(match_by_count(
            [key(parse_card(label)) if coloured else symbol_of(label) for label in truth.labels],
            reading.cards, key=key))
        if progress:
            progress(k + 1, len(truths))
    return report
