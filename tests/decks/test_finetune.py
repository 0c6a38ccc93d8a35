"""Fine-tuning the detector on an enrolled deck, end to end on a tiny plan (issue 7).

"phase10 train --faces DECK ... renders scenes from the deck's real faces with the renderer's
faces-from-photos mode and fine-tunes the shipped model on them ... The result is a new model
version; the app uses the chosen deck's model from then on."
"""

from __future__ import annotations

import dataclasses
import json

import pytest

from scorer.decks import finetune as ft
from scorer.decks import store


def test_missing_training_extra_says_how_to_add_it(tmp_path, monkeypatch):
    monkeypatch.setattr(ft, "training_available", lambda: False)
    with pytest.raises(ft.FinetuneError, match=r"pip install -e '\.\[train\]'"):
        ft.finetune(tmp_path, "home", ft.QUICK)


def test_job_file_round_trip(tmp_path):
    path = ft.job_path(tmp_path, "home")
    ft.file_progress(path)("train", 0.5, "epoch 3")
    state = ft.write_job(path, pid=123)
    assert ft.read_job(path) == state
    assert state["stage"] == "train" and state["fraction"] == 0.5 and state["pid"] == 123


@pytest.mark.train
@pytest.mark.slow
def test_tiny_finetune_end_to_end(tmp_path):
    if not ft.training_available():
        pytest.skip("needs the [train] extra (ultralytics, torch): pip install -e '.[train]'")
    from scorer.decks.design import draw_deck
    from scorer.vision.onnx_detector import OnnxDetector

    store.publish_deck(tmp_path, "heritage", draw_deck())
    reports = []
    plan = dataclasses.replace(ft.QUICK, train_images=6, val_images=2)
    version = ft.finetune(tmp_path, "heritage", plan, work=tmp_path / "work",
                          progress=lambda *r: reports.append(r))
    assert version == "heritage-v1"
    assert store.chosen_version(tmp_path) == "heritage-v1"
    model = store.chosen_model(tmp_path)
    assert model.is_file()
    assert len(OnnxDetector(model).metadata.class_names) == 50
    meta = json.loads(store.model_path(tmp_path, version).with_suffix(".json").read_text())
    assert meta["plan"]["train_images"] == 6  # the recipe is kept beside the model
    stages = [r[0] for r in reports]
    assert stages[0] == "render" and stages[-1] == "done"
    fractions = [r[1] for r in reports]
    assert fractions[-1] == 1.0 and all(0 <= f <= 1 for f in fractions)
    store.choose_model(tmp_path, "shipped")
    assert store.chosen_model(tmp_path) is None
