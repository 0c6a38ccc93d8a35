"""Card-like clutter: every painter leaves something on the table, and a dataset of an older
format renders with that format's painters only (so its bytes do not change)."""

from __future__ import annotations

import numpy as np
import pytest

from scorer.cli import main
from scorer.render import dataset as dataset_module
from scorer.render.clutter import PAINTERS, PAINTERS_OF_FORMAT, Painter
from scorer.render.dataset import (
    FORMAT_VERSIONS,
    Settings,
    _Designs,
    render_example,
)


@pytest.mark.parametrize("painter", PAINTERS, ids=lambda p: p.__name__)
def test_each_painter_draws_on_the_table(painter: Painter) -> None:
    table = np.full((320, 320, 3), 128, np.uint8)
    for seed in range(3):
        painter(np.random.default_rng(seed), table)
    assert (table != 128).any(axis=2).mean() > 0.01


def _spy(painter: Painter, used: set[str]) -> Painter:
    def painted(rng: np.random.Generator, img: np.ndarray) -> None:
        used.add(painter.__name__)
        painter(rng, img)
    return painted


@pytest.mark.parametrize("version", FORMAT_VERSIONS)
def test_a_format_renders_with_its_own_painters(version: int,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """An older format never calls a later painter (its sets keep their bytes); a format that
    brought new painters does call them."""
    used: set[str] = set()
    spied = {v: tuple(_spy(p, used) for p in painters)
             for v, painters in PAINTERS_OF_FORMAT.items()}
    monkeypatch.setattr(dataset_module, "PAINTERS_OF_FORMAT", spied)
    settings = Settings(seed=3, imgsz=160, empty=1.0, version=version)
    designs = _Designs(settings)
    for index in range(24):
        render_example(settings, designs, "test", index)
    own = {p.__name__ for p in PAINTERS_OF_FORMAT[version]}
    assert used and used <= own
    earlier = [v for v in FORMAT_VERSIONS if v < version]
    if earlier:
        brought = own - {p.__name__ for p in PAINTERS_OF_FORMAT[earlier[-1]]}
        assert not brought or used & brought


def test_dataset_build_refuses_an_unknown_format(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["dataset", "build", "--out", "unused", "--format", "1"])
    assert "--format" in capsys.readouterr().err
