"""The shipped detector through the server camera path, on a video made by the project's renderer.

Slow: it runs the real model on a few 1280x720 frames. Skipped (with the reason) while
``models/phase10-cards.onnx`` has not been trained yet.
"""

from __future__ import annotations

import time

import pytest

from scorer.bench.synthetic import rendered_frames, write_video
from scorer.live.camera import CameraFeed
from scorer.live.limiter import DetectionLimiter
from scorer.live.stability import StableTracker

HAND = ["R5", "B7", "G12", "W", "R5"]  # two R5: the stable reading counts copies


def _model_or_skip():
    from scorer.vision.reading import model_path

    path = model_path()
    if not path.exists():
        pytest.skip(f"{path} does not exist yet: the shipped model is trained by `phase10 train` "
                    "(docs/training.md); this test runs once it is installed")
    return path


@pytest.mark.slow
def test_the_real_model_reads_a_rendered_video_to_its_cards(tmp_path):
    """A camera over a hand of 5 cards: the stable reading is the hand, with both R5."""
    _model_or_skip()
    from scorer.vision import read_cards

    frames = rendered_frames(HAND, count=6, seed=3)
    video = write_video(tmp_path / "hand.avi", frames, fps=5)
    camera = CameraFeed(str(video), read_cards, max_fps=5,
                        limiter=DetectionLimiter(1), tracker=StableTracker(window=5))
    readings = []
    camera.start()
    try:
        seq, deadline = 0, time.monotonic() + 60
        while len(readings) < 10 and time.monotonic() < deadline:
            snap = camera.wait_newer(seq, timeout=5)
            if snap is not None:
                seq = snap.seq
                readings.append(snap.reading)
    finally:
        camera.stop()
    assert len(readings) >= 6, camera.error
    per_frame = [sorted(d["card"] for d in r["detections"]) for r in readings]
    assert readings[-1]["cards"] == ["R5", "R5", "B7", "G12", "W"], per_frame
