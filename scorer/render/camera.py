"""The camera: a perspective view of the table plane, and photometric effects
(lighting, colour casts, shadows, glare, blur, noise). Images are float32 RGB in [0, 255]."""

from __future__ import annotations

import math

import cv2
import numpy as np

CARD_FRACTION = (0.08, 0.6)  # card height / image height (smaller: indices under 5 px)
CLOSE_UP = (0.6, 2.2)  # a card held up to the camera: its index up to about 150 px at 640
CLOSE_UP_SHARE = 0.15
MAX_TILT = 40.0  # degrees
STRONG_CAST_SHARE = 0.45  # white balance off by up to MAX_CAST per channel (webcams, lamps)
MAX_CAST = 0.3
MIXED_LIGHT_SHARE = 0.3  # of the strong casts: a second light of another colour across the frame
WEBCAM_SHARE = 0.25  # washed-out ink, lifted blacks, oversharpened edges


def _rx(a: float) -> np.ndarray:
    c, s = math.cos(a), math.sin(a)
    return np.array([[1, 0, 0], [0, c, -s], [0, s, c]])


def _rz(a: float) -> np.ndarray:
    c, s = math.cos(a), math.sin(a)
    return np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]])


def project(h: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """Apply homography ``h`` (3, 3) to points (N, 2); returns (N, 2) float64."""
    p = np.asarray(pts, np.float64).reshape(-1, 2)
    q = p @ h[:, :2].T + h[:, 2]
    return q[:, :2] / q[:, 2:3]


def table_view(rng: np.random.Generator, extent_mm: float) -> np.ndarray:
    """A homography from table millimetres (around the origin) to unscaled image units:
    in-plane rotation, then a tilt up to :data:`MAX_TILT` degrees with perspective."""
    roll = rng.uniform(-25, 25) if rng.random() < 0.7 else rng.uniform(-180, 180)
    tilt = MAX_TILT * min(1.0, abs(rng.normal(0, 0.55)))
    r = _rx(math.radians(tilt)) @ _rz(math.radians(roll))
    distance = extent_mm * rng.uniform(1.3, 3.5)
    return np.column_stack([r[:, 0], r[:, 1], [0.0, 0.0, distance]])


def fit_view(rng: np.random.Generator, view: np.ndarray, card_quads: list[np.ndarray],
             size: int) -> np.ndarray:
    """Scale and shift ``view`` so cards have a sampled height in the image.

    ``card_quads``: each card's 4 corners in mm. Either the whole layout is framed, or one
    random card is put near the image and the rest may leave it, or (:data:`CLOSE_UP_SHARE`)
    one card is held up to the camera, filling the frame up to twice over, one index corner in
    view.
    """
    pts = [project(view, q) for q in card_quads]
    heights = [np.linalg.norm((p[2] + p[3]) / 2 - (p[0] + p[1]) / 2) for p in pts]
    card_h = float(np.median(heights))
    allp = np.vstack(pts)
    lo, hi = allp.min(0), allp.max(0)
    fit_scale = 0.92 * size / max(float((hi - lo).max()), 1e-6)
    lo_f, hi_f = CARD_FRACTION
    u = rng.random()
    if u < CLOSE_UP_SHARE:  # one card fills the frame, or more than fills it
        frac = math.exp(rng.uniform(math.log(CLOSE_UP[0]), math.log(CLOSE_UP[1])))
        scale = frac * size / card_h
        card = pts[rng.integers(len(pts))]
        corner = card[rng.choice([0, 2])]  # the corners that carry an index
        towards = rng.uniform(0.1, min(1.0, 0.5 / frac))  # from that corner to the centre
        anchor = corner + (card.mean(0) - corner) * towards
        target = rng.uniform(0.25, 0.75, 2) * size
    elif u < CLOSE_UP_SHARE + 0.85 * 0.6:
        frac = np.clip(fit_scale * card_h / size * rng.uniform(0.65, 1.0), lo_f, hi_f)
        scale = frac * size / card_h
        anchor = (lo + hi) / 2
        target = size / 2 + rng.uniform(-0.1, 0.1, 2) * size
    else:
        frac = math.exp(rng.uniform(math.log(lo_f), math.log(hi_f)))
        scale = frac * size / card_h
        anchor = pts[rng.integers(len(pts))].mean(0)
        target = rng.uniform(0.25, 0.75, 2) * size
    s = np.array([[scale, 0, target[0] - scale * anchor[0]],
                  [0, scale, target[1] - scale * anchor[1]], [0, 0, 1.0]])
    return s @ view


def _smooth_field(rng: np.random.Generator, size: int, cells: int) -> np.ndarray:
    small = rng.random((cells, cells)).astype(np.float32)
    return cv2.resize(small, (size, size), interpolation=cv2.INTER_CUBIC)


def light_and_colour(rng: np.random.Generator, img: np.ndarray, strong: bool = False
                     ) -> np.ndarray:
    """Lighting gradient, vignette, warm/cool cast and a global exposure change; a strong or
    mixed white-balance cast in :data:`STRONG_CAST_SHARE` of the images (all with ``strong``)."""
    h, w = img.shape[:2]
    n = 32  # the gain field is smooth: compute it small and scale it up
    yy, xx = np.mgrid[0:n, 0:n].astype(np.float32) / (n - 1) - 0.5
    a = rng.uniform(0, 2 * math.pi)
    grad = xx * math.cos(a) + yy * math.sin(a)
    gain = 1.0 + grad * rng.uniform(0, 0.8) + (_smooth_field(rng, n, 3) - 0.5) * rng.uniform(0, 0.3)
    gain *= 1.0 - rng.uniform(0, 0.35) * (np.hypot(xx, yy) / 0.75) ** 2
    gain *= rng.uniform(0.4, 0.7) if rng.random() < 0.1 else rng.uniform(0.75, 1.15)
    warmth = rng.uniform(-1, 1)
    cast = np.array([1 + 0.12 * warmth, 1.0 + rng.uniform(-0.04, 0.04), 1 - 0.15 * warmth],
                    np.float32)
    small = gain.astype(np.float32)[..., None] * cast
    if rng.random() < (1.0 if strong else STRONG_CAST_SHARE):
        small = small / cast * _white_balance(rng, xx, yy)
    return cv2.multiply(img, cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR))


