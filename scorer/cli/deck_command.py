"""``phase10 deck``: teach the detector a player's own deck (enrol, list, use, train, demo)."""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from pathlib import Path

import cv2

from scorer.cli.arg_types import positive_float, positive_int
from scorer.cli.output import fail
from scorer.decks import finetune as ft
from scorer.decks import store
from scorer.decks.demo import run_demo
from scorer.decks.enrol import RetakeError
from scorer.decks.layout import SHEETS
from scorer.decks.session import Enrolment
from scorer.vision.image_io import ImageError, read_image

EXAMPLES = """examples:
  phase10 deck sheets
  phase10 deck enrol home red.jpg blue.jpg green.jpg yellow.jpg specials.jpg --preview check/
  phase10 deck list
  phase10 deck train home --minutes 25
  phase10 deck use home          (or a version: home-v2; or: shipped)
  phase10 deck demo --out runs/deck-demo

Enrolment: lay the cards of one colour face up and upright on a plain, darker surface in
3 rows of 4 (1 2 3 4 / 5 6 7 8 / 9 10 11 12), a finger's width apart, and take a photo from
above; the same for each colour, then one Wild and one Skip side by side (W S). Decks and models
live in the web app's instance folder (--instance, $PHASE10_INSTANCE, else instance/ in the repo).
Fine-tuning needs the training extra: .venv/bin/pip install -e '.[train]'
"""


