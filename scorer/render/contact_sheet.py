"""A contact sheet: a grid of dataset images with their YOLO labels drawn."""

from __future__ import annotations

import json
import math
from pathlib import Path

import cv2
import numpy as np

from scorer.cards import ALL_FACES

_PALETTE = [(255, 0, 255), (0, 255, 255), (255, 255, 0), (0, 255, 0), (255, 128, 0)]


def draw_labels(image: np.ndarray, label_text: str) -> np.ndarray:
    """A copy of the BGR ``image`` with YOLO boxes and class names drawn."""
    out = image.copy()
    h, w = out.shape[:2]
    for line in label_text.splitlines():
        parts = line.split()
        if len(parts) != 5:
            continue
        cls = int(parts[0])
        cx, cy, bw, bh = (float(v) for v in parts[1:])
        x0, y0 = round((cx - bw / 2) * w), round((cy - bh / 2) * h)
        x1, y1 = round((cx + bw / 2) * w), round((cy + bh / 2) * h)
        colour = _PALETTE[cls % len(_PALETTE)]
        cv2.rectangle(out, (x0, y0), (x1 - 1, y1 - 1), colour, 1)
        name = str(ALL_FACES[cls]) if 0 <= cls < len(ALL_FACES) else str(cls)
        cv2.putText(out, name, (x0, max(10, y0 - 2)), cv2.FONT_HERSHEY_SIMPLEX, 0.35, (0, 0, 0), 2,
                    cv2.LINE_AA)
        cv2.putText(out, name, (x0, max(10, y0 - 2)), cv2.FONT_HERSHEY_SIMPLEX, 0.35, colour, 1,
                    cv2.LINE_AA)
    return out


def contact_sheet(dataset: Path, split: str = "val", n: int = 16, tile: int = 480) -> np.ndarray:
    """A BGR grid of ``n`` images spread over ``split`` with their labels, each in a ``tile``
    px square captioned with its name, scene kind, phase verdicts and label count.

    Raises ``FileNotFoundError`` when the split has no images."""
    every = sorted((Path(dataset) / "images" / split).glob("*.jpg"))
    if not every:
        raise FileNotFoundError(f"no images in {Path(dataset) / 'images' / split}")
    # Spread the picks over the split: consecutive images share a deck design.
    picks = np.unique(np.linspace(0, len(every) - 1, min(n, len(every))).round().astype(int))
    images = [every[i] for i in picks]
    scenes: dict[str, str] = {}
    manifest = Path(dataset) / f"manifest_{split}.json"
    if manifest.is_file():
        for record in json.loads(manifest.read_text())["images"]:
            verdicts = [f"P{p['phase']} {'ok' if p['valid'] else 'no'}" for p in record["phases"]]
            scenes[Path(record["file"]).stem] = " ".join([record["scene"], *verdicts])
    tiles = []
    for path in images:
        img = cv2.imread(str(path), cv2.IMREAD_COLOR)
        label = Path(dataset) / "labels" / split / f"{path.stem}.txt"
        text = label.read_text() if label.is_file() else ""
        scale = tile / max(img.shape[:2])
        img = cv2.resize(img, (round(img.shape[1] * scale), round(img.shape[0] * scale)),
                         interpolation=cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR)
        drawn = draw_labels(img, text)
        canvas = np.full((tile, tile, 3), 255, np.uint8)
        canvas[: drawn.shape[0], : drawn.shape[1]] = drawn
        count = len([line for line in text.splitlines() if line.strip()])
        caption = f"{path.stem} {scenes.get(path.stem, '')} ({count} labels)"
        cv2.putText(canvas, caption, (4, tile - 6), cv2.FONT_HERSHEY_SIMPLEX, 0.45,
                    (0, 0, 0), 3, cv2.LINE_AA)
        cv2.putText(canvas, caption, (4, tile - 6), cv2.FONT_HERSHEY_SIMPLEX, 0.45,
                    (255, 255, 255), 1, cv2.LINE_AA)
        tiles.append(canvas)
    cols = math.ceil(math.sqrt(len(tiles)))
    rows = math.ceil(len(tiles) / cols)
    tiles += [np.full((tile, tile, 3), 255, np.uint8)] * (rows * cols - len(tiles))
    return np.vstack([np.hstack(tiles[r * cols : (r + 1) * cols]) for r in range(rows)])
