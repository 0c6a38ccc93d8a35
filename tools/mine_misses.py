"""Cut training tiles where the reader gets rendered cards wrong: missed, misread or phantom.

The hard-positive twin of `tools/mine_negatives.py`. Rendered scenes with labels (`phase10
dataset build` without `--crop`) are read with the whole reader, both looks, as photos are read;
each card it gets wrong (a face-up card with a visible index whose face was not read on one of
its indices, a card read with the wrong face, a card read where there is none: the outcomes of
`phase10 eval`'s card matching) gets a tile of the training size around the spot, at a random
offset. The tile keeps the scene's index labels, dropped when less than 60 % inside and clipped
otherwise, as `phase10 dataset build --crop` cuts them. Training on them spends the gradient on
the covered, small and confusable indices the model actually gets wrong.

Usage, from the repo root:
    .venv/bin/python tools/mine_misses.py datasets/hard29 --out datasets/misses29 \\
        [--model models/phase10-cards.onnx] [--crop 320] [--seed 29]
The output has `images/train` and `labels/train`; list its images in the stage's data file.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any

import numpy as np

from scorer.render.labels import MIN_INSIDE_CROP
from scorer.training.calibration import label_cards
from scorer.training.evaluate import load_manifest
from scorer.vision.image_io import read_image
from scorer.vision.reading import get_detector, read_cards

sys.path.insert(0, str(Path(__file__).resolve().parent))
from mine_negatives import add_tile_arguments, tile_origin, write_tile  # noqa: E402  (a sibling script, not a package)


def _centre(box: Any) -> tuple[float, float]:
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


def wrong_spots(record: dict[str, Any], cards: list[Any]) -> list[tuple[float, ...]]:
    """Boxes (x1, y1, x2, y2) to cut tiles around: the read box of every misread or phantom
    card, and the most visible index of every card whose face was not read on an index."""
    spots: list[tuple[float, ...]] = []
    right: list[tuple[str, Any]] = []
    for card, outcome in label_cards(record, cards):
        if outcome == "right":
            right.append((str(card.card), card.box))
        else:
            spots.append(tuple(float(v) for v in card.box))
    for truth in record.get("cards", ()):
        indices = truth.get("indices") or []
        if not indices:
            continue
        found = any(face == truth["face"] and any(
            box[0] <= x <= box[2] and box[1] <= y <= box[3]
            for x, y in (_centre(i["box"]) for i in indices)) for face, box in right)
        if not found:
            best = max(indices, key=lambda i: float(i.get("visible", 1.0)))
            spots.append(tuple(float(v) for v in best["box"]))
    return spots


def read_yolo_labels(path: Path, width: int, height: int) -> tuple[np.ndarray, np.ndarray]:
    """Class ids ``(N,)`` and pixel boxes ``(N, 4)`` xyxy of a YOLO label file."""
    rows = np.loadtxt(path, ndmin=2) if path.stat().st_size else np.zeros((0, 5))
    classes = rows[:, 0].astype(int)
    cx, cy, w, h = rows[:, 1] * width, rows[:, 2] * height, rows[:, 3] * width, rows[:, 4] * height
    return classes, np.stack([cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2], axis=1)


def tile_label_text(classes: np.ndarray, boxes: np.ndarray, x: int, y: int, crop: int) -> str:
    """YOLO lines of the boxes in the ``crop`` window at (x, y): a box less than
    MIN_INSIDE_CROP inside is dropped, the others are clipped to the window."""
    clipped = np.clip(boxes - [x, y, x, y], 0, crop)
    areas = (boxes[:, 2] - boxes[:, 0]) * (boxes[:, 3] - boxes[:, 1])
    inside = (clipped[:, 2] - clipped[:, 0]) * (clipped[:, 3] - clipped[:, 1])
    lines = []
    for class_id, box, share in zip(classes, clipped, inside / np.maximum(areas, 1e-9),
                                    strict=True):
        if share >= MIN_INSIDE_CROP:
            x1, y1, x2, y2 = box / crop
            lines.append(f"{class_id} {(x1 + x2) / 2:.6f} {(y1 + y2) / 2:.6f} "
                         f"{x2 - x1:.6f} {y2 - y1:.6f}")
    return "\n".join(lines) + ("\n" if lines else "")


def mine(scenes: Path, out: Path, model: str, crop: int, seed: int) -> dict[str, int]:
    """Write one tile per group of wrong cards in each scene of the train split; returns counts."""
    rng = random.Random(seed)
    detector = get_detector(model)
    counts = {"scenes": 0, "scenes_with_a_wrong_card": 0, "wrong_cards": 0, "tiles": 0}
    for record in load_manifest(scenes, "train"):
        path = scenes / "images" / "train" / record["file"]
        image = read_image(path)
        height, width = image.shape[:2]
        if min(height, width) < crop:
            continue
        counts["scenes"] += 1
        spots = wrong_spots(record, read_cards(image, detector=detector).cards)
        if not spots:
            continue
        counts["scenes_with_a_wrong_card"] += 1
        counts["wrong_cards"] += len(spots)
        classes, boxes = read_yolo_labels(scenes / "labels" / "train" / f"{path.stem}.txt",
                                          width, height)
        covered: list[tuple[int, int]] = []
        for spot in spots:
            cx, cy = _centre(spot)
            if any(x + crop * 0.1 <= cx < x + crop * 0.9 and y + crop * 0.1 <= cy < y + crop * 0.9
                   for x, y in covered):
                continue  # well inside a tile of this scene already
            x, y = tile_origin(np.asarray(spot), (height, width), crop, rng)
            covered.append((x, y))
            name = f"{scenes.name}_{path.stem}_{len(covered) - 1}"  # unique across runs
            write_tile(out, name, image, (x, y), crop, tile_label_text(classes, boxes, x, y, crop))
            counts["tiles"] += 1
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("scenes", type=Path, help="a labelled dataset of full scenes (train split)")
    add_tile_arguments(parser, seed=29)
    args = parser.parse_args()
    print(mine(args.scenes, args.out, args.model, args.crop, args.seed))


if __name__ == "__main__":
    main()