def _minutes(text: str) -> float:
    """A training budget in minutes, above 0 and at most 120."""
    value = positive_float(text)
    if value > 120:
        raise argparse.ArgumentTypeError(f"minutes must be at most 120, got {text!r}")
    return value


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``deck`` with its actions."""
    fmt = argparse.RawDescriptionHelpFormatter
    parser = subparsers.add_parser("deck", help="teach the detector your own deck",
                                   description=__doc__, epilog=EXAMPLES, formatter_class=fmt)
    parser.add_argument("--instance", type=Path, default=None,
                        help="instance folder ($PHASE10_INSTANCE, else the web app's instance/)")
    sub = parser.add_subparsers(dest="deck_command", metavar="action", parser_class=type(parser))

    sheets = sub.add_parser("sheets", help="show the card order of each enrolment photo")
    sheets.set_defaults(func=_sheets)

    enrol = sub.add_parser("enrol", help="enrol a deck from five sheet photos", epilog=EXAMPLES,
                           formatter_class=fmt)
    enrol.add_argument("name", help="deck name (lower-case letters, digits, - or _)")
    enrol.add_argument("photos", nargs="+", type=Path,
                       help="five photos: red, blue, green, yellow, then Wild+Skip")
    enrol.add_argument("--preview", type=Path, default=None,
                       help="folder for the outlined photos and the found faces, to check")
    enrol.set_defaults(func=_enrol)

    listing = sub.add_parser("list", help="decks, their model versions and the model in use")
    listing.add_argument("--json", action="store_true", help="machine-readable output")
    listing.set_defaults(func=_list)

    use = sub.add_parser("use", help="choose the model the app and detect use")
    use.add_argument("model", help="a deck (its latest model), a version (home-v2) or 'shipped'")
    use.set_defaults(func=_use)

    train = sub.add_parser("train", help="fine-tune the shipped model on a deck",
                           epilog=EXAMPLES, formatter_class=fmt)
    _add_train_options(train)
    train.set_defaults(func=_train)

    demo = sub.add_parser("demo", help="enrol and fine-tune an unseen rendered deck, "
                          "report card F1 / exact hand before and after", epilog=EXAMPLES,
                          formatter_class=fmt)
    demo.add_argument("--out", type=Path, default=Path("runs/deck-demo"), help="output folder")
    demo.add_argument("--eval-images", type=positive_int, default=100, help="test scenes (100)")
    demo.add_argument("--minutes", type=_minutes, default=None,
                      help="training wall-clock budget in minutes (20)")
    demo.add_argument("--train-images", type=positive_int, default=None,
                      help="training tiles (600)")
    demo.add_argument("--seed", type=int, default=11, help="seed of the photos and scenes")
    demo.set_defaults(func=_demo)
    parser.set_defaults(func=lambda args: (parser.print_help(), 2)[1])


def _add_train_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("name", help="the enrolled deck")
    parser.add_argument("--minutes", type=_minutes, default=None,
                        help="training wall-clock budget in minutes (20; about 25 in all)")
    parser.add_argument("--train-images", type=positive_int, default=None,
                        help="training tiles (600)")
    parser.add_argument("--epochs", type=positive_int, default=None, help="epoch cap (30)")
    parser.add_argument("--no-use", action="store_true",
                        help="keep the current model choice (default: use the new model)")
    parser.add_argument("--progress-file", type=Path, default=None,
                        help="write progress as JSON here (the web page's background job)")


def _instance(args: argparse.Namespace) -> Path:
    return args.instance or store.default_instance()


def _sheets(args: argparse.Namespace) -> int:
    for number, sheet in enumerate(SHEETS, 1):
        print(f"photo {number}: {sheet.title} ({sheet.rows} x {sheet.cols})")
        for row in sheet.grid():
            print("   " + " ".join(f"{name:>4}" for name in row))
    return 0


def _enrol(args: argparse.Namespace) -> int:
    if len(args.photos) != len(SHEETS):
        return fail("deck", f"give {len(SHEETS)} photos, in this order: "
                      + ", ".join(sheet.title for sheet in SHEETS))
    try:
        enrolment = Enrolment(_instance(args), args.name)
    except store.DeckError as error:
        return fail("deck", str(error))
    enrolment.discard()
    problems = []
    for sheet, path in zip(SHEETS, args.photos, strict=True):
        try:
            photo = read_image(path)
            result = enrolment.add_photo(sheet.name, photo)
        except (ImageError, RetakeError) as error:
            problems.append(f"{path}: {error}")
            continue
        enrolment.confirm(sheet.name)
        if args.preview:
            folder = args.preview / sheet.name
            folder.mkdir(parents=True, exist_ok=True)
            cv2.imwrite(str(folder / "photo.jpg"), result.preview(photo))
            for card, face in result.faces.items():
                cv2.imwrite(str(folder / f"{card}.png"), face)
        print(f"{sheet.title}: found all {len(sheet.faces)} cards"
              + "".join(f" ({w})" for w in result.warnings))
    if problems:
        enrolment.discard()
        for problem in problems:
            print(f"retake {problem}", file=sys.stderr)
        return fail("deck", f"nothing was saved: retake {len(problems)} photo(s) and run again")
    info = enrolment.finish({"source": "phase10 deck enrol",
                             "photos": [str(p) for p in args.photos]})
    print(f"enrolled deck {info.name}: {info.path}")
    if args.preview:
        print(f"check the found faces in {args.preview}; re-run with a new photo to retake")
    print(f"next: phase10 deck train {info.name}")
    return 0


def _list(args: argparse.Namespace) -> int:
    instance = _instance(args)
    decks = store.list_decks(instance)
    chosen = store.chosen_version(instance)
    if args.json:
        print(json.dumps({"chosen": chosen, "decks": [
            {"name": d.name, "path": str(d.path), "created": d.meta.get("created"),
             "models": d.models} for d in decks]}))
        return 0
    print(f"model in use: {chosen}")
    if not decks:
        print(f"no decks in {instance}; enrol one with: phase10 deck enrol NAME PHOTO...")
    for deck in decks:
        models = ", ".join(deck.models) or "no model yet"
        print(f"{deck.name}: enrolled {deck.meta.get('created', '?')}; models: {models}")
    return 0


def _use(args: argparse.Namespace) -> int:
    instance = _instance(args)
    try:
        version = store.choose_model(instance, args.model)
    except store.DeckError as error:
        return fail("deck", str(error))
    if version == store.SHIPPED:
        print("model in use: shipped (the web app reads cards with it from the next request)")
    else:
        path = store.model_path(instance, version)
        print(f"model in use: {version} (the web app reads cards with it from the next request; "
              f"for phase10 detect/eval pass --model {path})")
    return 0


def plan_from(args: argparse.Namespace):
    """The fine-tuning :class:`~scorer.decks.finetune.Plan` the options ask for."""
    changes = {}
    if getattr(args, "minutes", None):
        changes["time_hours"] = args.minutes / 60
    if getattr(args, "train_images", None):
        changes["train_images"] = args.train_images
        changes["val_images"] = max(10, args.train_images // 10)
    if getattr(args, "epochs", None):
        changes["epochs"] = args.epochs
    return dataclasses.replace(ft.DEFAULT_PLAN, **changes)


def _train(args: argparse.Namespace) -> int:
    """Fine-tune; also reached through ``phase10 train --faces DECK``."""
    report = ft.file_progress(args.progress_file) if args.progress_file else None

    def progress(stage: str, fraction: float, message: str) -> None:
        print(f"[{fraction:4.0%}] {message}", flush=True)
        if report:
            report(stage, fraction, message)

    try:
        version = ft.finetune(_instance(args), args.name, plan_from(args),
                              use=not args.no_use, progress=progress)
    except (ft.FinetuneError, store.DeckError) as error:
        if args.progress_file:
            ft.write_job(args.progress_file, state="failed", error=str(error))
        return fail("deck", str(error))
    if args.progress_file:
        ft.write_job(args.progress_file, state="done", version=version, fraction=1.0)
    print(f"new model {version}" + ("" if args.no_use else " (now in use; "
                                     "switch back with: phase10 deck use shipped)"))
    return 0


def _demo(args: argparse.Namespace) -> int:
    if not ft.training_available():
        return fail("deck", ft.INSTALL_HINT)
    try:
        report = run_demo(args.out, plan_from(args), eval_images=args.eval_images,
                          seed=args.seed)
    except ft.FinetuneError as error:
        return fail("deck", str(error))
    before, after = report["before"], report["after"]
    print(f"{'':>12} {'card F1':>8} {'exact hand':>11}")
    print(f"{'shipped':>12} {before['f1']:>8.3f} {before['exact_hand']:>11.3f}")
    print(f"{report['version']:>12} {after['f1']:>8.3f} {after['exact_hand']:>11.3f}")
    print(f"report: {args.out / 'report.json'}")
    return 0


def run_train_faces(args: argparse.Namespace) -> int:
    """``phase10 train --faces DECK [--time HOURS] [--epochs N]``, as ``phase10 deck train``."""
    minutes = args.time_hours * 60 if getattr(args, "time_hours", None) else None
    return _train(argparse.Namespace(
        instance=None, name=args.faces, minutes=minutes, train_images=None,
        epochs=getattr(args, "epochs", None), no_use=False, progress_file=None))


def main(argv: list[str] | None = None) -> int:
    """``python -m scorer.cli.deck_command deck ...``: the deck command on its own."""
    parser = argparse.ArgumentParser(prog="phase10")
    register(parser.add_subparsers(dest="command", metavar="command"))
    args = parser.parse_args(argv)
    return int(args.func(args)) if getattr(args, "func", None) else 2


if __name__ == "__main__":
    sys.exit(main())
