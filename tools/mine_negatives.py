"""Cut hard-negative training tiles where the detector sees cards on tables that have none.

Renders of empty tables (`phase10 dataset build --scene empty`) are read with the detector,
one look as in live frames, at a low confidence; around each false index a tile of the training
size is cut at a random offset and written with an empty label file. Training on them (beside
fresh tiles) spends the gradient on the clutter the model actually mistakes for cards (clock
numerals, stars read as Wilds, keyboard keys), not on the clutter it already ignores.

Usage, from the repo root:
    .venv/bin/python tools/mine_negatives.py datasets/mine28 --out datasets/negatives28 \\
        [--model models/phase10-cards.onnx] [--conf 0.25] [--crop 320] [--seed 28]
The output has `images/train` and `labels/train`, as ultralytics expects; list its images in
the stage's data file. Tiles are named after the scenes' dataset, so several runs can share one
output folder.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

import cv2
import numpy as np

from scorer.vision.image_io import read_image
from scorer.vision.reading import DEFAULT_IOU, get_detector


def tile_origin(box: np.ndarray, shape: tuple[int, int], crop: int, rng: random.Random
                ) -> tuple[int, int]:
    """Top-left corner of a ``crop`` tile inside an image of ``shape`` (h, w) that holds
    ``box`` (x1, y1, x2, y2) whole where it fits, at a random offset."""
    h, w = shape
    x1, y1, x2, y2 = box

    def start(lo: float, hi: float, side: int) -> int:
        first = max(0, int(np.ceil(hi)) - crop)  # the box's far edge still inside
        last = min(side - crop, int(lo))  # the box's near edge still inside
        return rng.randint(first, last) if first <= last else max(0, last)  # box over a tile

    return start(x1, x2, w), start(y1, y2, h)


def write_tile(out: Path, name: str, image: np.ndarray, origin: tuple[int, int], crop: int,
               labels: str = "") -> None:
    """Write the ``crop`` tile of ``image`` at ``origin`` as ``out/images/train/NAME.jpg`` and its
    YOLO label text (empty for a negative) as ``out/labels/train/NAME.txt``."""
    x, y = origin
    images_out, labels_out = out / "images" / "train", out / "labels" / "train"
    images_out.mkdir(parents=True, exist_ok=True)
    labels_out.mkdir(parents=True, exist_ok=True)
    cv2.imwrite(str(images_out / f"{name}.jpg"), image[y:y + crop, x:x + crop],
                [cv2.IMWRITE_JPEG_QUALITY, 92])
    (labels_out / f"{name}.txt").write_text(labels)


def add_tile_arguments(parser: argparse.ArgumentParser, seed: int) -> None:
    """The options both miners share: output folder, model, tile size and seed."""
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--model", default="models/phase10-cards.onnx")
    parser.add_argument("--crop", type=int, default=320)
    parser.add_argument("--seed", type=int, default=seed)


def mine(scenes: Path, out: Path, model: str, conf: float, crop: int, seed: int) -> dict[str, int]:
    """Write one tile per group of false indices in each scene; returns counts."""
    rng = random.Random(seed)
    detector = get_detector(model)
    counts = {"scenes": 0, "scenes_with_a_false_index": 0, "false_indices": 0, "tiles": 0}
    for path in sorted((scenes / "images" / "train").glob("*.jpg")):
        image = read_image(path)
        if min(image.shape[:2]) < crop:
            continue
        counts["scenes"] += 1
        found = detector.detect(image, conf=conf, iou=DEFAULT_IOU)
        if not len(found.confidence):
            continue
        counts["scenes_with_a_false_index"] += 1
        counts["false_indices"] += len(found.confidence)
        covered: list[tuple[int, int]] = []
        for box in found.xyxy[np.argsort(-found.confidence)]:
            cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
            if any(x <= cx < x + crop and y <= cy < y + crop for x, y in covered):
                continue  # already in a tile of this scene
            x, y = tile_origin(box, image.shape[:2], crop, rng)
            covered.append((x, y))
            name = f"{scenes.name}_{path.stem}_{len(covered) - 1}"  # unique across runs
            write_tile(out, name, image, (x, y), crop)
            counts["tiles"] += 1
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("scenes", type=Path, help="a dataset of empty-table renders (train split)")
    add_tile_arguments(parser, seed=28)
    parser.add_argument("--conf", type=float, default=0.25)
    args = parser.parse_args()
    print(mine(args.scenes, args.out, args.model, args.conf, args.crop, args.seed))


if __name__ == "__main__":
    main()
