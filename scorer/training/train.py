"""Train the card-index detector with ultralytics from the checked-in recipe, export ONNX.

Everything ultralytics-specific stays here; ultralytics and torch are imported lazily (only when
training), after :func:`scorer.training.offline.prepare` has made them offline.
"""

from __future__ import annotations

import csv
import json
import shutil
import time
import warnings
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scorer.training.offline import (
    REPO_ROOT,
    RUNS_DIR,
    TrainingSetupError,
    claim_cores,
    import_ultralytics,
)
from scorer.training.portable import make_onnx_portable, make_weights_portable

RECIPE_PATH = Path(__file__).with_name("recipe.yaml")
MODELS_DIR = REPO_ROOT / "models"
MODEL_NAME = "phase10-cards.onnx"


class TrainingError(ValueError):
    """Bad training input: a missing dataset, an unknown recipe key, nothing to resume."""


def load_recipe(path: Path = RECIPE_PATH) -> dict[str, Any]:
    """The training recipe (``model``, ``train`` and ``export`` sections) as a dict."""
    import yaml  # PyYAML comes with the [train] extra

    try:
        recipe = yaml.safe_load(Path(path).read_text())
    except FileNotFoundError:
        raise TrainingError(f"no recipe file at {path}") from None
    if not isinstance(recipe, dict) or not {"model", "train", "export"} <= recipe.keys():
        raise TrainingError(f"{path}: a recipe needs the keys model, train and export")
    return recipe


def resolve_data_yaml(data: str | Path, out_dir: Path) -> Path:
    """A copy of the dataset's ``data.yaml`` with an absolute ``path``, written into ``out_dir``.

    ``data`` is a dataset folder or its ``data.yaml``. A relative ``path`` inside the yaml is
    taken relative to the yaml's folder (ultralytics would take it relative to its own datasets
    folder). Raises :class:`TrainingError` when the dataset is missing or has no train split.
    """
    import yaml

    data = Path(data)
    yaml_path = data / "data.yaml" if data.is_dir() else data
    if not yaml_path.is_file():
        raise TrainingError(
            f"no dataset at {data}: expected a folder with data.yaml "
            "(build one with: phase10 dataset build --out datasets/NAME ...)"
        )
    spec = yaml.safe_load(yaml_path.read_text()) or {}
    if "train" not in spec or "names" not in spec:
        raise TrainingError(f"{yaml_path} needs at least 'train' and 'names'")
    root = Path(spec.get("path") or ".")
    if not root.is_absolute():
        root = (yaml_path.parent / root).resolve()
    spec["path"] = str(root)
    if not (root / str(spec["train"])).exists():
        raise TrainingError(f"{yaml_path}: train split {root / str(spec['train'])} does not exist")
    if "val" not in spec:
        spec["val"] = spec["train"]
    out_dir.mkdir(parents=True, exist_ok=True)
    resolved = out_dir / f"{yaml_path.parent.name}.data.yaml"
    resolved.write_text(yaml.safe_dump(spec, sort_keys=False))
    return resolved


@dataclass
class TrainResult:
    """What a training run produced and how long it took."""

    run_dir: Path
    best_pt: Path
    onnx: Path | None
    installed: Path | None
    wall_seconds: float
    epochs_done: int
    metrics: dict[str, float] = field(default_factory=dict)
    args: dict[str, Any] = field(default_factory=dict)


def train(
    data: str | Path,
    *,
    epochs: int | None = None,
    imgsz: int | None = None,
    batch: int | None = None,
    time_hours: float | None = None,
    name: str = "phase10",
    project: Path = RUNS_DIR / "train",
    resume: bool = False,
    recipe_path: Path = RECIPE_PATH,
    models_dir: Path | None = MODELS_DIR,
    overrides: Mapping[str, Any] | None = None,
    command: str = "",
    export: bool = True,
    weights: str | Path | None = None,
    device: str | None = None,
) -> TrainResult:
    """Train (or resume) a detector on ``data`` with the recipe, then export and install it.

    ``time_hours`` is ultralytics' ``time=``: a wall-clock budget that re-plans the epoch count
    after each epoch and stops the run on time. ``models_dir=None`` skips copying the ONNX into
    ``models/`` and writing the model card. ``command`` (the command line) goes into the card.
    ``weights`` (a trained ``.pt``, or another model yaml) replaces the recipe's untrained model
    yaml as the starting point: a new run with a fresh schedule, not a resume.
    ``device`` (``cpu`` or a CUDA index such as ``0``) replaces the recipe's; on a GPU the
    recipe's ``gpu`` section applies over its ``train`` section. ``export=False`` stops after
    training (export elsewhere with :func:`export_onnx`).
    Raises :class:`TrainingError` on bad input and :class:`TrainingSetupError` without the extra.
    """
    recipe = load_recipe(recipe_path)
    project = Path(project).resolve()
    run_dir = project / name
    started = time.time()
    ultralytics = import_ultralytics()
    if resume:
        last = run_dir / "weights" / "last.pt"
        if not last.is_file():
            raise TrainingError(f"nothing to resume: {last} does not exist")
        model = ultralytics.YOLO(str(last))
        claim_cores(model)
        model.train(resume=True)
    else:
        args = training_args(recipe, device)
        for key, value in {"epochs": epochs, "imgsz": imgsz, "batch": batch}.items():
            if value is not None:
                args[key] = value
        if time_hours is not None:
            args["time"] = float(time_hours)
        args.update(overrides or {})
        if (weights is not None and Path(weights).suffix == ".pt"
                and "warmup_bias_lr" not in (overrides or {})):
            # ultralytics warms biases up from 0.1, a jolt meant for an untrained head.
            args["warmup_bias_lr"] = min(0.1, float(args.get("lr0", 0.01)))
        args["data"] = str(resolve_data_yaml(data, project / "_data"))
        args.update(project=str(project), name=name, exist_ok=True)
        model = _starting_model(ultralytics, weights or recipe["model"])
        claim_cores(model)
        model.train(**args)
    wall = time.time() - started
    weights_dir = run_dir / "weights"
    best = weights_dir / "best.pt"
    if not best.is_file():
        best = weights_dir / "last.pt"
    if not best.is_file():
        raise TrainingSetupError(f"training finished without weights in {weights_dir}")
    metrics, epochs_done = read_results(run_dir / "results.csv")
    run_args = _read_args(run_dir / "args.yaml")
    result = TrainResult(run_dir, best, None, None, wall, epochs_done, metrics, run_args)
    if export:
        result.onnx = export_onnx(best, recipe["export"])
        if models_dir is not None:
            result.installed = install_model(result.onnx, Path(models_dir), best)
        from scorer.training.model_card import write_model_card

        write_model_card(run_dir / "MODEL_CARD.md", result, recipe, command)
    (run_dir / "phase10_train.json").write_text(json.dumps(_summary(result, command), indent=2))
    return result


