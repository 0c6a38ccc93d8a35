"""Card backs (face-down cards of the draw pile): never labelled."""

from __future__ import annotations

import cv2
import numpy as np

from scorer.render.faces import FACE_H, FACE_W, PX_PER_MM, Face, finish_face
from scorer.render.glyphs import text_masks


def render_back(rng: np.random.Generator, font: str) -> Face:
    """A back design: dark field, a pattern of stripes or rings, a framed logo word."""
    W, H = FACE_W, FACE_H
    base = np.array([rng.uniform(10, 90), rng.uniform(10, 60), rng.uniform(40, 140)], np.float32)
    base = base[rng.permutation(3)]
    canvas = np.empty((H, W, 3), np.float32)
    canvas[:] = base
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    pattern = rng.integers(3)
    if pattern == 0:
        period = rng.uniform(8, 20)
        wave = 0.5 + 0.5 * np.sin((xx + yy) * 2 * np.pi / period)
    elif pattern == 1:
        r = np.hypot(xx - W / 2, yy - H / 2)
        wave = 0.5 + 0.5 * np.sin(r * 2 * np.pi / rng.uniform(10, 24))
    else:
        wave = (((xx // 14) + (yy // 14)) % 2).astype(np.float32)
    accent = np.array([rng.uniform(120, 255) for _ in range(3)], np.float32)
    canvas += (accent - base) * (wave * rng.uniform(0.15, 0.4))[..., None]
    m = int(0.06 * W)
    cv2.rectangle(canvas, (m, m), (W - m, H - m), (240, 240, 240), max(2, int(0.02 * W)))
    word = str(rng.choice(["PHASE", "PHASE 10", "CARDS", "10"]))
    fill, _ = text_masks(word, font, int(0.09 * H), 0.0, False, int(0.75 * W))
    h, w = fill.shape
    cx, cy = (W - w) // 2, (H - h) // 2
    cv2.ellipse(canvas, (W // 2, H // 2), (int(0.42 * W), int(0.12 * H)), 0, 0, 360,
                (235, 235, 235), -1, cv2.LINE_AA)
    roi = canvas[cy : cy + h, cx : cx + w]
    roi *= 1 - fill[..., None]
    roi += fill[..., None] * np.asarray(base, np.float32)
    return finish_face(canvas, rng.uniform(2.5, 4.5) * PX_PER_MM, ((0, 0, 0, 0), (0, 0, 0, 0)))
