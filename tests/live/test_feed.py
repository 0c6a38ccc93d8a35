"""One live stream: detect, track, report; per-viewer streams bounded and forgotten when idle."""

from __future__ import annotations

import threading

import numpy as np
import pytest

from scorer.bench.synthetic import ScriptedReader, draw_frame, layout
from scorer.cards import Card, Colour, parse_card
from scorer.live.feed import LiveFeed, LiveReading, StreamRegistry
from scorer.live.limiter import Busy, DetectionLimiter
from scorer.live.stability import StableTracker
from scorer.vision.card_reading import CardReading, DetectedCard

SIZE = (320, 180)
NOTHING = CardReading((), (4, 4))


def test_the_json_detections_are_the_readers_cards_rounded_with_unsure():
    detected = CardReading((DetectedCard(parse_card("r5"), 0.41234, (1.04, 2, 3, 4)),), (10, 10))
    live = LiveReading(1, (10, 10), detected, (), (Card.number(Colour.RED, 5),), False, 1.234)
    assert live.to_dict() == {
        "seq": 1, "size": [10, 10], "cards": [], "pending": ["R5"], "count": 0, "points": 0,
        "detections": [{"card": "R5", "confidence": 0.412, "box": [1.0, 2.0, 3.0, 4.0],
                        "unsure": True}],
        "changed": False, "detect_ms": 1.2,
    }


def test_a_feed_reports_the_frame_and_the_stable_cards():
    placed = layout(["G1", "S"], SIZE)
    reader = ScriptedReader([placed], SIZE)
    feed = LiveFeed(reader, StableTracker(window=3))
    frame = draw_frame(0, placed, SIZE)
    first = feed.process(frame).to_dict()
    assert first["cards"] == [] and first["pending"] == ["G1", "S"]
    assert [d["card"] for d in first["detections"]] == ["G1", "S"]
    assert feed.process(frame).changed  # a majority of the window of 3
    live = feed.process(frame)
    reading = live.to_dict()
    assert reading | {"detect_ms": 0, "detections": []} == {
        "seq": 3, "size": [320, 180], "detections": [], "cards": ["G1", "S"], "pending": [],
        "count": 2, "points": 20, "changed": False, "detect_ms": 0,
    }
    assert feed.last is live
    feed.reset()
    assert feed.last is None and feed.tracker.cards == ()


def test_a_feed_with_no_free_slot_is_busy_and_keeps_its_last_reading():
    limiter = DetectionLimiter(1)
    feed = LiveFeed(lambda image: NOTHING, limiter=limiter)
    feed.process(np.zeros((4, 4, 3), np.uint8))
    with limiter.slot():
        with pytest.raises(Busy):
            feed.process(np.zeros((4, 4, 3), np.uint8))
    assert feed.last.seq == 1


def test_a_stream_with_a_frame_in_flight_refuses_a_second_one():
    started, release = threading.Event(), threading.Event()

    def slow_read(image):
        started.set()
        release.wait(5)
        return NOTHING

    feed = LiveFeed(slow_read, limiter=DetectionLimiter(4))
    thread = threading.Thread(target=feed.process, args=(np.zeros((4, 4, 3), np.uint8),))
    thread.start()
    started.wait(5)
    with pytest.raises(Busy, match="in flight"):
        feed.process(np.zeros((4, 4, 3), np.uint8))
    release.set()
    thread.join()


def test_the_registry_keeps_one_feed_per_stream_and_drops_the_oldest():
    registry = StreamRegistry(lambda: LiveFeed(lambda image: NOTHING), max_streams=2)
    a = registry.get("a")
    assert registry.get("a") is a
    registry.get("b")
    registry.get("a")
    registry.get("c")  # full: "b" was used least recently
    assert len(registry) == 2
    assert registry.get("a") is a


def test_the_registry_forgets_idle_streams():
    registry = StreamRegistry(lambda: LiveFeed(lambda image: NOTHING), idle_s=0)
    a = registry.get("a")
    a.touched -= 1
    assert registry.get("a") is not a
    with pytest.raises(ValueError, match="max_streams"):
        StreamRegistry(lambda: None, max_streams=0)
