"""The evidence beside the model's score, and the calibrated chance (scorer/vision/doubt.py)."""

import json

import numpy as np
import pytest

from scorer.vision.detections import Detections
from scorer.vision.doubt import (
    DOUBT_FILE,
    FEATURES,
    DoubtModel,
    Evidence,
    gather_evidence,
    load_doubt_model,
)
from scorer.vision.pairing import DEFAULT_GEOMETRY, pair_indices
from scorer.vision.reading import read_cards

NAMES = ("R5", "R6", "B9", "W")


def dets(rows):
    """``(name, x, y, confidence)`` rows: 10x14 px index boxes centred at x, y."""
    return Detections(
        np.array([[x - 5, y - 7, x + 5, y + 7] for _n, x, y, _c in rows], np.float32),
        np.array([c for *_r, c in rows], np.float32),
        np.array([NAMES.index(n) for n, *_r in rows]), NAMES)


def evidence_of(d, name, rivals=None):
    candidates = pair_indices(d, DEFAULT_GEOMETRY)
    k = next(i for i, c in enumerate(candidates) if d.class_names[c.class_id] == name)
    return gather_evidence(d, candidates, k, score=candidates[k].confidence,
                           colour_status="agree", colour_clear=1.0, geometry=DEFAULT_GEOMETRY,
                           check=None, rivals=rivals)


def test_both_corners_read_alike_count_as_two_indices():
    d = dets([("R5", 100, 100, 0.9), ("R5", 160, 180, 0.9)])  # a card's opposite corners
    evidence = evidence_of(d, "R5")
    assert evidence.indices == 2 and evidence.corner is None and evidence.alternative is None


def test_a_disagreeing_other_corner_is_the_alternative():
    d = dets([("R5", 100, 100, 0.8), ("R6", 160, 180, 0.6)])
    evidence = evidence_of(d, "R5")
    assert evidence.indices == 1
    assert evidence.corner == "R6" and evidence.corner_score == pytest.approx(0.6)
    assert evidence.alternative == "R6"


def test_another_face_on_the_same_spot_is_the_rival():
    d = dets([("R5", 100, 100, 0.8)])
    weaker = dets([("R5", 100, 100, 0.8), ("B9", 101, 100, 0.3)])
    evidence = evidence_of(d, "R5", rivals=weaker)
    assert evidence.rival == pytest.approx(0.3) and evidence.rival_name == "B9"
    assert evidence.alternative == "B9"


def test_far_cards_are_no_evidence():
    d = dets([("R5", 100, 100, 0.8), ("R6", 600, 100, 0.8)])
    evidence = evidence_of(d, "R5")
    assert evidence.corner is None and evidence.rival == 0.0


def test_features_follow_the_named_order():
    features = Evidence(0.5, indices=2, rival=0.25, wild=True).features()
    assert features.shape == (len(FEATURES),)
    named = dict(zip(FEATURES, features, strict=True))
    assert named["bias"] == 1.0 and named["logit_score"] == pytest.approx(0.0)
    assert named["two_indices"] == 1.0 and named["rival"] == 0.25 and named["wild"] == 1.0


def test_a_doubt_model_round_trips_and_ranks_a_rival_below():
    model = DoubtModel({"bias": 0.0, "logit_score": 2.0, "rival": -3.0}, 0.8, {"fitted_on": "x"})
    again = DoubtModel.from_json(model.to_json())
    assert again == model and again.meta == {"fitted_on": "x"}
    plain, contested = Evidence(0.9), Evidence(0.9, rival=0.7, rival_name="B9")
    assert model.chance(contested) < model.chance(plain)
    assert 0.0 < model.chance(contested) < 1.0


def test_a_file_that_is_not_a_doubt_model_is_refused(tmp_path):
    with pytest.raises(ValueError):
        DoubtModel.from_json(json.dumps({"weights": 3}))
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    assert load_doubt_model(str(bad)) is None
    assert load_doubt_model(str(tmp_path / "missing.json")) is None


def test_the_shipped_doubt_model_reads():
    model = load_doubt_model(str(DOUBT_FILE))
    assert model is not None and 0.0 < model.unsure_below < 1.0
    assert set(model.weights) == set(FEATURES)


def test_a_doubt_model_fitted_on_another_detector_is_not_used(tmp_path, monkeypatch):
    detector = tmp_path / "other.onnx"
    detector.write_bytes(b"another detector")
    fitted = tmp_path / "doubt.json"
    fitted.write_text(DoubtModel({"bias": 1.0}, 0.5, {"detector_sha256": "0" * 64}).to_json())
    monkeypatch.setenv("PHASE10_MODEL", str(detector))
    assert load_doubt_model(str(fitted)) is None
    fitted.write_text(DoubtModel({"bias": 1.0}, 0.5).to_json())  # no detector named: used
    monkeypatch.setenv("PHASE10_MODEL", str(tmp_path / "other2.onnx"))
    assert load_doubt_model(str(fitted)) is not None


class _OtherDetector:
    """A detector from another model file (a deck's fine-tune): it reads one sure-looking R5."""

    class_names = NAMES

    def __init__(self, path):
        self.model_path = path

    def detect(self, image, conf=0.25, iou=0.7):
        return dets([("R5", 100, 100, 0.9)])


def test_cards_read_by_another_detector_do_not_get_the_shipped_detectors_chance(tmp_path):
    image = np.full((480, 640, 3), 200, np.uint8)
    other = tmp_path / "deck.onnx"
    other.write_bytes(b"a deck's fine-tuned model")
    (card,) = read_cards(image, detector=_OtherDetector(other), colour_check=False).cards
    assert card.chance is None  # marked by its score alone, not by a chance fitted elsewhere
    shipped = read_cards(image, detector=_OtherDetector(None), colour_check=False).cards
    assert load_doubt_model() is None or shipped[0].chance is not None
