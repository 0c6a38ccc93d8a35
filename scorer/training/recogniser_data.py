"""Crops for the recogniser (:mod:`scorer.vision.recogniser`), cut from rendered scenes.

Each labelled index of a YOLO dataset split gives crops as the reader will cut them (square,
``READER.recogniser.margin`` times the box, resized to
``READER.recogniser.crop``), jittered in place and size since the detector's boxes
are not the labels' boxes. Squares of the same sizes away from every index are the "none"
class: table, clutter, card faces and edges. :func:`proposal_crops` adds the crops the reader
will really cut: at the detector's own boxes, "none" where it proposes an index that is not
one (another game's card, a printed digit, a card's face) and the label's reading where it is.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import chain
from pathlib import Path

import cv2
import numpy as np

from scorer.cards import ALL_FACES, Card
from scorer.vision.geometry import box_iou
from scorer.vision.onnx_detector import OnnxDetector
from scorer.vision.recogniser import COLOURS, SYMBOLS, crop_index

JITTER = 0.15  # crop centres move up to this share of the index size...
SCALE = (0.8, 1.3)  # ...and crop sides scale within this range
NEGATIVES_PER_INDEX = 0.5  # "none" crops per labelled index (and at least MIN_NEGATIVES a scene)
MIN_NEGATIVES = 3
PROPOSAL_CONF = 0.1  # the detector's boxes from this score are proposals...
MATCH_IOU = 0.4  # ...an index's reading where they overlap a label this much, "none" where
NEAR_IOU = 0.1  # they overlap no label even this much (in between: neither, left out)
NONE = SYMBOLS.index("none")


@dataclass(frozen=True)
class CropSet:
    """Crops ``(N, CROP, CROP, 3)`` uint8 BGR with symbol and colour targets ``(N,)``."""

    crops: np.ndarray
    symbols: np.ndarray
    colours: np.ndarray

    def save(self, path: Path) -> None:
        np.savez_compressed(path, crops=self.crops, symbols=self.symbols, colours=self.colours)

    @classmethod
    def load(cls, path: Path) -> CropSet:
        with np.load(path) as data:
            return cls(data["crops"], data["symbols"], data["colours"])

    @classmethod
    def joined(cls, parts: list[CropSet]) -> CropSet:
        return cls(*(np.concatenate([getattr(p, name) for p in parts])
                     for name in ("crops", "symbols", "colours")))


def targets(face: Card) -> tuple[int, int]:
    """The symbol and colour targets of a face (a Wild or a Skip has colour "none")."""
    symbol = str(face.value) if face.is_natural else str(face)
    colour = face.colour.value if face.is_natural else "none"
    return SYMBOLS.index(symbol), COLOURS.index(colour)


def _boxes(label_file: Path, width: int, height: int) -> list[tuple[int, np.ndarray]]:
    """(class id, xyxy pixels) of each line of a YOLO label file."""
    out = []
    for line in label_file.read_text().splitlines():
        parts = line.split()
        if len(parts) < 5:
            continue
        cx, cy, w, h = (float(v) for v in parts[1:5])
        out.append((int(parts[0]), np.array([(cx - w / 2) * width, (cy - h / 2) * height,
                                              (cx + w / 2) * width, (cy + h / 2) * height])))
    return out


def _jittered(box: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    size = float(max(box[2] - box[0], box[3] - box[1]))
    centre = (box[:2] + box[2:]) / 2 + rng.uniform(-JITTER, JITTER, 2) * size
    half = size * rng.uniform(*SCALE) / 2
    return np.concatenate([centre - half, centre + half])


def _free_square(sizes: list[float], boxes: list[np.ndarray], width: int, height: int,
                 rng: np.random.Generator) -> np.ndarray | None:
    """A square of a labelled index's size whose centre lies outside every index (grown by
    half its size), or None after a few tries."""
    for _ in range(20):
        side = float(rng.choice(sizes)) if sizes else float(rng.uniform(8, 60))
        cx, cy = rng.uniform(side / 2, width - side / 2), rng.uniform(side / 2, height - side / 2)
        if all(not (b[0] - side / 2 <= cx <= b[2] + side / 2 and
                    b[1] - side / 2 <= cy <= b[3] + side / 2) for b in boxes):
            return np.array([cx - side / 2, cy - side / 2, cx + side / 2, cy + side / 2])
    return None


def scene_crops(image: np.ndarray, labels: list[tuple[int, np.ndarray]], copies: int,
                rng: np.random.Generator) -> Iterator[tuple[np.ndarray, int, int]]:
    """(crop, symbol, colour) for ``copies`` jittered crops of each labelled index, and the
    "none" crops of the scene."""
    height, width = image.shape[:2]
    boxes = [box for _, box in labels]
    for class_id, box in labels:
        symbol, colour = targets(ALL_FACES[class_id])
        for _ in range(copies):
            yield crop_index(image, _jittered(box, rng)), symbol, colour
    sizes = [float(max(b[2] - b[0], b[3] - b[1])) for b in boxes]
    for _ in range(max(MIN_NEGATIVES, int(round(NEGATIVES_PER_INDEX * len(labels) * copies)))):
        square = _free_square(sizes, boxes, width, height, rng)
        if square is not None:
            yield crop_index(image, square, margin=1.0), NONE, COLOURS.index("none")


def proposal_crops(image: np.ndarray, labels: list[tuple[int, np.ndarray]],
                   detector: OnnxDetector) -> Iterator[tuple[np.ndarray, int, int]]:
    """(crop, symbol, colour) at each box the detector proposes in the scene: the label's
    reading where the box lies on a labelled index, "none" where it lies on none."""
    found = detector.detect(image, conf=PROPOSAL_CONF)
    if not len(found):
        return
    iou = (box_iou(found.xyxy, np.stack([box for _, box in labels])) if labels
           else np.zeros((len(found), 1)))
    for box, overlaps in zip(found.xyxy, iou, strict=True):
        k = int(overlaps.argmax())
        if overlaps[k] >= MATCH_IOU:
            yield (crop_index(image, box), *targets(ALL_FACES[labels[k][0]]))
        elif overlaps[k] < NEAR_IOU:
            yield crop_index(image, box), NONE, COLOURS.index("none")


def dataset_crops(folder: Path, split: str, copies: int, rng: np.random.Generator,
                  limit: int | None = None, detector: OnnxDetector | None = None) -> CropSet:
    """The crops of every scene of a rendered dataset's ``split`` (``images/SPLIT/*.jpg`` with
    ``labels/SPLIT/*.txt``), and with a ``detector`` its proposals' crops too; ValueError when
    the split has no image."""
    images = sorted((Path(folder) / "images" / split).glob("*.jpg"))[:limit]
    if not images:
        raise ValueError(f"no images in {folder}/images/{split}")
    crops, symbols, colours = [], [], []
    for path in images:
        image = cv2.imread(str(path), cv2.IMREAD_COLOR)
        label_file = Path(folder) / "labels" / split / f"{path.stem}.txt"
        labels = _boxes(label_file, image.shape[1], image.shape[0]) if label_file.is_file() else []
        found = scene_crops(image, labels, copies, rng)
        if detector is not None:
            found = chain(found, proposal_crops(image, labels, detector))
        for crop, symbol, colour in found:
            crops.append(crop)
            symbols.append(symbol)
            colours.append(colour)
    return CropSet(np.stack(crops), np.array(symbols, np.int64), np.array(colours, np.int64))
