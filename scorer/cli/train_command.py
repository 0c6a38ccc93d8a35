"""``phase10 train``: train the card-index detector from the checked-in recipe, export ONNX."""

from __future__ import annotations

import argparse
import shlex
from pathlib import Path

from scorer.cli.arg_types import positive_float, positive_int
from scorer.cli.deck_command import run_train_faces
from scorer.cli.output import fail
from scorer.training import TrainingError, TrainingSetupError, train
from scorer.training.offline import RUNS_DIR
from scorer.training.train import (
    MODELS_DIR,
    RECIPE_PATH,
    export_onnx,
    install_model,
    load_recipe,
)

EXAMPLES = """examples:
  phase10 train --data datasets/main --time 1.25
  phase10 train --data datasets/main --epochs 30 --batch 32
  phase10 train --name main --resume
  phase10 train --data datasets/main --time 2 --weights models/phase10-cards.pt
  phase10 train --data datasets/tiny --epochs 1 --imgsz 128 --no-install
  phase10 train --data datasets/main4 --device 0 --time 0.1 --weights models/phase10-cards.pt \
      --no-export

The recipe (model, augmentations, export settings) is scorer/training/recipe.yaml; options here
override it. After training the best weights are exported to ONNX (640, onnxslim) and copied to
models/phase10-cards.onnx (unless --no-install); the run's own card is written to
runs/train/NAME/MODEL_CARD.md.
"""


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "train",
        help="train the card detector (needs the [train] extra)",
        description="Train the card-index detector with ultralytics, offline, from the recipe.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--data", help="dataset folder (with data.yaml) or a data.yaml")
    parser.add_argument("--epochs", type=positive_int, help="epochs (a cap when --time is set)")
    parser.add_argument("--imgsz", type=positive_int, help="training image size (recipe: 320)")
    parser.add_argument("--batch", type=positive_int, help="batch size (recipe: 16)")
    parser.add_argument(
        "--lr0", type=positive_float,
        help="initial learning rate (recipe: 0.002, from scratch); 0.0005 to continue a trained "
        "model",
    )
    parser.add_argument(
        "--time", dest="time_hours", type=positive_float, metavar="HOURS",
        help="wall-clock budget in hours (ultralytics time=): epochs are re-planned to end on time",
    )
    parser.add_argument("--name", default="phase10", help="run name under runs/train/ (phase10)")
    parser.add_argument("--project", type=Path, help="runs folder (default: runs/train)")
    parser.add_argument("--resume", action="store_true", help="resume runs/train/NAME from last.pt")
    parser.add_argument(
        "--weights", type=Path,
        help="start from these trained weights (.pt), or from scratch with another model yaml "
        "such as yolo11n.yaml, instead of the recipe's untrained yolov8n",
    )
    parser.add_argument(
        "--device", metavar="DEVICE",
        help="cpu (the recipe's) or a CUDA device such as 0: then the recipe's gpu settings apply",
    )
    parser.add_argument(
        "--no-export", action="store_true",
        help="stop after training: no ONNX, models/ left alone (export where onnx is installed)",
    )
    parser.add_argument("--recipe", type=Path, help="recipe yaml (scorer/training/recipe.yaml)")
    parser.add_argument("--models-dir", type=Path, help="where to install the model (models/)")
    parser.add_argument(
        "--no-install", action="store_true",
        help="export ONNX into the run folder only; leave models/ alone",
    )
    parser.add_argument(
        "--faces", metavar="DECK",
        help="fine-tune the shipped model on an enrolled deck's faces (as phase10 deck train)",
    )
    parser.set_defaults(func=run_train)
    export = subparsers.add_parser(
        "export",
        help="export trained weights (.pt) to ONNX and install them (needs the [train] extra)",
        description="Export weights trained elsewhere (e.g. `phase10 train --no-export` on a GPU "
        "machine) with the recipe's export settings, and install the ONNX and the .pt in "
        "models/. The model card models/README.md is left as it is.",
    )
    export.add_argument("weights", type=Path,
                        help="the trained weights (runs/train/NAME/weights/best.pt)")
    export.add_argument("--recipe", type=Path, help="recipe yaml (scorer/training/recipe.yaml)")
    export.add_argument("--models-dir", type=Path, help="where to install them (models/)")
    export.add_argument("--no-install", action="store_true",
                        help="write the ONNX next to the weights only; leave models/ alone")
    export.set_defaults(func=run_export)


def run_train(args: argparse.Namespace) -> int:
    if args.faces:
        return run_train_faces(args)
    if not args.resume and not args.data:
        return fail("train", "--data is required (or --resume)")
    kwargs = {}
    if args.recipe:
        kwargs["recipe_path"] = args.recipe
    if args.no_export:
        kwargs["export"] = False
    if args.lr0:
        kwargs["overrides"] = {"lr0": args.lr0}
    if args.no_install:
        kwargs["models_dir"] = None
    elif args.models_dir:
        kwargs["models_dir"] = args.models_dir
    command = _command_line(args)
    try:
        result = train(
            args.data,
            epochs=args.epochs,
            imgsz=args.imgsz,
            batch=args.batch,
            time_hours=args.time_hours,
            name=args.name,
            project=args.project or RUNS_DIR / "train",
            resume=args.resume,
            weights=args.weights,
            device=args.device,
            command=command,
            **kwargs,
        )
    except (TrainingError, TrainingSetupError) as error:
        return fail("train", str(error))
    minutes = result.wall_seconds / 60
    print(f"trained {result.epochs_done} epochs in {minutes:.1f} min: {result.best_pt}")
    if result.onnx:
        print(f"exported {result.onnx}")
    if result.installed:
        print(f"installed {result.installed}; this run's card: {result.run_dir / 'MODEL_CARD.md'} "
              "(models/README.md is written by hand: update its figures)")
    for key in ("metrics/mAP50(B)", "metrics/mAP50-95(B)"):
        if key in result.metrics:
            print(f"{key}: {result.metrics[key]:.3f}")
    return 0


def run_export(args: argparse.Namespace) -> int:
    if args.weights.suffix != ".pt" or not args.weights.is_file():
        return fail("export", f"no trained weights at {args.weights} (a .pt file)")
    try:
        onnx = export_onnx(args.weights, load_recipe(args.recipe or RECIPE_PATH)["export"])
    except (TrainingError, TrainingSetupError) as error:
        return fail("export", str(error))
    print(f"exported {onnx}")
    if not args.no_install:
        installed = install_model(onnx, args.models_dir or MODELS_DIR, args.weights)
        print(f"installed {installed} and {installed.with_suffix('.pt')} "
              "(the model card is not rewritten)")
    return 0


def _command_line(args: argparse.Namespace) -> str:
    """The ``phase10 train`` command that reproduces this run (for the model card)."""
    words = ["phase10", "train"]
    for option, value in (
        ("--data", args.data), ("--epochs", args.epochs), ("--imgsz", args.imgsz),
        ("--batch", args.batch), ("--lr0", args.lr0), ("--time", args.time_hours),
        ("--name", args.name),
        ("--project", args.project), ("--recipe", args.recipe), ("--weights", args.weights),
        ("--device", args.device),
    ):
        if value is not None:
            words += [option, str(value)]
    if args.resume:
        words.append("--resume")
    return shlex.join(words)
