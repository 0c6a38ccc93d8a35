"""Fine-tune the shipped detector on a player's deck: render scenes from its faces, train, install.

:func:`finetune` renders a small dataset with the renderer's faces-from-photos mode
(:func:`scorer.render.dataset.build` with ``faces=`` the deck folder), trains from the shipped
weights with the project's training wrapper (:func:`scorer.training.train`, given a copy of the
checked-in recipe whose ``model`` is the shipped ``.pt``), and stores the exported ONNX as the
deck's next model version (:func:`scorer.decks.store.install_model`). The default
:class:`Plan` fits in about 25 minutes on the 2-core CPU this project runs on.

Training needs the ``[train]`` extra; :func:`training_available` checks for it without importing
torch, and :data:`INSTALL_HINT` says how to add it.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import threading
import time
import uuid
import warnings
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

from scorer.decks import store

INSTALL_HINT = ("fine-tuning needs the training extra (ultralytics, torch); install it with: "
                ".venv/bin/pip install -e '.[train]'")

Progress = Callable[[str, float, str], None]
"""``progress(stage, fraction, message)``: stage is render, train, export or done; 0..1 overall."""


class FinetuneError(RuntimeError):
    """Fine-tuning cannot start or did not finish (no training extra, no weights, no deck)."""


@dataclass(frozen=True)
class Plan:
    """How much to render and train. Defaults: about 25 minutes on 2 cores.

    ``time_hours`` is ultralytics' wall-clock budget for training (epochs are re-planned to fit;
    ``epochs`` is then a cap). Images are ``crop`` x ``crop`` tiles cut from ``scene``-pixel
    scenes, the shipped model's training scale. ``freeze`` keeps the first layers (the backbone)
    as shipped: faster steps and less forgetting. ``base`` is the starting ``.pt`` (None: the
    shipped weights, see :func:`base_weights`).
    """

    train_images: int = 600
    val_images: int = 60
    epochs: int = 30
    time_hours: float | None = 0.33
    imgsz: int = 320
    scene: int = 640
    crop: int | None = 320
    batch: int = 16
    freeze: int = 10
    seed: int = 7
    workers: int = 2
    base: str | None = None
    overrides: dict = field(default_factory=dict)


DEFAULT_PLAN = Plan()
"""About 25 minutes on 2 cores: 600 tiles rendered, 20 minutes of training, export."""

QUICK = Plan(train_images=8, val_images=2, epochs=1, time_hours=None, imgsz=64, scene=128,
             crop=None, batch=4, freeze=0, workers=1, base="yolov8n.yaml")
"""A smoke-test plan: seconds, not a useful model (from scratch unless ``base`` is set)."""


def training_available() -> bool:
    """Whether the ``[train]`` extra is installed (checked without importing it)."""
    return all(importlib.util.find_spec(name) is not None for name in ("ultralytics", "torch"))


def base_weights() -> Path:
    """The shipped model's ``.pt``: ``models/phase10-cards.pt``. Raises :class:`FinetuneError`
    when it is missing."""
    from scorer.vision.reading import default_weights

    path = default_weights()
    if not path.is_file():
        raise FinetuneError(
            f"no trained weights to start from: expected {path} "
            f"(train the shipped model first: see docs/training.md)")
    return path


class _Ticker:
    """Reports progress from a background thread while a long step runs."""

    def __init__(self, report: Callable[[], None], every: float = 2.0) -> None:
        self.report, self.every = report, every
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self.stop.wait(self.every):
            self.report()

    def __enter__(self) -> _Ticker:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.thread.join()


def _count_lines(path: Path) -> int:
    try:
        return max(0, len(path.read_text().splitlines()) - 1)
    except OSError:
        return 0


def render_deck_dataset(deck_folder: Path, out: Path, plan: Plan,
                        progress: Progress | None = None) -> Path:
    """Render ``plan``'s scenes of the deck in ``deck_folder`` into ``out``; returns ``out``."""
    from scorer.render.dataset import Settings, build

    settings = Settings(seed=plan.seed, imgsz=plan.scene, crop=plan.crop, faces=str(deck_folder))
    counts = {"train": plan.train_images, "val": plan.val_images, "test": 0}
    total = plan.train_images + plan.val_images

    def tick() -> None:
        done = sum(1 for _ in (out / "images").rglob("*.jpg")) if (out / "images").is_dir() else 0
        if progress:
            progress("render", 0.15 * min(done / max(total, 1), 1.0),
                     f"rendering scenes of the deck: {done}/{total}")

    with _Ticker(tick):
        build(out, counts, settings, workers=plan.workers, progress=False)
    return out


