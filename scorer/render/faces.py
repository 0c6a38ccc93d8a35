"""Procedural card faces: the 50 faces of a deck design (:class:`FaceStyle`).

A face is drawn at :data:`PX_PER_MM` pixels per millimetre on a 56 x 88 mm card. Its two
index rectangles (top-left, and bottom-right rotated 180 degrees) are the tight boxes of the
index ink, so labels derived from them are exact.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from scorer.cards import ALL_FACES, Card, Colour
from scorer.render.face_style import (  # noqa: F401 - re-exported for callers
    BASE_COLOURS,
    CENTRE_SHAPES,
    INDEX_HEIGHT,
    LAYOUTS,
    RGB,
    FaceStyle,
    sample_style,
    with_print_variety,
)
from scorer.render.glyphs import symbol_mask, text_masks

CARD_W_MM, CARD_H_MM = 56.0, 88.0
PX_PER_MM = 4
DARK_OUTLINE: RGB = (25, 25, 25)  # the near-black ink of outlines around digits and symbols
FACE_W, FACE_H = int(CARD_W_MM * PX_PER_MM), int(CARD_H_MM * PX_PER_MM)  # 224 x 352

Rect = tuple[float, float, float, float]  # x0, y0, x1, y1 in face pixels


@dataclass(frozen=True)
class Face:
    """One rendered card face.

    ``image``: (FACE_H, FACE_W, 3) uint8 RGB; ``alpha``: (FACE_H, FACE_W) uint8 card shape
    (rounded corners); ``index_rects``: the top-left and bottom-right index boxes in face pixels.
    """

    image: np.ndarray
    alpha: np.ndarray
    index_rects: tuple[Rect, Rect]
    pyramid: list[np.ndarray] = field(default_factory=list, compare=False)

    def level(self, k: int) -> np.ndarray:
        """The RGBA face shrunk ``k`` times by 2 (cv2.pyrDown), as (h, w, 4) uint8."""
        if not self.pyramid:
            self.pyramid.append(np.dstack([self.image, self.alpha]))
        while len(self.pyramid) <= k:
            self.pyramid.append(cv2.pyrDown(self.pyramid[-1]))
        return self.pyramid[k]

def _paint(canvas: np.ndarray, mask: np.ndarray, x: int, y: int, rgb: RGB | np.ndarray,
           alpha: float = 1.0) -> None:
    """Blend ``rgb`` (a colour, or an (h, w, 3) colour field shaped like ``mask``) through
    ``mask`` into float ``canvas`` with the mask's top-left at (x, y)."""
    h, w = mask.shape
    H, W = canvas.shape[:2]
    if h * w > 4096:  # large masks are mostly empty: paint only their ink's bounding box
        bx, by, bw, bh = cv2.boundingRect((mask > 0).astype(np.uint8))
        if bw == 0:
            return
        if isinstance(rgb, np.ndarray) and rgb.ndim == 3:
            rgb = rgb[by : by + bh, bx : bx + bw]
        mask = mask[by : by + bh, bx : bx + bw]
        x, y, h, w = x + bx, y + by, bh, bw
    x0, y0, x1, y1 = max(x, 0), max(y, 0), min(x + w, W), min(y + h, H)
    if x1 <= x0 or y1 <= y0:
        return
    m = mask[y0 - y : y1 - y, x0 - x : x1 - x, None] * alpha
    roi = canvas[y0:y1, x0:x1]
    colour = np.asarray(rgb, np.float32)
    if colour.ndim == 3:
        colour = colour[y0 - y : y1 - y, x0 - x : x1 - x]
    roi *= 1.0 - m
    roi += m * colour


