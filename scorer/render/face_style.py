"""Deck designs: the parameters of one printed deck (:class:`FaceStyle`), sampled from a
train pool or a held-out test pool (fonts and face-style ranges, see datasets/README.md)."""

from __future__ import annotations

import colorsys
import dataclasses
from dataclasses import dataclass

import numpy as np

from scorer.cards import Colour
from scorer.render.fonts import fonts_for

RGB = tuple[int, int, int]

BASE_COLOURS: dict[Colour, RGB] = {
    Colour.RED: (214, 36, 42),
    Colour.BLUE: (28, 84, 192),
    Colour.GREEN: (22, 148, 64),
    Colour.YELLOW: (246, 196, 24),
}
LAYOUTS = ("white", "full", "bands")
# Held-out face-style parameter ranges (see datasets/README.md).
INDEX_HEIGHT = {"train": (0.075, 0.12), "test": (0.12, 0.14)}
CENTRE_SHAPES = {"train": ("none", "none", "oval"), "test": ("none", "ring")}
BOLD_OUTLINE_SHARE = 0.35  # training designs whose digits have a thick dark outline
# The hue ranges (degrees) that real prints of one colour take: lime to forest green, teal to
# navy blue. Half the training designs of format 4 print their green and blue somewhere in them.
INK_HUES: dict[Colour, tuple[float, float]] = {Colour.GREEN: (85.0, 150.0),
                                               Colour.BLUE: (188.0, 232.0)}
WIDE_INK_SHARE = 0.5
# Format 5: half the training designs print the Skip's index as a ring with a slash (a quarter
# did before), so that ring Skips and other games' zeros are seen side by side. Format 5 turned
# the Wild's index into a star in the same designs; format 6 rings the Skip alone.
RING_SKIP_SHARE = 0.5


@dataclass(frozen=True)
class FaceStyle:
    """A deck design: layout, fonts, inks and how Wild and Skip are printed."""

    layout: str
    font: str
    index_font: str
    palette: tuple[tuple[Colour, RGB], ...]
    paper: RGB
    index_height: float  # index digit height / card height
    centre_height: float
    stroke: float  # outline width / text height, 0 for none
    shadow: bool
    centre_shape: str
    border: bool
    special_ink: RGB
    special_symbol: bool
    special_index: str  # "letter", "word" or "symbol"
    corner_radius: float  # mm
    margin: tuple[float, float]  # index offset from the corner, fraction of W and H
    wild_in_colours: bool = False  # Wilds printed two in each card colour (Mattel)
    skip_blue: bool = False  # Skips printed in the deck's blue (Mattel)
    white_border: float = 0.0  # full layout: unprinted margin around the colour, mm
    colour_symbols: bool = False  # colour-blind shapes under the indices
    texture: float = 0.0  # paper grain strength (grey levels)
    texture_seed: int = 0
    multi_wild: bool = False  # Wild printed in the four colours
    index_badge: bool = False  # white layout: index in paper colour on a coloured badge
    wild_emblem: bool = False  # Wild's index and symbol: a tilted oval in the four colours
    slant: float = 0.0  # italic print: digits sheared by this much per unit of height
    panel_tilt: float = 0.0  # full layout: the light panel is an oval tilted this many degrees
    bold_outline: float = 0.0  # digits ringed by a thick dark outline (width / digit height)
    ring_skip: bool = False  # the Skip's index a ring with a slash, whatever the Wild's is

    def colour(self, colour: Colour) -> RGB:
        """The ink of a card colour in this design."""
        return dict(self.palette)[colour]


def _jitter_colour(rgb: RGB, rng: np.random.Generator, amount: float = 1.0) -> RGB:
    """Shift hue, saturation and value the way inks and cameras do."""
    h, s, v = colorsys.rgb_to_hsv(*(c / 255.0 for c in rgb))
    h = (h + rng.uniform(-0.02, 0.02) * amount) % 1.0
    s = float(np.clip(s * rng.uniform(0.72, 1.08) ** amount, 0, 1))
    v = float(np.clip(v * rng.uniform(0.78, 1.06) ** amount, 0, 1))
    r, g, b = colorsys.hsv_to_rgb(h, s, v)
    return (round(r * 255), round(g * 255), round(b * 255))


def _with_hue(rgb: RGB, hue_degrees: float) -> RGB:
    """``rgb`` turned to another hue, its saturation and value kept."""
    _, s, v = colorsys.rgb_to_hsv(*(c / 255.0 for c in rgb))
    r, g, b = colorsys.hsv_to_rgb(hue_degrees / 360.0, s, v)
    return (round(r * 255), round(g * 255), round(b * 255))


