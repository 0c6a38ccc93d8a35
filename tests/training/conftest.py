"""Training fixtures shared by test modules: a few rendered scenes with their labels."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def labelled_scenes(tmp_path_factory):
    """Six rendered scenes (seeded) with their YOLO labels, in a ``train`` split."""
    from scorer.render.dataset import Settings, build

    out = tmp_path_factory.mktemp("recog_ds")
    build(out, {"train": 6}, Settings(seed=11), workers=1, progress=False)
    return out
