"""Draw the app's PNG icons (home screen, install prompt, apple-touch-icon) with Pillow.

The same picture as ``web/static/favicon.svg``: a blue card behind a yellow one with "10" on
it. A maskable icon keeps the picture inside the middle 80 % (the safe zone an Android launcher
may crop to a circle) on a full dark background.

    .venv/bin/python tools/make_icons.py            # writes web/static/icons/*.png
    .venv/bin/python tools/make_icons.py --out DIR
"""

from __future__ import annotations

import argparse
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

OUT = Path(__file__).resolve().parents[1] / "web" / "static" / "icons"
BACKGROUND = "#1d2330"
BLUE, YELLOW, INK = "#1f5fbf", "#ffd400", "#1d2330"

ICONS: dict[str, tuple[int, float]] = {
    "icon-192.png": (192, 1.0),
    "icon-512.png": (512, 1.0),
    "icon-maskable-512.png": (512, 0.8),
    "apple-touch-icon.png": (180, 0.9),
}
"""File name -> (side in pixels, share of the side the two cards take)."""


def draw_icon(side: int, share: float) -> Image.Image:
    """One square RGB icon of ``side`` pixels; the cards fill ``share`` of it, centred."""
    image = Image.new("RGB", (side, side), BACKGROUND)
    draw = ImageDraw.Draw(image)
    unit = side * share / 64  # the favicon's 64-unit box, scaled and centred
    origin = (side - 64 * unit) / 2

    def box(x: float, y: float, w: float, h: float) -> tuple[float, float, float, float]:
        return (origin + x * unit, origin + y * unit, origin + (x + w) * unit,
                origin + (y + h) * unit)

    draw.rounded_rectangle(box(6, 4, 40, 56), radius=6 * unit, fill=BLUE)
    draw.rounded_rectangle(box(18, 8, 40, 52), radius=6 * unit, fill=YELLOW, outline=INK,
                           width=max(1, round(3 * unit)))
    font = ImageFont.load_default(size=max(8, round(26 * unit)))
    draw.text((origin + 38 * unit, origin + 36 * unit), "10", fill=INK, font=font, anchor="mm",
              stroke_width=max(1, round(unit)), stroke_fill=INK)  # bold, as the favicon's 700
    return image


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="folder for the PNG files")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for name, (side, share) in ICONS.items():
        draw_icon(side, share).save(args.out / name, optimize=True)
        print(args.out / name)


if __name__ == "__main__":
    main()
