"""``--crop``: tiles cut from full scenes keep labels that are mostly inside."""

from __future__ import annotations

import numpy as np

from scorer.cards import parse_card
from scorer.render.labels import MIN_INSIDE_CROP, Labelled, choose_crop, crop_scene, yolo_lines
from scorer.render.layouts import Layout
from scorer.render.scene import CardRecord, IndexLabel, Scene


def _scene() -> Scene:
    quad = np.zeros((4, 2))
    inside = IndexLabel(0, "top_left", (110.0, 110.0, 130.0, 140.0), quad, 1.0)
    mostly = IndexLabel(0, "bottom_right", (95.0, 150.0, 115.0, 170.0), quad, 1.0)  # 75 % in
    barely = IndexLabel(1, "top_left", (80.0, 100.0, 110.0, 120.0), quad, 1.0)  # 33 % in
    cards = [CardRecord(parse_card("R1"), np.zeros((4, 2)), (80.0, 100.0, 140.0, 180.0),
                        [inside, mostly]),
             CardRecord(parse_card("R2"), np.zeros((4, 2)), (70.0, 90.0, 110.0, 130.0), [barely])]
    return Scene(np.zeros((320, 320, 3), np.uint8), cards, Layout("spread"))


def test_crop_drops_indices_mostly_outside_and_clips_the_rest() -> None:
    """An index less than 60 % inside the tile is dropped; the others are clipped to it."""
    tile = crop_scene(_scene(), 100, 100, 160)
    assert tile.image.shape == (160, 160, 3)
    kept = [ix for c in tile.cards for ix in c.indices]
    assert [ix.corner for ix in kept] == ["top_left", "bottom_right"]
    assert kept[0].box == (10.0, 10.0, 30.0, 40.0)
    assert kept[1].box == (0.0, 50.0, 15.0, 70.0)
    assert MIN_INSIDE_CROP == 0.6


def test_yolo_lines_are_normalised_centre_boxes() -> None:
    tile = crop_scene(_scene(), 100, 100, 160)
    first = yolo_lines(tile).splitlines()[0].split()
    assert first[0] == "0"
    assert [float(v) for v in first[1:]] == [20 / 160, 25 / 160, 20 / 160, 30 / 160]
    assert yolo_lines(Labelled(np.zeros((8, 8, 3), np.uint8), [])) == ""


def test_a_scene_without_indices_is_cut_where_the_clutter_is() -> None:
    """An empty table's tile shows its clutter (a hard negative), not a bare stretch."""
    image = np.full((320, 320, 3), 120, np.uint8)
    image[200:300, 200:300] = np.indices((100, 100)).sum(axis=0)[..., None] % 2 * 255  # a mesh
    empty = Scene(image, [], Layout("empty"))
    x, y = choose_crop(np.random.default_rng(0), empty, 160)
    tile = image[y:y + 160, x:x + 160]
    assert (tile == 255).mean() > 0.1
