"""Keep ultralytics offline and inside the project: call :func:`prepare` before importing it.

ultralytics probes the network at import, downloads ``Arial.ttf`` for its plots and keeps its
settings in ``~/.config/Ultralytics`` with telemetry ``sync`` on. :func:`prepare` sets
``YOLO_OFFLINE=1``, ``YOLO_AUTOINSTALL=false`` and ``YOLO_CONFIG_DIR`` to the project's ignored
``.ultralytics/`` folder, copies a local TTF there as ``Arial.ttf``, and points ultralytics'
datasets/weights/runs folders into the project with ``sync`` off.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

from scorer.paths import REPO_ROOT, RUNS_DIR

CONFIG_DIR = REPO_ROOT / ".ultralytics"
FONT_CANDIDATES = (
    Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),  # Debian fonts-dejavu-core
    Path("/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf"),
    Path("/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf"),
    Path("/usr/share/fonts/truetype/freefont/FreeSans.ttf"),
)


class TrainingSetupError(RuntimeError):
    """The training extra is missing or ultralytics cannot be set up offline."""


def usable_cores() -> int:
    """The CPU cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def prepare(config_dir: Path = CONFIG_DIR) -> Path:
    """Set the environment so ultralytics stays offline and writes only into the project.

    Idempotent; must run before ``import ultralytics`` (its settings are read at import).
    Returns the config folder. A missing TTF is not fatal (ultralytics then uses PIL's font
    after a failed 3 s download attempt).
    """
    config_dir.mkdir(parents=True, exist_ok=True)
    os.environ["YOLO_OFFLINE"] = "1"
    os.environ["YOLO_AUTOINSTALL"] = "false"
    os.environ["YOLO_CONFIG_DIR"] = str(config_dir)
    os.environ.setdefault("YOLO_VERBOSE", "true")
    # ultralytics sets OMP_NUM_THREADS=1 at import when it is unset, which leaves torch on one
    # core: on this 2-core machine a batch of 16 tiles at 320 took 2.4 s with one thread and
    # 1.75 s with two. A value the user set is kept.
    os.environ.setdefault("OMP_NUM_THREADS", str(usable_cores()))
    font = config_dir / "Arial.ttf"
    if not font.exists():
        source = next((p for p in FONT_CANDIDATES if p.exists()), None)
        if source is not None:
            shutil.copyfile(source, font)
    return config_dir


def import_ultralytics(config_dir: Path = CONFIG_DIR):
    """Prepare the environment, import ultralytics and keep its folders inside the project.

    Returns the ``ultralytics`` module. Raises :class:`TrainingSetupError` when the ``[train]``
    extra is not installed.
    """
    prepare(config_dir)
    try:
        import ultralytics
        from ultralytics.utils import SETTINGS
    except ImportError as error:
        raise TrainingSetupError(
            f"ultralytics is not installed ({error}); install the training extra: "
            "pip install -e '.[train]'"
        ) from None
    wanted = {
        "datasets_dir": str(REPO_ROOT / "datasets"),
        "weights_dir": str(config_dir / "weights"),
        "runs_dir": str(RUNS_DIR),
        "sync": False,
    }
    if any(SETTINGS.get(key) != value for key, value in wanted.items()):
        SETTINGS.update(wanted)
    _undo_pil_patch()
    return ultralytics


def training_threads() -> int:
    """Threads torch trains with: ``OMP_NUM_THREADS`` when set to a number, else every core."""
    try:
        return max(1, int(os.environ["OMP_NUM_THREADS"]))
    except (KeyError, ValueError):
        return usable_cores()


def claim_cores(model) -> None:
    """Make ``model``'s next training run use :func:`training_threads` torch threads.

    For CPU training ultralytics sets torch to one thread fewer than the cores (in
    ``select_device``, when the trainer is built): one thread on a 2-core machine. A callback
    that runs once the trainer exists sets the count back.
    """

    def set_threads(_trainer) -> None:
        import torch

        torch.set_num_threads(training_threads())

    model.add_callback("on_pretrain_routine_start", set_threads)


def _undo_pil_patch() -> None:
    """Give PIL back its own ``Image.open``.

    At import ultralytics replaces ``PIL.Image.open`` process-wide with a wrapper that, on an
    unknown format, tries to load an optional HEIF plugin and fails with ImportError and a logged
    traceback when it is absent. Card photos never need HEIF, and image decoding elsewhere in the
    process (scorer.vision.image_io) must keep PIL's own errors.
    """
    from PIL import Image
    from ultralytics.utils import patches

    original = getattr(patches, "_image_open", None)
    if original is not None and Image.open is getattr(patches, "image_open", None):
        Image.open = original


@contextlib.contextmanager
def stdout_to_stderr() -> Iterator[None]:
    """Send everything written to file descriptor 1 to descriptor 2 for the duration.

    ultralytics logs and draws progress bars on stdout through handlers that hold their own
    reference to it, so ``contextlib.redirect_stdout`` cannot move them; a command whose stdout
    is JSON wraps its ultralytics calls in this instead.
    """
    sys.stdout.flush()
    saved = os.dup(1)
    try:
        os.dup2(2, 1)
        yield
    finally:
        sys.stdout.flush()
        os.dup2(saved, 1)
        os.close(saved)
