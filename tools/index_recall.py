"""Compare detectors index by index: recall by index size, wrong classes, unmatched detections.

`phase10 eval` scores cards; this looks one level lower, at the corner indices the detector
finds before pairing, to see where two models differ (small indices or class confusions).
Each visible index of the manifest (visible share >= 0.5) is matched to the detection with the
highest IoU (>= 0.5); it counts as found when that detection has its class.

Usage, from the repo root:
    .venv/bin/python tools/index_recall.py MODEL.onnx [MODEL.onnx ...] [--data datasets/eval]
        [--split val] [--conf 0.45]
One look at the detector's default input size, as live frames are read.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

from scorer.training.evaluate import load_manifest
from scorer.vision.geometry import box_iou
from scorer.vision.image_io import read_image
from scorer.vision.reading import DEFAULT_IOU, get_detector

SIZE_EDGES = (0, 8, 12, 16, 24, np.inf)  # index size: square root of its box area, in pixels
MATCH_IOU = 0.5
MIN_VISIBLE = 0.5


def index_recall(model: str, data: Path, split: str, conf: float) -> dict[str, object]:
    """Found / total per size bin, wrong-class and unmatched detection counts for one model."""
    detector = get_detector(model)
    found = np.zeros(len(SIZE_EDGES) - 1, int)
    total = np.zeros(len(SIZE_EDGES) - 1, int)
    wrong_class = unmatched = 0
    for record in load_manifest(data, split):
        image = read_image(data / "images" / split / record["file"])
        dets = detector.detect(image, conf=conf, iou=DEFAULT_IOU)
        indices = [ix for card in record["cards"] for ix in card["indices"]
                   if ix.get("visible", 1.0) >= MIN_VISIBLE]
        truth = np.array([ix["box"] for ix in indices], np.float32).reshape(-1, 4)
        sizes = np.sqrt(np.prod(truth[:, 2:] - truth[:, :2], axis=1))
        size_bins = np.searchsorted(SIZE_EDGES, sizes, side="right") - 1
        np.add.at(total, size_bins, 1)
        if not len(dets):
            continue  # every index missed; nothing to match
        overlaps = box_iou(truth, dets.xyxy)
        matched: set[int] = set()
        for k, index in enumerate(indices):
            best = int(np.argmax(overlaps[k]))
            if overlaps[k, best] < MATCH_IOU:
                continue
            matched.add(best)
            if int(dets.class_id[best]) == index["class_id"]:
                found[size_bins[k]] += 1
            else:
                wrong_class += 1
        unmatched += len(dets) - len(matched)
    return {"found": found, "total": total, "wrong_class": wrong_class, "unmatched": unmatched}


def size_label(k: int) -> str:
    low, high = SIZE_EDGES[k], SIZE_EDGES[k + 1]
    return f"over {low:g} px" if np.isinf(high) else f"{low:g}-{high:g} px"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("models", nargs="+", help="ONNX models to compare")
    parser.add_argument("--data", type=Path, default=Path("datasets/eval"))
    parser.add_argument("--split", default="val")
    parser.add_argument("--conf", type=float, default=0.45)
    args = parser.parse_args()
    for model in args.models:
        result = index_recall(model, args.data, args.split, args.conf)
        found, total = result["found"], result["total"]
        print(f"{model} (conf {args.conf}, {int(total.sum())} visible indices)")
        for k in range(len(total)):
            recall = found[k] / total[k] if total[k] else float("nan")
            print(f"  recall {size_label(k):>12}: {recall:.2f} ({total[k]} indices)")
        print(f"  wrong class {result['wrong_class']}, detections matching no index "
              f"{result['unmatched']}")


if __name__ == "__main__":
    main()
