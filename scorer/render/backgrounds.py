"""Table surfaces: procedural wood, cloth, felt and noise, real photos shipped in
scikit-image's package data, and distractor objects.

Families are split into a train pool and a held-out test pool (see datasets/README.md).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np
from PIL import Image

from scorer.render.glyphs import text_masks

# Photos bundled inside the installed scikit-image package (read straight from its folder;
# nothing is fetched).
PHOTOS = {
    "train": ("brick.png", "grass.png", "coffee.png", "astronaut.png", "chelsea.png",
              "motorcycle_left.png", "camera.png", "coins.png", "page.png", "moon.png"),
    "test": ("gravel.png", "rocket.jpg", "hubble_deep_field.jpg", "color.png", "text.png"),
}
FAMILIES = {
    "train": ("wood", "wood", "felt", "cloth", "noise", "photo", "photo"),
    "test": ("marble", "checker", "photo", "wood_dark"),
}


@lru_cache(maxsize=1)
def _skimage_data_dir() -> Path | None:
    try:
        import skimage.data  # noqa: PLC0415 - optional extra, imported lazily
    except ImportError:
        return None
    return Path(skimage.data.__file__).parent


@lru_cache(maxsize=32)
def _photo(name: str) -> np.ndarray | None:
    folder = _skimage_data_dir()
    if folder is None or not (folder / name).is_file():
        return None
    try:
        with Image.open(folder / name) as im:
            return np.asarray(im.convert("RGB"))
    except OSError:
        return None


def available_photos(pool: str) -> list[str]:
    """Names of the pool's photos that load from the installed package."""
    return [n for n in PHOTOS[pool] if _photo(n) is not None]


