"""Shipped model files name no folder of the machine that trained them."""

from __future__ import annotations

from pathlib import Path

from scorer.training.portable import portable_path


def test_paths_under_the_repository_become_relative(tmp_path: Path) -> None:
    text = f"Ultralytics YOLOv8n model trained on {tmp_path}/runs/train/_data/data.yaml"
    assert portable_path(text, tmp_path) == (
        "Ultralytics YOLOv8n model trained on runs/train/_data/data.yaml")
    assert portable_path(str(tmp_path), tmp_path) == "."


def test_paths_elsewhere_keep_only_their_file_name(tmp_path: Path) -> None:
    assert portable_path("/home/someone/data.yaml", tmp_path / "repo") == "data.yaml"
    assert portable_path(f"{tmp_path}-other/x.yaml", tmp_path) == "x.yaml"
    assert portable_path("no path here: 640", tmp_path) == "no path here: 640"
