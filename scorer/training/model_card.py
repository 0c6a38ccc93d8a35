"""Write a training run's model card (``runs/train/NAME/MODEL_CARD.md``): recipe, data, figures."""

from __future__ import annotations

import hashlib
import json
import platform
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from scorer.paths import REPO_ROOT
from scorer.vision.detections import DEFAULT_CLASS_NAMES

_METRIC_KEYS = (
    ("metrics/precision(B)", "precision (val, boxes)"),
    ("metrics/recall(B)", "recall (val, boxes)"),
    ("metrics/mAP50(B)", "mAP50 (val)"),
    ("metrics/mAP50-95(B)", "mAP50-95 (val)"),
)


def _dataset_config(data_yaml: str) -> dict[str, Any]:
    """The renderer's ``config.json`` next to the dataset (seed, sizes, settings), if any."""
    import yaml  # noqa: PLC0415 - PyYAML comes with the [train] extra (ultralytics)

    try:
        spec = yaml.safe_load(Path(data_yaml).read_text()) or {}
        config = Path(spec.get("path", "")) / "config.json"
        return json.loads(config.read_text())
    except (OSError, ValueError, TypeError):
        return {}


def dataset_command(data_yaml: str, config: dict[str, Any]) -> str | None:
    """The ``phase10 dataset build`` command that re-renders the dataset, from its config.json."""
    import yaml  # noqa: PLC0415 - PyYAML comes with the [train] extra (ultralytics)

    counts = config.get("counts")
    if not counts or "seed" not in config:
        return None
    try:
        root = (yaml.safe_load(Path(data_yaml).read_text()) or {}).get("path", "DATASET")
    except OSError:
        root = "DATASET"
    words = ["phase10", "dataset", "build", "--out", _show(root)]
    for split in ("train", "val", "test"):
        words += [f"--{split}", str(counts.get(split, 0))]
    words += ["--seed", str(config["seed"]), "--imgsz", str(config.get("imgsz", 640))]
    if config.get("crop"):
        words += ["--crop", str(config["crop"])]
    if config.get("faces"):
        words += ["--faces", str(config["faces"])]
    return " ".join(words)


def _show(path: object) -> str:
    """A path relative to the repository root when it lies inside it."""
    try:
        return str(Path(str(path)).resolve().relative_to(REPO_ROOT))
    except ValueError:
        return str(path)


def render_model_card(result: Any, recipe: dict[str, Any], command: str) -> str:
    """The model card text for a :class:`scorer.training.train.TrainResult`."""
    args = result.args
    onnx = result.installed or result.onnx
    digest = hashlib.sha256(Path(onnx).read_bytes()).hexdigest() if onnx else "n/a"
    size_mb = Path(onnx).stat().st_size / 1e6 if onnx else 0.0
    dataset = _dataset_config(str(args.get("data", "")))
    metric_lines = [
        f"| {label} | {result.metrics[key]:.3f} |"
        for key, label in _METRIC_KEYS
        if key in result.metrics
    ] or ["| (no validation metrics recorded) | |"]
    export = recipe["export"]
    rebuild = dataset_command(str(args.get("data", "")), dataset)
    lines = [
        "# phase10-cards.onnx: the card-index detector",
        "",
        "Written by `phase10 train` (scorer/training/model_card.py) when the model was installed.",
        "",
        "## What it detects",
        f"- {len(DEFAULT_CLASS_NAMES)} classes, the corner indices of cards; class id = index in "
        "`scorer.cards.ALL_FACES`, class name = the card's short form:",
        f"  {' '.join(DEFAULT_CLASS_NAMES)}.",
        "- Each card has two indices (top-left, and bottom-right rotated 180 degrees); "
        "`scorer.vision` pairs them into physical cards.",
        "",
        "## Input and output",
        f"- Input: `images` float32 {_input_shape(export)}, RGB, 0..1, letterboxed with grey "
        "(114) padding; class names and input size are in the ONNX metadata.",
        f"- Output: (1, 4 + {len(DEFAULT_CLASS_NAMES)}, anchors) = centre x, centre y, width, "
        "height in input pixels, then one score per class; NMS is done by `scorer.vision`.",
        f"- ONNX opset {export['opset']}, simplified with onnxslim: {export['simplify']}; "
        f"{size_mb:.1f} MB; sha256 `{digest}`.",
        "",
        "## Training",
        f"- Architecture: `{recipe['model']}` built from scratch (no pretrained weights).",
        f"- Trained at imgsz {args.get('imgsz')} on tiles cut from 640-pixel scenes "
        f"(same pixel scale as inference at {export['imgsz']}), batch {args.get('batch')}, "
        f"seed {args.get('seed')}, {result.epochs_done} epochs "
        f"(budget: time={args.get('time')} h, epochs cap {args.get('epochs')}).",
        f"- Wall time: {result.wall_seconds / 60:.1f} min on {platform.machine()} CPU "
        f"({platform.node() or 'unknown host'}), finished {datetime.now(UTC):%Y-%m-%d %H:%M} UTC.",
        f"- Augmentations: fliplr={args.get('fliplr')}, flipud={args.get('flipud')}, "
        f"hsv_h={args.get('hsv_h')}, hsv_s={args.get('hsv_s')}, hsv_v={args.get('hsv_v')}, "
        f"degrees={args.get('degrees')}, perspective={args.get('perspective')}, "
        f"scale={args.get('scale')}, mosaic={args.get('mosaic')}, "
        f"close_mosaic={args.get('close_mosaic')}.",
        "- Full recipe: `scorer/training/recipe.yaml`; ultralytics' own record: "
        f"`{_show(result.run_dir)}/args.yaml` (weights: `{_show(result.best_pt)}`).",
        "",
        "## Data",
        f"- Dataset: `{_show(args.get('data'))}`.",
        f"- Renderer config (seed and settings): `{json.dumps(dataset, sort_keys=True)}`"
        if dataset
        else "- Renderer config: not found next to the dataset.",
        "",
        "## Metrics (last epoch, validation split)",
        "| metric | value |",
        "|---|---|",
        *metric_lines,
        "",
        "Card-level figures (precision/recall of whole cards, exact hands, points, verdicts) come "
        "from `phase10 eval`; see docs/training.md.",
        "",
        "## Reproduce",
        "```sh",
        *([rebuild] if rebuild else []),
        command or "phase10 train --data DATASET",
        "```",
        "",
    ]
    return "\n".join(lines)


def write_model_card(path: Path, result: Any, recipe: dict[str, Any], command: str) -> Path:
    """Write the model card to ``path``; returns it."""
    path.write_text(render_model_card(result, recipe, command))
    return path


def _input_shape(export: dict) -> str:
    size = export["imgsz"]
    if export.get("dynamic"):
        return (f"(1, 3, H, W), H and W multiples of 32 up to {size}: the frame fitted inside "
                f"{size}x{size} (a 4:3 frame runs at {size}x{size * 3 // 4})")
    return f"(1, 3, {size}, {size})"
