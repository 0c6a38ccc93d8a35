"""``phase10 bench``: a group of benchmarks, one sub-command each (``bench rules``, ...).

Add a benchmark by writing ``_register_NAME(bench_subparsers)`` that adds its parser and sets
``func``, and listing it in :data:`BENCHMARKS`.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from scorer.bench.detect import (
    TARGET_MEDIAN_MS,
    TARGET_PHOTO_MEDIAN_MS,
    TARGET_RATIO,
    bench_detect,
)
from scorer.bench.live import bench_live
from scorer.bench.page import bench_page, enlarged_photos
from scorer.bench.rules import time_rules
from scorer.bench.stages import PARTS, markdown, parse_set, stage_table
from scorer.cli.arg_types import look_or_stage, phase_number, positive_float, positive_int
from scorer.cli.output import fail
from scorer.rules.phases import STANDARD_PHASES
from scorer.vision import ModelError
from scorer.vision.reading import default_weights
from web import create_app

BENCH_EXAMPLES = """examples:
  phase10 bench rules
  phase10 bench rules --tables 60 --repeat 5 --json
  phase10 bench detect
  phase10 bench live
  phase10 bench page --data datasets/eval-g
  phase10 bench stages --set uno-table=../shared/realdata/uno-table
"""

RULES_EXAMPLES = """examples:
  phase10 bench rules                      (30 tables, 3 repeats, seed 0)
  phase10 bench rules --phase 2 --phase 3  (only phases 2 and 3)
  phase10 bench rules --clock cpu          (CPU time of this process)
  phase10 bench rules --json               ([{"phase": 1, "median_ms": ..., "p90_ms": ...}, ...])
"""

RULES_DESCRIPTION = """Median and p90 milliseconds per phase to validate worst-case tables.

Each table is 24 cards with 8 Wilds (random, spread over every number, or crowded onto a few
numbers); the time is one full validate() call, closest-miss reason included. Wall-clock
time by default: on a busy machine its p90 shows the other processes too (--clock cpu).
"""


def _register_rules(bench_subparsers: argparse._SubParsersAction) -> None:
    rules = bench_subparsers.add_parser(
        "rules", help="time the phase validator on worst-case tables",
        description=RULES_DESCRIPTION,
        epilog=RULES_EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    rules.add_argument("--tables", type=positive_int, default=30, help="tables (30)")
    rules.add_argument("--repeat", type=positive_int, default=3, help="runs per table (3)")
    rules.add_argument("--seed", type=int, default=0, help="random seed for the tables (0)")
    rules.add_argument("--phase", type=phase_number, action="append", metavar="N",
                       help="only this phase (repeatable; default all ten)")
    rules.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                       help="wall-clock time (default) or this process's CPU time, steadier "
                            "on a busy machine")
    rules.add_argument("--json", action="store_true", help="print JSON")
    rules.set_defaults(func=run_rules)


def run_rules(args: argparse.Namespace) -> int:
    phases = [p for p in STANDARD_PHASES if not args.phase or p.number in args.phase]
    clock = time.perf_counter if args.clock == "wall" else time.process_time
    rows = time_rules(random.Random(args.seed), phases, args.tables, args.repeat, clock)
    if args.json:
        print(json.dumps(rows))
        return 0
    print(f"validate(): {args.tables} tables of 24 cards with 8 wilds, {args.repeat} runs each "
          f"({args.clock} time)")
    print("phase  median ms  p90 ms  max ms  valid")
    for row in rows:
        print(f"{row['phase']:>5}  {row['median_ms']:>9.2f}  {row['p90_ms']:>6.2f}  "
              f"{row['max_ms']:>6.2f}  {row['valid']:>5}")
    return 0


DETECT_DESCRIPTION = f"""Milliseconds from a 1280x960 JPEG's bytes to the card list.

Times read_cards() (decode, letterbox, onnxruntime with 2 threads, NMS, pairing, colour check)
on rendered frames with one look (live camera frames) and with the second, closer look that
photos get, and ultralytics' own torch predict on the same model (.pt) and frames in a
subprocess, so torch never loads into the timing process.
Targets: one look median <= {TARGET_MEDIAN_MS:g} ms and at most {TARGET_RATIO:g} of torch predict;
a photo with every look median <= {TARGET_PHOTO_MEDIAN_MS:g} ms.
"""

DETECT_EXAMPLES = """examples:
  phase10 bench detect                        (8 frames x 5 runs, with the torch comparison)
  phase10 bench detect --no-compare --json
  phase10 bench detect --weights runs/train/main/weights/best.pt
