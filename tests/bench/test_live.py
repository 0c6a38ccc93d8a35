"""``phase10 bench live`` runs end to end (a smoke test: no speed is asserted here)."""

from __future__ import annotations

import json

from scorer.cli import main


def test_bench_live_with_the_fake_reader_prints_its_figures(capsys):
    code = main(["bench", "live", "--reader", "fake", "--seconds", "0.5", "--json"])
    assert code == 0
    result = json.loads(capsys.readouterr().out)
    assert result["reader"] == "fake" and result["frame_size"] == [1280, 720]
    assert result["readings"] > 0 and result["errors"] == 0
    assert result["readings_per_s"] > 0


def test_bench_live_refuses_bad_options(capsys):
    assert main(["bench", "live", "--model", "/no/such/model.onnx", "--seconds", "0.2"]) == 2
    assert "phase10 bench live: error" in capsys.readouterr().err
