"""Close-ups from rendered single-card photos: a labelled photo folder for `phase10 eval --photos`.

Real photos of one card are often taken so close that the card fills the frame (corner indices
of 100 pixels and more at the reader's 640), which the rendered scenes rarely show. This crops
each scene of a rendered split square around its card, so that the card's largest visible index
is drawn at a size chosen uniformly between --smallest and --largest pixels at 640, enlarges the
crop to 640 x 640, and writes `images/` and `labels/` (one line per card: the face and its
largest index's box, YOLO-normalised). `phase10 eval --photos OUT` then gives card F1, exact
hands and recall by index size up to 150 px and over.

Crop from scenes rendered large (`--imgsz 1920`): cut from 640 renders, a close-up is an
enlargement blurrier than any camera's. Usage, from the repo root (datasets/README.md, The
evaluation sets):
    phase10 dataset build --out datasets/single-hi --train 0 --val 0 --test 300 --seed 2 \
        --scene single --imgsz 1920
    .venv/bin/python tools/closeup_photos.py --data datasets/single-hi --split test \
        --out datasets/closeups-hi
    phase10 eval --photos datasets/closeups-hi
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

import cv2
import numpy as np

from scorer.training.evaluate import load_manifest
from scorer.vision.image_io import read_image

SIDE = 640  # the written photos' side, the reader's first-look input
MIN_VISIBLE = 0.5  # an index less visible than this is not a card's readable corner
KEEP_INSIDE = 0.5  # an index cut by the crop keeps at least this share of its area


def largest_indices(record: dict) -> list[tuple[str, np.ndarray]]:
    """Each card's face and the box (x1, y1, x2, y2) of its largest index showing at least
    :data:`MIN_VISIBLE`, from a manifest record; cards with none are left out."""
    cards = []
    for card in record.get("cards", ()):
        boxes = [ix["box"] for ix in card.get("indices", ())
                 if ix.get("visible", 1.0) >= MIN_VISIBLE]
        if boxes:
            areas = [(b[2] - b[0]) * (b[3] - b[1]) for b in boxes]
            cards.append((card["face"], np.array(boxes[int(np.argmax(areas))], float)))
    return cards


def closeup(image: np.ndarray, boxes: np.ndarray, index_px: float, rng: random.Random
            ) -> tuple[np.ndarray, tuple[int, int, int]] | None:
    """A square crop of ``image`` (its top-left corner and side) in which the largest of
    ``boxes`` (xyxy) is ``index_px`` pixels at :data:`SIDE`, holding as much of the boxes as
    fits, at a random place; None when the image is too small for it."""
    h, w = image.shape[:2]
    size = float(np.max(np.maximum(boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1])))
    side = int(size * SIDE / index_px)
    if side > min(h, w) or side < 32:
        return None
    low, high = boxes[:, :2].min(axis=0), boxes[:, 2:].max(axis=0)
    corner = []
    for axis, limit in ((0, w), (1, h)):
        start, stop = max(0.0, high[axis] - side), min(low[axis], limit - side)
        centred = min(max(0.0, (low[axis] + high[axis] - side) / 2), limit - side)
        corner.append(int(rng.uniform(start, stop)) if start <= stop else int(centred))
    x, y = corner
    crop = cv2.resize(image[y:y + side, x:x + side], (SIDE, SIDE), interpolation=cv2.INTER_LINEAR)
    return crop, (x, y, side)


def label_lines(cards: list[tuple[str, np.ndarray]], x: int, y: int, side: int) -> list[str]:
    """YOLO lines ``FACE cx cy w h`` for each card whose largest index stays in the crop."""
    lines = []
    for face, box in cards:
        inside = np.clip(box - [x, y, x, y], 0, side)
        kept = (inside[2] - inside[0]) * (inside[3] - inside[1])
        if kept < KEEP_INSIDE * (box[2] - box[0]) * (box[3] - box[1]):
            continue
        cx, cy = (inside[0] + inside[2]) / 2 / side, (inside[1] + inside[3]) / 2 / side
        bw, bh = (inside[2] - inside[0]) / side, (inside[3] - inside[1]) / side
        lines.append(f"{face} {cx:.5f} {cy:.5f} {bw:.5f} {bh:.5f}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=Path("datasets/single"))
    parser.add_argument("--split", default="test")
    parser.add_argument("--out", type=Path, default=Path("datasets/closeups"))
    parser.add_argument("--smallest", type=float, default=60.0, help="index pixels at 640")
    parser.add_argument("--largest", type=float, default=200.0, help="index pixels at 640")
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    (args.out / "images").mkdir(parents=True, exist_ok=True)
    (args.out / "labels").mkdir(parents=True, exist_ok=True)
    written = 0
    for record in load_manifest(args.data, args.split):
        cards = largest_indices(record)
        if not cards:
            continue
        image = read_image(args.data / "images" / args.split / record["file"])
        made = closeup(image, np.array([box for _, box in cards]),
                       rng.uniform(args.smallest, args.largest), rng)
        if made is None:
            continue
        crop, (x, y, side) = made
        lines = label_lines(cards, x, y, side)
        if not lines:
            continue
        stem = Path(record["file"]).stem
        cv2.imwrite(str(args.out / "images" / f"{stem}.jpg"), crop, [cv2.IMWRITE_JPEG_QUALITY, 92])
        (args.out / "labels" / f"{stem}.txt").write_text("\n".join(lines) + "\n")
        written += 1
    print(f"{written} close-ups in {args.out}")


if __name__ == "__main__":
    main()
