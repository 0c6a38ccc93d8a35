"""Train the recogniser (scorer/vision/recogniser.py) on crops of rendered scenes.

Cuts crops from the labelled indices of rendered dataset splits (and "none" crops away from
them), trains the small CNN of scorer/training/recogniser_train.py on the CPU and writes
models/phase10-recogniser.onnx. Needs the [train] extra. Usage, from the repo root:

    phase10 dataset build --out datasets/recog-1280 --train 1200 --val 150 --test 0 \\
        --seed 301 --imgsz 1280 --empty 0.15
    phase10 dataset build --out datasets/recog-640 --train 1500 --val 0 --test 0 --seed 302 \\
        --empty 0.15
    nice .venv/bin/python tools/train_recogniser.py --train datasets/recog-1280:train \\
        --train datasets/recog-640:train --held-out datasets/recog-1280:val --proposals

``--proposals`` adds crops at the shipped detector's own boxes (score 0.1 and up, read at the
scene's size up to 1280): "none" where it proposes an index that is not one.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import cv2
import numpy as np

from scorer.training.recogniser_data import CropSet, dataset_crops
from scorer.training.recogniser_train import train
from scorer.vision.onnx_detector import OnnxDetector
from scorer.vision.reading import model_path
from scorer.vision.recogniser import RECOGNISER_FILE
from scorer.vision.settings import READER


def _split(text: str) -> tuple[Path, str]:
    folder, _, split = text.partition(":")
    return Path(folder), split or "train"


def _proposer(folder: Path, split: str) -> OnnxDetector:
    """The shipped detector, reading the split's scenes at their own size (up to the fine
    look's)."""
    first = next((folder / "images" / split).glob("*.jpg"), None)
    largest = READER.second_look.fine_max
    side = max(cv2.imread(str(first)).shape[:2]) if first else largest
    return OnnxDetector(model_path(), imgsz=min(largest, -(-side // 32) * 32))  # up to a stride


def _crops(text: str, copies: int, rng: np.random.Generator, proposals: bool) -> CropSet:
    folder, split = _split(text)
    return dataset_crops(folder, split, copies, rng,
                         detector=_proposer(folder, split) if proposals else None)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--train", action="append", required=True, metavar="DATASET:SPLIT",
                        help="a rendered split to train on (repeatable)")
    parser.add_argument("--held-out", required=True, metavar="DATASET:SPLIT",
                        help="a rendered split to report on")
    parser.add_argument("--copies", type=int, default=2, help="jittered crops per index")
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--proposals", action="store_true",
                        help="also crop where the shipped detector proposes an index")
    parser.add_argument("--out", type=Path, default=RECOGNISER_FILE)
    args = parser.parse_args(argv)
    rng = np.random.default_rng(args.seed)
    try:
        data = CropSet.joined([_crops(s, args.copies, rng, args.proposals)
                               for s in args.train])
        held_out = _crops(args.held_out, 1, rng, args.proposals)
    except ValueError as error:
        print(f"train_recogniser: {error}", file=sys.stderr)
        return 2
    print(f"{len(data.crops)} training crops, {len(held_out.crops)} held out", flush=True)
    report = train(data, held_out, args.out, epochs=args.epochs, seed=args.seed,
                   progress=lambda line: print(line, flush=True))
    print(json.dumps(report.__dict__))
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