def _cast(rng: np.random.Generator) -> np.ndarray:
    """Channel gains of a light or a white balance that is off: each up to :data:`MAX_CAST`,
    a green cast (webcams) a third of the time, normalised so brightness stays about the same."""
    gains = 1.0 + rng.uniform(-MAX_CAST, MAX_CAST, 3)
    if rng.random() < 0.33:
        gains[1] = 1.0 + rng.uniform(0.1, MAX_CAST)
        gains[[0, 2]] = 1.0 - rng.uniform(0.0, MAX_CAST, 2)
    return (gains / gains.mean()).astype(np.float32)


def _white_balance(rng: np.random.Generator, xx: np.ndarray, yy: np.ndarray) -> np.ndarray:
    """A (n, n, 3) gain field: one strong cast, or two lights of other colours mixed across
    the frame (window light on one side, a lamp on the other)."""
    first = _cast(rng)
    if rng.random() >= MIXED_LIGHT_SHARE:
        return np.broadcast_to(first, xx.shape + (3,)).astype(np.float32)
    a = rng.uniform(0, 2 * math.pi)
    mix = np.clip(0.5 + (xx * math.cos(a) + yy * math.sin(a)) * rng.uniform(1.0, 3.0), 0, 1)
    return (first * (1 - mix[..., None]) + _cast(rng) * mix[..., None]).astype(np.float32)


def webcam_look(rng: np.random.Generator, img: np.ndarray) -> np.ndarray:
    """Washed-out colour and lifted blacks, often with the oversharpened edges of a webcam."""
    grey = img.mean(axis=2, keepdims=True)
    img = img + (grey - img) * rng.uniform(0.2, 0.5)  # less saturated ink
    img = img * rng.uniform(0.7, 0.95) + rng.uniform(10, 45)  # a flat, grey-black floor
    if rng.random() < 0.6:
        soft = cv2.GaussianBlur(img, (0, 0), rng.uniform(0.8, 2.0))
        img = cv2.addWeighted(img, 1 + rng.uniform(0.5, 1.5), soft, -rng.uniform(0.5, 1.5), 0)
    return img