"""


def _register_detect(bench_subparsers: argparse._SubParsersAction) -> None:
    detect = bench_subparsers.add_parser(
        "detect", help="time the card reader on 1280x960 JPEGs", description=DETECT_DESCRIPTION,
        epilog=DETECT_EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    detect.add_argument("--frames", type=positive_int, default=8, help="frames (8)")
    detect.add_argument("--repeat", type=positive_int, default=5, help="runs per frame (5)")
    detect.add_argument("--model", type=Path, help="ONNX model (models/phase10-cards.onnx)")
    detect.add_argument("--weights", type=Path, help="the .pt for the ultralytics comparison")
    detect.add_argument("--no-compare", action="store_true", help="skip ultralytics' predict")
    detect.add_argument("--json", action="store_true", help="print JSON")
    detect.set_defaults(func=run_detect)


def run_detect(args: argparse.Namespace) -> int:
    try:
        result = bench_detect(args.frames, args.repeat, str(args.model) if args.model else None,
                              args.weights or default_weights(), not args.no_compare)
    except ModelError as error:
        return fail("bench", str(error))
    if args.json:
        print(json.dumps(result))
        return 0
    onnx = result["onnx"]
    print(f"read_cards() on {result['frames']} {result['frame']} frames, "
          f"{onnx['runs']} runs (load average {result['load_average']})")
    print(f"  onnxruntime, one look (live frames): median {onnx['median_ms']} ms, "
          f"p90 {onnx['p90_ms']} ms "
          f"(target median <= {result['target_median_ms']:.0f} ms: "
          f"{'met' if result['meets_target'] else 'NOT met'}); "
          f"CPU time median {result['onnx_cpu_ms_median']} ms (all threads)")
    closer = result["onnx_second_look"]
    print(f"  with every look (photos): median {closer['median_ms']} ms, "
          f"p90 {closer['p90_ms']} ms "
          f"(target median <= {result['target_photo_median_ms']:.0f} ms: "
          f"{'met' if result['photo_meets_target'] else 'NOT met'})")
    torch_ms = result.get("ultralytics")
    if isinstance(torch_ms, dict):
        print(f"  ultralytics predict (torch): median {torch_ms['median_ms']} ms, "
              f"p90 {torch_ms['p90_ms']} ms; onnx/torch median ratio {result['ratio_median']} "
              f"(target <= {result['target_ratio']}: "
              f"{'met' if result['ratio_meets_target'] else 'NOT met'})")
    elif torch_ms:
        print(f"  ultralytics predict: {torch_ms}")
    for key, title in (("stage_ms_one_look", "one look"), ("stage_ms_every_look", "every look")):
        stages = "; ".join(f"{name} {ms}" for name, ms in result[key].items())
        print(f"  ms per frame by look and stage, {title}: {stages}")
    return 0


LIVE_DESCRIPTION = """Updated live readings per second, end to end over HTTP.

Starts the web app on waitress in this process; each client sends a 1280x720 JPEG to /live/frame,
waits for the JSON reading, then sends the next (one frame in flight, as the live page does).
Meanwhile the scoreboard page is fetched 4 times a second to show the server stays responsive.
Target: at least 20 readings/s for one viewer with the shipped model.
"""

LIVE_EXAMPLES = """examples:
  phase10 bench live                          (the shipped model, 1 viewer, 10 s)
  phase10 bench live --reader fake            (the pipeline without the detector)
  phase10 bench live --reader fake --delay-ms 60 --clients 4
  phase10 bench live --model other.onnx --seconds 20 --json
"""


def _register_live(bench_subparsers: argparse._SubParsersAction) -> None:
    live = bench_subparsers.add_parser(
        "live", help="live camera readings per second, end to end", description=LIVE_DESCRIPTION,
        epilog=LIVE_EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    live.add_argument("--reader", choices=("model", "fake"), default="model",
                      help="the shipped detector (default) or a fake reader (pipeline only)")
    live.add_argument("--model", help="ONNX model file (default models/phase10-cards.onnx)")
    live.add_argument("--seconds", type=positive_float, default=10.0, help="duration (10)")
    live.add_argument("--clients", type=positive_int, default=1, help="viewers at once (1)")
    live.add_argument("--delay-ms", type=float, default=0.0,
                      help="fake reader only: sleep this long per frame, as a detector would")
    live.add_argument("--slots", type=positive_int, help="detections at once (default: cores/2)")
    live.add_argument("--json", action="store_true", help="print JSON")
    live.set_defaults(func=run_live)


def run_live(args: argparse.Namespace) -> int:
    """Run ``phase10 bench live`` on the web app; 2 when the model cannot be loaded."""
    try:
        result = bench_live(create_app, args.reader, args.seconds, args.clients,
                            delay_ms=args.delay_ms, model=args.model, slots=args.slots)
    except (FileNotFoundError, ImportError, RuntimeError, ValueError) as error:
        return fail("bench live", str(error))
    print(json.dumps(result.to_dict()) if args.json else result.summary())
    return 0


PAGE_DESCRIPTION = """Does the photo page read what the API reads? Same hand, photo by photo.

