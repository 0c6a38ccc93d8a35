"""Real photos without a Phase 10 card, from Debian packages: a photo folder for `phase10 eval`.

The renders' empty tables say how often the reader sees a card in clutter it was drawn with;
real camera photos say more. Debian ships some under free licences: OpenCV's sample pictures
(`opencv-doc`: a sudoku, a chessboard seen from many angles, playing cards, text, fruit, a
city), its photos of text in streets and shops, and the photographs among the desktop
wallpapers (flowers, rain drops, wood, cups, a pier, mountains). None of them is in the
renderer's backgrounds or in any training tile.

Each OpenCV picture is written whole; each wallpaper photo as five squares of 640 x 640 (its
centre square, and four squares of half its height), since a wallpaper's subject is far larger
than a table's clutter at the reader's 640. `truth.json` lists no card for any photo, so
`phase10 eval --photos OUT` reports the share of photos with a false card. Usage, from the
repo root (datasets/README.md, The evaluation sets):

    sudo apt-get install opencv-doc mate-backgrounds lomiri-wallpapers-16.04 \\
        plasma-workspace-wallpapers
    .venv/bin/python tools/real_empty_photos.py --out datasets/real-empty
    phase10 eval --photos datasets/real-empty --json --no-map
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import cv2
import numpy as np

SIDE = 640  # the written squares' side, the reader's first-look input
OPENCV_EXAMPLES = Path("/usr/share/doc/opencv-doc/examples")
OPENCV_PICTURES = (  # folder, and the suffixes of its pictures (the text folder's PNGs are masks)
    (OPENCV_EXAMPLES / "data", (".jpg", ".jpeg", ".png")),
    (OPENCV_EXAMPLES / "text", (".jpg",)),
)
WALLPAPER_PHOTOS = tuple(Path(p) for p in (
    # lomiri-wallpapers-16.04
    "/usr/share/backgrounds/Bridge_by_Sander_Klootwijk.jpg",
    "/usr/share/backgrounds/Dragonfly_by_Bolly.jpg",
    "/usr/share/backgrounds/Infinite-Sea_by_Aury88.jpg",
    "/usr/share/backgrounds/Kleiber_by_Lukas_Baubkus.jpg",
    "/usr/share/backgrounds/Picture_0B_by_freespace.jpg",
    "/usr/share/backgrounds/Picture_1A_by_freespace.jpg",
    "/usr/share/backgrounds/Wine_by_Jakkub_Mede.jpg",
    "/usr/share/backgrounds/aitzgorri_by_Aitzol_Berasategi.jpg",
    "/usr/share/backgrounds/analogpattern_by_Peter_Nerlich.jpg",
    "/usr/share/backgrounds/friends_by_Aitzol_Berasategi.jpg",
    "/usr/share/backgrounds/life_by_Aitzol_Berasategi.jpg",
    "/usr/share/backgrounds/picosdeeuropa_by_Aitzol_Berasategi.jpg",
    "/usr/share/backgrounds/seeding_by_Clements_Engelhardt.jpg",
    "/usr/share/backgrounds/sunset_by_Aitzol_Berasategi.jpg",
    # mate-backgrounds
    *(f"/usr/share/backgrounds/mate/nature/{name}.jpg" for name in (
        "Aqua", "Blinds", "Dune", "FreshFlower", "Garden", "GreenMeadow", "LadyBird",
        "RainDrops", "Storm", "TwoWings", "Wood", "YellowFlower")),
    # plasma-workspace-wallpapers
    *(f"/usr/share/wallpapers/{name}/contents/images/2560x1600.jpg" for name in (
        "BytheWater", "ColdRipple", "ColorfulCups", "DarkestHour", "EveningGlow", "FallenLeaf",
        "Grey", "Kite", "OneStandsOut", "Path", "summer_1am")),
    "/usr/share/wallpapers/Volna/contents/images/5120x2880.jpg",
))


def squares(image: np.ndarray) -> list[np.ndarray]:
    """The centre square of ``image`` and four squares of half its shorter side, one towards
    each corner (an eighth of the frame in from its edges), each resized to SIDE x SIDE."""
    height, width = image.shape[:2]
    side = min(height, width)
    boxes = [((height - side) // 2, (width - side) // 2, side)]
    half = side // 2
    boxes += [(y, x, half) for y in (height // 8, height - height // 8 - half)
              for x in (width // 8, width - width // 8 - half)]
    return [cv2.resize(image[y:y + s, x:x + s], (SIDE, SIDE), interpolation=cv2.INTER_AREA)
            for y, x, s in boxes]


def build(out: Path, samples: tuple[tuple[Path, tuple[str, ...]], ...] = OPENCV_PICTURES,
          wallpapers: tuple[Path, ...] = WALLPAPER_PHOTOS) -> dict[str, int]:
    """Write ``out/images/`` and ``out/truth.json`` (no card in any photo); returns how many
    photos came from each source. ``samples``: folders whose pictures are written whole, each
    with the suffixes to take. Files that are missing or unreadable are skipped."""
    images = out / "images"
    images.mkdir(parents=True, exist_ok=True)
    written: list[str] = []
    counts = {"opencv": 0, "wallpapers": 0}
    pictures = [path for folder, suffixes in samples if folder.is_dir()
                for path in sorted(folder.iterdir()) if path.suffix.lower() in suffixes]
    for path in pictures:
        image = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if image is None:
            continue
        name = f"opencv_{path.parent.name}_{path.stem}.png"
        cv2.imwrite(str(images / name), image)
        written.append(name)
        counts["opencv"] += 1
    for k, path in enumerate(wallpapers):
        image = cv2.imread(str(path), cv2.IMREAD_COLOR) if path.is_file() else None
        if image is None:
            continue
        for j, square in enumerate(squares(image)):
            name = f"wallpaper_{k:02d}_{j}.jpg"
            cv2.imwrite(str(images / name), square, [cv2.IMWRITE_JPEG_QUALITY, 90])
            written.append(name)
        counts["wallpapers"] += 1
    (out / "truth.json").write_text(json.dumps({name: [] for name in written}, indent=0))
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True, help="the photo folder to write")
    args = parser.parse_args(argv)
    counts = build(args.out, OPENCV_PICTURES, WALLPAPER_PHOTOS)
    if not any(counts.values()):
        print("no pictures found: install opencv-doc and the wallpaper packages named in "
              "this tool's docstring", file=sys.stderr)
        return 1
    print(f"wrote {counts['opencv']} OpenCV pictures and {counts['wallpapers']} wallpaper "
          f"photos (5 squares each) to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
