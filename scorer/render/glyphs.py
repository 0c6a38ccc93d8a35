"""Ink masks of text and symbols: float32 arrays in [0, 1], cropped to the ink."""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np
from PIL import Image, ImageDraw

from scorer.render.fonts import load_font


@lru_cache(maxsize=64)
def _height_ratio(font_path: str) -> float:
    """Ink height of "8" per pixel of font size."""
    font = load_font(font_path, 200)
    x0, y0, x1, y1 = font.getbbox("8")
    return (y1 - y0) / 200.0


def _crop(*masks: np.ndarray) -> tuple[np.ndarray, ...]:
    union = np.maximum.reduce(masks)
    ys, xs = np.nonzero(union > 0.02)
    if len(xs) == 0:
        return masks
    y0, y1, x0, x1 = ys.min(), ys.max() + 1, xs.min(), xs.max() + 1
    return tuple(m[y0:y1, x0:x1] for m in masks)


def _slanted(slant: float, *masks: np.ndarray) -> tuple[np.ndarray, ...]:
    """The masks sheared to the right by ``slant`` (horizontal shift per unit of height), as
    italic print is."""
    h, w = masks[0].shape
    shift = int(np.ceil(slant * h))
    matrix = np.float32([[1, -slant, slant * h], [0, 1, 0]])
    return tuple(cv2.warpAffine(m, matrix, (w + shift, h), flags=cv2.INTER_LINEAR)
                 for m in masks)


@lru_cache(maxsize=256)
def text_masks(
    text: str, font_path: str, height: int, stroke_frac: float, underline: bool, max_width: int,
    slant: float = 0.0,
) -> tuple[np.ndarray, np.ndarray]:
    """Fill and outline masks of ``text`` whose digits are about ``height`` pixels tall.

    ``stroke_frac`` sets the outline width relative to the height (0: outline = fill);
    ``underline`` adds a bar below (6 and 9); ``slant`` shears the text as italics do; text
    wider than ``max_width`` is squeezed.
    Returns two arrays of the same shape (h, w), float32 in [0, 1]. Do not modify them.
    """
    size = max(6, round(height / _height_ratio(font_path)))
    font = load_font(font_path, size)
    stroke = max(1, round(stroke_frac * height)) if stroke_frac > 0 else 0
    x0, y0, x1, y1 = font.getbbox(text, stroke_width=stroke)
    w, h = x1 - x0 + 4, y1 - y0 + 4
    fill_img = Image.new("L", (w, h))
    ImageDraw.Draw(fill_img).text((2 - x0, 2 - y0), text, font=font, fill=255)
    fill = np.asarray(fill_img, np.float32) / 255.0
    if stroke:
        out_img = Image.new("L", (w, h))
        ImageDraw.Draw(out_img).text(
            (2 - x0, 2 - y0), text, font=font, fill=255, stroke_width=stroke, stroke_fill=255
        )
        outline = np.asarray(out_img, np.float32) / 255.0
    else:
        outline = fill.copy()
    fill, outline = _crop(fill, outline)
    if underline:
        ink_h, ink_w = fill.shape
        gap, bar = max(1, round(0.08 * ink_h)), max(2, round(0.1 * ink_h))
        pad = stroke
        rows = gap + bar + 2 * pad
        fill = np.vstack([fill, np.zeros((rows, ink_w), np.float32)])
        outline = np.vstack([outline, np.zeros((rows, ink_w), np.float32)])
        top = ink_h + pad + gap
        fill[top : top + bar, pad : ink_w - pad] = 1.0
        outline[max(0, top - pad) : top + bar + pad, :] = 1.0
        fill, outline = _crop(fill, outline)
    if slant:
        fill, outline = _crop(*_slanted(slant, fill, outline))
    if fill.shape[1] > max_width:
        new = (max_width, fill.shape[0])
        fill = cv2.resize(fill, new, interpolation=cv2.INTER_AREA)
        outline = cv2.resize(outline, new, interpolation=cv2.INTER_AREA)
    fill.setflags(write=False)
    outline.setflags(write=False)
    return fill, outline


def _supersampled(size: int, draw) -> np.ndarray:
    """Draw at 4x with ``draw(canvas, scale)`` and shrink: an anti-aliased mask."""
    big = np.zeros((size * 4, size * 4), np.uint8)
    draw(big, 4)
    small = cv2.resize(big, (size, size), interpolation=cv2.INTER_AREA)
    return small.astype(np.float32) / 255.0


@lru_cache(maxsize=256)
def symbol_mask(kind: str, size: int, stroke_frac: float) -> tuple[np.ndarray, np.ndarray]:
    """Fill and outline masks of a symbol: ``"star"`` or ``"emblem"`` (Wild: a tilted oval,
    painted in the four colours), ``"skip"`` (circle with slash) or ``"reverse"`` (two arrows
    pointing opposite ways along a diagonal: another game's card, never a Phase 10 face)."""
    size = max(8, int(size))
    pad = max(1, round(stroke_frac * size))

    def star(canvas: np.ndarray, s: int, grow: int = 0) -> None:
        c = canvas.shape[0] / 2
        r_out = (size / 2 - pad + grow) * s
        r_in = r_out * 0.45
        pts = []
        for k in range(10):
            r = r_out if k % 2 == 0 else r_in
            a = -np.pi / 2 + k * np.pi / 5
            pts.append((c + r * np.cos(a), c + r * np.sin(a) * 1.0 + 0.08 * r_out))
        cv2.fillPoly(canvas, [np.array(pts, np.int32)], 255, cv2.LINE_8)

    def skip(canvas: np.ndarray, s: int, grow: int = 0) -> None:
        c = canvas.shape[0] // 2
        r = int((size / 2 - pad - size * 0.06) * s)
        t = int((size * 0.13 + 2 * grow) * s)
        cv2.circle(canvas, (c, c), r, 255, t, cv2.LINE_8)
        d = int(r * 0.7071)
        cv2.line(canvas, (c - d, c + d), (c + d, c - d), 255, t, cv2.LINE_8)

    def emblem(canvas: np.ndarray, s: int, grow: int = 0) -> None:
        c = canvas.shape[0] // 2
        long_axis = int((size / 2 - pad + grow) * s)
        short_axis = int((size * 0.3 - pad + grow) * s)
        cv2.ellipse(canvas, (c, c), (short_axis, long_axis), 30, 0, 360, 255, -1, cv2.LINE_8)

    def reverse(canvas: np.ndarray, s: int, grow: int = 0) -> None:
        n = canvas.shape[0]
        t = max(1, int((size * 0.11 + 2 * grow) * s))
        near, far = int(0.2 * n), int(0.68 * n)  # one arrow up and right, one down and left
        cv2.arrowedLine(canvas, (near, far), (far, near), 255, t, cv2.LINE_8, tipLength=0.45)
        near, far = int(0.32 * n), int(0.8 * n)
        cv2.arrowedLine(canvas, (far, near), (near, far), 255, t, cv2.LINE_8, tipLength=0.45)

    painter = {"star": star, "skip": skip, "emblem": emblem, "reverse": reverse}[kind]
    fill = _supersampled(size, lambda cv, s: painter(cv, s))
    outline = _supersampled(size, lambda cv, s: painter(cv, s, pad)) if stroke_frac > 0 else fill
    fill, outline = _crop(fill, np.maximum(fill, outline))
    fill.setflags(write=False)
    outline.setflags(write=False)
    return fill, outline
