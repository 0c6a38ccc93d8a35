"""Fit the reader's doubt model (scorer/vision/doubt.py) on a rendered validation split.

Reads every image of the split with the shipped reader, labels each card read right, misread
or phantom by place (scorer/training/calibration.py), fits a logistic model of "read right"
on each card's evidence (photos' closer look included, and without it as live frames read;
the recogniser's reading included, and without it as a reader without the recogniser sees
it), and writes it with the chance below which a card is marked unsure
(the one that marks ``--mark`` of the split's cards). Fit on a validation split, never on the
test split that ``phase10 eval`` reports. Refit whenever the detector changes.

    .venv/bin/python tools/fit_doubt.py --data datasets/eval-g --split val
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np

from scorer.training.calibration import label_cards
from scorer.training.evaluate import load_manifest
from scorer.vision.doubt import DOUBT_FILE, FEATURES, DoubtModel
from scorer.vision.image_io import read_image
from scorer.vision.reading import model_path, read_cards
from scorer.vision.recogniser import recogniser_path

L2 = 1.0  # ridge penalty on every weight but the bias


def fit_logistic(x: np.ndarray, y: np.ndarray, l2: float = L2, steps: int = 50) -> np.ndarray:
    """Newton's method on the L2-penalised log loss; ``x`` ``(N, F)`` with a bias column 0."""
    w = np.zeros(x.shape[1])
    penalty = l2 * np.diag(np.r_[0.0, np.ones(x.shape[1] - 1)])
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-x @ w))
        gradient = x.T @ (p - y) + penalty @ w
        hessian = x.T @ (x * (p * (1 - p))[:, None]) + penalty
        w -= np.linalg.solve(hessian, gradient)
    return w


def collect(data: Path, split: str, limit: int | None
            ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(features (N, F), right (N,), photo (N,))`` of every card read on the split, as photos
    read it; a card that got the closer look comes again without it (``photo`` False), as a live
    frame would see it, and every card again without the recogniser's reading, so that one
    model serves all."""
    rows, labels, photo = [], [], []
    records = load_manifest(data, split)[:limit]
    for k, record in enumerate(records):
        reading = read_cards(read_image(data / "images" / split / record["file"]))
        for card, outcome in label_cards(record, reading.cards):
            copies = [card.evidence]
            if card.evidence.closer is not None:
                copies.append(replace(card.evidence, closer=None))
            if card.evidence.recognised is not None:
                copies += [replace(evidence, recognised=None) for evidence in copies]
            for n, evidence in enumerate(copies):
                rows.append(evidence.features())
                labels.append(outcome == "right")
                photo.append(n == 0)
        if (k + 1) % 50 == 0:
            print(f"  {k + 1}/{len(records)} images", file=sys.stderr)
    return np.array(rows), np.array(labels, float), np.array(photo)


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=Path("datasets/eval-g"))
    parser.add_argument("--split", default="val", choices=("train", "val"))
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--mark", type=float, default=0.14, help="share of cards to mark (0.14)")
    parser.add_argument("--out", type=Path, default=DOUBT_FILE)
    args = parser.parse_args(argv)
    x, y, photo = collect(args.data, args.split, args.limit)
    w = fit_logistic(x, y)
    x, y = x[photo], y[photo]  # the threshold and the figures: as photos are read
    chance = 1.0 / (1.0 + np.exp(-x @ w))
    threshold = float(np.quantile(chance, args.mark))
    marked = chance < threshold
    wrong = y == 0
    recogniser = recogniser_path()  # the second model whose readings it weighs, if there is one
    fitted_with = {"detector_sha256": _sha256(model_path())}
    if recogniser.is_file():
        fitted_with["recogniser_sha256"] = _sha256(recogniser)
    model = DoubtModel(
        {name: round(float(v), 4) for name, v in zip(FEATURES, w, strict=True)},
        round(threshold, 4),
        {**fitted_with, "fitted_on": f"{args.data.name} {args.split}",
         "cards": int(len(y)), "wrong": int(wrong.sum()),
         "mark": args.mark, "cards_marked": round(float(marked.mean()), 4),
         "wrong_marked": round(float(marked[wrong].mean()), 4) if wrong.any() else 0.0},
    )
    args.out.write_text(model.to_json())
    print(model.to_json())
    return 0


if __name__ == "__main__":
    sys.exit(main())
