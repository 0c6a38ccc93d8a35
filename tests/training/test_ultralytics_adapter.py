"""The torch comparison detector: the same errors as the ONNX one when it cannot run."""

from __future__ import annotations

import pytest

from scorer.training import offline
from scorer.training.ultralytics_adapter import UltralyticsDetector
from scorer.vision.onnx_detector import ModelError, ModelNotFoundError


def test_missing_weights_are_a_model_not_found_error(tmp_path):
    with pytest.raises(ModelNotFoundError, match="phase10 train"):
        UltralyticsDetector(tmp_path / "best.pt")


def test_without_the_training_extra_it_is_a_model_error(tmp_path, monkeypatch):
    """``bench detect`` then reports the comparison as unavailable instead of failing."""
    def missing():
        raise offline.TrainingSetupError("ultralytics is not installed")

    monkeypatch.setattr(offline, "import_ultralytics", missing)
    (tmp_path / "best.pt").write_bytes(b"weights")
    with pytest.raises(ModelError, match="not installed"):
        UltralyticsDetector(tmp_path / "best.pt")
