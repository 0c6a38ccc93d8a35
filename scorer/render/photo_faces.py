"""Faces from a folder of photos or scans, one per face: ``R5.jpg``, ``B12.png``, ``W.png``,
``S.jpg`` (any of .jpg .jpeg .png .webp .bmp; names as ``scorer.cards`` writes them), and
optionally ``back.jpg``, the card back (otherwise backs are drawn procedurally).

Index boxes: the design is unknown, so each face's top-left index box is a fixed region
relative to the card, :data:`DEFAULT_INDEX` = (x0, y0, x1, y1) as fractions of width and
height, the region covering the corner index of standard prints; the bottom-right box is
the same region rotated 180 degrees. An optional ``indices.json`` in the folder overrides
it: ``{"default": [x0, y0, x1, y1], "R5": [x0, y0, x1, y1], ...}`` (fractions, top-left
index; the bottom-right one is always the 180-degree rotation).
"""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np

from scorer.cards import ALL_FACES, Card
from scorer.errors import NotationError
from scorer.render.faces import FACE_H, FACE_W, PX_PER_MM, Face, finish_face

DEFAULT_INDEX = (0.03, 0.02, 0.27, 0.19)
SUFFIXES = (".jpg", ".jpeg", ".png", ".webp", ".bmp")


def _rects(frac: tuple[float, float, float, float]) -> tuple[tuple[float, ...], ...]:
    x0, y0, x1, y1 = frac
    tl = (x0 * FACE_W, y0 * FACE_H, x1 * FACE_W, y1 * FACE_H)
    br = (FACE_W - tl[2], FACE_H - tl[3], FACE_W - tl[0], FACE_H - tl[1])
    return tl, br


def _load(path: Path, corner_radius_mm: float, frac: tuple[float, float, float, float]) -> Face:
    """One photo as an upright face with the index boxes ``frac`` (fractions of the face)."""
    img = cv2.imread(str(path), cv2.IMREAD_COLOR)
    if img is None:
        raise ValueError(f"cannot read image {path}")
    img = cv2.cvtColor(img, cv2.COLOR_BGR2RGB)
    if img.shape[1] > img.shape[0]:  # landscape scan: turn upright
        img = np.rot90(img)
    img = cv2.resize(img, (FACE_W, FACE_H), interpolation=cv2.INTER_AREA)
    return finish_face(img.astype(np.float32), corner_radius_mm * PX_PER_MM,
                       _rects(frac))  # type: ignore[arg-type]


class PhotoFaces:
    """Maps each card to a :class:`Face` loaded from ``folder``; raises
    ``FileNotFoundError`` naming the missing faces."""

    def __init__(self, folder: Path, corner_radius_mm: float = 3.5) -> None:
        folder = Path(folder)
        regions: dict = {}
        if (folder / "indices.json").is_file():
            regions = json.loads((folder / "indices.json").read_text())
        default = tuple(regions.get("default", DEFAULT_INDEX))
        files: dict[Card, Path] = {}
        self.back: Face | None = None
        for path in sorted(folder.iterdir()):
            if path.suffix.lower() in SUFFIXES and path.stem.lower() == "back":
                self.back = _load(path, corner_radius_mm, (0.0, 0.0, 0.0, 0.0))
            elif path.suffix.lower() in SUFFIXES:
                try:
                    files[Card.parse(path.stem)] = path
                except NotationError:
                    continue
        missing = [str(c) for c in ALL_FACES if c not in files]
        if missing:
            raise FileNotFoundError(f"{folder} lacks face images for: {' '.join(missing)}")
        self._faces: dict[Card, Face] = {}
        for card, path in files.items():
            frac = tuple(regions.get(str(card), default))
            self._faces[card] = _load(path, corner_radius_mm, frac)  # type: ignore[arg-type]

    def __getitem__(self, card: Card) -> Face:
        return self._faces[card]
