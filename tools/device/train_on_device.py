"""Fine-tune the shipped detector on a lent GPU machine; started by tools/device/run.sh.

Usage: train_on_device.py DEADLINE N_TRAIN [DEVICE]. It renders N_TRAIN fresh 320 tiles (and
300 val tiles) with every core of that machine, then runs `phase10 train`'s code path from
models/phase10-cards.pt until DEADLINE (epoch seconds) with the recipe's `gpu` settings, and
stops without exporting (the device lacks onnxslim; export on the CPU machine with
`phase10 export`). While it trains, best.pt, last.pt and results.csv are
copied into $OUT every 20 s, so a run cut off at the call's limit still brings its weights back.
Environment: SEED (5), RUN_NAME (stage6), LR0 (the recipe's), WEIGHTS (the starting point:
models/phase10-cards.pt, or a model yaml such as yolo11n.yaml to train from scratch).
"""

from __future__ import annotations

import csv
import json
import os
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path

SCRATCH = Path(tempfile.gettempdir())  # the device's scratch disk, outside the working tree
OUT = Path(os.environ.get("OUT", str(SCRATCH / "out")))
DATA = SCRATCH / "ds"
RUNS = SCRATCH / "runs"
RUN_NAME = os.environ.get("RUN_NAME", "stage6")
SEED = int(os.environ.get("SEED", "5"))
LR0 = os.environ.get("LR0")
WEIGHTS = os.environ.get("WEIGHTS", "models/phase10-cards.pt")
VAL_TILES = 300


def copy_outputs() -> None:
    """Copy the run's weights and results into $OUT (whole files only: write, then rename)."""
    run = RUNS / RUN_NAME
    for source in (run / "weights" / "best.pt", run / "weights" / "last.pt", run / "results.csv"):
        if source.is_file():
            partial = OUT / (source.name + ".part")
            shutil.copyfile(source, partial)
            partial.replace(OUT / source.name)


def keep_copying(stop: threading.Event) -> None:
    while not stop.wait(20):
        try:
            copy_outputs()
        except OSError as error:
            print("copy failed:", error, flush=True)


def read_results_csv(self) -> dict:
    """ultralytics' own reader needs polars, which the device lacks; csv does the same."""
    try:
        with open(self.csv, newline="") as handle:
            rows = list(csv.DictReader(handle))
    except OSError:
        return {}
    columns: dict = {}
    for row in rows:
        for key, value in row.items():
            try:
                columns.setdefault(key.strip(), []).append(float(value))
            except (TypeError, ValueError):
                columns.setdefault(key.strip(), []).append(value)
    return columns


def main(deadline: float, n_train: int, device: str) -> None:
    import cv2
    import torch

    from scorer.render.backgrounds import available_photos
    from scorer.render.dataset import Settings, build
    from scorer.render.fonts import fonts_for

    print("torch", torch.__version__, "cv2", cv2.__version__, "cores", os.cpu_count(), flush=True)
    if device != "cpu" and not torch.cuda.is_available():
        sys.exit("no CUDA device")
    print("fonts", len(fonts_for("train")), "photos", available_photos("train"), flush=True)
    started = time.time()
    rendered = build(DATA, {"train": n_train, "val": VAL_TILES, "test": 0},
                     Settings(seed=SEED, imgsz=640, crop=320), workers=os.cpu_count() or 8,
                     progress=False)
    render_seconds = time.time() - started

    from scorer.training.offline import import_ultralytics

    import_ultralytics()
    from ultralytics.engine import trainer

    trainer.BaseTrainer.read_results_csv = read_results_csv
    from scorer.training import train

    hours = (deadline - time.time()) / 3600
    print(f"training for {hours * 60:.1f} min", flush=True)
    stop = threading.Event()
    threading.Thread(target=keep_copying, args=(stop,), daemon=True).start()
    result = train(DATA, time_hours=hours, name=RUN_NAME, project=RUNS, device=device,
                   weights=WEIGHTS, export=False, models_dir=None,
                   overrides={"lr0": float(LR0)} if LR0 else None)
    stop.set()
    copy_outputs()
    summary = {"seed": SEED, "weights": WEIGHTS, "render_seconds": render_seconds,
               "render": rendered, "train_hours": hours, "wall_seconds": result.wall_seconds,
               "epochs": result.epochs_done, "metrics": result.metrics,
               "batch": result.args.get("batch"), "workers": result.args.get("workers"),
               "lr0": result.args.get("lr0")}
    (OUT / "summary.json").write_text(json.dumps(summary, indent=2, default=str))
    print(json.dumps(summary, indent=2, default=str), flush=True)


if __name__ == "__main__":
    main(float(sys.argv[1]), int(sys.argv[2]), sys.argv[3] if len(sys.argv) > 3 else "0")
