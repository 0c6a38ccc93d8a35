"""The test split's designs are held out: fonts, face-style ranges and backgrounds."""

from __future__ import annotations

import numpy as np

from scorer.render.backgrounds import FAMILIES, PHOTOS
from scorer.render.dataset import POOL
from scorer.render.faces import CENTRE_SHAPES, INDEX_HEIGHT, sample_style
from scorer.render.fonts import FONT_POOLS


def test_pools_do_not_share_fonts_or_photos() -> None:
    assert not set(FONT_POOLS["train"]) & set(FONT_POOLS["test"])
    assert not set(PHOTOS["train"]) & set(PHOTOS["test"])
    assert not (set(FAMILIES["train"]) - {"photo"}) & (set(FAMILIES["test"]) - {"photo"})
    assert INDEX_HEIGHT["train"][1] <= INDEX_HEIGHT["test"][0]
    assert "ring" not in CENTRE_SHAPES["train"]


def test_splits_draw_from_their_pool() -> None:
    assert POOL == {"train": "train", "val": "train", "test": "test"}
    for seed in range(20):
        style = sample_style(np.random.default_rng(seed), "test")
        assert style.font in FONT_POOLS["test"]
        assert INDEX_HEIGHT["test"][0] <= style.index_height <= INDEX_HEIGHT["test"][1]
