"""``phase10 dataset build`` and ``phase10 dataset show``: synthetic training data."""

from __future__ import annotations

import argparse
from pathlib import Path

import cv2

from scorer.cli.arg_types import non_negative_int, share
from scorer.cli.output import fail
from scorer.render.contact_sheet import contact_sheet
from scorer.render.dataset import FORMAT_VERSION, FORMAT_VERSIONS, Settings, build
from scorer.render.layouts import ALL_KINDS

EXAMPLES = """examples:
  phase10 dataset build --out datasets/cards --train 5000 --val 500 --test 500 --seed 1 --crop 320
  phase10 dataset build --out datasets/tiles --train 4000 --test 0 --seed 30 --crop 320 --empty .25
  phase10 dataset build --out datasets/scans --train 200 --seed 2 --faces scans/
  phase10 dataset build --out datasets/casts --train 0 --val 300 --test 0 --seed 2 --light strong
  phase10 dataset build --out datasets/single --train 0 --val 0 --test 300 --seed 2 --scene single
  phase10 dataset show datasets/cards --split val --out sheet.png --n 16
"""


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``dataset`` with its ``build`` and ``show`` sub-subcommands."""
    fmt = argparse.RawDescriptionHelpFormatter
    parser = subparsers.add_parser("dataset", help="render and inspect synthetic training data",
                                   epilog=EXAMPLES, formatter_class=fmt)
    sub = parser.add_subparsers(dest="dataset_command", metavar="command",
                                parser_class=type(parser))
    build = sub.add_parser("build", help="render a YOLO dataset of card photos", epilog=EXAMPLES,
                           formatter_class=fmt)
    build.add_argument("--out", required=True, type=Path, help="dataset folder (datasets/NAME)")
    build.add_argument("--train", type=non_negative_int, default=1000, help="training images")
    build.add_argument("--val", type=non_negative_int, default=100, help="validation images")
    build.add_argument("--test", type=non_negative_int, default=100,
                       help="test images (held-out designs)")
    build.add_argument("--seed", type=int, default=0, help="same seed, same bytes")
    build.add_argument("--faces", type=Path, default=None,
                       help="folder of face photos (R5.jpg, W.png, ...) instead of drawn faces")
    build.add_argument("--imgsz", type=int, default=640, help="scene size in pixels")
    build.add_argument("--crop", type=int, default=None,
                       help="write a tile of this size cut from each scene (e.g. 320)")
    build.add_argument("--workers", type=int, default=2, help="worker processes")
    build.add_argument("--light", choices=("any", "strong"), default="any",
                       help="strong: every image under a strong or mixed colour cast "
                            "(to measure colour constancy)")
    build.add_argument("--empty", type=share, default=None, metavar="SHARE",
                       help="this share of the scenes (0-1) has no card face up, only table "
                            "clutter: hard negatives for training (default: the scene mix)")
    build.add_argument("--scene", choices=ALL_KINDS, default=None,
                       help="every scene of this kind instead of the mix (single: one card "
                            "laid down or held up, as in single-card photos)")
    build.add_argument("--format", type=int, choices=FORMAT_VERSIONS, default=FORMAT_VERSION,
                       help="the renderer's dataset format (default: the newest); an older one "
                            "renders a set of that format again byte for byte")
    build.set_defaults(func=_build)
    show = sub.add_parser("show", help="contact sheet of images with their labels",
                          epilog=EXAMPLES, formatter_class=fmt)
    show.add_argument("dataset", type=Path, help="dataset folder")
    show.add_argument("--split", default="val", choices=("train", "val", "test"))
    show.add_argument("--out", type=Path, default=None,
                      help="PNG to write (default DATASET/sheet_SPLIT.png)")
    show.add_argument("--n", type=int, default=16, help="number of images")
    show.set_defaults(func=_show)
    parser.set_defaults(func=lambda args: (parser.print_help(), 2)[1])


def _build(args: argparse.Namespace) -> int:
    if args.faces is not None and not args.faces.is_dir():
        return fail(None, f"--faces {args.faces} is not a folder")
    if args.seed < 0:
        return fail(None, f"--seed {args.seed} must be 0 or more")
    if args.imgsz < 64:
        return fail(None, f"--imgsz {args.imgsz} is too small (64 or more)")
    if args.crop is not None and not 0 < args.crop <= args.imgsz:
        return fail(None, f"--crop {args.crop} must be between 1 and --imgsz {args.imgsz}")
    settings = Settings(seed=args.seed, imgsz=args.imgsz, crop=args.crop,
                        faces=str(args.faces) if args.faces else None, light=args.light,
                        empty=args.empty, scene=args.scene, version=args.format)
    counts = {"train": args.train, "val": args.val, "test": args.test}
    try:
        facts = build(args.out, counts, settings, workers=args.workers)
    except FileNotFoundError as error:
        return fail(None, str(error))
    print(f"wrote {facts['images']} images to {args.out} in {facts['seconds']:.1f} s "
          f"({facts['images_per_second']:.1f} images/s); data: {args.out / 'data.yaml'}")
    return 0


def _show(args: argparse.Namespace) -> int:
    try:
        sheet = contact_sheet(args.dataset, args.split, args.n)
    except FileNotFoundError as error:
        return fail(None, str(error))
    out = args.out or args.dataset / f"sheet_{args.split}.png"
    cv2.imwrite(str(out), sheet)
    print(f"wrote {out}")
    return 0
