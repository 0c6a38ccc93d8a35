"""Card backs, the draw pile's face-down cards: a card's shape with no index to label."""

from __future__ import annotations

import numpy as np

from scorer.render.backs import render_back
from scorer.render.faces import FACE_H, FACE_W
from scorer.render.fonts import fonts_for


def test_a_back_is_a_card_with_no_index_box():
    back = render_back(np.random.default_rng(1), fonts_for("train")[0])
    assert back.image.shape == (FACE_H, FACE_W, 3) and back.image.dtype == np.uint8
    assert back.alpha.shape == (FACE_H, FACE_W)
    assert back.alpha[FACE_H // 2, FACE_W // 2] > 0 and back.alpha[0, 0] < 255  # round corners
    assert all(not any(rect) for rect in back.index_rects)


def test_a_seed_gives_one_back_and_another_seed_another():
    font = fonts_for("train")[0]
    first, again = (render_back(np.random.default_rng(5), font) for _ in range(2))
    assert np.array_equal(first.image, again.image)
    assert not np.array_equal(first.image, render_back(np.random.default_rng(6), font).image)
