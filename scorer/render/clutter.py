"""Hard negatives: regular, card-like clutter drawn on the table, never labelled.

Real photos of empty tables got false cards from laptop keys, star confetti, honeycomb meshes,
raindrops, clock faces and printed text. These painters draw such things on a background (uint8
RGB, in place), so training tiles show them without an index to find. A painter joins the end of
:data:`PAINTERS` with a new dataset format (:data:`scorer.render.dataset.FORMAT_VERSION`), so that
older sets still render byte for byte with the painters of their format.
"""

from __future__ import annotations

import math
import string
from collections.abc import Callable

import cv2
import numpy as np

FONTS = (cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_COMPLEX,
         cv2.FONT_HERSHEY_TRIPLEX, cv2.FONT_HERSHEY_PLAIN)
KEY_LABELS = string.ascii_uppercase + string.digits + "*#&%@!?+-=<>/"
CARD_INKS = ((200, 30, 30), (30, 70, 200), (30, 150, 60), (235, 190, 20), (20, 20, 20))
Painter = Callable[[np.random.Generator, np.ndarray], None]


def _colour(rng: np.random.Generator, low: int = 0, high: int = 255) -> tuple[int, int, int]:
    return tuple(int(v) for v in rng.uniform(low, high, 3))  # type: ignore[return-value]


def _ink(rng: np.random.Generator) -> tuple[int, int, int]:
    """A card-like ink half the time (the colours the detector knows), else any colour."""
    if rng.random() < 0.5:
        return CARD_INKS[int(rng.integers(len(CARD_INKS)))]
    return _colour(rng)


