"""The table and clutter behind the cards: real photos from the installed package."""

from __future__ import annotations

import numpy as np

from scorer.render.backgrounds import PHOTOS, available_photos, sample_background


def test_background_photos_load_from_the_installed_package() -> None:
    """The photos come from scikit-image's own folder (no download)."""
    assert len(available_photos("train")) == len(PHOTOS["train"])
    assert len(available_photos("test")) == len(PHOTOS["test"])
    for seed in range(6):
        img = sample_background(np.random.default_rng(seed), 96, "test")
        assert img.shape == (96, 96, 3) and img.dtype == np.uint8
