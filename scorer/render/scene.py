"""Paint one scene: background, card shadows, cards warped through their homographies,
hands; and the label geometry from the same homographies.

Coordinates: image and face positions are continuous "edge" coordinates (pixel ``i``
spans ``[i, i + 1)``); cv2 warps use pixel centres, converted in :func:`_centre_h`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Protocol

import cv2
import numpy as np

from scorer.cards import ALL_FACES, Card
from scorer.render.camera import fit_view, photometric, project, table_view
from scorer.render.faces import CARD_H_MM, CARD_W_MM, FACE_H, FACE_W, Face
from scorer.render.layouts import Layout, Placement

CLASS_ID = {card: i for i, card in enumerate(ALL_FACES)}
CORNERS = ("top_left", "bottom_right")
MIN_VISIBLE = 0.5  # an index less visible than this (covered or outside) is not labelled
MIN_INDEX_PX = 3.0  # an index box under this size both ways is unreadable: not labelled


class FaceSource(Protocol):
    """Anything that gives a card's :class:`Face` (a FaceSet, the photo faces)."""

    def __getitem__(self, card: Card) -> Face: ...


def _face_for(faces: FaceSource, card: Card, copy: int) -> Face:
    """The face of one physical copy (designs may print Wilds in several colours)."""
    variant = getattr(faces, "variant", None)
    return variant(card, copy) if variant is not None else faces[card]


def _face_of(p: Placement, faces: FaceSource, back: Face, rng: np.random.Generator) -> Face:
    """What a placement shows: its face, another game's card, or the back."""
    if p.card is not None:
        return _face_for(faces, p.card, int(rng.integers(4)))
    foreign = getattr(faces, "foreign", None)  # photo faces have no other game's cards
    if p.foreign is not None and foreign is not None:
        return foreign(*p.foreign)
    return back


@dataclass
class IndexLabel:
    """One visible index: class, corner, axis-aligned box (x0, y0, x1, y1) in image pixels,
    the projected quad (4, 2) and the visible fraction."""

    class_id: int
    corner: str
    box: tuple[float, float, float, float]
    quad: np.ndarray
    visible: float


@dataclass
class CardRecord:
    """One physical card in the image: face (None when face down), its 4 projected corners
    (top-left, top-right, bottom-right, bottom-left), the box of its visible pixels and its
    visible indices."""

    card: Card | None
    corners: np.ndarray
    box: tuple[float, float, float, float] | None
    indices: list[IndexLabel] = field(default_factory=list)
    placement: int = -1  # position in the layout's cards


@dataclass
class Scene:
    """One rendered image, its cards' label geometry and the layout it shows."""

    image: np.ndarray  # (size, size, 3) uint8 RGB
    cards: list[CardRecord]
    layout: Layout


def _face_to_mm(x: float, y: float, angle: float) -> np.ndarray:
    """Face edge pixels -> table mm for a card centred at (x, y) rotated by ``angle``."""
    k = 1.0 / (FACE_W / CARD_W_MM)
    a = math.radians(angle)
    c, s = math.cos(a), math.sin(a)
    rot = np.array([[c, -s, x], [s, c, y], [0, 0, 1.0]])
    scale = np.array([[k, 0, -CARD_W_MM / 2], [0, k, -CARD_H_MM / 2], [0, 0, 1.0]])
    return rot @ scale


def _centre_h(h_edge: np.ndarray) -> np.ndarray:
    """The same map in pixel-centre coordinates (for cv2 warps)."""
    t_in = np.array([[1, 0, 0.5], [0, 1, 0.5], [0, 0, 1.0]])
    t_out = np.array([[1, 0, -0.5], [0, 1, -0.5], [0, 0, 1.0]])
    return t_out @ h_edge @ t_in


def _level_h(k: int) -> np.ndarray:
    """Pyramid level ``k`` edge pixels -> face edge pixels."""
    f = float(2**k)
    return np.diag([f, f, 1.0])


FACE_QUAD = np.array([[0, 0], [FACE_W, 0], [FACE_W, FACE_H], [0, FACE_H]], np.float64)


