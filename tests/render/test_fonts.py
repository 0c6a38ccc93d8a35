"""The typefaces the renderer draws with: both pools installed, and a build refused without
them rather than drawn in other fonts."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorer.render import fonts
from scorer.render.dataset import Settings, build
from scorer.render.fonts import FONT_POOLS, fonts_for


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