Serves the web app with the shipped reader, picks each photo in the hand-scan page's file input
in headless Chromium, and compares the reading the page got with /api/detect's reading of the
file as it is. The photos are a rendered split's scenes, enlarged to phone-photo size.
Target: the same hand for at least 98 % of the photos.
"""

PAGE_EXAMPLES = """examples:
  phase10 bench page --data datasets/eval-g                 (200 test scenes, enlarged 3x)
  phase10 bench page --data datasets/eval-g --limit 20 --json
"""


def _register_page(bench_subparsers: argparse._SubParsersAction) -> None:
    page = bench_subparsers.add_parser(
        "page", help="the photo page against the API: the same hand?",
        description=PAGE_DESCRIPTION, epilog=PAGE_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    page.add_argument("--data", type=Path, required=True, help="a rendered dataset folder")
    page.add_argument("--split", default="test", choices=("train", "val", "test"))
    page.add_argument("--limit", type=positive_int, default=200, help="photos (200)")
    page.add_argument("--scale", type=positive_float, default=3.0,
                      help="enlarge each scene this much (3: 640 -> 1920 pixels)")
    page.add_argument("--json", action="store_true", help="print JSON")
    page.set_defaults(func=run_page)


def run_page(args: argparse.Namespace) -> int:
    """Run ``phase10 bench page``; 2 when the photos, the model or the browser are missing."""
    with tempfile.TemporaryDirectory() as folder:
        try:
            photos = enlarged_photos(args.data, args.split, args.limit, args.scale, Path(folder))
            result = bench_page(create_app, photos)
        except (FileNotFoundError, ValueError, RuntimeError, ModelError) as error:
            return fail("bench page", str(error))
    print(json.dumps(result.to_dict()) if args.json else result.summary())
    return 0


STAGES_DESCRIPTION = """What each look and stage of the reader buys and costs, as a table.

Each set is read with the whole reader, then once without each look or stage; a row gives, per
set, the change in F1 and exact hands when that part is left out (negative: it was helping) and
its milliseconds per photo. Sets: NAME=DIR for a folder of labelled photos, NAME=DIR:SPLIT for a
rendered split, with @N to read only the first N.
"""

STAGES_EXAMPLES = """examples:
  phase10 bench stages --set uno-table=../shared/realdata/uno-table
  phase10 bench stages --set eval-g=datasets/eval-g:test@300 --set fans=DIR/uno-fans@300
  phase10 bench stages --set uno-table=../shared/realdata/uno-table --part vanished --json
"""


def _register_stages(bench_subparsers: argparse._SubParsersAction) -> None:
    stages = bench_subparsers.add_parser(
        "stages", help="what each stage of the reader buys on held-out sets, and its ms",
        description=STAGES_DESCRIPTION, epilog=STAGES_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    stages.add_argument("--set", dest="sets", action="append", required=True,
                        metavar="NAME=DIR[:SPLIT][@N]", help="an evaluation set (repeatable)")
    stages.add_argument("--part", dest="parts", type=look_or_stage, action="append",
                        metavar="STAGE", help="only these looks or stages (repeatable)")
    stages.add_argument("--model", type=Path, help="ONNX model (models/phase10-cards.onnx)")
    stages.add_argument("--json", action="store_true", help="print the table as JSON")
    stages.set_defaults(func=_run_stages)


def _run_stages(args: argparse.Namespace) -> int:
    try:
        sets = [parse_set(text) for text in args.sets]
        table = stage_table(sets, args.parts or PARTS, str(args.model) if args.model else None,
                            progress=lambda line: print(line, file=sys.stderr, flush=True))
    except (ValueError, ModelError) as error:
        return fail("bench stages", str(error))
    print(json.dumps(table) if args.json else markdown(table))
    return 0


BENCHMARKS: list[Callable[[argparse._SubParsersAction], None]] = [_register_rules,
                                                                   _register_detect,
                                                                   _register_live,
                                                                   _register_page,
                                                                   _register_stages]
"""One registration function per ``phase10 bench`` sub-command."""


def register(subparsers: argparse._SubParsersAction) -> None:
    bench = subparsers.add_parser(
        "bench", help="benchmarks (bench rules, ...)", epilog=BENCH_EXAMPLES,
        description="Time parts of the assistant.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    inner = bench.add_subparsers(dest="benchmark", metavar="benchmark",
                                 parser_class=type(bench))
    for add in BENCHMARKS:
        add(inner)

    def _no_benchmark(args: argparse.Namespace) -> int:
        bench.print_help()
        return 2

    bench.set_defaults(func=_no_benchmark)
