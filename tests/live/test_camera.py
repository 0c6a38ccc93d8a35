"""The server webcam path fed a rendered video file: the stable reading equals its cards."""

from __future__ import annotations

import time

import cv2
import numpy as np
import pytest

from scorer.bench.synthetic import ScriptedReader, draw_frame, layout, write_video
from scorer.cards import parse_card, parse_cards
from scorer.live.camera import (
    PENDING_BGR,
    STABLE_BGR,
    CameraError,
    CameraFeed,
    parse_source,
    stability_colours,
)
from scorer.live.feed import LiveReading
from scorer.live.limiter import DetectionLimiter
from scorer.vision.card_reading import CardReading, DetectedCard

HAND = ["R5", "R5", "B7", "W", "Y12"]
SIZE = (640, 360)


def script(n_frames: int = 16) -> list:
    """The hand in every frame, except frame 3 misses B7 and frame 9 shows a stray S."""
    placed = layout(HAND, SIZE)
    frames = []
    for i in range(n_frames):
        frame = list(placed)
        if i == 3:
            frame = [p for p in frame if p[0] != "B7"]
        if i == 9:
            frame.append(("S", (10.0, 200.0, 60.0, 280.0)))
        frames.append(frame)
    return frames


@pytest.fixture
def video(tmp_path):
    frames = script()
    path = write_video(tmp_path / "hand.avi",
                       (draw_frame(i, f, SIZE) for i, f in enumerate(frames)), fps=20)
    return path, ScriptedReader(frames, SIZE)


def test_parse_source_takes_a_device_index_or_an_existing_file(tmp_path):
    assert parse_source("0") == 0
    assert parse_source(2) == 2
    path = tmp_path / "v.avi"
    path.write_bytes(b"x")
    assert parse_source(str(path)) == str(path)
    with pytest.raises(CameraError, match="no such video file or camera"):
        parse_source(str(tmp_path / "missing.avi"))
    with pytest.raises(CameraError, match="no camera given"):
        parse_source(" ")


def test_a_source_that_will_not_open_raises(tmp_path):
    path = tmp_path / "not-a-video.avi"
    path.write_bytes(b"not a video")
    with pytest.raises(CameraError, match="cannot open camera"):
        CameraFeed(str(path), lambda image: CardReading((), image.shape[:2])).start()


def test_the_stable_reading_of_a_video_equals_its_cards_without_flicker(video):
    path, reader = video
    camera = CameraFeed(str(path), reader, max_fps=20,
                        limiter=DetectionLimiter(1))
    camera.start()
    readings = []
    try:
        seq, deadline = 0, time.monotonic() + 10
        while len(readings) < 24 and time.monotonic() < deadline:
            snap = camera.wait_newer(seq, timeout=2)
            if snap is not None:
                seq = snap.seq
                readings.append(snap.reading)
    finally:
        camera.stop()
    assert len(readings) >= 20, camera.error
    truth = ["R5", "R5", "B7", "Y12", "W"]
    cards = [r["cards"] for r in readings]
    # the hand is read within a few frames (sooner unless the one miss falls among the first)
    first_full = cards.index(truth)
    assert first_full <= 6, cards
    for reading in readings[first_full:]:  # and then never flickers
        assert reading["cards"] == truth, cards
        assert reading["points"] == 5 + 5 + 5 + 10 + 25
    assert camera.frames_grabbed > 16  # the file looped


def test_the_snapshot_is_an_annotated_jpeg_of_the_frame(video):
    path, reader = video
    camera = CameraFeed(str(path), reader, max_fps=20)
    camera.start()
    try:
        snap = camera.wait_newer(2, timeout=5)
    finally:
        camera.stop()
    assert snap is not None
    image = cv2.imdecode(np.frombuffer(snap.jpeg, np.uint8), cv2.IMREAD_COLOR)
    assert image.shape == (SIZE[1], SIZE[0], 3)
    assert snap.reading["size"] == list(SIZE)
    assert {d["card"] for d in snap.reading["detections"]} >= {"R5", "W", "Y12"}
    assert not camera.running


def test_a_wide_frame_is_downscaled_before_detection(tmp_path):
    frames = [layout(["G3"], (1920, 1080))] * 4
    path = write_video(tmp_path / "wide.avi",
                       (draw_frame(i, f, (1920, 1080)) for i, f in enumerate(frames)), fps=20)
    reader = ScriptedReader(frames, (1920, 1080))
    camera = CameraFeed(str(path), reader, max_fps=20)
    camera.start()
    try:
        snap = camera.wait_newer(0, timeout=5)
    finally:
        camera.stop()
    assert snap is not None and snap.reading["size"] == [1280, 720]


def test_each_copy_of_a_card_is_boxed_stable_only_while_the_stable_list_holds_it():
    detected = CardReading(tuple(DetectedCard(parse_card(name), 0.9, (0, 0, 9, 9))
                                 for name in ("R5", "B7", "R5")), (20, 20))
    live = LiveReading(4, (20, 20), detected, parse_cards("R5 B7"), parse_cards("R5"), False, 1.0)
    assert stability_colours(live) == [STABLE_BGR, STABLE_BGR, PENDING_BGR]
