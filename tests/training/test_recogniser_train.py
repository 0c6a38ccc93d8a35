"""The recogniser's crops from rendered scenes, and its training and export (torch, small)."""

from __future__ import annotations

import numpy as np
import pytest

from scorer.cards import parse_card
from scorer.training.recogniser_data import CropSet, dataset_crops, targets
from scorer.vision.recogniser import COLOURS, CROP, SYMBOLS, Recogniser


@pytest.fixture(scope="module")
def scenes(tmp_path_factory):
    """Six rendered scenes (seeded) with their labels."""
    from scorer.render.dataset import Settings, build

    out = tmp_path_factory.mktemp("recog_ds")
    build(out, {"train": 6}, Settings(seed=11), workers=1, progress=False)
    return out


def test_targets_name_the_symbol_and_the_colour_apart():
    assert targets(parse_card("G7")) == (SYMBOLS.index("7"), COLOURS.index("G"))
    assert targets(parse_card("S")) == (SYMBOLS.index("S"), COLOURS.index("none"))


def test_every_labelled_index_gives_its_crops_and_the_table_gives_none_crops(scenes, tmp_path):
    crops = dataset_crops(scenes, "train", copies=2, rng=np.random.default_rng(0))
    labelled = sum(len(f.read_text().splitlines()) for f in (scenes / "labels" / "train").iterdir())
    none = crops.symbols == SYMBOLS.index("none")
    assert crops.crops.shape[1:] == (CROP, CROP, 3) and crops.crops.dtype == np.uint8
    assert (~none).sum() == 2 * labelled and none.sum() >= 6
    assert (crops.colours[none] == COLOURS.index("none")).all()
    crops.save(tmp_path / "c.npz")
    again = CropSet.load(tmp_path / "c.npz")
    assert np.array_equal(again.crops, crops.crops) and np.array_equal(again.symbols, crops.symbols)


@pytest.mark.train
def test_a_trained_recogniser_exports_and_reads_in_onnxruntime(scenes, tmp_path):
    pytest.importorskip("torch")
    from scorer.training.recogniser_train import train

    crops = dataset_crops(scenes, "train", copies=1, rng=np.random.default_rng(0))
    report = train(crops, crops, tmp_path / "r.onnx", epochs=1, batch=64, progress=lambda _: None)
    assert 0.0 <= report.symbol_accuracy <= 1.0 and report.epochs == 1
    symbol, colour = Recogniser(tmp_path / "r.onnx").probabilities(list(crops.crops[:5]))
    assert symbol.shape == (5, len(SYMBOLS)) and colour.shape == (5, len(COLOURS))
    assert np.allclose(symbol.sum(axis=1), 1.0, atol=1e-5)
