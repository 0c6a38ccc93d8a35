"""Bold fonts for card faces, split into a train pool and a held-out test pool.

Only fonts from the Debian packages CI installs (fonts-dejavu-core, fonts-liberation2,
fonts-freefont-ttf, fonts-urw-base35) are listed. Drawing skips missing files, but a dataset
build refuses to start without the whole pool (:func:`require_pool`): the same seed would
otherwise give other bytes, and a training set fewer typefaces.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

_DEJAVU = "/usr/share/fonts/truetype/dejavu"
_LIB = "/usr/share/fonts/truetype/liberation2"
_FREE = "/usr/share/fonts/truetype/freefont"
_URW = "/usr/share/fonts/opentype/urw-base35"

FONT_PACKAGES = "fonts-dejavu-core fonts-liberation2 fonts-freefont-ttf fonts-urw-base35"

FONT_POOLS: dict[str, tuple[str, ...]] = {
    "train": (
        f"{_DEJAVU}/DejaVuSans-Bold.ttf",
        f"{_DEJAVU}/DejaVuSansCondensed-Bold.ttf",
        f"{_DEJAVU}/DejaVuSerif-Bold.ttf",
        f"{_LIB}/LiberationSans-Bold.ttf",
        f"{_LIB}/LiberationSerif-Bold.ttf",
        f"{_FREE}/FreeSansBold.ttf",
        f"{_URW}/NimbusSansNarrow-Bold.otf",
        f"{_URW}/URWBookman-Demi.otf",
        f"{_URW}/C059-Bold.otf",
        f"{_DEJAVU}/DejaVuSans-BoldOblique.ttf",
    ),
    "test": (
        f"{_URW}/NimbusSans-Bold.otf",
        f"{_URW}/URWGothic-Demi.otf",
        f"{_FREE}/FreeSerifBold.ttf",
        f"{_URW}/P052-Bold.otf",
        f"{_LIB}/LiberationMono-Bold.ttf",
    ),
}


def fonts_for(pool: str) -> tuple[str, ...]:
    """Existing font files of a pool (``"train"`` or ``"test"``); raises if none exist."""
    paths = tuple(p for p in FONT_POOLS[pool] if Path(p).is_file())
    if not paths:
        raise FileNotFoundError(f"no font of the {pool} pool is installed: {FONT_POOLS[pool]}")
    return paths


def require_pool(pool: str) -> None:
    """Raise ``FileNotFoundError`` naming the missing fonts when any font of ``pool`` is."""
    missing = [p for p in FONT_POOLS[pool] if not Path(p).is_file()]
    if missing:
        raise FileNotFoundError(
            f"{len(missing)} of the {len(FONT_POOLS[pool])} fonts of the {pool} pool are not "
            f"installed ({', '.join(Path(p).name for p in missing)}): "
            f"apt-get install {FONT_PACKAGES}")


@lru_cache(maxsize=256)
def load_font(path: str, size: int) -> ImageFont.FreeTypeFont:
    """A FreeType font at a pixel size (cached)."""
    return ImageFont.truetype(path, max(4, int(size)))
