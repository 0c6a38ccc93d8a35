"""The recogniser's crops from rendered scenes: one set per labelled index, "none" crops from
the table around them and where a detector proposes an index that is none, and targets that
name the symbol and the colour apart."""

from __future__ import annotations

import numpy as np

from scorer.cards import ALL_FACES, parse_card
from scorer.training.recogniser_data import CropSet, dataset_crops, proposal_crops, targets
from scorer.vision.detections import Detections
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


class StubDetector:
    """Proposes the boxes it is given, whatever the scene."""

    def __init__(self, boxes: list[tuple[float, float, float, float]]) -> None:
        self.boxes = boxes

    def detect(self, image, conf):
        return Detections(np.array(self.boxes, np.float32), np.full(len(self.boxes), 0.5,
                                                                    np.float32),
                          np.zeros(len(self.boxes), np.int64))


def test_a_proposal_on_an_index_reads_as_its_label_and_one_off_every_index_as_none():
    image = np.full((200, 200, 3), 120, np.uint8)
    g7 = np.array([20.0, 20.0, 40.0, 44.0])
    detector = StubDetector([(21, 21, 41, 45), (120, 120, 140, 144), (30, 30, 50, 54)])
    found = list(proposal_crops(image, [(ALL_FACES.index(parse_card("G7")), g7)], detector))
    # on the index: its label; far from it: none; half over it: neither, left out
    assert [(symbol, colour) for _, symbol, colour in found] == [
        targets(parse_card("G7")), (SYMBOLS.index("none"), COLOURS.index("none"))]
    assert all(crop.shape == (CROP, CROP, 3) for crop, _, _ in found)


def test_with_a_detector_its_proposals_add_to_the_labelled_crops(labelled_scenes):
    rng = np.random.default_rng(0)
    plain = dataset_crops(labelled_scenes, "train", copies=1, rng=rng)
    far_off = StubDetector([(0, 0, 4, 4)])  # a corner of each scene, far from any index
    more = dataset_crops(labelled_scenes, "train", copies=1, rng=np.random.default_rng(0),
                         detector=far_off)
    none = SYMBOLS.index("none")
    assert len(more.crops) == len(plain.crops) + 6  # one proposal in each of six scenes
    assert (more.symbols == none).sum() == (plain.symbols == none).sum() + 6
