"""An alternative card design (the "heritage" edition) that the shipped detector never saw.

Used to show and test that enrolment plus fine-tuning teaches the detector a new deck: a cream
card with a coloured frame, a serif numeral on a coloured oval, colour-blind symbols under the
corner indices and other hues than the training renderer's. Faces are ``(880, 560, 3)`` uint8
BGR images (OpenCV order) in the :mod:`scorer.decks.layout` face size.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from scorer.cards import ALL_FACES, Card, Colour
from scorer.decks.layout import FACE_HEIGHT, FACE_WIDTH

FONT_DIRS = (Path("/usr/share/fonts"),)
NUMERAL_FONTS = ("C059-Bold.otf", "P052-Bold.otf", "DejaVuSerif-Bold.ttf", "FreeSerifBold.ttf")
INDEX_FONTS = ("NimbusRoman-Bold.otf", "DejaVuSerifCondensed-Bold.ttf")  # in no renderer pool

CREAM = (236, 244, 248)  # BGR of an off-white card stock
INK = (40, 30, 30)
HUES: dict[Colour, tuple[int, int, int]] = {  # BGR, deliberately off the usual print colours
    Colour.RED: (60, 20, 170),
    Colour.BLUE: (150, 100, 20),
    Colour.GREEN: (40, 130, 70),
    Colour.YELLOW: (0, 165, 235),
}

INDEX_BOX = (0.03, 0.02, 0.27, 0.19)
"""Where the top-left index sits, as fractions ``x0, y0, x1, y1`` of the face; the bottom-right
index is the same box rotated by 180 degrees. It is the renderer's default index region for faces
from photos (:data:`scorer.render.photo_faces.DEFAULT_INDEX`), as on most printed decks."""


@cache
def _font(names: tuple[str, ...], size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    for name in names:
        for root in FONT_DIRS:
            found = next(iter(sorted(root.rglob(name))), None) if root.is_dir() else None
            if found is not None:
                return ImageFont.truetype(str(found), size)
    return ImageFont.load_default(size)


def _rgb(bgr: tuple[int, int, int]) -> tuple[int, int, int]:
    return bgr[2], bgr[1], bgr[0]


def _symbol(draw: ImageDraw.ImageDraw, colour: Colour, cx: float, cy: float, r: float,
            fill: tuple[int, int, int]) -> None:
    """A colour-blind symbol: circle (red), square (blue), triangle (green), diamond (yellow)."""
    if colour is Colour.RED:
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill)
    elif colour is Colour.BLUE:
        draw.rectangle((cx - r * 0.85, cy - r * 0.85, cx + r * 0.85, cy + r * 0.85), fill=fill)
    elif colour is Colour.GREEN:
        draw.polygon([(cx, cy - r), (cx + r, cy + r * 0.8), (cx - r, cy + r * 0.8)], fill=fill)
    else:
        draw.polygon([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], fill=fill)


def _centered_text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str,
                   font: ImageFont.ImageFont, fill: tuple[int, int, int], underline: bool) -> None:
    x0, y0, x1, y1 = draw.textbbox((0, 0), text, font=font)
    x = xy[0] - (x0 + x1) / 2
    y = xy[1] - (y0 + y1) / 2
    draw.text((x, y), text, font=font, fill=fill)
    if underline:
        width = max(4, (y1 - y0) // 10)
        base = xy[1] + (y1 - y0) / 2 + width * 1.5
        draw.rectangle((xy[0] - (x1 - x0) / 2, base, xy[0] + (x1 - x0) / 2, base + width),
                       fill=fill)


def _index(card: Card) -> Image.Image:
    """The corner index drawn on a transparent tile the size of :data:`INDEX_BOX`."""
    w = int((INDEX_BOX[2] - INDEX_BOX[0]) * FACE_WIDTH)
    h = int((INDEX_BOX[3] - INDEX_BOX[1]) * FACE_HEIGHT)
    tile = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(tile)
    colour = _rgb(HUES[card.colour]) if card.colour else _rgb(INK)
    text = str(card.value) if card.is_natural else str(card)
    size = int(h * (0.5 if len(text) > 1 else 0.58))
    _centered_text(draw, (w / 2, h * 0.38), text, _font(INDEX_FONTS, size), colour,
                   underline=card.value in (6, 9))
    if card.colour is not None:
        _symbol(draw, card.colour, w / 2, h * 0.85, h * 0.09, colour)
    return tile


def draw_face(card: Card) -> np.ndarray:
    """The heritage-edition face of ``card`` as a ``(880, 560, 3)`` uint8 BGR image."""
    image = Image.new("RGB", (FACE_WIDTH, FACE_HEIGHT), _rgb(CREAM))
    draw = ImageDraw.Draw(image)
    frame = _rgb(HUES[card.colour]) if card.colour else _rgb(INK)
    draw.rounded_rectangle((8, 8, FACE_WIDTH - 9, FACE_HEIGHT - 9), radius=30,
                           outline=frame, width=6)
    cx, cy = FACE_WIDTH / 2, FACE_HEIGHT / 2
    if card.is_natural:
        draw.ellipse((cx - 185, cy - 260, cx + 185, cy + 260), fill=frame)
        _centered_text(draw, (cx, cy), str(card.value), _font(NUMERAL_FONTS, 250), _rgb(CREAM),
                       underline=card.value in (6, 9))
    elif card.is_wild:
        for i, colour in enumerate(Colour):
            angle = 90 * i
            draw.pieslice((cx - 190, cy - 190, cx + 190, cy + 190), angle, angle + 90,
                          fill=_rgb(HUES[colour]))
        _centered_text(draw, (cx, cy), "WILD", _font(NUMERAL_FONTS, 110), _rgb(CREAM), False)
    else:
        draw.ellipse((cx - 170, cy - 170, cx + 170, cy + 170), outline=frame, width=40)
        draw.line((cx - 120, cy + 120, cx + 120, cy - 120), fill=frame, width=40)
        _centered_text(draw, (cx, cy + 250), "SKIP", _font(NUMERAL_FONTS, 80), frame, False)
    tile = _index(card)
    x0, y0 = int(INDEX_BOX[0] * FACE_WIDTH), int(INDEX_BOX[1] * FACE_HEIGHT)
    image.paste(tile, (x0, y0), tile)
    rotated = tile.rotate(180)
    image.paste(rotated, (FACE_WIDTH - x0 - tile.width, FACE_HEIGHT - y0 - tile.height), rotated)
    return cv2.cvtColor(np.asarray(image), cv2.COLOR_RGB2BGR)


def draw_deck(cards: tuple[Card, ...] = ALL_FACES) -> dict[Card, np.ndarray]:
    """The heritage-edition faces of ``cards`` (default: all 50), keyed by card."""
    return {card: draw_face(card) for card in cards}


def save_faces(faces: dict[Card, np.ndarray], folder: Path, ext: str = ".png") -> Path:
    """Write one image per face as ``R5.png``, ``W.png`` ... (the renderer's faces folder)."""
    folder.mkdir(parents=True, exist_ok=True)
    for card, face in faces.items():
        if not cv2.imwrite(str(folder / f"{card}{ext}"), face):
            raise OSError(f"could not write {folder / f'{card}{ext}'}")
    return folder