def _noise(rng: np.random.Generator, size: int, scale: int) -> np.ndarray:
    """Smooth value noise in [0, 1], (size, size) float32."""
    small = rng.random((max(2, size // scale), max(2, size // scale))).astype(np.float32)
    return cv2.resize(small, (size, size), interpolation=cv2.INTER_CUBIC).clip(0, 1)


def _tint(gray: np.ndarray, dark: np.ndarray, light: np.ndarray) -> np.ndarray:
    """Map a grey field to colours between ``dark`` and ``light`` (float32 RGB)."""
    gray = gray.astype(np.float32)
    pairs = zip(dark, light, strict=True)
    return cv2.merge([gray * float(hi - lo) + float(lo) for lo, hi in pairs])


@lru_cache(maxsize=4)
def _grid(n: int) -> tuple[np.ndarray, np.ndarray]:
    yy, xx = np.mgrid[0:n, 0:n].astype(np.float32)
    yy.setflags(write=False)
    xx.setflags(write=False)
    return yy, xx


def _wood(rng: np.random.Generator, n: int, dark: bool) -> np.ndarray:
    yy, xx = _grid(n)
    warp = _noise(rng, n, 64) * rng.uniform(20, 80)
    freq = rng.uniform(0.04, 0.12)
    grain = 0.5 + 0.5 * np.sin((yy + warp) * freq + _noise(rng, n, 8) * 2)
    grain = grain * 0.7 + 0.3 * _noise(rng, n, 3)
    if rng.random() < 0.5:
        grain = grain.T
    plank = rng.uniform(80, 250)
    seams = (np.abs(((xx if rng.random() < 0.5 else yy) % plank) - 1) < 1.5).astype(np.float32)
    lo = np.array([rng.uniform(60, 110), rng.uniform(35, 70), rng.uniform(15, 40)], np.float32)
    hi = lo + np.array([rng.uniform(60, 110), rng.uniform(50, 80), rng.uniform(30, 60)])
    if dark:
        lo, hi = lo * 0.45, hi * 0.55
    return _tint(grain * (1 - 0.5 * seams), lo, hi)


def _felt(rng: np.random.Generator, n: int) -> np.ndarray:
    base = np.array([rng.uniform(10, 60), rng.uniform(60, 140), rng.uniform(30, 90)], np.float32)
    base = base[rng.permutation(3)] if rng.random() < 0.4 else base
    fine = rng.normal(0, 1, (n, n)).astype(np.float32)
    fine = cv2.GaussianBlur(fine, (0, 0), 0.8)
    return base * (0.85 + 0.12 * _noise(rng, n, 40)[..., None] + 0.05 * fine[..., None])


def _cloth(rng: np.random.Generator, n: int) -> np.ndarray:
    yy, xx = _grid(n)
    p = rng.uniform(3, 9)
    weave = 0.5 + 0.25 * np.sin(xx * 2 * np.pi / p) + 0.25 * np.sin(yy * 2 * np.pi / p)
    stripes = 0.5 + 0.5 * np.sign(np.sin(xx * 2 * np.pi / rng.uniform(30, 120)))
    a = rng.uniform(40, 230, 3).astype(np.float32)
    b = rng.uniform(40, 230, 3).astype(np.float32)
    mix = stripes if rng.random() < 0.5 else np.zeros_like(stripes)
    img = _tint(mix, a, b)
    return img * (0.8 + 0.25 * weave[..., None])


def _plain_noise(rng: np.random.Generator, n: int) -> np.ndarray:
    a = rng.uniform(20, 240, 3).astype(np.float32)
    b = rng.uniform(20, 240, 3).astype(np.float32)
    return _tint(_noise(rng, n, int(rng.integers(4, 80))), a, b)


def _marble(rng: np.random.Generator, n: int) -> np.ndarray:
    yy, xx = _grid(n)
    turb = _noise(rng, n, 60) * 6 + _noise(rng, n, 15) * 2
    veins = np.abs(np.sin((xx + yy) * rng.uniform(0.01, 0.03) + turb)) ** 0.3
    base = rng.uniform(170, 240, 3).astype(np.float32)
    return _tint(veins, base * 0.55, base)


def _checker(rng: np.random.Generator, n: int) -> np.ndarray:
    yy, xx = _grid(n)
    s = rng.uniform(15, 60)
    check = (((xx // s) + (yy // s)) % 2).astype(np.float32)
    return _tint(check * 0.8 + 0.2 * _noise(rng, n, 5), rng.uniform(20, 120, 3).astype(np.float32),
                 rng.uniform(120, 240, 3).astype(np.float32))


def _photo_bg(rng: np.random.Generator, n: int, pool: str) -> np.ndarray | None:
    names = available_photos(pool)
    if not names:
        return None
    img = _photo(str(rng.choice(names)))
    assert img is not None
    h, w = img.shape[:2]
    scale = n / min(h, w) * rng.uniform(1.0, 1.8)
    img = cv2.resize(img, (max(n, int(w * scale) + 1), max(n, int(h * scale) + 1)),
                     interpolation=cv2.INTER_LINEAR)
    y = int(rng.integers(0, img.shape[0] - n + 1))
    x = int(rng.integers(0, img.shape[1] - n + 1))
    out = img[y : y + n, x : x + n]
    u = rng.random()
    if u < 0.25:  # recolour: the same photo as a different table
        hsv = cv2.cvtColor(out, cv2.COLOR_RGB2HSV)
        hsv[..., 0] = ((hsv[..., 0].astype(np.int32) + int(rng.integers(180))) % 180).astype(
            np.uint8)
        out = cv2.cvtColor(hsv, cv2.COLOR_HSV2RGB)
    elif u < 0.35:
        out = cv2.cvtColor(cv2.cvtColor(out, cv2.COLOR_RGB2GRAY), cv2.COLOR_GRAY2RGB)
    out = out.astype(np.float32)
    if rng.random() < 0.5:
        out = cv2.GaussianBlur(out, (0, 0), rng.uniform(0.5, 3))
    return out


def sample_background(rng: np.random.Generator, size: int, pool: str = "train") -> np.ndarray:
    """A (size, size, 3) uint8 RGB table surface from the pool's families."""
    family = str(rng.choice(FAMILIES[pool]))
    n = size
    img: np.ndarray | None = None
    if family == "photo":
        img = _photo_bg(rng, n, pool)
    if img is None:
        makers = {
            "wood": lambda: _wood(rng, n, False),
            "wood_dark": lambda: _wood(rng, n, True),
            "felt": lambda: _felt(rng, n),
            "cloth": lambda: _cloth(rng, n),
            "noise": lambda: _plain_noise(rng, n),
            "marble": lambda: _marble(rng, n),
            "checker": lambda: _checker(rng, n),
            "photo": lambda: _wood(rng, n, False),
        }
        img = makers[family]()
    return np.clip(img, 0, 255).astype(np.uint8)


def _printed_note(rng: np.random.Generator, img: np.ndarray, cx: int, cy: int, s: float,
                  font: str) -> None:
    """A paper scrap with a bold printed number on it: digits that are not card indices."""
    box = cv2.boxPoints(((cx, cy), (s * 1.4, s), float(rng.uniform(-30, 30))))
    cv2.fillConvexPoly(img, box.astype(np.int32), tuple(int(v) for v in rng.uniform(215, 250, 3)),
                       cv2.LINE_AA)
    fill, _ = text_masks(str(int(rng.integers(0, 100))), font, max(6, int(s * 0.45)), 0.0,
                         False, int(s * 1.2))
    h, w = fill.shape
    x0, y0 = cx - w // 2, cy - h // 2
    if x0 < 0 or y0 < 0 or x0 + w > img.shape[1] or y0 + h > img.shape[0]:
        return
    ink = rng.uniform(0, 200, 3).astype(np.float32)
    roi = img[y0 : y0 + h, x0 : x0 + w].astype(np.float32)
    roi = roi * (1 - fill[..., None]) + ink * fill[..., None]
    img[y0 : y0 + h, x0 : x0 + w] = roi.astype(np.uint8)


def add_distractors(rng: np.random.Generator, img: np.ndarray, count: int,
                    font: str | None = None) -> None:
    """Draw ``count`` table objects in place: coins, pens, paper scraps and score sheets,
    rings (cups seen from above) and, with ``font``, notes with a printed number."""
    h, w = img.shape[:2]
    for _ in range(count):
        colour = tuple(int(c) for c in rng.uniform(0, 255, 3))
        kind = rng.choice(5, p=[0.24, 0.24, 0.24, 0.18, 0.1])
        if kind == 4 and font is None:
            kind = 2
        cx, cy = int(rng.uniform(0, w)), int(rng.uniform(0, h))
        s = rng.uniform(0.03, 0.15) * w
        if kind == 0:
            cv2.circle(img, (cx, cy), int(s / 2), colour, -1, cv2.LINE_AA)
            cv2.circle(img, (cx, cy), int(s / 2), tuple(c // 2 for c in colour), 2, cv2.LINE_AA)
        elif kind == 1:
            box = cv2.boxPoints(((cx, cy), (s * 3, s * 0.18), float(rng.uniform(0, 180))))
            cv2.fillConvexPoly(img, box.astype(np.int32), colour, cv2.LINE_AA)
        elif kind == 2:
            box = cv2.boxPoints(((cx, cy), (s * 1.5, s * 2), float(rng.uniform(0, 180))))
            paper = tuple(int(v) for v in rng.uniform(200, 250, 3))
            cv2.fillConvexPoly(img, box.astype(np.int32), paper, cv2.LINE_AA)
            ink = (int(rng.uniform(10, 60)), int(rng.uniform(10, 60)), int(rng.uniform(40, 140)))
            for k in range(4):  # a score sheet: numbers that are not card indices
                off = (k - 1.5) * s * 0.35
                y = int(cy + off)
                if rng.random() < 0.5:
                    cv2.line(img, (int(cx - s * 0.6), y), (int(cx + s * 0.6), y), (90, 90, 120), 1,
                             cv2.LINE_AA)
                else:
                    text = str(int(rng.integers(0, 300)))
                    cv2.putText(img, text, (int(cx - s * 0.5), y), cv2.FONT_HERSHEY_SCRIPT_SIMPLEX,
                                s / 90, ink, max(1, int(s / 60)), cv2.LINE_AA)
        elif kind == 3:
            cv2.circle(img, (cx, cy), int(s), colour, max(2, int(s * 0.25)), cv2.LINE_AA)
        else:
            _printed_note(rng, img, cx, cy, s, font)  # type: ignore[arg-type]
