"""tools/real_empty_photos.py: a folder of photos without cards, from pictures on disk."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import cv2
import numpy as np

TOOL = Path(__file__).resolve().parents[2] / "tools" / "real_empty_photos.py"
spec = importlib.util.spec_from_file_location("real_empty_photos", TOOL)
real_empty_photos = importlib.util.module_from_spec(spec)
spec.loader.exec_module(real_empty_photos)


def test_every_picture_is_listed_with_no_card_and_wallpapers_give_five_squares(tmp_path):
    samples = tmp_path / "samples"
    samples.mkdir()
    cv2.imwrite(str(samples / "fruit.jpg"), np.full((120, 90, 3), 80, np.uint8))
    (samples / "broken.png").write_bytes(b"not a picture")
    (samples / "notes.txt").write_text("not a picture either")
    wallpaper = tmp_path / "meadow.jpg"
    cv2.imwrite(str(wallpaper), np.random.default_rng(0).integers(0, 255, (600, 960, 3),
                                                                   dtype=np.uint8))
    out = tmp_path / "out"

    only_jpg = tmp_path / "text"
    only_jpg.mkdir()
    cv2.imwrite(str(only_jpg / "mask.png"), np.zeros((50, 50, 3), np.uint8))
    counts = real_empty_photos.build(
        out, ((samples, (".jpg", ".png")), (only_jpg, (".jpg",)), (tmp_path / "none", (".jpg",))),
        (wallpaper, tmp_path / "missing.jpg"))

    assert counts == {"opencv": 1, "wallpapers": 1}
    truth = json.loads((out / "truth.json").read_text())
    assert len(truth) == 6 and all(cards == [] for cards in truth.values())
    assert sorted(p.name for p in (out / "images").iterdir()) == sorted(truth)
    square = cv2.imread(str(out / "images" / "wallpaper_00_3.jpg"))
    assert square.shape == (640, 640, 3)


def test_the_command_says_what_to_install_when_nothing_is_there(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(real_empty_photos, "OPENCV_PICTURES", ((tmp_path / "none", (".jpg",)),))
    monkeypatch.setattr(real_empty_photos, "WALLPAPER_PHOTOS", ())
    assert real_empty_photos.main(["--out", str(tmp_path / "out")]) == 1
    assert "install opencv-doc" in capsys.readouterr().err