def _paste(rng: np.random.Generator, img: np.ndarray, patch: np.ndarray) -> None:
    """Rotate ``patch`` by a random angle and paste it at a random place (clipped)."""
    h, w = patch.shape[:2]
    angle = float(rng.uniform(-180, 180)) if rng.random() < 0.5 else float(rng.uniform(-20, 20))
    side = int(math.hypot(h, w)) + 2
    m = cv2.getRotationMatrix2D((w / 2, h / 2), angle, 1.0)
    m[:, 2] += [(side - w) / 2, (side - h) / 2]
    turned = cv2.warpAffine(patch, m, (side, side), flags=cv2.INTER_LINEAR)
    alpha = cv2.warpAffine(np.ones((h, w), np.float32), m, (side, side))[..., None]
    size_h, size_w = img.shape[:2]
    x0 = int(rng.integers(-side // 3, max(1, size_w - side // 2)))
    y0 = int(rng.integers(-side // 3, max(1, size_h - side // 2)))
    ax0, ay0 = max(0, x0), max(0, y0)
    ax1, ay1 = min(size_w, x0 + side), min(size_h, y0 + side)
    if ax1 <= ax0 or ay1 <= ay0:
        return
    src = (slice(ay0 - y0, ay1 - y0), slice(ax0 - x0, ax1 - x0))
    roi = img[ay0:ay1, ax0:ax1].astype(np.float32)
    a = alpha[src]
    img[ay0:ay1, ax0:ax1] = (roi * (1 - a) + turned[src].astype(np.float32) * a).astype(np.uint8)


def keyboard(rng: np.random.Generator, img: np.ndarray) -> None:
    """A keyboard: rows of rounded keys, each with a letter, digit or symbol."""
    key = int(rng.uniform(0.03, 0.09) * img.shape[0]) + 4
    rows, cols = int(rng.integers(3, 7)), int(rng.integers(6, 15))
    gap = max(1, key // 6)
    dark = rng.random() < 0.6
    body = _colour(rng, 10, 60) if dark else _colour(rng, 180, 240)
    cap = tuple(min(255, c + 25) for c in body) if dark else tuple(max(0, c - 15) for c in body)
    label = _colour(rng, 190, 255) if dark else _colour(rng, 0, 70)
    patch = np.full((rows * (key + gap) + gap, cols * (key + gap) + gap, 3), body, np.uint8)
    font = FONTS[int(rng.integers(len(FONTS)))]
    for r in range(rows):
        for c in range(cols):
            x, y = gap + c * (key + gap), gap + r * (key + gap)
            cv2.rectangle(patch, (x, y), (x + key, y + key), cap, -1, cv2.LINE_AA)
            text = KEY_LABELS[int(rng.integers(len(KEY_LABELS)))]
            scale = key / 60 * rng.uniform(0.6, 1.2)
            cv2.putText(patch, text, (x + key // 6, y + key // 2 + int(key * 0.15)), font,
                        scale, label, max(1, key // 25), cv2.LINE_AA)
    _paste(rng, img, patch)


def honeycomb(rng: np.random.Generator, img: np.ndarray) -> None:
    """A mesh of hexagons (or a square grid) over part or all of the frame."""
    h, w = img.shape[:2]
    cell = float(rng.uniform(4, 28))
    colour = _colour(rng)
    thickness = max(1, int(cell * rng.uniform(0.08, 0.3)))
    layer = img.copy()
    hexagon = rng.random() < 0.7
    step_x = cell * (math.sqrt(3) if hexagon else 1.0)
    step_y = cell * (1.5 if hexagon else 1.0)
    for row in range(int(h / step_y) + 2):
        for col in range(int(w / step_x) + 2):
            cx = col * step_x + (step_x / 2 if hexagon and row % 2 else 0)
            cy = row * step_y
            if hexagon:
                t = np.radians(np.arange(6) * 60 + 30)
                pts = np.stack([cx + cell * np.cos(t), cy + cell * np.sin(t)], 1)
                cv2.polylines(layer, [pts.astype(np.int32)], True, colour, thickness, cv2.LINE_AA)
            else:
                cv2.rectangle(layer, (int(cx), int(cy)), (int(cx + cell), int(cy + cell)),
                              colour, thickness)
    a = float(rng.uniform(0.4, 1.0))
    img[:] = cv2.addWeighted(layer, a, img, 1 - a, 0)


def confetti(rng: np.random.Generator, img: np.ndarray) -> None:
    """Scattered stars, dots and little squares in bright colours."""
    h, w = img.shape[:2]
    for _ in range(int(rng.integers(15, 120))):
        r = float(rng.uniform(2, 14))
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        colour = _ink(rng) if rng.random() < 0.6 else _colour(rng, 150, 255)
        kind = rng.random()
        if kind < 0.6:
            t = np.radians(np.arange(10) * 36 + rng.uniform(0, 72))
            radius = np.where(np.arange(10) % 2 == 0, r, r * 0.45)
            pts = np.stack([cx + radius * np.cos(t), cy + radius * np.sin(t)], 1)
            cv2.fillPoly(img, [pts.astype(np.int32)], colour, cv2.LINE_AA)
        elif kind < 0.8:
            cv2.circle(img, (int(cx), int(cy)), int(r * 0.6), colour, -1, cv2.LINE_AA)
        else:
            box = cv2.boxPoints(((cx, cy), (r, r * 0.7), float(rng.uniform(0, 180))))
            cv2.fillConvexPoly(img, box.astype(np.int32), colour, cv2.LINE_AA)


def clock(rng: np.random.Generator, img: np.ndarray) -> None:
    """A clock face: a dial with the numbers 1-12 around it and two hands."""
    size = int(rng.uniform(0.15, 0.6) * img.shape[0]) + 20
    patch = np.full((size, size, 3), _colour(rng, 0, 255), np.uint8)
    c, r = size // 2, size // 2 - 2
    face = _colour(rng, 200, 255) if rng.random() < 0.7 else _colour(rng, 0, 80)
    ink = _ink(rng)
    cv2.circle(patch, (c, c), r, face, -1, cv2.LINE_AA)
    cv2.circle(patch, (c, c), r, ink, max(1, size // 40), cv2.LINE_AA)
    font = FONTS[int(rng.integers(len(FONTS)))]
    scale = size / 260
    for hour in range(1, 13):
        a = math.radians(hour * 30 - 90)
        text = str(hour)
        (tw, th), _ = cv2.getTextSize(text, font, scale, max(1, size // 80))
        x = int(c + 0.78 * r * math.cos(a) - tw / 2)
        y = int(c + 0.78 * r * math.sin(a) + th / 2)
        cv2.putText(patch, text, (x, y), font, scale, ink, max(1, size // 80), cv2.LINE_AA)
    for length, width in ((0.5, size // 30), (0.7, size // 50)):
        a = rng.uniform(0, 2 * math.pi)
        end = (int(c + length * r * math.cos(a)), int(c + length * r * math.sin(a)))
        cv2.line(patch, (c, c), end, ink, max(1, width), cv2.LINE_AA)
    _paste(rng, img, patch)


def printed_text(rng: np.random.Generator, img: np.ndarray) -> None:
    """A printed page or a score pad: lines of words and numbers, maybe ruled."""
    h = int(rng.uniform(0.2, 0.7) * img.shape[0]) + 20
    w = int(h * rng.uniform(0.6, 1.4))
    patch = np.full((h, w, 3), _colour(rng, 215, 255), np.uint8)
    ink = _ink(rng)
    font = FONTS[int(rng.integers(len(FONTS)))]
    line = int(rng.uniform(0.05, 0.14) * h) + 6
    ruled = rng.random() < 0.5
    for y in range(line, h - 2, line):
        if ruled:
            cv2.line(patch, (0, y + 2), (w, y + 2), (150, 160, 200), 1, cv2.LINE_AA)
        words = []
        for _ in range(int(rng.integers(1, 6))):
            if rng.random() < 0.5:
                words.append(str(int(rng.integers(0, 300))))
            else:
                n = int(rng.integers(1, 8))
                words.append("".join(rng.choice(list(string.ascii_letters), n)))
        cv2.putText(patch, " ".join(words), (int(rng.uniform(2, 12)), y), font,
                    line / 40, ink, max(1, line // 18), cv2.LINE_AA)
    _paste(rng, img, patch)


def raindrops(rng: np.random.Generator, img: np.ndarray) -> None:
    """Water drops on glass or a table: small round lenses, each showing the scene behind it
    upside down and blurred, with a darker rim and a white glint."""
    h, w = img.shape[:2]
    largest = float(rng.uniform(3, 16))
    for _ in range(int(rng.integers(40, 400))):
        r = max(1, int(rng.uniform(0.4, 1.0) * largest))
        cx, cy = int(rng.uniform(r, w - r - 1)), int(rng.uniform(r, h - r - 1))
        patch = img[cy - r:cy + r + 1, cx - r:cx + r + 1]
        lens = cv2.GaussianBlur(cv2.flip(patch, -1), (0, 0), max(0.5, r / 4)).astype(np.float32)
        disc = np.zeros(patch.shape[:2], np.float32)
        cv2.circle(disc, (r, r), r, 1.0, -1, cv2.LINE_AA)
        rim = np.zeros_like(disc)
        cv2.circle(rim, (r, r), r, 0.5, max(1, r // 4), cv2.LINE_AA)
        drop = patch.astype(np.float32) * (1 - disc[..., None]) + lens * 0.85 * disc[..., None]
        drop *= 1 - rim[..., None]
        cv2.circle(drop, (int(r * 0.6), int(r * 0.6)), max(1, r // 4), (255, 255, 255), -1,
                   cv2.LINE_AA)
        patch[:] = np.clip(drop, 0, 255).astype(np.uint8)


def _motif(rng: np.random.Generator, tile: np.ndarray, ink: tuple[int, int, int]) -> None:
    """A tile's print, in place: a star or flower, a diamond, a ring, or quarter circles in the
    corners that join into circles across the tiles."""
    s = tile.shape[0]
    c = s / 2
    kind = rng.random()
    if kind < 0.4:
        points = int(rng.integers(4, 9))
        t = np.radians(np.arange(2 * points) * 180 / points)
        radius = np.where(np.arange(2 * points) % 2 == 0, 0.35 * s, 0.15 * s)
        star = np.stack([c + radius * np.cos(t), c + radius * np.sin(t)], 1)
        cv2.fillPoly(tile, [star.astype(np.int32)], ink, cv2.LINE_AA)
    elif kind < 0.55:
        diamond = np.array([[c, c - 0.3 * s], [c + 0.3 * s, c], [c, c + 0.3 * s], [c - 0.3 * s, c]])
        cv2.fillConvexPoly(tile, diamond.astype(np.int32), ink, cv2.LINE_AA)
    elif kind < 0.7:
        cv2.circle(tile, (int(c), int(c)), int(0.3 * s), ink, max(1, s // 10), cv2.LINE_AA)
    else:
        for x, y in ((0, 0), (s, 0), (0, s), (s, s)):
            cv2.circle(tile, (x, y), int(0.35 * s), ink, max(1, s // 12), cv2.LINE_AA)


def tiles(rng: np.random.Generator, img: np.ndarray) -> None:
    """Glazed wall or floor tiles: a grid of squares between grout lines, each printed with one
    motif (a star in a square is close kin to a Wild's index)."""
    size = int(rng.uniform(0.04, 0.15) * img.shape[0]) + 6
    rows, cols = int(rng.integers(3, 10)), int(rng.integers(3, 10))
    grout = max(1, size // int(rng.integers(8, 20)))
    glaze = _colour(rng, 200, 255) if rng.random() < 0.7 else _colour(rng)
    ink = _ink(rng)
    patch = np.full((rows * (size + grout) + grout, cols * (size + grout) + grout, 3),
                    _colour(rng, 100, 220), np.uint8)
    tile = np.full((size, size, 3), glaze, np.uint8)
    _motif(rng, tile, ink)
    for r in range(rows):
        for c in range(cols):
            x, y = grout + c * (size + grout), grout + r * (size + grout)
            patch[y:y + size, x:x + size] = tile
    _paste(rng, img, patch)


PAINTERS = (keyboard, honeycomb, confetti, clock, printed_text, raindrops, tiles)
# dataset format -> its painters
PAINTERS_OF_FORMAT = {2: PAINTERS[:5], 3: PAINTERS, 4: PAINTERS, 5: PAINTERS, 6: PAINTERS}


def add_clutter(rng: np.random.Generator, img: np.ndarray, count: int,
                painters: tuple[Painter, ...] = PAINTERS) -> None:
    """Draw ``count`` pieces of card-like clutter, each by one of ``painters``, on ``img`` in
    place."""
    for _ in range(count):
        painters[int(rng.integers(len(painters)))](rng, img)
