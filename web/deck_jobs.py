"""Background fine-tuning jobs for the Decks page: one subprocess per deck, watched by a thread.

The training runs in a child process (``python -m scorer.cli.deck_command deck train``), so torch
never loads into the serving process; it reports progress into a JSON file that the page polls
(:func:`scorer.decks.finetune.read_job`). The watching thread marks the job failed if the child
dies without saying so. ``app.config["DECK_TRAIN_COMMAND"]`` replaces the command prefix (tests).
"""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from pathlib import Path

from flask import Flask

from scorer.decks import finetune

DEFAULT_COMMAND = (sys.executable, "-m", "scorer.cli.deck_command")


class JobRunning(RuntimeError):
    """A fine-tuning job for this deck is already running."""


def _jobs(app: Flask) -> dict[str, threading.Thread]:
    return app.extensions.setdefault("phase10_deck_jobs", {})


_LOCK = threading.Lock()


def running(app: Flask, deck: str) -> bool:
    thread = _jobs(app).get(deck)
    return thread is not None and thread.is_alive()


def start(app: Flask, deck: str, minutes: float | None = None) -> Path:
    """Start fine-tuning ``deck`` in the background; returns the progress file.

    Raises :class:`JobRunning` when one is already running for this deck.
    """
    instance = Path(app.instance_path)
    path = finetune.job_path(instance, deck)
    command = [*(app.config.get("DECK_TRAIN_COMMAND") or DEFAULT_COMMAND), "deck",
               "--instance", str(instance), "train", deck, "--progress-file", str(path)]
    if minutes:
        command += ["--minutes", str(minutes)]
    with _LOCK:
        if running(app, deck):
            raise JobRunning(f"the deck {deck!r} is already being fine-tuned")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.unlink(missing_ok=True)
        finetune.write_job(path, state="running", stage="start", fraction=0.0,
                           message="starting", started=time.time(), deck=deck)
        thread = threading.Thread(target=_watch, args=(command, path), daemon=True,
                                  name=f"finetune-{deck}")
        _jobs(app)[deck] = thread
        thread.start()
    return path


def _watch(command: list[str], path: Path) -> None:
    log = path.with_suffix(".log")
    with log.open("w") as out:
        code = subprocess.call(command, stdout=out, stderr=subprocess.STDOUT)
    state = finetune.read_job(path)
    if code != 0 and state.get("state") != "failed":
        tail = log.read_text(errors="replace").strip().splitlines()[-3:]
        finetune.write_job(path, state="failed",
                           error=f"fine-tuning stopped (exit {code}): {' / '.join(tail)}")
    elif code == 0 and state.get("state") != "done":
        finetune.write_job(path, state="done", fraction=1.0)


def status(app: Flask, deck: str) -> dict:
    """The last reported state of ``deck``'s job (``{}`` when none ever ran)."""
    state = finetune.read_job(finetune.job_path(Path(app.instance_path), deck))
    if state.get("state") == "running" and not running(app, deck):
        # the server restarted while the child ran (or it was killed): it is no longer watched
        state = state | {"state": "failed", "error": "the job was interrupted; start it again"}
    return state
