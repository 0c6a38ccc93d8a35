"""Decks and deck models in the instance folder (issue 7).

"Nothing half-enrolled replaces a working deck"; "the app uses the chosen deck's model from then
on, and the player can switch back."
"""

from __future__ import annotations

import json
import os

import numpy as np
import pytest

from scorer.cards import ALL_FACES, parse_card
from scorer.decks import store
from scorer.decks.store import DeckError


def _faces(shade: int) -> dict:
    return {card: np.full((880, 560, 3), shade, np.uint8) for card in ALL_FACES}


def _folders(instance) -> list[str]:
    return sorted(p.name for p in (instance / "decks").iterdir() if p.is_dir())


def test_publish_then_load(tmp_path):
    info = store.publish_deck(tmp_path, "home", _faces(200), {"note": "first"})
    assert info.path == tmp_path / "decks" / "home"
    faces = store.load_faces(tmp_path, "home")
    assert set(faces) == set(ALL_FACES) and int(faces[parse_card("R5")][0, 0, 0]) == 200
    meta = json.loads((info.path / "deck.json").read_text())
    assert meta["note"] == "first" and len(meta["faces"]) == 50
    assert [d.name for d in store.list_decks(tmp_path)] == ["home"]


def test_incomplete_deck_leaves_the_working_one(tmp_path):
    store.publish_deck(tmp_path, "home", _faces(200))
    half = _faces(50)
    del half[parse_card("Y12")]
    with pytest.raises(DeckError, match="no face for Y12"):
        store.publish_deck(tmp_path, "home", half)
    assert int(store.load_faces(tmp_path, "home")[parse_card("R1")][0, 0, 0]) == 200
    assert _folders(tmp_path) == ["home"]


def test_failed_write_leaves_the_working_one(tmp_path, monkeypatch):
    store.publish_deck(tmp_path, "home", _faces(200))
    real_imwrite = store.cv2.imwrite
    calls = []

    def failing_imwrite(path, image, *args):
        calls.append(path)
        if len(calls) == 20:
            raise OSError("disk full")
        return real_imwrite(path, image, *args)

    monkeypatch.setattr(store.cv2, "imwrite", failing_imwrite)
    with pytest.raises(OSError, match="disk full"):
        store.publish_deck(tmp_path, "home", _faces(10))
    monkeypatch.undo()
    assert int(store.load_faces(tmp_path, "home")[parse_card("G3")][0, 0, 0]) == 200
    assert _folders(tmp_path) == ["home"], "no temporary folder is left behind"


def test_interrupted_swap_is_recovered(tmp_path):
    """A crash between the two renames leaves .old-NAME-*: the deck comes back."""
    info = store.publish_deck(tmp_path, "home", _faces(200))
    os.rename(info.path, info.path.with_name(".old-home-1234abcd"))
    assert int(store.load_faces(tmp_path, "home")[parse_card("S")][0, 0, 0]) == 200


def test_corrupt_deck_is_reported(tmp_path):
    info = store.publish_deck(tmp_path, "home", _faces(200))
    (info.path / "B7.png").write_bytes(b"not a png")
    with pytest.raises(DeckError, match="B7"):
        store.deck_folder(tmp_path, "home")


@pytest.mark.parametrize("name", ["", "Home", "a/b", "..", "shipped", "x" * 41])
def test_bad_deck_names(name):
    with pytest.raises(DeckError, match="bad deck name"):
        store.check_name(name)


def test_unknown_deck_lists_the_known(tmp_path):
    store.publish_deck(tmp_path, "home", _faces(200))
    with pytest.raises(DeckError, match=r"no deck 'club' \(decks: home\)"):
        store.deck_folder(tmp_path, "club")


def test_model_versions_choice_and_switch_back(tmp_path):
    onnx = tmp_path / "model.onnx"
    onnx.write_bytes(b"onnx-1")
    assert store.chosen_model(tmp_path) is None and store.chosen_version(tmp_path) == "shipped"
    assert store.install_model(tmp_path, "home", onnx, {"f1": 0.9}) == "home-v1"
    onnx.write_bytes(b"onnx-2")
    assert store.install_model(tmp_path, "home", onnx) == "home-v2"
    assert store.list_models(tmp_path) == ["home-v1", "home-v2"]
    assert store.chosen_version(tmp_path) == "shipped", "a new model is not chosen by itself"
    assert store.choose_model(tmp_path, "home") == "home-v2"  # a deck name: its latest version
    assert store.chosen_model(tmp_path).read_bytes() == b"onnx-2"
    assert store.choose_model(tmp_path, "home-v1") == "home-v1"
    meta = store.model_path(tmp_path, "home-v1").with_suffix(".json").read_text()
    assert json.loads(meta)["f1"] == 0.9  # what install_model was told, kept beside the model
    assert store.choose_model(tmp_path, "shipped") == "shipped"
    assert store.chosen_model(tmp_path) is None
    with pytest.raises(DeckError, match="no model 'club'"):
        store.choose_model(tmp_path, "club")


def test_chosen_model_that_vanished_falls_back_to_shipped(tmp_path):
    onnx = tmp_path / "m.onnx"
    onnx.write_bytes(b"x")
    store.choose_model(tmp_path, store.install_model(tmp_path, "home", onnx))
    (tmp_path / "models" / "home-v1.onnx").unlink()
    assert store.chosen_model(tmp_path) is None
