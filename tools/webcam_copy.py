"""A webcam-like copy of a rendered split or photo folder: a cast, washed-out ink, noise, JPEG.

The renderer draws casts and a washed-out webcam look at random strengths, scene by scene
(`scorer/render/camera.py`). This applies one fixed, chosen cast and contrast to every image of
a split already rendered (or of a labelled photo folder), on top of its own light, and keeps the
manifest and labels, so that `phase10 eval --data OUT --split SPLIT` (or `--photos OUT`)
answers "what does a webcam this far off cost the reader?" on scenes whose truth is known, at
any rendered size and without rendering again. A real webcam's green cast measured
G - (R + B) / 2 of about 22 on a white digit, its ink at saturation 100-125 and brightness
80-130. The transform: each BGR channel times its gain, then ``scale * value + offset`` (less
contrast, a raised black), Gaussian noise, a slight blur and JPEG quality 70.

Usage, from the repo root (the figures in docs/lab.md):
    .venv/bin/python tools/webcam_copy.py --data datasets/single-hi --split test \\
        --out datasets/webcam-hi-43 --gains 0.7,1.0,0.7 --scale 0.6 --offset 20
    phase10 eval --data datasets/webcam-hi-43 --split test
    .venv/bin/python tools/webcam_copy.py --photos datasets/closeups-hi \\
        --out datasets/webcam-closeups --gains 0.7,1.0,0.7 --scale 0.6 --offset 20
    phase10 eval --photos datasets/webcam-closeups
"""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path

import cv2
import numpy as np

from scorer.training.photo_eval import IMAGE_SUFFIXES

NOISE = 4.0  # standard deviation of the sensor noise, in grey levels
BLUR = 0.8  # sigma of the lens and demosaicing blur, in pixels
JPEG_QUALITY = 70


def through_webcam(image_bgr: np.ndarray, gains: tuple[float, float, float], scale: float,
                offset: float, rng: np.random.Generator) -> np.ndarray:
    """``image_bgr`` as the webcam would deliver it, before JPEG: per-channel ``gains`` (B, G,
    R), then ``scale * value + offset``, noise and blur; uint8."""
    out = image_bgr.astype(np.float32) * np.asarray(gains, np.float32) * scale + offset
    out += rng.normal(0.0, NOISE, out.shape).astype(np.float32)
    out = cv2.GaussianBlur(out, (0, 0), BLUR)
    return np.clip(out, 0, 255).astype(np.uint8)


def copy_split(data: Path, split: str, out: Path, gains: tuple[float, float, float],
               scale: float, offset: float, seed: int = 0) -> int:
    """Write the webcam-like copy of ``data``'s ``split`` to ``out``; the number of images."""
    out.mkdir(parents=True, exist_ok=True)
    for name in ("config.json", "data.yaml", f"manifest_{split}.json"):
        if (data / name).is_file():
            shutil.copy(data / name, out / name)
    if (data / "labels" / split).is_dir():
        shutil.copytree(data / "labels" / split, out / "labels" / split, dirs_exist_ok=True)
    return copy_images(data / "images" / split, out / "images" / split, gains, scale, offset,
                       seed)


def copy_photos(folder: Path, out: Path, gains: tuple[float, float, float], scale: float,
                offset: float, seed: int = 0) -> int:
    """Write the webcam-like copy of a labelled photo folder (``images/`` with ``labels/`` or a
    ``truth.json``, as ``phase10 eval --photos`` reads it) to ``out``; the number of images."""
    out.mkdir(parents=True, exist_ok=True)
    if (folder / "truth.json").is_file():
        shutil.copy(folder / "truth.json", out / "truth.json")
    if (folder / "labels").is_dir():
        shutil.copytree(folder / "labels", out / "labels", dirs_exist_ok=True)
    return copy_images(folder / "images", out / "images", gains, scale, offset, seed)


def copy_images(source: Path, target: Path, gains: tuple[float, float, float], scale: float,
                offset: float, seed: int) -> int:
    """Each image of ``source`` (the suffixes ``phase10 eval --photos`` reads) through the
    webcam, saved under its own name in ``target``; one saved in another format than JPEG
    keeps the webcam's JPEG compression all the same."""
    target.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(seed)
    count = 0
    for path in sorted(p for p in source.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES):
        image = cv2.imread(str(path))
        if image is None:
            raise SystemExit(f"unreadable image: {path}")
        look = through_webcam(image, gains, scale, offset, rng)
        jpeg = [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY]
        if path.suffix.lower() not in (".jpg", ".jpeg"):
            look = cv2.imdecode(cv2.imencode(".jpg", look, jpeg)[1], cv2.IMREAD_COLOR)
        cv2.imwrite(str(target / path.name), look, jpeg)
        count += 1
    return count


def parse_gains(text: str) -> tuple[float, float, float]:
    """``"0.7,1.0,0.7"`` -> the B, G, R gains; argparse's type for ``--gains``."""
    try:
        b, g, r = (float(v) for v in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"three gains B,G,R expected, got {text!r}") from None
    return b, g, r


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--data", type=Path, help="rendered dataset folder")
    source.add_argument("--photos", type=Path,
                        help="labelled photo folder, as phase10 eval --photos reads it")
    parser.add_argument("--split", default="test", help="the split of --data (test)")
    parser.add_argument("--out", type=Path, required=True, help="where to write the copy")
    parser.add_argument("--gains", type=parse_gains, default=(0.8, 1.0, 0.8),
                        help="B,G,R channel gains (0.8,1.0,0.8: a green cast of 25 %%)")
    parser.add_argument("--scale", type=float, default=0.55, help="contrast kept (0.55)")
    parser.add_argument("--offset", type=float, default=25.0, help="raised black (25)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    look = (args.gains, args.scale, args.offset, args.seed)
    if args.photos is not None:
        if not (args.photos / "images").is_dir():
            parser.error(f"no images/ in {args.photos}")
        count = copy_photos(args.photos, args.out, *look)
    else:
        if not (args.data / "images" / args.split).is_dir():
            parser.error(f"no images/{args.split} in {args.data}")
        count = copy_split(args.data, args.split, args.out, *look)
    print(f"{count} images -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
