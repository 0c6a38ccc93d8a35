"""One live stream: detect the cards in each frame, track the stable reading, report it as JSON.

A :class:`LiveFeed` belongs to one viewer (a browser tab) or to the server's webcam. Frames go in
one at a time; each answer holds the newest frame's detections (for the overlay) and the stable
card list (for the card list, the points and the verdict). :class:`StreamRegistry` keeps one
feed per browser stream id, bounded in number and forgotten when idle.

``read`` is any callable ``read(image) -> mapping`` returning the detector's JSON shape
``{"cards": [{"card": "R5", "confidence": 0.97, "box": [x1, y1, x2, y2]}, ...], ...}``
(``scorer.vision`` reading ``to_dict()``); it is the one boundary where detections enter.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import numpy as np

from scorer.cards import Card, hand_points, parse_card
from scorer.live.limiter import Busy, DetectionLimiter
from scorer.live.stability import StableTracker

Reader = Callable[[np.ndarray], Mapping[str, Any]]
"""``read(image (H, W, 3) uint8 BGR) -> {"cards": [{"card", "confidence", "box"}], ...}``."""


def detections_of(reading: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The detected cards of one reading as plain JSON dicts, card names checked.

    Raises :class:`scorer.errors.NotationError` on a card name that is not a card.
    """
    out = []
    for item in reading.get("cards", ()):
        card = parse_card(item["card"])
        box = [round(float(v), 1) for v in item.get("box", ())]
        out.append({"card": str(card), "confidence": round(float(item.get("confidence", 1.0)), 3),
                    "box": box})
    return out


class LiveFeed:
    """Detect, track and report one stream of frames; one frame at a time.

    ``read``: the card reader; ``tracker``: the stability tracker (a fresh default one if None);
    ``limiter``: shared detection slots (a private one-slot limiter if None); ``wait``: seconds a
    frame may wait for a detection slot (None: the limiter's default). Streams that got a reading
    least recently are served first (see :mod:`scorer.live.limiter`).
    :meth:`process` raises :class:`Busy` when no slot is free or this stream already has a frame
    in flight; the caller answers with :attr:`last` instead.
    """

    def __init__(
        self,
        read: Reader,
        tracker: StableTracker | None = None,
        limiter: DetectionLimiter | None = None,
        wait: float | None = None,
    ):
        self.read = read
        self.tracker = tracker or StableTracker()
        self.limiter = limiter or DetectionLimiter(1)
        self.wait = wait
        self.last: dict[str, Any] | None = None
        self.seq = 0
        self.touched = time.monotonic()
        self.served_at = 0.0  # when this stream last got a reading: its place in the line
        self._busy = threading.Lock()

    def process(self, image: np.ndarray) -> dict[str, Any]:
        """Detect the cards in one ``(H, W, 3)`` BGR frame and return the live reading.

        The reading: ``seq`` (frames answered so far), ``size`` ``[width, height]``,
        ``detections`` (this frame's cards with boxes), ``cards`` (the stable list), ``pending``
        (seen now, not yet stable), ``count``, ``points``, ``changed``, ``detect_ms``.
        """
        self.touched = time.monotonic()
        if not self._busy.acquire(blocking=False):
            raise Busy("this stream already has a frame in flight")
        try:
            with self.limiter.slot(self.wait, priority=self.served_at):
                start = time.perf_counter()
                reading = self.read(image)
                detect_ms = (time.perf_counter() - start) * 1000
            self.served_at = time.monotonic()
            detections = detections_of(reading)
            stable = self.tracker.update(parse_card(d["card"]) for d in detections)
            self.seq += 1
            self.last = live_reading(
                stable.cards, stable.pending, detections, image.shape, self.seq, stable.changed,
                detect_ms,
            )
            return self.last
        finally:
            self._busy.release()

    def reset(self) -> None:
        """Forget the tracked frames (a new hand on the table); waits for a frame in flight."""
        with self._busy:
            self.tracker.reset()
            self.last = None


def live_reading(
    cards: Iterable[Card],
    pending: Iterable[Card],
    detections: list[dict[str, Any]],
    shape: tuple[int, ...],
    seq: int,
    changed: bool,
    detect_ms: float,
) -> dict[str, Any]:
    """The JSON shape of a live reading (see :meth:`LiveFeed.process`)."""
    cards = list(cards)
    return {
        "seq": seq,
        "size": [int(shape[1]), int(shape[0])],
        "detections": detections,
        "cards": [str(card) for card in cards],
        "pending": [str(card) for card in pending],
        "count": len(cards),
        "points": hand_points(cards),
        "changed": changed,
        "detect_ms": round(detect_ms, 1),
    }


class StreamRegistry:
    """One :class:`LiveFeed` per stream id, at most ``max_streams``, forgotten after ``idle_s``.

    ``factory()`` builds a new feed. When full, the least recently used stream is dropped (its
    viewer simply starts over). Thread-safe.
    """

    def __init__(self, factory: Callable[[], LiveFeed], max_streams: int = 32,
                 idle_s: float = 120.0):
        if max_streams < 1:
            raise ValueError(f"max_streams must be at least 1, got {max_streams}")
        self.factory = factory
        self.max_streams = max_streams
        self.idle_s = idle_s
        self._feeds: OrderedDict[str, LiveFeed] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, stream_id: str) -> LiveFeed:
        """The feed of ``stream_id``, created on first use."""
        now = time.monotonic()
        with self._lock:
            for key in [k for k, f in self._feeds.items() if now - f.touched > self.idle_s]:
                del self._feeds[key]
            feed = self._feeds.get(stream_id)
            if feed is None:
                while len(self._feeds) >= self.max_streams:
                    self._feeds.popitem(last=False)
                feed = self._feeds[stream_id] = self.factory()
            self._feeds.move_to_end(stream_id)
            return feed

    def __len__(self) -> int:
        with self._lock:
            return len(self._feeds)