def _ink(
    canvas: np.ndarray,
    masks: tuple[np.ndarray, np.ndarray],
    x: int,
    y: int,
    fill: RGB | tuple[RGB, ...],
    outline: RGB | None,
    shadow: bool,
    sectors: bool = False,
) -> None:
    """Paint a glyph: optional drop shadow, optional outline, then the fill (one colour, or
    several as vertical bands, or with ``sectors`` as slices around the glyph's centre)."""
    fill_m, out_m = masks
    if isinstance(fill[0], tuple):
        fill = _colour_field(fill_m.shape, fill, sectors)  # type: ignore[arg-type]
    if shadow:
        off = max(1, round(0.05 * fill_m.shape[0]))
        blurred = cv2.GaussianBlur(out_m, (0, 0), max(0.6, off / 2))
        _paint(canvas, blurred, x + off, y + off, (40, 40, 40), 0.5)
    if outline is not None:
        _paint(canvas, out_m, x, y, outline)
    _paint(canvas, fill_m, x, y, fill)


def _colour_field(shape: tuple[int, int], colours: tuple[RGB, ...], sectors: bool
                  ) -> np.ndarray:
    """An (h, w, 3) field of ``colours``: vertical bands, or slices of a turn about the centre."""
    h, w = shape
    palette = np.asarray(colours, np.float32)
    if sectors:
        ys, xs = np.mgrid[0:h, 0:w]
        turn = (np.arctan2(ys - h / 2, xs - w / 2) + np.pi) / (2 * np.pi)
        return palette[(turn * len(colours)).astype(int) % len(colours)]
    bands = np.array_split(np.arange(w), len(colours))
    field = np.empty((h, w, 3), np.float32)
    for colour, cols in zip(palette, bands, strict=True):
        field[:, cols] = colour
    return field


def _rounded_alpha(radius_px: float) -> np.ndarray:
    big = np.zeros((FACE_H * 4, FACE_W * 4), np.uint8)
    r = int(radius_px * 4)
    cv2.rectangle(big, (r, 0), (FACE_W * 4 - 1 - r, FACE_H * 4 - 1), 255, -1)
    cv2.rectangle(big, (0, r), (FACE_W * 4 - 1, FACE_H * 4 - 1 - r), 255, -1)
    for cx, cy in ((r, r), (FACE_W * 4 - 1 - r, r), (r, FACE_H * 4 - 1 - r),
                   (FACE_W * 4 - 1 - r, FACE_H * 4 - 1 - r)):
        cv2.circle(big, (cx, cy), r, 255, -1)
    return cv2.resize(big, (FACE_W, FACE_H), interpolation=cv2.INTER_AREA)


