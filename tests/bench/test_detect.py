"""``phase10 bench detect`` building blocks: the frames and the summary figures."""

from __future__ import annotations

import pytest

from scorer.bench.detect import FRAME_H, FRAME_W, bench_frames, summarise
from scorer.vision.image_io import decode_image


def test_summarise_reports_median_and_p90():
    figures = summarise([10.0] * 9 + [100.0])
    assert figures["median_ms"] == 10.0 and figures["runs"] == 10
    assert figures["p90_ms"] == pytest.approx(19.0)
    assert figures["max_ms"] == 100.0


def test_bench_frames_are_deterministic_1280x960_jpegs():
    frames = bench_frames(1, seed=3)
    assert frames == bench_frames(1, seed=3)
    assert frames[0][:2] == b"\xff\xd8"
    assert decode_image(frames[0]).shape == (FRAME_H, FRAME_W, 3)
