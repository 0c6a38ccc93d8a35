"""``phase10 deck``: enrol, list, use, train from the command line (issue 7)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

import scorer.cli
from scorer.cards import ALL_FACES
from scorer.decks import store
from scorer.decks.gridphoto import render_sheet_photo
from scorer.decks.layout import SHEETS


@pytest.fixture
def phase10():
    """``main(argv)``, the ``phase10`` command line."""
    return scorer.cli.main


@pytest.fixture(scope="module")
def photos(tmp_path_factory):
    from scorer.decks.design import draw_deck

    folder = tmp_path_factory.mktemp("photos")
    faces = draw_deck()
    rng = np.random.default_rng(31)
    paths = []
    for sheet in SHEETS:
        paths.append(folder / f"{sheet.name}.jpg")
        cv2.imwrite(str(paths[-1]), render_sheet_photo(faces, sheet, rng).image)
    blurred = folder / "blue-blurred.jpg"
    cv2.imwrite(str(blurred), render_sheet_photo(faces, SHEETS[1], rng, defect="blurred").image)
    return paths, blurred


def test_sheets_show_the_order(phase10, capsys):
    assert phase10(["deck", "sheets"]) == 0
    out = capsys.readouterr().out
    assert "photo 1: Red 1-12 (3 x 4)" in out and "R9  R10  R11  R12" in out
    assert "photo 5: Wild and Skip (1 x 2)" in out


def test_enrol_bad_photo_saves_nothing_then_good_photos_enrol(phase10, photos, tmp_path, capsys):
    paths, blurred = photos
    bad = [paths[0], blurred, *paths[2:]]
    assert phase10(["deck", "--instance", str(tmp_path), "enrol", "home", *map(str, bad)]) == 2
    err = capsys.readouterr().err
    assert "blue-blurred.jpg" in err and "blurred" in err and "Blue 1-12" in err
    assert "nothing was saved" in err
    assert store.list_decks(tmp_path) == []
    preview = tmp_path / "check"
    assert phase10(["deck", "--instance", str(tmp_path), "enrol", "home", *map(str, paths),
                    "--preview", str(preview)]) == 0
    assert "enrolled deck home" in capsys.readouterr().out
    assert (preview / "red" / "R7.png").is_file() and (preview / "specials" / "photo.jpg").is_file()
    assert [d.name for d in store.list_decks(tmp_path)] == ["home"]


def test_enrol_needs_five_photos(phase10, photos, tmp_path, capsys):
    paths, _ = photos
    assert phase10(["deck", "--instance", str(tmp_path), "enrol", "home", str(paths[0])]) == 2
    assert "give 5 photos" in capsys.readouterr().err


def test_list_use_and_switch_back(phase10, tmp_path, capsys):
    onnx = tmp_path / "m.onnx"
    onnx.write_bytes(b"x")
    store.publish_deck(tmp_path, "home",
                       {c: np.zeros((880, 560, 3), np.uint8) for c in ALL_FACES})
    store.install_model(tmp_path, "home", onnx)
    base = ["deck", "--instance", str(tmp_path)]
    assert phase10([*base, "use", "home"]) == 0
    assert "model in use: home-v1" in capsys.readouterr().out
    assert phase10([*base, "list"]) == 0
    assert "home: enrolled" in capsys.readouterr().out
    assert phase10([*base, "use", "shipped"]) == 0
    assert store.chosen_model(tmp_path) is None
    assert phase10([*base, "use", "nope"]) == 2
    assert "no model 'nope'" in capsys.readouterr().err


def test_train_without_the_extra_says_how_to_add_it(phase10, tmp_path, capsys, monkeypatch):
    from scorer.decks import finetune

    monkeypatch.setattr(finetune, "training_available", lambda: False)
    progress = tmp_path / "job.json"
    code = phase10(["deck", "--instance", str(tmp_path), "train", "home",
                    "--progress-file", str(progress)])
    assert code == 2
    assert "pip install -e '.[train]'" in capsys.readouterr().err
    assert finetune.read_job(progress)["state"] == "failed"



def test_train_faces_delegation_and_demo_need_the_extra(phase10, tmp_path, capsys, monkeypatch):
    """``phase10 train --faces DECK`` (run_train_faces) and the demo say how to add the extra."""
    import argparse

    from scorer.cli.deck_command import run_train_faces
    from scorer.decks import finetune

    monkeypatch.setattr(finetune, "training_available", lambda: False)
    monkeypatch.setenv("PHASE10_INSTANCE", str(tmp_path))
    args = argparse.Namespace(faces="home", time_hours=0.2, epochs=None)
    assert run_train_faces(args) == 2
    assert "pip install -e '.[train]'" in capsys.readouterr().err
    assert phase10(["deck", "demo", "--out", str(tmp_path / "demo")]) == 2
    assert "pip install -e '.[train]'" in capsys.readouterr().err