def colour_symbol(colour: Colour, size: int) -> np.ndarray:
    """The colour-blind shape of a colour (red circle, blue square, green triangle, yellow
    diamond) as a (size, size) float32 mask."""
    big = np.zeros((size * 4, size * 4), np.uint8)
    n = size * 4 - 1
    if colour is Colour.RED:
        cv2.circle(big, (n // 2, n // 2), n // 2, 255, -1)
    elif colour is Colour.BLUE:
        cv2.rectangle(big, (n // 10, n // 10), (n - n // 10, n - n // 10), 255, -1)
    elif colour is Colour.GREEN:
        cv2.fillPoly(big, [np.array([[n // 2, 0], [n, n], [0, n]], np.int32)], 255)
    else:
        cv2.fillPoly(big, [np.array([[n // 2, 0], [n, n // 2], [n // 2, n], [0, n // 2]],
                                    np.int32)], 255)
    return cv2.resize(big, (size, size), interpolation=cv2.INTER_AREA).astype(np.float32) / 255


def _label(card: Card) -> str:
    return "WILD" if card.is_wild else "SKIP" if card.is_skip else str(card.value)


def finish_face(image: np.ndarray, radius_px: float, rects: tuple[Rect, Rect]) -> Face:
    """Cut the rounded card shape and darken its edge; ``image`` is float RGB (H, W, 3)."""
    alpha = _rounded_alpha(radius_px)
    inner = cv2.erode(alpha, np.ones((3, 3), np.uint8))
    edge = (alpha.astype(np.float32) - inner) / 255.0
    image = image * (1.0 - 0.3 * edge[..., None])
    out = np.clip(image, 0, 255).astype(np.uint8)
    return Face(out, alpha, rects)


FOREIGN_GLYPHS = ("0", "+2", "+4", "reverse")  # other games' cards: no Phase 10 face


def render_face(card: Card, style: FaceStyle, variant: int = 0, glyph: str | None = None
                ) -> Face:
    """Draw one face of ``card`` in ``style``. ``variant`` (0-3) picks the colour of a Wild
    when the design prints Wilds in the card colours. ``glyph`` (one of
    :data:`FOREIGN_GLYPHS`) prints another game's card instead of a numbered ``card``'s
    number, in its colour ("+4" in the special ink, over the four colours)."""
    W, H = FACE_W, FACE_H
    canvas = np.empty((H, W, 3), np.float32)
    canvas[:] = style.paper
    special = not card.is_natural
    if glyph is not None and (special or glyph not in FOREIGN_GLYPHS):
        raise ValueError(f"glyph {glyph!r} needs a numbered card and one of {FOREIGN_GLYPHS}")
    if glyph == "+4":
        ink = style.special_ink
    elif card.is_natural:
        ink = style.colour(card.colour)  # type: ignore[arg-type]
    elif card.is_wild and style.wild_in_colours:
        ink = style.palette[variant % 4][1]
    elif card.is_skip and style.skip_blue:
        ink = style.colour(Colour.BLUE)
    else:
        ink = style.special_ink
    paper = style.paper
    idx_band = style.margin[1] + style.index_height * 1.45 + 0.02
    layout = style.layout

    # Background of the face.
    index_ink: RGB = ink
    index_outline: RGB | None = None
    border = int(style.white_border * PX_PER_MM) if layout == "full" else 0
    if layout == "full":
        if border:
            field = np.zeros((H, W), np.float32)
            r = int(style.corner_radius * PX_PER_MM * 0.7)
            cv2.rectangle(field, (border + r, border), (W - border - r, H - border), 1.0, -1)
            cv2.rectangle(field, (border, border + r), (W - border, H - border - r), 1.0, -1)
            for cx, cy in ((border + r, border + r), (W - border - r, border + r),
                           (border + r, H - border - r), (W - border - r, H - border - r)):
                cv2.circle(field, (cx, cy), r, 1.0, -1, cv2.LINE_AA)
            _paint(canvas, field, 0, 0, ink)
        else:
            canvas[:] = ink
        pad_x, top = int(0.1 * W) + border, int(idx_band * H) + border
        panel = np.zeros((H, W), np.float32)
        if style.panel_tilt:  # a tilted oval, smaller so that it stays inside the card
            axes = (int(0.31 * W), int(0.41 * H))
            cv2.ellipse(panel, (W // 2, H // 2), axes, style.panel_tilt, 0, 360, 1.0, -1,
                        cv2.LINE_AA)
        elif style.centre_shape == "oval" or style.border:
            cv2.ellipse(panel, (W // 2, H // 2), (W // 2 - pad_x, H // 2 - top), 0, 0, 360, 1.0,
                        -1, cv2.LINE_AA)
        else:
            cv2.rectangle(panel, (pad_x, top), (W - pad_x, H - top), 1.0, -1, cv2.LINE_AA)
        _paint(canvas, panel, 0, 0, paper)
        index_ink = paper
        index_outline = (30, 30, 30) if style.stroke > 0 else None
    elif layout == "bands":
        band = int(idx_band * H)
        canvas[:band] = ink
        canvas[H - band :] = ink
        index_ink = paper
    else:
        if style.border:
            t = max(2, int(0.012 * W))
            m = int(0.03 * W)
            cv2.rectangle(canvas, (m, m), (W - m, H - m), ink, t, cv2.LINE_AA)
        if style.stroke > 0:
            index_outline = DARK_OUTLINE
        if style.index_badge:
            index_ink = paper

    if style.bold_outline:
        index_outline = DARK_OUTLINE

    # Centre: the big number, or the Wild/Skip word and symbol.
    centre_fill: RGB | tuple[RGB, ...] = ink
    centre_outline = DARK_OUTLINE if style.stroke > 0 or style.bold_outline else None
    colours = tuple(c for _, c in style.palette)
    if (card.is_wild and style.multi_wild and not style.wild_in_colours) or glyph == "+4":
        centre_fill = colours
    ch = int(style.centre_height * H)
    if not special and style.centre_shape in ("oval", "ring") and layout != "full":
        oval = np.zeros((H, W), np.float32)
        thick = -1 if style.centre_shape == "oval" else max(3, int(0.03 * W))
        cv2.ellipse(oval, (W // 2, H // 2), (int(0.4 * W), int(0.27 * H)), 0, 0, 360, 1.0,
                    thick, cv2.LINE_AA)
        _paint(canvas, oval, 0, 0, ink)
        if style.centre_shape == "oval":
            centre_fill, centre_outline = paper, None
    emblem = card.is_wild and style.wild_emblem
    emblem_outline = paper if layout == "full" else DARK_OUTLINE
    if special:
        word = _label(card)
        if emblem:
            sym = symbol_mask("emblem", int(0.6 * W), max(style.stroke, 0.04))
            _ink(canvas, sym, (W - sym[0].shape[1]) // 2, int(0.43 * H) - sym[0].shape[0] // 2,
                 colours, emblem_outline, style.shadow, sectors=True)
            wm = text_masks(word, style.font, int(0.07 * H), style.stroke, False, int(0.7 * W))
            _ink(canvas, wm, (W - wm[0].shape[1]) // 2, int(0.68 * H), ink, centre_outline,
                 style.shadow)
        elif style.special_symbol:
            sym = symbol_mask("star" if card.is_wild else "skip", int(0.55 * W), style.stroke)
            _ink(canvas, sym, (W - sym[0].shape[1]) // 2, int(0.43 * H) - sym[0].shape[0] // 2,
                 centre_fill, centre_outline, style.shadow)
            wm = text_masks(word, style.font, int(0.08 * H), style.stroke, False, int(0.7 * W))
            _ink(canvas, wm, (W - wm[0].shape[1]) // 2, int(0.64 * H), centre_fill,
                 centre_outline, style.shadow)
        else:
            wm = text_masks(word, style.font, int(0.13 * H), style.stroke, False, int(0.8 * W))
            _ink(canvas, wm, (W - wm[0].shape[1]) // 2, (H - wm[0].shape[0]) // 2, centre_fill,
                 centre_outline, style.shadow)
    else:
        if glyph == "reverse":
            cm = symbol_mask("reverse", int(0.6 * W), max(style.stroke, 0.04))
        else:
            cm = text_masks(glyph or str(card.value), style.font, ch,
                            max(style.stroke, 0.6 * style.bold_outline),
                            glyph is None and card.value in (6, 9), int(0.78 * W), style.slant)
        _ink(canvas, cm, (W - cm[0].shape[1]) // 2, (H - cm[0].shape[0]) // 2, centre_fill,
             centre_outline, style.shadow)

    # Indices: top-left, and the same rotated 180 degrees at the bottom-right.
    ih = max(8, int(style.index_height * H))
    index_fill: RGB | tuple[RGB, ...] = index_ink
    if emblem:
        masks = symbol_mask("emblem", int(ih * 1.2), 0.08)
        index_fill, index_outline = colours, emblem_outline
    elif card.is_skip and style.ring_skip:
        masks = symbol_mask("skip", int(ih * 1.15), style.stroke * 0.6)
    elif special and style.special_index == "symbol":
        masks = symbol_mask("star" if card.is_wild else "skip", int(ih * 1.15), style.stroke * 0.6)
    elif special and style.special_index == "word":
        masks = text_masks(_label(card), style.index_font, int(ih * 0.55), style.stroke * 0.6,
                           False, int(0.4 * W))
    elif glyph == "reverse":
        masks = symbol_mask("reverse", int(ih * 1.15), style.stroke * 0.6)
    else:
        text = glyph or ("W" if card.is_wild else "S" if card.is_skip else str(card.value))
        masks = text_masks(text, style.index_font, ih, style.bold_outline or style.stroke * 0.6,
                           glyph is None and card.value in (6, 9), int(0.32 * W), style.slant)
    mh, mw = masks[0].shape
    x, y = int(style.margin[0] * W) + border, int(style.margin[1] * H) + border
    if layout == "white" and style.index_badge:
        pad = max(3, ih // 5)
        badge = np.zeros((H, W), np.float32)
        r = pad * 2
        x0b, y0b, x1b, y1b = x - pad, y - pad, x + mw + pad, y + mh + pad
        for (bx0, by0, bx1, by1) in ((x0b, y0b, x1b, y1b),
                                     (W - x1b, H - y1b, W - x0b, H - y0b)):
            cv2.rectangle(badge, (bx0 + r, by0), (bx1 - r, by1), 1.0, -1, cv2.LINE_AA)
            cv2.rectangle(badge, (bx0, by0 + r), (bx1, by1 - r), 1.0, -1, cv2.LINE_AA)
            for cx, cy in ((bx0 + r, by0 + r), (bx1 - r, by0 + r), (bx0 + r, by1 - r),
                           (bx1 - r, by1 - r)):
                cv2.circle(badge, (cx, cy), r, 1.0, -1, cv2.LINE_AA)
        _paint(canvas, badge, 0, 0, ink)
    _ink(canvas, masks, x, y, index_fill, index_outline, False, sectors=emblem)
    rot = (np.rot90(masks[0], 2), np.rot90(masks[1], 2))
    bx, by = W - x - mw, H - y - mh
    _ink(canvas, rot, bx, by, index_fill, index_outline, False, sectors=emblem)
    if style.colour_symbols and card.is_natural and glyph is None and layout != "bands":
        sym = colour_symbol(card.colour, max(6, ih // 2))  # type: ignore[arg-type]
        sy = y + mh + max(2, ih // 8)
        _paint(canvas, sym, x, sy, index_ink)
        _paint(canvas, np.rot90(sym, 2), W - x - sym.shape[1], H - sy - sym.shape[0], index_ink)
    rects = ((float(x), float(y), float(x + mw), float(y + mh)),
             (float(bx), float(by), float(bx + mw), float(by + mh)))
    if style.texture > 0:  # paper grain and uneven print, fixed per design and face
        trng = np.random.default_rng([style.texture_seed, ALL_FACES.index(card)])
        grain = trng.standard_normal((H // 3, W // 3), dtype=np.float32) * style.texture
        canvas += cv2.resize(grain, (W, H), interpolation=cv2.INTER_LINEAR)[..., None]
    return finish_face(canvas, style.corner_radius * PX_PER_MM, rects)


class FaceSet:
    """The faces of one deck design, drawn on first use and kept."""

    def __init__(self, style: FaceStyle) -> None:
        self.style = style
        self._faces: dict[tuple[Card, int], Face] = {}
        self._foreign: dict[tuple[str, Colour], Face] = {}

    def __getitem__(self, card: Card) -> Face:
        return self.variant(card, 0)

    def variant(self, card: Card, copy: int) -> Face:
        """The face of one physical copy: Wilds may differ in colour from copy to copy."""
        k = copy % 4 if card.is_wild and self.style.wild_in_colours else 0
        face = self._faces.get((card, k))
        if face is None:
            face = self._faces[(card, k)] = render_face(card, self.style, k)
        return face

    def foreign(self, glyph: str, colour: Colour) -> Face:
        """Another game's card (one of :data:`FOREIGN_GLYPHS`) printed in this design."""
        key = (glyph, colour)
        face = self._foreign.get(key)
        if face is None:
            face = self._foreign[key] = render_face(Card.number(colour, 1), self.style, glyph=glyph)
        return face
