"""The recogniser's crops from rendered scenes: one set per labelled index, "none" crops from
the table around them, and targets that name the symbol and the colour apart."""

from __future__ import annotations

import numpy as np

from scorer.cards import parse_card
from scorer.training.recogniser_data import CropSet, dataset_crops, targets
from scorer.vision.recogniser import COLOURS, SYMBOLS
from scorer.vision.settings import READER

CROP = READER.recogniser.crop


def test_targets_name_the_symbol_and_the_colour_apart():
    assert targets(parse_card("G7")) == (SYMBOLS.index("7"), COLOURS.index("G"))
    assert targets(parse_card("S")) == (SYMBOLS.index("S"), COLOURS.index("none"))


def test_every_labelled_index_gives_its_crops_and_the_table_gives_none_crops(
        labelled_scenes, tmp_path):
    crops = dataset_crops(labelled_scenes, "train", copies=2, rng=np.random.default_rng(0))
    labels = (labelled_scenes / "labels" / "train").iterdir()
    labelled = sum(len(f.read_text().splitlines()) for f in labels)
    none = crops.symbols == SYMBOLS.index("none")
    assert crops.crops.shape[1:] == (CROP, CROP, 3) and crops.crops.dtype == np.uint8
    assert (~none).sum() == 2 * labelled and none.sum() >= 6
    assert (crops.colours[none] == COLOURS.index("none")).all()
    crops.save(tmp_path / "c.npz")
    again = CropSet.load(tmp_path / "c.npz")
    assert np.array_equal(again.crops, crops.crops) and np.array_equal(again.symbols, crops.symbols)


def test_crop_sets_join_end_to_end():
    one = CropSet(np.zeros((2, CROP, CROP, 3), np.uint8), np.array([1, 2]), np.array([0, 1]))
    two = CropSet(np.ones((1, CROP, CROP, 3), np.uint8), np.array([3]), np.array([2]))
    joined = CropSet.joined([one, two])
    assert joined.crops.shape[0] == 3 and joined.symbols.tolist() == [1, 2, 3]
    assert joined.colours.tolist() == [0, 1, 2]
