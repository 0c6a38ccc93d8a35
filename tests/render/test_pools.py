"""The test split's designs are held out: fonts, face-style ranges and backgrounds."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from scorer.render import fonts
from scorer.render.backgrounds import FAMILIES, PHOTOS
from scorer.render.dataset import POOL, Settings, build
from scorer.render.faces import CENTRE_SHAPES, INDEX_HEIGHT, sample_style
from scorer.render.fonts import FONT_POOLS, fonts_for


def test_pools_do_not_share_fonts_or_photos() -> None:
    assert not set(FONT_POOLS["train"]) & set(FONT_POOLS["test"])
    assert not set(PHOTOS["train"]) & set(PHOTOS["test"])
    assert not (set(FAMILIES["train"]) - {"photo"}) & (set(FAMILIES["test"]) - {"photo"})
    assert INDEX_HEIGHT["train"][1] <= INDEX_HEIGHT["test"][0]
    assert "ring" not in CENTRE_SHAPES["train"]


def test_ci_fonts_are_installed_for_both_pools() -> None:
    assert fonts_for("train") and fonts_for("test")


def test_a_build_refuses_an_incomplete_font_pool(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Missing fonts would change the bytes of a seed and narrow the training typefaces."""
    pools = {**FONT_POOLS, "train": (*FONT_POOLS["train"], "/nowhere/GoneBold.ttf")}
    monkeypatch.setattr(fonts, "FONT_POOLS", pools)
    with pytest.raises(FileNotFoundError, match=r"GoneBold\.ttf.*apt-get install fonts-"):
        build(tmp_path / "set", {"train": 1}, Settings(seed=1), workers=1, progress=False)
    assert not (tmp_path / "set").exists()
    build(tmp_path / "tests-only", {"test": 1}, Settings(seed=1), workers=1, progress=False)
    assert len(list((tmp_path / "tests-only" / "images" / "test").iterdir())) == 1


def test_splits_draw_from_their_pool() -> None:
    assert POOL == {"train": "train", "val": "train", "test": "test"}
    for seed in range(20):
        style = sample_style(np.random.default_rng(seed), "test")
        assert style.font in FONT_POOLS["test"]
        assert INDEX_HEIGHT["test"][0] <= style.index_height <= INDEX_HEIGHT["test"][1]


def test_background_photos_load_from_the_installed_package() -> None:
    """The photos come from scikit-image's own folder (no download)."""
    from scorer.render.backgrounds import available_photos, sample_background

    assert len(available_photos("train")) == len(PHOTOS["train"])
    assert len(available_photos("test")) == len(PHOTOS["test"])
    for seed in range(6):
        img = sample_background(np.random.default_rng(seed), 96, "test")
        assert img.shape == (96, 96, 3) and img.dtype == np.uint8
