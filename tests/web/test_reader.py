"""The card reader the pages use: the configured one, and a clear error when none can run."""

from __future__ import annotations

import numpy as np
import pytest

from web import reader


def test_the_configured_reader_runs_at_the_configured_confidence(app):
    seen = {}

    def fake(image, conf):
        seen["conf"] = conf
        return "reading"

    app.config.update(CARD_READER=fake, DETECT_CONFIDENCE=0.6)
    with app.app_context():
        assert reader.read(np.zeros((4, 4, 3), np.uint8)) == "reading"
    assert seen == {"conf": 0.6}


@pytest.mark.parametrize("error", [FileNotFoundError("no model"), reader.ModelError("bad file")])
def test_a_missing_or_broken_model_makes_the_reader_unavailable(app, error):
    def broken(image, conf):
        raise error

    app.config["CARD_READER"] = broken
    with app.app_context(), pytest.raises(reader.ReaderUnavailable,
                                          match="the card detector cannot run"):
        reader.read(np.zeros((4, 4, 3), np.uint8))


def test_a_configured_model_path_wins_over_the_decks_choice(app, tmp_path):
    app.config["MODEL_PATH"] = str(tmp_path / "mine.onnx")
    with app.app_context():
        assert reader.model_file() == tmp_path / "mine.onnx"
    app.config["MODEL_PATH"] = None
    with app.app_context():
        assert reader.model_file() is None  # no deck chosen: the shipped model
