"""``phase10 bench``: the rules timing and the detector timing as tables or JSON, and a missing
model refused with exit 2 (the lab itself is tested in ``tests/bench``)."""

from __future__ import annotations

import json

from scorer.cli import bench_command, main
from scorer.vision import ModelError


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_bench_rules_prints_median_and_p90_per_phase(capsys):
    code, out, _ = run(capsys, "bench", "rules", "--tables", "3", "--repeat", "1", "--phase",
                       "2", "--json")
    rows = json.loads(out)
    assert code == 0
    assert [row["phase"] for row in rows] == [2]
    assert {"median_ms", "p90_ms"} <= set(rows[0])


def test_bench_rules_table(capsys):
    code, out, _ = run(capsys, "bench", "rules", "--tables", "3", "--repeat", "1")
    assert code == 0
    assert "median ms" in out and len(out.splitlines()) == 12


def _figures(met: bool) -> dict:
    """What ``bench_detect`` returns, with the torch comparison left out."""
    timing = {"runs": 3, "median_ms": 30.0 if met else 90.0, "p90_ms": 35.0}
    return {"frames": 2, "frame": "640x480", "load_average": 1.1, "onnx": timing,
            "target_median_ms": 40.0, "meets_target": met, "onnx_cpu_ms_median": 55.0,
            "onnx_second_look": timing, "target_photo_median_ms": 150.0,
            "photo_meets_target": met, "ultralytics": "not installed",
            "stage_ms_one_look": {"detect": 20.0, "pair": 1.5},
            "stage_ms_every_look": {"detect": 40.0}}


def test_bench_detect_says_whether_each_target_is_met_and_times_each_stage(capsys, monkeypatch):
    monkeypatch.setattr(bench_command, "bench_detect", lambda *args: _figures(met=True))
    code, out, _ = run(capsys, "bench", "detect", "--no-compare")
    assert code == 0
    assert "median 30.0 ms" in out and "(target median <= 40 ms: met)" in out
    assert "one look: detect 20.0; pair 1.5" in out
    monkeypatch.setattr(bench_command, "bench_detect", lambda *args: _figures(met=False))
    code, out, _ = run(capsys, "bench", "detect", "--no-compare")
    assert "NOT met" in out
    code, out, _ = run(capsys, "bench", "detect", "--no-compare", "--json")
    assert json.loads(out)["meets_target"] is False


def test_bench_detect_judges_the_ratio_to_torch_predict(capsys, monkeypatch):
    figures = _figures(met=False) | {"ultralytics": {"runs": 3, "median_ms": 90.0, "p90_ms": 95.0},
                                     "ratio_median": 1.0, "target_ratio": 0.45,
                                     "ratio_meets_target": False}
    monkeypatch.setattr(bench_command, "bench_detect", lambda *args: figures)
    code, out, _ = run(capsys, "bench", "detect")
    assert code == 0
    assert "onnx/torch median ratio 1.0 (target <= 0.45: NOT met)" in out


def test_bench_detect_without_a_model_exits_2(capsys, monkeypatch):
    def missing(*args):
        raise ModelError("no detector model at /nowhere.onnx")

    monkeypatch.setattr(bench_command, "bench_detect", missing)
    code, _, err = run(capsys, "bench", "detect", "--no-compare")
    assert code == 2 and "phase10 bench: error: no detector model" in err
