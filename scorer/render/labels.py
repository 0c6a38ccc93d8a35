"""Label geometry out of a :class:`~scorer.render.scene.Scene`: crops, YOLO lines and the
manifest record."""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from scorer.render.scene import CardRecord, IndexLabel, Scene

MIN_INSIDE_CROP = 0.6  # an index box less inside a crop than this is dropped


@dataclass
class Labelled:
    """An image with its card records (labels in its own pixel coordinates)."""

    image: np.ndarray
    cards: list[CardRecord]
    offset: tuple[int, int] = (0, 0)  # crop origin in the full scene


def _inside(box: tuple[float, float, float, float], win: tuple[int, int, int, int]) -> float:
    x0, y0, x1, y1 = box
    wx0, wy0, wx1, wy1 = win
    iw = max(0.0, min(x1, wx1) - max(x0, wx0))
    ih = max(0.0, min(y1, wy1) - max(y0, wy0))
    area = (x1 - x0) * (y1 - y0)
    return iw * ih / area if area > 0 else 0.0


def _busyness(gray: np.ndarray) -> float:
    """Mean gradient strength of a window: where clutter and edges are."""
    gx = np.abs(np.diff(gray, axis=1)).mean()
    gy = np.abs(np.diff(gray, axis=0)).mean()
    return float(gx + gy)


def choose_crop(rng: np.random.Generator, scene: Scene, crop: int,
                tries: int = 24) -> tuple[int, int]:
    """Top-left of a ``crop`` window holding as many labelled indices as possible.

    A scene without indices (an empty table) gets its busiest window instead, so that the
    tile shows the clutter a reader must learn to ignore, not a bare stretch of table.
    """
    size = scene.image.shape[0]
    boxes = [ix.box for c in scene.cards for ix in c.indices]
    gray = None if boxes else scene.image.mean(axis=2, dtype=np.float32)
    best, best_score = (0, 0), -1.0
    for _ in range(tries):
        x, y = (int(v) for v in rng.integers(0, size - crop + 1, 2))
        win = (x, y, x + crop, y + crop)
        if gray is None:
            score = float(sum(_inside(b, win) >= MIN_INSIDE_CROP for b in boxes))
        else:
            score = _busyness(gray[y:y + crop, x:x + crop])
        if score > best_score:
            best, best_score = (x, y), score
    return best


def crop_scene(scene: Scene, x: int, y: int, crop: int) -> Labelled:
    """Cut the window at (x, y); shift geometry, clip boxes, drop indices mostly outside."""
    win = (x, y, x + crop, y + crop)
    shift = np.array([x, y], np.float64)
    cards: list[CardRecord] = []
    for c in scene.cards:
        if c.box is None or _inside(c.box, win) <= 0:
            continue
        indices = []
        for ix in c.indices:
            if _inside(ix.box, win) < MIN_INSIDE_CROP:
                continue
            b = ix.box
            clipped = (max(b[0], x) - x, max(b[1], y) - y, min(b[2], x + crop) - x,
                       min(b[3], y + crop) - y)
            indices.append(replace(ix, box=clipped, quad=ix.quad - shift))
        b = c.box
        box = (max(b[0], x) - x, max(b[1], y) - y, min(b[2], x + crop) - x, min(b[3], y + crop) - y)
        cards.append(CardRecord(c.card, c.corners - shift, box, indices, c.placement))
    return Labelled(scene.image[y : y + crop, x : x + crop], cards, (x, y))


def yolo_lines(labelled: Labelled) -> str:
    """YOLO label text: ``class cx cy w h`` normalised, one line per visible index."""
    h, w = labelled.image.shape[:2]
    lines = []
    for c in labelled.cards:
        for ix in c.indices:
            x0, y0, x1, y1 = ix.box
            lines.append(f"{ix.class_id} {(x0 + x1) / 2 / w:.6f} {(y0 + y1) / 2 / h:.6f} "
                         f"{(x1 - x0) / w:.6f} {(y1 - y0) / h:.6f}")
    return "\n".join(lines) + ("\n" if lines else "")


def _r(values: object) -> list[float]:
    """Numbers rounded to 0.01 px for the manifest."""
    return [round(float(v), 2) for v in np.asarray(values).ravel()]


def _index_json(ix: IndexLabel) -> dict:
    return {"class_id": ix.class_id, "corner": ix.corner, "box": _r(ix.box),
            "visible": round(ix.visible, 3)}


def readable_placements(labelled: Labelled) -> set[int]:
    """Layout positions of the cards with at least one labelled index in the image."""
    return {c.placement for c in labelled.cards if c.indices}


def cards_json(labelled: Labelled) -> tuple[list[dict], list[dict]]:
    """Manifest entries: face-up cards (each physical card once) and face-down cards."""
    up, down = [], []
    for c in labelled.cards:
        if c.box is None:  # not in the image at all
            continue
        corners = np.asarray(c.corners).round(2).tolist()
        if c.card is None:
            down.append({"box": _r(c.box), "corners": corners})
        else:
            up.append({"face": str(c.card), "box": _r(c.box), "corners": corners,
                       "indices": [_index_json(ix) for ix in c.indices]})
    return up, down
