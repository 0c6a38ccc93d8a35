"""Training tiles of cards that fill the frame: close-ups cut from single-card scenes rendered big.

The training tiles are cut at the reader's scale, so their indices are small (a median of 16 px at
320); a phone held close to a card shows an index of 100-200 px at 640, which the reader reads with
its coarse look (`scorer.vision.second_look.look_coarse`), the whole frame shrunk. This tool gives
the detector such frames to learn from: each scene of a rendered single-card split is cropped
square around its card as `tools/closeup_photos.py` crops its evaluation photos (the largest index
drawn at a size chosen uniformly between --smallest and --largest pixels at 640), and the crop is
shrunk to a --crop tile, as the coarse look shrinks the frame. The tile keeps every labelled index
of the scene (YOLO class ids), dropped when less than 60 % inside and clipped otherwise, as
`phase10 dataset build --crop` cuts them.

Render the scenes at 1920 (a close-up cut from a 640 render is blurrier than any camera) and from
the train split, whose designs the held-out sets never show. Usage, from the repo root:
    phase10 dataset build --out datasets/single-hi30 --train 2000 --val 0 --test 0 --seed 120 \\
        --scene single --imgsz 1920
    .venv/bin/python tools/closeup_tiles.py datasets/single-hi30 --out datasets/closeups30
The output has `images/train` and `labels/train`; list its images in the stage's data file.
Stage 30 trained on 1,770 of them without reading the sharp close-ups any better
(docs/lab.md).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

import cv2
import numpy as np

from scorer.training.evaluate import load_manifest
from scorer.vision.image_io import read_image

sys.path.insert(0, str(Path(__file__).resolve().parent))
from closeup_photos import closeup, largest_indices  # noqa: E402  (sibling scripts, not a package)
from mine_misses import read_yolo_labels, tile_label_text  # noqa: E402
from mine_negatives import write_tile  # noqa: E402


def make_tiles(scenes: Path, out: Path, crop: int, smallest: float, largest: float, seed: int
               ) -> dict[str, int]:
    """Write one close-up tile per scene of the train split that has a readable index."""
    rng = random.Random(seed)
    counts = {"scenes": 0, "tiles": 0}
    for record in load_manifest(scenes, "train"):
        counts["scenes"] += 1
        cards = largest_indices(record)
        if not cards:
            continue
        path = scenes / "images" / "train" / record["file"]
        image = read_image(path)
        boxes = np.array([box for _, box in cards])
        made = closeup(image, boxes, rng.uniform(smallest, largest), rng)
        if made is None:
            continue
        close, (x, y, side) = made
        height, width = image.shape[:2]
        classes, label_boxes = read_yolo_labels(scenes / "labels" / "train" / f"{path.stem}.txt",
                                                width, height)
        labels = tile_label_text(classes, label_boxes, x, y, side)
        if not labels:
            continue
        tile = cv2.resize(close, (crop, crop), interpolation=cv2.INTER_AREA)
        write_tile(out, f"{scenes.name}_{path.stem}", tile, (0, 0), crop, labels)
        counts["tiles"] += 1
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("scenes", type=Path, help="labelled single-card scenes (train split)")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--crop", type=int, default=320, help="the tile side, as trained")
    parser.add_argument("--smallest", type=float, default=40.0, help="index pixels at 640")
    parser.add_argument("--largest", type=float, default=240.0, help="index pixels at 640")
    parser.add_argument("--seed", type=int, default=30)
    args = parser.parse_args()
    print(make_tiles(args.scenes, args.out, args.crop, args.smallest, args.largest, args.seed))


if __name__ == "__main__":
    main()
