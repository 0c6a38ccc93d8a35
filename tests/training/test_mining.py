"""The tile miners in ``tools/``: the tiles they cut hold the spot they mine, inside the image,
and carry the scene's labels shifted and clipped as the dataset builder cuts them."""

from __future__ import annotations

import importlib.util
import json
import random
import sys
from pathlib import Path
from types import ModuleType, SimpleNamespace

import cv2
import numpy as np
import pytest

TOOLS = Path(__file__).resolve().parents[2] / "tools"


def _tool(name: str) -> ModuleType:
    sys.path.insert(0, str(TOOLS))
    try:
        spec = importlib.util.spec_from_file_location(name, TOOLS / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(TOOLS))


mine_negatives = _tool("mine_negatives")
mine_misses = _tool("mine_misses")
closeup_tiles = _tool("closeup_tiles")


@pytest.mark.parametrize("box", [(5, 5, 20, 30), (600, 400, 639, 479), (300, 200, 340, 260)])
def test_tile_origin_holds_the_box_inside_the_image(box):
    rng = random.Random(0)
    for _ in range(50):
        x, y = mine_negatives.tile_origin(np.array(box, float), (480, 640), 320, rng)
        assert 0 <= x <= 640 - 320 and 0 <= y <= 480 - 320
        assert x <= box[0] and box[2] <= x + 320 and y <= box[1] and box[3] <= y + 320


def test_tile_labels_are_shifted_clipped_and_dropped_like_the_builders():
    classes = np.array([3, 7, 9])
    boxes = np.array([[110, 120, 130, 150],   # wholly inside the window at (100, 100)
                      [410, 200, 440, 220],   # 1/3 inside: dropped
                      [90, 300, 110, 320]], float)  # half inside on x: dropped
    lines = mine_misses.tile_label_text(classes, boxes, 100, 100, 320).splitlines()
    assert lines == ["3 0.062500 0.109375 0.062500 0.093750"]
    mostly_in = np.array([[95, 300, 115, 320]], float)  # 3/4 inside: clipped at the left edge
    assert mine_misses.tile_label_text(np.array([1]), mostly_in, 100, 100, 320) == \
        "1 0.023438 0.656250 0.046875 0.062500\n"
    assert mine_misses.tile_label_text(classes[:0], boxes[:0], 0, 0, 320) == ""


def test_wrong_spots_are_the_misread_the_phantom_and_the_missed_cards():
    record = {"cards": [
        {"face": "R5", "indices": [{"box": [10, 10, 20, 25], "visible": 1.0}]},
        {"face": "B7", "indices": [{"box": [100, 10, 110, 25], "visible": 0.6},
                                   {"box": [150, 80, 160, 95], "visible": 1.0}]},
        {"face": "G2", "indices": [{"box": [300, 10, 310, 25], "visible": 1.0}]},
        {"face": "Y1", "indices": []},  # no visible index: nothing to find
    ]}
    cards = [SimpleNamespace(card="R5", confidence=0.9, box=(8, 8, 22, 27)),      # right
             SimpleNamespace(card="G8", confidence=0.8, box=(298, 8, 312, 27)),   # misread G2
             SimpleNamespace(card="W", confidence=0.5, box=(500, 500, 520, 530))]  # phantom
    spots = mine_misses.wrong_spots(record, cards)
    assert sorted(spots) == sorted([(298.0, 8.0, 312.0, 27.0), (500.0, 500.0, 520.0, 530.0),
                                    (150.0, 80.0, 160.0, 95.0), (300.0, 10.0, 310.0, 25.0)])


def test_a_tile_is_written_with_its_pixels_and_its_label_file(tmp_path):
    image = np.zeros((480, 640, 3), np.uint8)
    image[100:420, 200:520] = 255  # the tile at (200, 100) is white, the rest black
    mine_negatives.write_tile(tmp_path, "scene_0", image, (200, 100), 320, "3 0.5 0.5 0.1 0.1\n")
    tile = cv2.imread(str(tmp_path / "images" / "train" / "scene_0.jpg"))
    assert tile.shape == (320, 320, 3) and tile.min() > 240
    assert (tmp_path / "labels" / "train" / "scene_0.txt").read_text() == "3 0.5 0.5 0.1 0.1\n"


def test_a_closeup_tile_shows_the_card_large_with_its_labels_on_the_indices(tmp_path):
    """One 1920 scene, a card with two labelled indices: the tile is the crop around the card
    shrunk to 320, its index drawn at the size asked for, each label on an index's ink."""
    image = np.full((1440, 1920, 3), 90, np.uint8)
    image[600:900, 800:1000] = 255  # the card
    corners = [[810, 610, 840, 650], [960, 850, 990, 890]]  # its indices, 40 px tall
    for box in corners:
        image[box[1]:box[3], box[0]:box[2]] = 0
    (tmp_path / "images" / "train").mkdir(parents=True)
    (tmp_path / "labels" / "train").mkdir(parents=True)
    cv2.imwrite(str(tmp_path / "images" / "train" / "train_000000.jpg"), image)
    yolo = [f"5 {(b[0] + b[2]) / 3840:.6f} {(b[1] + b[3]) / 2880:.6f} "
            f"{(b[2] - b[0]) / 1920:.6f} {(b[3] - b[1]) / 1440:.6f}" for b in corners]
    (tmp_path / "labels" / "train" / "train_000000.txt").write_text("\n".join(yolo) + "\n")
    record = {"file": "train_000000.jpg", "cards": [{"face": "R6", "indices": [
        {"box": box, "visible": 1.0, "class_id": 5} for box in corners]}]}
    (tmp_path / "manifest_train.json").write_text(json.dumps({"images": [record]}))

    out = tmp_path / "tiles"
    for seed in range(5):
        assert closeup_tiles.make_tiles(tmp_path, out, 320, 100.0, 100.0, seed) == \
            {"scenes": 1, "tiles": 1}
        name = f"{tmp_path.name}_train_000000"
        tile = cv2.imread(str(out / "images" / "train" / f"{name}.jpg"), cv2.IMREAD_GRAYSCALE)
        assert tile.shape == (320, 320)
        rows = np.loadtxt(out / "labels" / "train" / f"{name}.txt", ndmin=2)
        assert set(rows[:, 0]) == {5}
        assert rows[:, 4].max() * 640 == pytest.approx(100.0, abs=2)  # index height at 640
        for _, cx, cy, _, _ in rows:
            assert tile[int(cy * 320), int(cx * 320)] < 60  # on the index's ink
