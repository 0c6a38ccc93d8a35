"""``phase10 dataset``: bad options refused with exit 2 and a message, before anything is
rendered; the rendering itself is tested in ``tests/render/test_dataset.py``."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from scorer.cli import main


def test_build_rejects_a_crop_larger_than_the_scene(tmp_path: Path) -> None:
    assert main(["dataset", "build", "--out", str(tmp_path), "--imgsz", "320",
                 "--crop", "640"]) == 2


def test_faces_folder_missing_faces_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "R1.png").write_bytes(cv2.imencode(".png", np.zeros((8, 8, 3), np.uint8))[1])
    code = main(["dataset", "build", "--out", str(tmp_path / "o"), "--train", "1", "--val", "0",
                 "--test", "0", "--faces", str(tmp_path), "--workers", "1"])
    assert code == 2


def test_negative_seed_is_bad_input(tmp_path: Path) -> None:
    assert main(["dataset", "build", "--out", str(tmp_path), "--seed", "-1"]) == 2


def test_bad_build_options_say_what_is_wrong(tmp_path: Path, capsys) -> None:
    assert main(["dataset", "build", "--out", str(tmp_path / "o"), "--faces",
                 str(tmp_path / "none")]) == 2
    assert "is not a folder" in capsys.readouterr().err
    assert main(["dataset", "build", "--out", str(tmp_path / "o"), "--imgsz", "32"]) == 2
    assert "too small" in capsys.readouterr().err
    assert not (tmp_path / "o").exists()


def test_showing_a_dataset_that_is_not_there_exits_2(tmp_path: Path, capsys) -> None:
    assert main(["dataset", "show", str(tmp_path / "none")]) == 2
    assert "phase10: error:" in capsys.readouterr().err


def test_dataset_alone_prints_its_help(capsys) -> None:
    assert main(["dataset"]) == 2
    assert "build" in capsys.readouterr().out
