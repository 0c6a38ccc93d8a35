"""QR codes for the share sheet: the address as an inline SVG (segno), dark on white."""

from __future__ import annotations

import segno
from markupsafe import Markup


def qr_svg(text: str, scale: int = 6) -> Markup:
    """``text`` as a QR code (error correction M, a 4-module quiet zone) in inline SVG, sized
    ``scale`` pixels a module; white behind it in dark mode too, so every phone can read it."""
    code = segno.make(text, error="m", micro=False)
    svg = code.svg_inline(scale=scale, border=4, dark="#000", light="#fff",
                          svgclass="qr", lineclass=None, omitsize=True)
    return Markup(svg)  # segno's own markup: the text is encoded as modules, never echoed
