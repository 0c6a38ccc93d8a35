"""ultralytics kept offline and inside the project, on every core, and its stdout kept out of a
command's JSON."""

from __future__ import annotations

import os

from scorer.training import offline
from tests.training.test_train import needs_ultralytics


def test_prepare_sets_offline_environment(tmp_path, monkeypatch):
    for key in ("YOLO_OFFLINE", "YOLO_AUTOINSTALL", "YOLO_CONFIG_DIR"):
        monkeypatch.delenv(key, raising=False)
    config = offline.prepare(tmp_path / "cfg")
    assert os.environ["YOLO_OFFLINE"] == "1"
    assert os.environ["YOLO_AUTOINSTALL"] == "false"
    assert os.environ["YOLO_CONFIG_DIR"] == str(config)
    if any(p.exists() for p in offline.FONT_CANDIDATES):
        assert (config / "Arial.ttf").stat().st_size > 10_000


def test_training_uses_every_core_unless_told_otherwise(tmp_path, monkeypatch):
    """ultralytics would pin torch to one thread at import; prepare() claims all cores first."""
    monkeypatch.delenv("OMP_NUM_THREADS", raising=False)
    offline.prepare(tmp_path / "cfg")
    assert os.environ["OMP_NUM_THREADS"] == str(offline.usable_cores())
    monkeypatch.setenv("OMP_NUM_THREADS", "1")
    offline.prepare(tmp_path / "cfg")
    assert os.environ["OMP_NUM_THREADS"] == "1"


@needs_ultralytics
def test_training_runs_get_the_thread_count_back(monkeypatch):
    """ultralytics' select_device leaves cores - 1 torch threads; the callback restores them."""
    import torch

    callbacks = {}

    class Model:
        def add_callback(self, event, function):
            callbacks[event] = function

    before = torch.get_num_threads()
    monkeypatch.setenv("OMP_NUM_THREADS", "3")
    try:
        offline.claim_cores(Model())
        torch.set_num_threads(1)  # what select_device does on a 2-core machine
        callbacks["on_pretrain_routine_start"](None)
        assert torch.get_num_threads() == 3
    finally:
        torch.set_num_threads(before)


def test_a_thread_count_that_is_not_a_number_falls_back_to_every_core(monkeypatch):
    monkeypatch.setenv("OMP_NUM_THREADS", "many")
    assert offline.training_threads() == offline.usable_cores()
    monkeypatch.setenv("OMP_NUM_THREADS", "0")
    assert offline.training_threads() == 1


def test_what_a_library_prints_goes_to_stderr_while_the_output_is_json(capfd):
    with offline.stdout_to_stderr():
        os.write(1, b"epoch 1/3\n")
    os.write(1, b"{}\n")
    captured = capfd.readouterr()
    assert captured.out == "{}\n" and "epoch 1/3" in captured.err
