"""One live stream: detect the cards in each frame, track the stable reading, report it.

A :class:`LiveFeed` belongs to one viewer (a browser tab) or to the server's webcam. Frames go in
one at a time; each answer is a :class:`LiveReading`: the newest frame's cards (for the overlay)
and the stable card list (for the card list, the points and the verdict). :class:`StreamRegistry`
keeps one feed per browser stream id, bounded in number and forgotten when idle.

``read`` is any :data:`Reader`, ``read(image) -> CardReading`` (:func:`scorer.vision.read_cards`
or a fake one in tests); the typed reading goes all the way to :meth:`LiveReading.to_dict`, the
JSON edge.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from scorer.cards import Card, hand_points
from scorer.live.limiter import Busy, DetectionLimiter
from scorer.live.stability import StableTracker
from scorer.vision.card_reading import CardReading

Reader = Callable[[np.ndarray], CardReading]
"""``read(image (H, W, 3) uint8 BGR) -> CardReading``."""


@dataclass(frozen=True)
class LiveReading:
    """One answered frame of a stream.

    ``seq``: frames answered so far; ``size``: the frame's ``(width, height)``; ``detected``: this
    frame's cards with boxes; ``cards``: the stable list; ``pending``: seen now, not yet stable;
    ``changed``: whether ``cards`` differs from the previous answer; ``detect_ms``: the reader's
    time on this frame.
    """

    seq: int
    size: tuple[int, int]
    detected: CardReading
    cards: tuple[Card, ...]
    pending: tuple[Card, ...]
    changed: bool
    detect_ms: float

    @property
    def points(self) -> int:
        """Penalty points of the stable cards."""
        return hand_points(self.cards)

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape: ``seq``, ``size`` ``[width, height]``, ``detections`` (each card's
        :meth:`~scorer.vision.card_reading.DetectedCard.to_dict`), ``cards``, ``pending``,
        ``count``, ``points``, ``changed``, ``detect_ms``."""
        return {
            "seq": self.seq,
            "size": list(self.size),
            "detections": [card.to_dict() for card in self.detected.cards],
            "cards": [str(card) for card in self.cards],
            "pending": [str(card) for card in self.pending],
            "count": len(self.cards),
            "points": self.points,
            "changed": self.changed,
            "detect_ms": round(self.detect_ms, 1),
        }


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
        self.last: LiveReading | None = None
        self.seq = 0
        self.touched = time.monotonic()
        self.served_at = 0.0  # when this stream last got a reading: its place in the line
        self._busy = threading.Lock()

    def process(self, image: np.ndarray) -> LiveReading:
        """Detect the cards in one ``(H, W, 3)`` BGR frame and return the live reading."""
        self.touched = time.monotonic()
        if not self._busy.acquire(blocking=False):
            raise Busy("this stream already has a frame in flight")
        try:
            with self.limiter.slot(self.wait, priority=self.served_at):
                start = time.perf_counter()
                detected = self.read(image)
                detect_ms = (time.perf_counter() - start) * 1000
            self.served_at = time.monotonic()
            stable = self.tracker.update(card.card for card in detected.cards)
            self.seq += 1
            self.last = LiveReading(
                self.seq, (int(image.shape[1]), int(image.shape[0])), detected, stable.cards,
                stable.pending, stable.changed, detect_ms,
            )
            return self.last
        finally:
            self._busy.release()

    def reset(self) -> None:
        """Forget the tracked frames (a new hand on the table); waits for a frame in flight."""
        with self._busy:
            self.tracker.reset()
            self.last = None


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