def with_print_variety(style: FaceStyle, wide_inks: bool = False, ring_skips: bool = False,
                       skip_alone: bool = False) -> FaceStyle:
    """``style`` with the later design options drawn: Wilds with a four-colour emblem (their
    index and centre symbol), italic digits, a tilted centre panel, digits ringed by a thick
    dark outline (as UNO prints its white digits), with ``wide_inks`` a green and a blue
    anywhere in the ranges real prints take (:data:`INK_HUES`), and with ``ring_skips`` the
    Skip's and Wild's indices as symbols (a ring with a slash, as UNO prints its Skip, and a
    star) in :data:`RING_SKIP_SHARE` of the designs; with ``skip_alone`` too, only the Skip's.
    Drawn from the design's own seed, each after the earlier ones, so the designs of datasets
    built without them keep their bytes."""
    rng = np.random.default_rng([style.texture_seed, 3])
    emblem = bool(rng.random() < 0.4)
    slant = float(rng.uniform(0.08, 0.24)) if rng.random() < 0.35 else 0.0
    tilt = float(rng.uniform(20, 35)) if rng.random() < 0.4 else 0.0
    outline = float(rng.uniform(0.08, 0.15)) if rng.random() < BOLD_OUTLINE_SHARE else 0.0
    palette = style.palette
    if wide_inks and rng.random() < WIDE_INK_SHARE:
        palette = tuple((c, _with_hue(rgb, float(rng.uniform(*INK_HUES[c]))) if c in INK_HUES
                         else rgb) for c, rgb in palette)
    special_index, ring_skip = style.special_index, style.ring_skip
    if ring_skips and rng.random() < RING_SKIP_SHARE:
        if skip_alone:
            ring_skip = True
        else:
            special_index = "symbol"
    return dataclasses.replace(style, wild_emblem=emblem, slant=slant, panel_tilt=tilt,
                               bold_outline=outline, palette=palette, special_index=special_index,
                               ring_skip=ring_skip)


def sample_style(rng: np.random.Generator, pool: str = "train") -> FaceStyle:
    """A random deck design from the ``pool`` ("train" or "test") of fonts and parameters
    (without the options of :func:`with_print_variety`)."""
    fonts = fonts_for(pool)
    font = str(rng.choice(fonts))
    index_font = font if rng.random() < 0.7 else str(rng.choice(fonts))
    palette = tuple((c, _jitter_colour(rgb, rng)) for c, rgb in BASE_COLOURS.items())
    paper_v = rng.uniform(232, 255)
    paper = (
        int(paper_v),
        int(paper_v - rng.uniform(0, 6)),
        int(paper_v - rng.uniform(0, 14)),
    )
    black = int(rng.uniform(10, 50))
    ink_choice = rng.random()
    if ink_choice < 0.5:
        special: RGB = (black, black, black + 5)
    elif ink_choice < 0.75:
        special = _jitter_colour(BASE_COLOURS[list(Colour)[rng.integers(4)]], rng)
    else:
        special = _jitter_colour((120, 40, 160), rng)
    lo, hi = INDEX_HEIGHT[pool]
    return FaceStyle(
        layout=str(rng.choice(LAYOUTS)),
        font=font,
        index_font=index_font,
        palette=palette,
        paper=paper,
        index_height=float(rng.uniform(lo, hi)),
        centre_height=float(rng.uniform(0.28, 0.42)),
        stroke=float(rng.choice([0.0, 0.0, 0.05, 0.08])),
        shadow=bool(rng.random() < 0.35),
        centre_shape=str(rng.choice(CENTRE_SHAPES[pool])),
        border=bool(rng.random() < 0.4),
        special_ink=special,
        special_symbol=bool(rng.random() < 0.6),
        special_index=str(rng.choice(["letter", "letter", "word", "symbol"])),
        corner_radius=float(rng.uniform(2.5, 4.5)),
        margin=(float(rng.uniform(0.045, 0.08)), float(rng.uniform(0.03, 0.05))),
        wild_in_colours=bool(rng.random() < 0.35),
        skip_blue=bool(rng.random() < 0.35),
        white_border=float(rng.uniform(1.2, 3.0)) if rng.random() < 0.4 else 0.0,
        colour_symbols=bool(rng.random() < 0.2),
        texture=float(rng.uniform(0, 6)),
        texture_seed=int(rng.integers(2**31)),
        multi_wild=bool(rng.random() < 0.3),
        index_badge=bool(rng.random() < 0.25),
    )