def _paint_card(canvas: np.ndarray, owner: np.ndarray, face: Face, h_img: np.ndarray,
                idx: int, shadow: tuple[float, float, float],
                shade: tuple[float, float] = (0.0, 0.0)) -> tuple[int, int, int, int] | None:
    """Warp ``face`` by ``h_img`` (face edge px -> image edge px) into ``canvas`` in place;
    returns the painted region (x0, y0, x1, y1) or None when off the image."""
    size_h, size_w = canvas.shape[:2]
    quad = project(h_img, FACE_QUAD)
    side = np.linalg.norm(quad[3] - quad[0])
    scale = side / FACE_H
    k = int(np.clip(math.floor(math.log2(1.0 / max(scale, 1e-6))), 0, 3)) if scale < 1 else 0
    src = face.level(k)
    m = int(shadow[2] * 3 + abs(shadow[0]) + abs(shadow[1])) + 2
    x0 = max(int(math.floor(quad[:, 0].min())) - m, 0)
    y0 = max(int(math.floor(quad[:, 1].min())) - m, 0)
    x1 = min(int(math.ceil(quad[:, 0].max())) + m, size_w)
    y1 = min(int(math.ceil(quad[:, 1].max())) + m, size_h)
    if x1 <= x0 or y1 <= y0:
        return None
    shift = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1.0]])
    hw = _centre_h(shift @ h_img @ _level_h(k))
    warped = cv2.warpPerspective(src, hw, (x1 - x0, y1 - y0), flags=cv2.INTER_LINEAR,
                                 borderMode=cv2.BORDER_CONSTANT, borderValue=0)
    alpha = warped[..., 3].astype(np.float32) * (1.0 / 255.0)
    roi = canvas[y0:y1, x0:x1]
    if shadow[2] > 0:
        dx, dy, sigma = shadow
        sh = cv2.warpAffine(alpha, np.float32([[1, 0, dx], [0, 1, dy]]), (x1 - x0, y1 - y0))
        k = 2 * int(sigma) + 1
        sh = cv2.blur(cv2.blur(sh, (k, k)), (k, k)) * 0.45  # two box passes: soft and cheap
        roi[:] = cv2.blendLinear(roi, np.zeros_like(roi), 1.0 - sh, sh)
    colour = warped[..., :3].astype(np.float32)
    if shade != (0.0, 0.0):  # a card not quite flat catches the light unevenly
        ramp = (shade[0] * np.linspace(-0.5, 0.5, x1 - x0, dtype=np.float32)[None, :]
                + shade[1] * np.linspace(-0.5, 0.5, y1 - y0, dtype=np.float32)[:, None] + 1.0)
        colour *= ramp[..., None]
    roi[:] = cv2.blendLinear(colour, roi, alpha, 1.0 - alpha)
    owner[y0:y1, x0:x1][alpha > 0.5] = idx
    return (x0, y0, x1, y1)


def _card_height(h: np.ndarray) -> float:
    top, bottom = project(h, FACE_QUAD[[0, 3]])
    return float(np.linalg.norm(bottom - top))


def _visible_fraction(quad: np.ndarray, owner: np.ndarray, idx: int) -> float:
    """Share of the quad's area showing card ``idx`` (covered or outside counts as hidden)."""
    area = abs(cv2.contourArea(quad.astype(np.float32)))
    if area < 1.0:
        return 0.0
    h, w = owner.shape
    x0, y0 = np.floor(quad.min(0)).astype(int)
    x1, y1 = np.ceil(quad.max(0)).astype(int)
    cx0, cy0, cx1, cy1 = max(x0, 0), max(y0, 0), min(x1, w), min(y1, h)
    if cx1 <= cx0 or cy1 <= cy0:
        return 0.0
    mask = np.zeros((cy1 - cy0, cx1 - cx0), np.uint8)
    pts = np.round((quad - [cx0, cy0] - 0.5) * 16).astype(np.int32)
    cv2.fillConvexPoly(mask, pts, 1, cv2.LINE_8, shift=4)
    inside = int(mask.sum())
    if inside == 0:
        return 0.0
    shown = int(np.count_nonzero(mask.astype(bool) & (owner[cy0:cy1, cx0:cx1] == idx)))
    return min(1.0, shown / area)


def _paint_occluder(rng: np.random.Generator, canvas: np.ndarray, owner: np.ndarray,
                    poly: np.ndarray, colour: tuple[float, float, float], soft: float) -> None:
    """Paint a soft-edged polygon (image px) over the cards; it hides what it covers."""
    size_h, size_w = owner.shape
    m = int(3 * soft) + 2
    x0, y0 = np.maximum(np.floor(poly.min(0)).astype(int) - m, 0)
    x1 = min(int(np.ceil(poly[:, 0].max())) + m, size_w)
    y1 = min(int(np.ceil(poly[:, 1].max())) + m, size_h)
    if x1 <= x0 or y1 <= y0:
        return
    mask = np.zeros((y1 - y0, x1 - x0), np.float32)
    pts = np.round((poly - [x0, y0]) * 16).astype(np.int32)
    cv2.fillPoly(mask, [pts], 1.0, cv2.LINE_AA, shift=4)
    mask = cv2.GaussianBlur(mask, (0, 0), soft)
    roi = canvas[y0:y1, x0:x1]
    paint = np.empty_like(roi)
    paint[:] = np.asarray(colour, np.float32) * rng.uniform(0.85, 1.1)
    roi[:] = cv2.blendLinear(paint, roi, mask, 1.0 - mask)
    owner[y0:y1, x0:x1][mask > 0.5] = -2


