"""The model card ``phase10 train`` writes: what the file is (its hash), how well it did, and
the commands that rebuild its data and retrain it."""

from __future__ import annotations

import hashlib
import json
from types import SimpleNamespace

import pytest

from scorer.training.model_card import dataset_command, render_model_card

pytest.importorskip("yaml")

RECIPE = {"model": "yolov8n.yaml", "export": {"imgsz": 640, "opset": 17, "simplify": True,
                                              "dynamic": True}}
CONFIG = {"seed": 7, "imgsz": 640, "crop": 320, "counts": {"train": 100, "val": 10, "test": 5}}


@pytest.fixture
def dataset(tmp_path):
    """A rendered dataset's data.yaml with the renderer's config.json beside it."""
    (tmp_path / "set").mkdir()
    (tmp_path / "set" / "config.json").write_text(json.dumps(CONFIG))
    data = tmp_path / "set" / "data.yaml"
    data.write_text(f"path: {tmp_path / 'set'}\ntrain: images/train\n")
    return data


def _result(tmp_path, data, metrics: dict) -> SimpleNamespace:
    onnx = tmp_path / "phase10-cards.onnx"
    onnx.write_bytes(b"model bytes")
    return SimpleNamespace(args={"data": str(data), "imgsz": 320, "batch": 16, "seed": 0},
                           installed=onnx, onnx=None, metrics=metrics, epochs_done=3,
                           wall_seconds=120.0, run_dir=tmp_path / "run",
                           best_pt=tmp_path / "run" / "best.pt")


def test_the_card_names_the_files_hash_its_metrics_and_how_to_reproduce_it(tmp_path, dataset):
    card = render_model_card(_result(tmp_path, dataset, {"metrics/mAP50(B)": 0.9123}), RECIPE,
                             "phase10 train --data set/data.yaml")
    assert hashlib.sha256(b"model bytes").hexdigest() in card
    assert "| mAP50 (val) | 0.912 |" in card
    assert "--train 100 --val 10 --test 5 --seed 7 --imgsz 640 --crop 320" in card
    assert card.rstrip().endswith("phase10 train --data set/data.yaml\n```")
    assert "a 4:3 frame runs at 640x480" in card


def test_a_run_without_validation_metrics_says_so(tmp_path, dataset):
    card = render_model_card(_result(tmp_path, dataset, {}), RECIPE, "")
    assert "(no validation metrics recorded)" in card and "phase10 train --data DATASET" in card


def test_a_dataset_without_its_renderer_config_cannot_be_rebuilt(tmp_path, dataset):
    assert dataset_command(str(dataset), {}) is None
    assert dataset_command(str(dataset), {"counts": {"train": 1}}) is None  # no seed
