"""The recogniser's training and export (torch, small); its crops are tested in
``test_recogniser_data.py``."""

from __future__ import annotations

import numpy as np
import pytest

from scorer.training.recogniser_data import dataset_crops
from scorer.vision.recogniser import COLOURS, SYMBOLS, Recogniser


@pytest.mark.train
def test_a_trained_recogniser_exports_and_reads_in_onnxruntime(labelled_scenes, tmp_path):
    pytest.importorskip("torch")
    from scorer.training.recogniser_train import train

    crops = dataset_crops(labelled_scenes, "train", copies=1, rng=np.random.default_rng(0))
    report = train(crops, crops, tmp_path / "r.onnx", epochs=1, batch=64, progress=lambda _: None)
    assert 0.0 <= report.symbol_accuracy <= 1.0 and report.epochs == 1
    symbol, colour = Recogniser(tmp_path / "r.onnx").probabilities(list(crops.crops[:5]))
    assert symbol.shape == (5, len(SYMBOLS)) and colour.shape == (5, len(COLOURS))
    assert np.allclose(symbol.sum(axis=1), 1.0, atol=1e-5)
