"""Face designs sampled per pool: the test pool's styles held out, print variety on training
designs only."""

from __future__ import annotations

import numpy as np

from scorer.render.face_style import sample_style


def test_print_variety_only_on_training_designs() -> None:
    """Evaluation splits keep the designs their published figures were measured on."""
    from scorer.render.dataset import Settings, _Designs

    designs = _Designs(Settings(seed=3))
    train = [designs.get("train", k)[0].style for k in range(40)]
    val = [designs.get("val", k)[0].style for k in range(40)]
    assert any(s.wild_emblem for s in train) and any(s.slant for s in train)
    assert any(s.bold_outline for s in train)
    assert not any(s.wild_emblem or s.slant or s.panel_tilt or s.bold_outline for s in val)


def test_a_seed_gives_one_style():
    assert sample_style(np.random.default_rng(9)) == sample_style(np.random.default_rng(9))
    assert sample_style(np.random.default_rng(9)) != sample_style(np.random.default_rng(10))