def shadows_and_glare(rng: np.random.Generator, img: np.ndarray) -> np.ndarray:
    """A soft shadow (phone or hand) and glare spots."""
    h, w = img.shape[:2]
    if rng.random() < 0.35:
        q = 4  # the shadow is soft: draw and blur it at a quarter of the size
        mask = np.zeros((h // q, w // q), np.float32)
        c = rng.uniform(0, 1, 2) * [w // q, h // q]
        axes = (int(rng.uniform(0.2, 0.6) * w / q), int(rng.uniform(0.1, 0.4) * h / q))
        pts = cv2.ellipse2Poly((int(c[0]), int(c[1])), axes, int(rng.uniform(0, 180)), 0, 360, 20)
        cv2.fillPoly(mask, [pts], 1.0)
        mask = cv2.GaussianBlur(mask, (0, 0), rng.uniform(8, 40) / q)
        mask = cv2.resize(mask, (w, h), interpolation=cv2.INTER_LINEAR)
        img = img * (1 - rng.uniform(0.2, 0.5) * mask)[..., None]
    for _ in range(int(rng.integers(0, 3)) if rng.random() < 0.35 else 0):
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        sx, sy = rng.uniform(0.02, 0.15) * w, rng.uniform(0.02, 0.1) * h
        x0, x1 = int(max(0, cx - 3 * sx)), int(min(w, cx + 3 * sx))
        y0, y1 = int(max(0, cy - 3 * sy)), int(min(h, cy + 3 * sy))
        if x1 <= x0 or y1 <= y0:
            continue
        yy, xx = np.mgrid[y0:y1, x0:x1].astype(np.float32)
        blob = np.exp(-(((xx - cx) / sx) ** 2 + ((yy - cy) / sy) ** 2) / 2)
        img[y0:y1, x0:x1] += (rng.uniform(60, 220) * blob)[..., None]
    return img


def blur_and_noise(rng: np.random.Generator, img: np.ndarray) -> np.ndarray:
    """Defocus or motion blur, then sensor noise (luma and chroma)."""
    if rng.random() < 0.15:  # digital zoom or a low-resolution sensor
        h, w = img.shape[:2]
        f = rng.uniform(0.45, 0.8)
        small = cv2.resize(img, (int(w * f), int(h * f)), interpolation=cv2.INTER_AREA)
        img = cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR)
    u = rng.random()
    if u < 0.35:
        img = cv2.GaussianBlur(img, (0, 0), rng.uniform(0.4, 1.6))
    elif u < 0.5:
        n = int(rng.integers(3, 10))
        k = np.zeros((n, n), np.float32)
        k[n // 2, :] = 1.0
        rot = cv2.getRotationMatrix2D(((n - 1) / 2, (n - 1) / 2), rng.uniform(0, 180), 1.0)
        k = cv2.warpAffine(k, rot, (n, n))
        img = cv2.filter2D(img, -1, k / max(k.sum(), 1e-6))
    elif u < 0.65:  # shallow depth of field: sharp band, the far and near sides soft
        h, w = img.shape[:2]
        soft = cv2.GaussianBlur(img, (0, 0), rng.uniform(1.0, 2.5))
        ys = np.linspace(0.0, 1.0, h, dtype=np.float32)
        focus, width = rng.uniform(0.3, 0.8), rng.uniform(0.15, 0.4)
        m = np.clip((np.abs(ys - focus) - width / 2) / width, 0.0, 1.0)[:, None, None]
        img = img * (1.0 - m) + soft * m
    sigma = rng.uniform(0, 8) if rng.random() < 0.9 else rng.uniform(8, 20)  # 10 %: low light
    if sigma > 0.5:
        h, w = img.shape[:2]
        # Luma noise: a 160 px tile of white noise repeated (no visible period at this
        # strength, and a tenth of the draws); chroma noise: coarse, scaled up.
        t = 160
        tile = rng.standard_normal((t, t), dtype=np.float32) * sigma
        luma = np.tile(tile, (-(-h // t), -(-w // t)))[:h, :w]
        chroma = rng.standard_normal((h // 8 + 1, w // 8 + 1, 3), dtype=np.float32) * sigma * 0.5
        chroma = cv2.resize(chroma, (w, h), interpolation=cv2.INTER_LINEAR)
        chroma += luma[..., None]
        img = cv2.add(img, chroma)
    return img


def photometric(rng: np.random.Generator, img: np.ndarray, strong_light: bool = False
                ) -> np.ndarray:
    """All effects in order; returns uint8 RGB. ``strong_light``: every image gets a strong
    cast and half of them the webcam look (an evaluation of colour constancy)."""
    img = light_and_colour(rng, img.astype(np.float32), strong_light)
    if rng.random() < (0.5 if strong_light else WEBCAM_SHARE):
        img = webcam_look(rng, img)
    img = shadows_and_glare(rng, img)
    img = blur_and_noise(rng, img)
    return np.clip(img, 0, 255).astype(np.uint8)