def render_scene(rng: np.random.Generator, layout: Layout, faces: FaceSource, back: Face,
                 background: np.ndarray, effects: bool = True, strong_light: bool = False
                 ) -> Scene:
    """Photograph ``layout``: returns the final uint8 image and label geometry per card.

    ``effects=False`` skips the photometric effects (lighting, blur, noise): for tests;
    ``strong_light`` gives every image a strong colour cast (see :func:`camera.photometric`).
    """
    size = background.shape[0]
    if not layout.cards:  # a bare table: only the camera's effects
        canvas = background.astype(np.float32)
        image = photometric(rng, canvas, strong_light) if effects else background.copy()
        return Scene(image, [], layout)
    centres = np.array([[p.x, p.y] for p in layout.cards], np.float64)
    origin = (centres.min(0) + centres.max(0)) / 2
    to_mm = [_face_to_mm(p.x - origin[0], p.y - origin[1], p.angle) for p in layout.cards]
    extent = float(np.abs(centres - origin).max()) + CARD_H_MM
    view = table_view(rng, extent)
    quads_mm = [project(t, FACE_QUAD) for t in to_mm]
    h_img = fit_view(rng, view, quads_mm, size)

    canvas = background.astype(np.float32)
    owner = np.full((size, size), -1, np.int32)
    card_px = float(np.median([_card_height(h_img @ t) for t in to_mm]))
    light = rng.uniform(0, 2 * math.pi)
    reach = card_px * rng.uniform(0.01, 0.05)
    shadow = (reach * math.cos(light), reach * math.sin(light), max(0.8, card_px * 0.03))
    h_cards = [h_img @ t for t in to_mm]
    regions = []
    used: list[Face] = []
    for i, (p, h) in enumerate(zip(layout.cards, h_cards, strict=True)):
        face = _face_of(p, faces, back, rng)
        used.append(face)
        shade = (0.0, 0.0) if not effects else (float(rng.uniform(-0.15, 0.15)),
                                                 float(rng.uniform(-0.15, 0.15)))
        prev = layout.cards[i - 1] if i else None
        stacked = prev is not None and math.hypot(p.x - prev.x, p.y - prev.y) < 5.0
        # A card squarely on a pile casts no new shadow (shadows would stack up to black).
        regions.append(_paint_card(canvas, owner, face, h, i,
                                   (0.0, 0.0, 0.0) if stacked else shadow, shade))
    for poly_mm, colour in layout.occluders:
        _paint_occluder(rng, canvas, owner, project(h_img, poly_mm - origin), colour,
                        max(0.7, card_px * 0.01))

    records: list[CardRecord] = []
    for i, (p, h) in enumerate(zip(layout.cards, h_cards, strict=True)):
        corners = project(h, FACE_QUAD)
        box = None
        if regions[i] is not None:
            rx0, ry0, rx1, ry1 = regions[i]
            ys, xs = np.nonzero(owner[ry0:ry1, rx0:rx1] == i)
            if len(xs):
                box = (float(xs.min() + rx0), float(ys.min() + ry0),
                       float(xs.max() + 1 + rx0), float(ys.max() + 1 + ry0))
        record = CardRecord(p.card, corners, box, placement=i)
        if p.card is not None and box is not None:
            face = used[i]
            for corner, (rx0, ry0, rx1, ry1) in zip(CORNERS, face.index_rects, strict=True):
                quad = project(h, np.array([[rx0, ry0], [rx1, ry0], [rx1, ry1], [rx0, ry1]]))
                vis = _visible_fraction(quad, owner, i)
                if vis < MIN_VISIBLE:
                    continue
                bx0, by0 = np.clip(quad.min(0), 0, size)
                bx1, by1 = np.clip(quad.max(0), 0, size)
                if bx1 - bx0 < 1 or by1 - by0 < 1 or max(bx1 - bx0, by1 - by0) < MIN_INDEX_PX:
                    continue
                record.indices.append(IndexLabel(CLASS_ID[p.card], corner,
                                                 (float(bx0), float(by0), float(bx1), float(by1)),
                                                 quad, vis))
        records.append(record)
    image = (photometric(rng, canvas, strong_light) if effects
             else np.clip(canvas, 0, 255).astype(np.uint8))
    return Scene(image, records, layout)
