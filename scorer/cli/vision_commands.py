"""``phase10 detect`` and ``phase10 eval``: read cards from photos, score the reader on a dataset.

The CLI only parses and prints; the work is in :mod:`scorer.vision`.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import cv2

from scorer.cli.arg_types import confidence, input_size, look_or_stage, positive_int
from scorer.cli.output import fail
from scorer.rules.reasons import english_plural
from scorer.training.calibration import reliability_lines
from scorer.training.evaluate import evaluate, ultralytics_map
from scorer.training.photo_eval import evaluate_photos
from scorer.training.ultralytics_adapter import UltralyticsDetector
from scorer.vision import ImageError, ModelError, annotate, read_image
from scorer.vision import reading as vision_reading
from scorer.vision.card_reading import DetectedCard
from scorer.vision.explain import explain_lines, explain_rows
from scorer.vision.pipeline import REQUIRED, STAGE_NAMES
from scorer.vision.settings import DEFAULT_CONF, EXPORTED_IMGSZ

CONF_HELP = f"minimum confidence ({DEFAULT_CONF})"
OPTIONAL_STAGES = tuple(name for name in STAGE_NAMES if name not in REQUIRED)

DETECT_EXAMPLES = """examples:
  phase10 detect table.jpg
  phase10 detect table.jpg --json --annotate boxed.jpg
  phase10 detect a.jpg b.jpg --json --conf 0.4      (one JSON object per line, per image)
  phase10 detect table.jpg --explain                (every candidate, and what each stage did)
  phase10 detect table.jpg --without vanished       (the reading without one stage)

--json prints {"cards": [{"card": "R5", "confidence": 0.97, "box": [x1, y1, x2, y2],
"unsure": false, "chance": 0.98, "or": "R6"}, ...], "count": N, "points": P} per image (boxes
in image pixels; confidence: the detector's score; chance: the calibrated chance the card is read
right, from the score and what the pixels say (the other corner, another face on the same spot,
the colour); unsure: a chance too low to trust, worth a look; or, where there is one: the card it
most likely is otherwise; points = penalty points of the cards read). With several images: one
such object per line (JSON Lines), in the order the images were given. All images are decoded
before anything is printed: if one is missing or unreadable the command prints the error and
nothing else. With --annotate and several images, OUT gets the
image's stem appended (boxed.jpg -> boxed_table.jpg). The model is models/phase10-cards.onnx
or $PHASE10_MODEL. Exit codes: 0 read, 2 a missing/unreadable image or no model.
"""

EVAL_EXAMPLES = """examples:
  phase10 eval --data datasets/eval --split test
  phase10 eval --data datasets/eval --json --no-map
  phase10 eval --photos ../photos/uno-fans --json
  phase10 eval --data datasets/eval-g --split test --no-map --without closer_look

Scores the reader against the dataset's manifest: card precision/recall/F1 (multisets of
cards per image), exact count/hand/points, number and colour accuracy, phase verdict
accuracy on phase scenes; plus ultralytics' mAP50 and mAP50-95 (at the same input size) when
the [train] extra is installed (skip with --no-map). --imgsz 960 measures the reader with a
larger input: it finds smaller cards, at about twice the time per image.