def _starting_model(ultralytics: Any, start: str | Path) -> Any:
    """The ultralytics model for ``start``: trained weights (``.pt``) or a model yaml.

    Raises :class:`TrainingError` when it is neither or does not exist.
    """
    start = Path(start)
    if start.suffix not in (".pt", ".yaml", ".yml"):
        raise TrainingError(f"cannot start from {start}: expected trained weights (.pt) or a "
                            "model yaml such as yolo11n.yaml")
    if start.suffix == ".pt" and not start.is_file():
        raise TrainingError(f"no weights to start from: {start} does not exist")
    try:
        return ultralytics.YOLO(str(start))
    except FileNotFoundError as error:
        raise TrainingError(f"no model yaml {start}: not a file, nor one of ultralytics' "
                            "(yolov8n.yaml, yolo11n.yaml, ...)") from error


def training_args(recipe: Mapping[str, Any], device: str | None = None) -> dict[str, Any]:
    """The recipe's ultralytics train arguments for ``device`` (the recipe's own when None).

    A device other than ``cpu`` is a GPU: the recipe's ``gpu`` section is applied on top.
    """
    args = dict(recipe["train"])
    if device is not None:
        args["device"] = device
    if str(args.get("device", "cpu")).lower() != "cpu":
        args.update(recipe.get("gpu") or {})
    return args


def export_onnx(weights: Path, export_args: Mapping[str, Any]) -> Path:
    """Export ``weights`` (.pt) to ONNX with the recipe's export settings; returns the .onnx path.

    The file lands next to the weights; ultralytics writes class names, input size and stride
    into the ONNX metadata, which :mod:`scorer.vision.onnx_detector` reads back.
    """
    ultralytics = import_ultralytics()
    model = ultralytics.YOLO(str(weights))
    with warnings.catch_warnings():
        # ultralytics deliberately uses torch's TorchScript exporter (dynamo=False), which emits
        # deprecation and tracer warnings (some from inside torch's C code); show them, but never
        # let a warnings-as-errors filter abort the export.
        warnings.simplefilter("default")
        out = model.export(format="onnx", **dict(export_args))
    if not out or not Path(out).is_file():
        raise TrainingSetupError(f"ONNX export of {weights} failed (see the log above)")
    return Path(out)


def install_model(onnx_path: Path, models_dir: Path = MODELS_DIR,
                  weights: Path | None = None) -> Path:
    """Copy an exported ONNX to ``models_dir/phase10-cards.onnx``; returns the destination.

    ``weights`` (the .pt it was exported from) goes next to it as ``phase10-cards.pt``, the copy
    that fine-tuning and the torch comparison in ``bench detect`` use. Both copies lose this
    machine's paths (:mod:`scorer.training.portable`).
    """
    models_dir.mkdir(parents=True, exist_ok=True)
    destination = models_dir / MODEL_NAME
    shutil.copyfile(onnx_path, destination)
    make_onnx_portable(destination)
    if weights is not None:
        shutil.copyfile(weights, destination.with_suffix(".pt"))
        make_weights_portable(destination.with_suffix(".pt"))
    return destination


def read_results(results_csv: Path) -> tuple[dict[str, float], int]:
    """The last row of ultralytics' ``results.csv`` as floats, and the number of epochs logged."""
    if not results_csv.is_file():
        return {}, 0
    with results_csv.open(newline="") as handle:
        rows = [{k.strip(): v.strip() for k, v in row.items()} for row in csv.DictReader(handle)]
    if not rows:
        return {}, 0
    last: dict[str, float] = {}
    for key, value in rows[-1].items():
        try:
            last[key] = float(value)
        except (TypeError, ValueError):
            continue
    return last, len(rows)


def _read_args(path: Path) -> dict[str, Any]:
    if not path.is_file():
        return {}
    import yaml

    return yaml.safe_load(path.read_text()) or {}


def _summary(result: TrainResult, command: str) -> dict[str, Any]:
    return {
        "run_dir": str(result.run_dir),
        "best_pt": str(result.best_pt),
        "onnx": str(result.onnx) if result.onnx else None,
        "installed": str(result.installed) if result.installed else None,
        "wall_seconds": round(result.wall_seconds, 1),
        "epochs_done": result.epochs_done,
        "metrics": result.metrics,
        "command": command,
    }
