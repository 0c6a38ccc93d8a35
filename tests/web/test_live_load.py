"""Several live viewers at once: bounded detections, fast busy answers, a responsive scoreboard."""

from __future__ import annotations

import json
import threading
import time

import pytest

from scorer.bench.live import bench_frames, drive, serve_app
from web import create_app, live


class SlowCountingReader:
    """The fake reader, taking ``delay`` s per frame and recording how many run at once."""

    def __init__(self, inner, delay: float):
        self.inner, self.delay = inner, delay
        self.running = 0
        self.peak = 0
        self.lock = threading.Lock()

    def __call__(self, image, conf=0.5):
        with self.lock:
            self.running += 1
            self.peak = max(self.peak, self.running)
        try:
            time.sleep(self.delay)
            return self.inner(image, conf=conf)
        finally:
            with self.lock:
                self.running -= 1


@pytest.mark.slow
def test_many_viewers_share_bounded_slots_and_the_scoreboard_stays_quick(tmp_path):
    frames, fake = bench_frames(count=4, size=(640, 360))
    reader = SlowCountingReader(fake, delay=0.08)
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE": str(tmp_path / "db.sqlite"),
                      "CARD_READER": reader, "LIVE_SLOTS": 2, "LIVE_WAIT": 0.3})
    if "live" not in app.blueprints:
        app.register_blueprint(live.bp)
    try:
        with serve_app(app, threads=8) as address:  # as phase10 serve
            raw = drive(address, frames, clients=6, seconds=2.5)
    finally:
        app.extensions["phase10_live"].stop()
    assert reader.peak <= 2  # never more detections at once than slots
    assert raw["errors"] == 0, raw["errors"]
    assert all(n >= 1 for n in raw["readings"]), raw["readings"]  # nobody starves to a stop
    summary = {k: raw[k] for k in ("readings", "busy", "scoreboard")}
    assert sum(raw["readings"]) >= 2.5 / 0.08 * 0.5, summary  # the slots are kept busy
    # refused at once, or after waiting at most LIVE_WAIT in the short line: never queued
    assert raw["busy"] > 0 and max(raw["busy_latencies"]) < 0.3 + 0.7, raw["busy_latencies"]
    # 6 viewers hold at most slots + queue = 4 of the 8 threads, so the scoreboard is answered
    # (the CPU is shared with whatever else runs on the machine, hence the generous bound)
    assert raw["scoreboard"] and max(raw["scoreboard"]) < 2.0, raw["scoreboard"]
    last = json.loads(next(body for body in raw["last"] if body))
    assert last["cards"] == ["R5", "R5", "B7", "G8", "Y9", "W", "S"]