def finetune(instance: Path, deck: str, plan: Plan = DEFAULT_PLAN, *, work: Path | None = None,
             use: bool = True, progress: Progress | None = None) -> str:
    """Fine-tune the detector on deck ``deck`` of ``instance``; returns the new model version.

    With ``use`` the new version becomes the chosen model. ``work`` holds the rendered data and
    the training run (default: ``runs/finetune/DECK``). Raises :class:`FinetuneError` without the
    training extra or starting weights, :class:`~scorer.decks.store.DeckError` for an unknown
    or incomplete deck.
    """
    if not training_available():
        raise FinetuneError(INSTALL_HINT)
    folder = store.deck_folder(instance, deck)
    base = plan.base or str(base_weights())
    from scorer.training import TrainingError, TrainingSetupError, train
    from scorer.training.offline import RUNS_DIR

    work = Path(work or RUNS_DIR / "finetune" / deck).resolve()
    work.mkdir(parents=True, exist_ok=True)
    for old in [*work.glob("data-*"), work / "run"]:  # a previous fine-tune of this deck
        shutil.rmtree(old, ignore_errors=True)
    started = time.time()
    report = progress or (lambda *a: None)
    report("render", 0.0, "rendering scenes of the deck")
    data = render_deck_dataset(folder, work / f"data-{uuid.uuid4().hex[:6]}", plan, progress)
    run_name = "run"
    run_dir = work / run_name
    budget = (plan.time_hours or 0) * 3600

    def tick() -> None:
        epochs = _count_lines(run_dir / "results.csv")
        by_epoch = epochs / plan.epochs
        by_time = (time.time() - train_start) / budget if budget else 0.0
        report("train", 0.15 + 0.8 * min(max(by_epoch, by_time), 1.0),
               f"training: epoch {epochs} done, {int(time.time() - train_start)} s")

    # From trained weights: a quarter of the recipe's from-scratch rate (AdamW 0.002) and a short,
    # gentle warm-up (the recipe's bias warm-up starts at 0.1, meant for training from scratch,
    # and would shake the shipped head).
    overrides = {"freeze": plan.freeze or None, "val": True, "plots": False, "cache": "ram",
                 "optimizer": "AdamW", "lr0": 0.0005, "warmup_epochs": 0.5,
                 "warmup_bias_lr": 0.01} | plan.overrides
    train_start = time.time()
    try:
        with _Ticker(tick), warnings.catch_warnings():
            # Third-party warnings (torch's TracerWarning during the ONNX export, ...) must not
            # abort a long run where warnings are errors (pytest here); show them, go on.
            warnings.simplefilter("default")
            result = train(data, epochs=plan.epochs, imgsz=plan.imgsz, batch=plan.batch,
                           time_hours=plan.time_hours, name=run_name, project=work,
                           weights=base, models_dir=None,
                           overrides=overrides, command=f"phase10 deck train {deck}")
    except (TrainingError, TrainingSetupError) as error:
        raise FinetuneError(str(error)) from None
    if result.onnx is None:
        raise FinetuneError("training finished but no ONNX was exported")
    report("export", 0.97, "installing the new model")
    meta = {"base": base, "plan": asdict(plan), "epochs_done": result.epochs_done,
            "wall_seconds": round(time.time() - started, 1), "metrics": result.metrics,
            "created": time.strftime("%Y-%m-%dT%H:%M:%S")}
    version = store.install_model(instance, deck, result.onnx, meta)
    if use:
        store.choose_model(instance, version)
    report("done", 1.0, f"model {version} ready" + (" and in use" if use else ""))
    return version


# ------------------------------------------------------------ progress files for background jobs


def job_path(instance: Path, deck: str) -> Path:
    """Where the fine-tuning job of ``deck`` reports its progress (JSON)."""
    return store.models_root(instance) / ".jobs" / f"{store.check_name(deck)}.json"


def write_job(path: Path, **fields: object) -> dict:
    """Merge ``fields`` into the job file (atomically); returns the new state."""
    path.parent.mkdir(parents=True, exist_ok=True)
    state = read_job(path) | fields | {"updated": time.time()}
    tmp = path.with_name(f".{path.name}.{uuid.uuid4().hex[:6]}")
    tmp.write_text(json.dumps(state))
    os.replace(tmp, path)
    return state


def read_job(path: Path) -> dict:
    """The job's last reported state (empty when there is none)."""
    try:
        return json.loads(Path(path).read_text())
    except (OSError, ValueError):
        return {}


def file_progress(path: Path) -> Progress:
    """A progress callback that writes each report to the job file ``path``."""
    def report(stage: str, fraction: float, message: str) -> None:
        write_job(path, state="running", stage=stage, fraction=round(fraction, 3),
                  message=message)
    return report
