"""tools/webcam_copy.py: a rendered split as a webcam with a cast would deliver it."""

from __future__ import annotations

import argparse
import importlib.util
import json
from pathlib import Path

import cv2
import numpy as np
import pytest

TOOL = Path(__file__).resolve().parents[2] / "tools" / "webcam_copy.py"
spec = importlib.util.spec_from_file_location("webcam_copy", TOOL)
webcam_copy = importlib.util.module_from_spec(spec)
spec.loader.exec_module(webcam_copy)


def test_a_white_card_turns_green_and_grey_under_the_webcam():
    white = np.full((40, 40, 3), 255, np.uint8)
    look = webcam_copy.through_webcam(white, (0.7, 1.0, 0.7), 0.6, 20,
                                      np.random.default_rng(0))
    b, g, r = (float(look[..., k].mean()) for k in range(3))
    assert g - (r + b) / 2 > 30  # the cast
    assert g < 200  # washed out: the white is no longer white


def test_the_copy_keeps_the_truth_and_every_image(tmp_path: Path):
    data, out = tmp_path / "data", tmp_path / "out"
    (data / "images" / "test").mkdir(parents=True)
    (data / "labels" / "test").mkdir(parents=True)
    for k in range(3):
        cv2.imwrite(str(data / "images" / "test" / f"test_{k:06d}.jpg"),
                    np.full((32, 32, 3), 200, np.uint8))
        (data / "labels" / "test" / f"test_{k:06d}.txt").write_text("0 0.5 0.5 0.1 0.1\n")
    manifest = {"split": "test", "images": []}
    (data / "manifest_test.json").write_text(json.dumps(manifest))
    assert webcam_copy.copy_split(data, "test", out, (0.8, 1.0, 0.8), 0.55, 25) == 3
    assert sorted(p.name for p in (out / "images" / "test").iterdir()) == \
        sorted(p.name for p in (data / "images" / "test").iterdir())
    assert json.loads((out / "manifest_test.json").read_text()) == manifest
    assert (out / "labels" / "test" / "test_000002.txt").read_text() == "0 0.5 0.5 0.1 0.1\n"


def test_gains_must_be_three_numbers():
    assert webcam_copy.parse_gains("0.7,1,0.7") == (0.7, 1.0, 0.7)
    with pytest.raises(argparse.ArgumentTypeError, match="three gains"):
        webcam_copy.parse_gains("0.7,1")


def test_a_photo_folder_is_copied_with_its_labels_and_truth(tmp_path: Path):
    photos, out = tmp_path / "photos", tmp_path / "out"
    (photos / "images").mkdir(parents=True)
    (photos / "labels").mkdir()
    cv2.imwrite(str(photos / "images" / "a.jpg"), np.full((32, 32, 3), 200, np.uint8))
    (photos / "labels" / "a.txt").write_text("G4 0.5 0.5 0.2 0.2\n")
    (photos / "truth.json").write_text('{"a.jpg": ["G4"]}')
    assert webcam_copy.main(["--photos", str(photos), "--out", str(out)]) == 0
    assert [p.name for p in (out / "images").iterdir()] == ["a.jpg"]
    assert (out / "labels" / "a.txt").read_text() == "G4 0.5 0.5 0.2 0.2\n"
    assert (out / "truth.json").read_text() == '{"a.jpg": ["G4"]}'
    copied = cv2.imread(str(out / "images" / "a.jpg")).astype(float)
    assert copied[..., 1].mean() > copied[..., 0].mean() + 10  # the green cast


def test_a_photo_folder_of_pngs_is_copied_whole(tmp_path: Path):
    photos, out = tmp_path / "photos", tmp_path / "out"
    (photos / "images").mkdir(parents=True)
    cv2.imwrite(str(photos / "images" / "page.png"), np.full((40, 40, 3), 230, np.uint8))
    cv2.imwrite(str(photos / "images" / "cloth.jpg"), np.full((40, 40, 3), 90, np.uint8))
    (photos / "truth.json").write_text(json.dumps({"page.png": [], "cloth.jpg": []}))
    assert webcam_copy.copy_photos(photos, out, (0.7, 1.0, 0.7), 0.6, 20) == 2
    page = cv2.imread(str(out / "images" / "page.png"))
    assert page is not None and page.shape == (40, 40, 3)
    assert json.loads((out / "truth.json").read_text()) == {"page.png": [], "cloth.jpg": []}
