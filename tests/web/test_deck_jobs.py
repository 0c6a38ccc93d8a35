"""Background fine-tuning jobs: one per deck, watched to the end, and never left "running"."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

from scorer.decks import finetune
from web import deck_jobs


def _finished(app, deck: str) -> dict:
    deadline = time.time() + 20
    while deck_jobs.running(app, deck) and time.time() < deadline:
        time.sleep(0.05)
    return deck_jobs.status(app, deck)


def test_a_deck_trains_once_at_a_time(app):
    app.config["DECK_TRAIN_COMMAND"] = [sys.executable, "-c", "import time; time.sleep(1)"]
    path = deck_jobs.start(app, "home")
    assert deck_jobs.status(app, "home")["state"] == "running"
    with pytest.raises(deck_jobs.JobRunning, match="'home' is already being fine-tuned"):
        deck_jobs.start(app, "home")
    assert _finished(app, "home")["state"] == "done"
    assert path == finetune.job_path(Path(app.instance_path), "home")


def test_a_child_that_ends_without_a_word_is_done_or_failed_by_its_exit_code(app):
    app.config["DECK_TRAIN_COMMAND"] = [sys.executable, "-c", "import sys; sys.exit(0)"]
    deck_jobs.start(app, "quiet")
    assert _finished(app, "quiet")["fraction"] == 1.0
    app.config["DECK_TRAIN_COMMAND"] = [sys.executable, "-c",
                                        "print('out of memory'); raise SystemExit(4)"]
    deck_jobs.start(app, "broken")
    state = _finished(app, "broken")
    assert state["state"] == "failed" and "exit 4" in state["error"]
    assert "out of memory" in state["error"]


def test_a_job_no_one_watches_any_more_reads_as_interrupted(app):
    """The server restarted while a child ran: the page must not wait for it forever."""
    path = finetune.job_path(Path(app.instance_path), "old")
    path.parent.mkdir(parents=True, exist_ok=True)
    finetune.write_job(path, state="running", fraction=0.3)
    state = deck_jobs.status(app, "old")
    assert state["state"] == "failed" and "start it again" in state["error"]
    assert deck_jobs.status(app, "never") == {}