--photos DIR scores a folder of labelled photos instead: DIR/images/ with DIR/truth.json (file
name -> symbols "5", "S", "W" or cards "R5") or DIR/labels/*.txt (YOLO lines "LABEL cx cy w h",
LABEL a symbol or card). It gives symbol (or, when the truth names colours, card) precision,
recall and F1, exact hands, colour accuracy, recall by index size (pixels at 640) when there are
boxes, and on photos without cards the share with a false card.
"""


IMGSZ_HELP = (f"the detector's longest input side ({EXPORTED_IMGSZ}); larger finds smaller cards, "
              "slower")
WITHOUT_HELP = ("leave out a look or a stage of the reader (repeatable): "
                + ", ".join((*vision_reading.LOOKS, *OPTIONAL_STAGES)))
ONE_LOOK_HELP = (
    "skip the second, closer look at the part of the photo where the cards lie "
    "(about half the time; fewer small or distant cards found)"
)


def register(subparsers: argparse._SubParsersAction) -> None:
    fmt = argparse.RawDescriptionHelpFormatter
    detect = subparsers.add_parser(
        "detect", help="read the cards in photos", epilog=DETECT_EXAMPLES, formatter_class=fmt,
        description="Detect the cards in one or more photos.",
    )
    detect.add_argument("images", nargs="+", type=Path, metavar="IMAGE", help="photo(s) to read")
    detect.add_argument("--json", action="store_true", help="print JSON (one object per image)")
    detect.add_argument("--annotate", type=Path, metavar="OUT.jpg", help="write a boxed copy")
    detect.add_argument("--conf", type=confidence, default=None, help=CONF_HELP)
    detect.add_argument("--model", type=Path, help="ONNX model (models/phase10-cards.onnx)")
    detect.add_argument("--imgsz", type=input_size, metavar="PX", help=IMGSZ_HELP)
    detect.add_argument("--one-look", action="store_true", help=ONE_LOOK_HELP)
    detect.add_argument("--explain", action="store_true",
                        help="print every candidate card, the stages that touched it and why it "
                             "was dropped or doubted")
    detect.add_argument("--without", type=look_or_stage, action="append", default=[],
                        metavar="STAGE", help=WITHOUT_HELP)
    detect.add_argument(
        "--backend", choices=("onnx", "ultralytics"), default="onnx",
        help="onnx (default) or ultralytics on the .pt (needs the [train] extra)",
    )
    detect.add_argument("--weights", type=Path, help="the .pt for --backend ultralytics")
    detect.set_defaults(func=run_detect)

    ev = subparsers.add_parser(
        "eval", help="score the card reader on a rendered dataset", epilog=EVAL_EXAMPLES,
        formatter_class=fmt, description="Card-level evaluation on a dataset split.",
    )
    ev.add_argument("--data", type=Path, default=Path("datasets/eval"), help="dataset folder")
    ev.add_argument("--split", default="test", choices=("train", "val", "test"))
    ev.add_argument("--conf", type=confidence, default=None, help=CONF_HELP)
    ev.add_argument("--model", type=Path, help="ONNX model (default: models/phase10-cards.onnx)")
    ev.add_argument("--imgsz", type=input_size, metavar="PX", help=IMGSZ_HELP)
    ev.add_argument("--one-look", action="store_true", help=ONE_LOOK_HELP)
    ev.add_argument("--without", type=look_or_stage, action="append", default=[],
                    metavar="STAGE", help=WITHOUT_HELP)
    ev.add_argument("--photos", type=Path, metavar="DIR",
                    help="score a folder of labelled photos instead of a rendered split")
    ev.add_argument("--limit", type=positive_int, help="evaluate only the first N images")
    ev.add_argument("--json", action="store_true", help="print the figures as JSON")
    ev.add_argument("--no-map", action="store_true", help="skip ultralytics' mAP")
    ev.set_defaults(func=run_eval)


def _reader(args: argparse.Namespace):
    """A ``read(image) -> CardReading`` for the chosen backend (raises ModelError)."""
    conf = DEFAULT_CONF if args.conf is None else args.conf
    if getattr(args, "backend", "onnx") == "ultralytics":
        weights = args.weights or vision_reading.default_weights()
        detector = UltralyticsDetector(weights, args.imgsz or EXPORTED_IMGSZ)
    else:
        detector = vision_reading.get_detector(str(args.model) if args.model else None, args.imgsz)
    second_look = not args.one_look
    without = tuple(getattr(args, "without", ()))
    return lambda image: vision_reading.read_cards(image, conf=conf, detector=detector,
                                                   second_look=second_look, without=without)


def run_detect(args: argparse.Namespace) -> int:
    try:
        read = _reader(args)
    except ModelError as error:
        return fail("detect", str(error))
    status = 0
    several = len(args.images) > 1
    images = []
    for path in args.images:
        try:
            images.append((path, read_image(path)))
        except ImageError as error:
            status = fail("detect", str(error))
    if status:
        return status
    for path, image in images:
        reading = read(image)
        if args.json:
            figures = reading.to_dict()
            if args.explain and reading.table is not None:
                figures["candidates"] = explain_rows(reading.table)
            print(json.dumps(figures))
        else:
            names = " ".join(str(c.card) for c in reading.cards) or "(no cards)"
            count = english_plural("%(num)d card", "%(num)d cards", reading.count)
            print(f"{path}: {names}  [{count}, {reading.points} points]")
            if args.explain and reading.table is not None:
                print("\n".join(explain_lines(reading.table)))
            else:
                for card in reading.cards:
                    print(f"  {str(card.card):>4} {card.confidence:.2f}{_remarks(card)}")
        if args.annotate:
            out = args.annotate
            if several:
                out = out.with_name(f"{out.stem}_{path.stem}{out.suffix or '.jpg'}")
            try:
                written = cv2.imwrite(str(out), annotate(image, reading))
            except cv2.error:
                written = False
            if not written:
                status = fail("detect", f"cannot write the annotated image to {out}")
    return status


def _remarks(card: DetectedCard) -> str:
    """What the text output says after a card: an unsure reading, a colour check that differed."""
    remarks = ["unsure: check it"] if card.unsure else []
    if card.unsure and card.alternative is not None:
        remarks.append(f"or {card.alternative}")
    if card.colour_check not in ("agree", "unknown"):
        remarks.append(f"colour check: {card.colour_check}")
    return f" ({'; '.join(remarks)})" if remarks else ""


def run_eval(args: argparse.Namespace) -> int:
    try:
        read = _reader(args)
    except ModelError as error:
        return fail("eval", str(error))

    def progress(done: int, total: int) -> None:
        if not args.json and (done == total or done % 25 == 0):
            print(f"  {done}/{total} images", file=sys.stderr)

    if args.photos is not None:
        return _print_photo_eval(args, read, progress)
    try:
        report = evaluate(args.data, args.split, read, limit=args.limit, progress=progress)
    except ValueError as error:
        return fail("eval", str(error))
    if not args.no_map:
        try:
            report.extra.update(ultralytics_map(
                args.model or vision_reading.model_path(), args.data, args.split,
                imgsz=args.imgsz or EXPORTED_IMGSZ,
            ))
        except ImportError as error:
            report.extra["map_skipped"] = str(error)
    figures = report.to_dict()
    if args.json:
        print(json.dumps(figures))
    else:
        for key, value in figures.items():
            if key.startswith("reliability"):
                print(f"{key:>24}:")
                for line in reliability_lines(value):
                    print(" " * 14 + line)
            else:
                print(f"{key:>24}: {value}")
    return 0


def _print_photo_eval(args: argparse.Namespace, read, progress) -> int:
    """``phase10 eval --photos DIR``: the figures of :mod:`scorer.training.photo_eval`."""
    try:
        figures = evaluate_photos(args.photos, read, limit=args.limit, progress=progress).to_dict()
    except ValueError as error:
        return fail("eval", str(error))
    if args.json:
        print(json.dumps(figures))
        return 0
    for key, value in figures.items():
        if key.startswith("reliability"):
            print(f"{key:>28}:")
            for line in reliability_lines(value):
                print(" " * 18 + line)
        elif isinstance(value, dict):
            print(f"{key:>28}:")
            for name, cell in value.items():
                print(f"{name:>28}: {cell['recall']} of {cell['indices']}")
        else:
            print(f"{key:>28}: {value}")
    return 0
