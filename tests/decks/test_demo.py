"""``phase10 deck demo``: an unseen deck enrolled and fine-tuned on, each face checked to have
landed in its place."""

from __future__ import annotations

import dataclasses

import pytest

from scorer.cards import parse_card
from scorer.decks import finetune as ft
from scorer.decks.demo import assignment_check
from scorer.decks.design import draw_deck


def test_faces_enrolled_in_their_places_pass_and_swapped_ones_are_named():
    truth = draw_deck()
    assert assignment_check(truth, truth) == []
    r3, r8 = parse_card("R3"), parse_card("R8")
    swapped = truth | {r3: truth[r8], r8: truth[r3]}
    assert assignment_check(swapped, truth) == ["R3 (looks like R8)", "R8 (looks like R3)"]


@pytest.mark.train
@pytest.mark.slow
def test_demo_pipeline_smoke(tmp_path, monkeypatch):
    """``phase10 deck demo`` glue: unseen design -> photos -> enrol -> scenes -> fine-tune.

    The shipped model may not exist: the demo's evaluations are stubbed, then the real scoring
    path runs once on the tiny fine-tuned model. Real figures: run the demo (docs/decks.md).
    """
    if not ft.training_available():
        pytest.skip("needs the [train] extra (ultralytics, torch): pip install -e '.[train]'")
    from scorer.decks import demo

    seen = []
    real_evaluate = demo.evaluate_model
    monkeypatch.setattr(demo, "evaluate_model",
                        lambda data, model: seen.append((data, model)) or {"f1": 0.5,
                                                                           "exact_hand": 0.25})
    plan = dataclasses.replace(ft.QUICK, train_images=4, val_images=2)
    report = demo.run_demo(tmp_path, plan, eval_images=2, say=lambda line: None)
    assert report["enrolment_wrong"] == []
    assert report["version"] == "heritage-v1"
    assert (tmp_path / "report.json").is_file() and (tmp_path / "photos" / "red.jpg").is_file()
    assert len(list((tmp_path / "eval" / "images" / "test").iterdir())) == 2
    assert seen[0][1] is None and seen[1][1].name == "heritage-v1.onnx"
    figures = real_evaluate(tmp_path / "eval", seen[1][1])  # the real scoring path, tiny model
    assert figures["images"] == 2 and 0 <= figures["f1"] <= 1 and "exact_hand" in figures
