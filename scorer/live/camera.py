"""The server's webcam (or a video file): read frames, detect at a bounded rate, keep the newest.

``phase10 serve --camera 0`` opens device 0 with OpenCV; tests pass a video file path instead
(:func:`parse_source`). Two daemon threads run per camera:

- the *grabber* reads frames as fast as the source delivers them and keeps only the newest
  (a file is played at its own frame rate and loops), so detection never works on a stale frame;
- the *detector* takes the newest frame at most ``max_fps`` times a second, runs the shared
  :class:`~scorer.live.feed.LiveFeed` (detection slots, stability tracker), draws the boxes and
  keeps the annotated JPEG with its reading as one :class:`CameraSnapshot`.

Viewers only ever read the latest snapshot, so any number of them cost one detection stream.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from scorer.live.feed import LiveFeed, LiveReading, Reader
from scorer.live.limiter import Busy, DetectionLimiter
from scorer.live.stability import StableTracker
from scorer.vision.annotate import BGR, annotate

FILE_FPS_FALLBACK = 10.0
"""Frame rate used to play a video file that does not declare a sensible one."""
STABLE_BGR = (60, 200, 60)
"""Box colour of a card in the stable reading."""
PENDING_BGR = (0, 180, 255)
"""Box colour of a card seen but not (yet) stable."""


class CameraError(RuntimeError):
    """The camera or video file cannot be opened."""


def parse_source(value: str | int) -> int | str:
    """A device index (``0``, ``"1"``) or a video file path (``"hand.avi"``).

    Raises :class:`CameraError` for an empty value or a path that does not exist.
    """
    if isinstance(value, int):
        return value
    text = str(value).strip()
    if not text:
        raise CameraError("no camera given: pass a device index such as 0 or a video file path")
    if text.isdigit():
        return int(text)
    if not Path(text).is_file():
        raise CameraError(f"no such video file or camera: {text!r} (a webcam is a number: 0, 1)")
    return text


def stability_colours(live: LiveReading) -> list[BGR]:
    """One box colour per detected card: stable while the stable list still has an unclaimed
    copy of its card, else pending."""
    unclaimed = Counter(live.cards)
    colours = []
    for item in live.detected.cards:
        colours.append(STABLE_BGR if unclaimed[item.card] > 0 else PENDING_BGR)
        unclaimed[item.card] -= 1
    return colours


@dataclass(frozen=True)
class CameraSnapshot:
    """The newest processed frame: ``jpeg`` (annotated, encoded) and its ``live`` reading."""

    seq: int
    jpeg: bytes
    live: LiveReading

    @property
    def reading(self) -> dict[str, Any]:
        """The live reading's JSON shape (:meth:`LiveReading.to_dict`)."""
        return self.live.to_dict()


class CameraFeed:
    """Read a webcam or video file in the background and keep the newest annotated reading.

    ``source``: a device index or a video path (see :func:`parse_source`); ``read``: the card
    reader; ``max_fps``: the most detections per second; ``limiter``: detection slots shared with
    the browser viewers; ``max_width``: wider frames are downscaled first (pixels);
    ``loop``: replay a video file from the start when it ends. ``opener`` builds the capture
    (``cv2.VideoCapture``; tests may swap it).
    """

    def __init__(
        self,
        source: int | str,
        read: Reader,
        *,
        max_fps: float = 10.0,
        limiter: DetectionLimiter | None = None,
        tracker: StableTracker | None = None,
        max_width: int = 1280,
        loop: bool = True,
        jpeg_quality: int = 80,
        opener: Callable[[int | str], Any] = cv2.VideoCapture,
    ):
        if max_fps <= 0:
            raise ValueError(f"max_fps must be positive, got {max_fps}")
        self.source = source
        self.max_fps = max_fps
        self.max_width = max_width
        self.loop = loop
        self.jpeg_quality = jpeg_quality
        self.feed = LiveFeed(read, tracker, limiter, wait=1.0)
        self.error: str | None = None
        self.frames_grabbed = 0
        self._opener = opener
        self._capture: Any = None
        self._stop = threading.Event()
        self._frame: np.ndarray | None = None
        self._frame_no = 0
        self._new_frame = threading.Condition()
        self._snapshot: CameraSnapshot | None = None
        self._published = threading.Condition()
        self._threads: list[threading.Thread] = []

    # -- life cycle -------------------------------------------------------------------------
    def start(self) -> CameraFeed:
        """Open the source and start the threads; raises :class:`CameraError` if it won't open."""
        if self._threads:
            return self
        self._capture = self._open()
        self._threads = [
            threading.Thread(target=self._grab_loop, name="camera-grab", daemon=True),
            threading.Thread(target=self._detect_loop, name="camera-detect", daemon=True),
        ]
        for thread in self._threads:
            thread.start()
        return self

    def stop(self, timeout: float = 2.0) -> None:
        """Stop the threads and release the camera."""
        self._stop.set()
        with self._new_frame:
            self._new_frame.notify_all()
        with self._published:
            self._published.notify_all()
        for thread in self._threads:
            thread.join(timeout)
        if self._capture is not None:
            self._capture.release()

    @property
    def running(self) -> bool:
        """Whether the grabber still delivers frames."""
        return bool(self._threads) and self._threads[0].is_alive() and not self._stop.is_set()

    # -- what viewers read --------------------------------------------------------------------
    def snapshot(self) -> CameraSnapshot | None:
        """The newest processed frame, or None before the first one."""
        with self._published:
            return self._snapshot

    def wait_newer(self, seq: int, timeout: float) -> CameraSnapshot | None:
        """Wait up to ``timeout`` s for a snapshot newer than ``seq``; None if none came."""
        with self._published:
            self._published.wait_for(
                lambda: self._stop.is_set()
                or (self._snapshot is not None and self._snapshot.seq > seq),
                timeout,
            )
            snap = self._snapshot
        return snap if snap is not None and snap.seq > seq else None

    # -- threads ------------------------------------------------------------------------------
    def _open(self) -> Any:
        capture = self._opener(self.source)
        if not capture.isOpened():
            capture.release()
            raise CameraError(f"cannot open camera {self.source!r}")
        if isinstance(self.source, int):  # ask a webcam for 720p and a short buffer
            capture.set(cv2.CAP_PROP_FRAME_WIDTH, self.max_width)
            capture.set(cv2.CAP_PROP_FRAME_HEIGHT, round(self.max_width * 9 / 16))
            capture.set(cv2.CAP_PROP_BUFFERSIZE, 1)
        return capture

    def _grab_loop(self) -> None:
        is_file = isinstance(self.source, str)
        fps = self._capture.get(cv2.CAP_PROP_FPS) if is_file else 0.0
        period = 1.0 / (fps if 0 < fps <= 120 else FILE_FPS_FALLBACK)
        due = time.monotonic()
        while not self._stop.is_set():
            ok, frame = self._capture.read()
            if not ok and is_file and self.loop:
                self._capture.set(cv2.CAP_PROP_POS_FRAMES, 0)
                ok, frame = self._capture.read()
            if not ok or frame is None:
                self.error = f"camera {self.source!r} stopped sending frames"
                break
            if frame.shape[1] > self.max_width:
                height = round(frame.shape[0] * self.max_width / frame.shape[1])
                frame = cv2.resize(frame, (self.max_width, height), interpolation=cv2.INTER_AREA)
            with self._new_frame:
                self._frame = frame
                self._frame_no += 1
                self.frames_grabbed += 1
                self._new_frame.notify_all()
            if is_file:  # a device paces itself; a file plays at its own frame rate
                due += period
                self._stop.wait(max(0.0, due - time.monotonic()))
        with self._new_frame:
            self._new_frame.notify_all()

    def _detect_loop(self) -> None:
        seen = 0
        due = 0.0
        while not self._stop.is_set():
            delay = due - time.monotonic()
            if delay > 0 and self._stop.wait(delay):
                break
            with self._new_frame:
                self._new_frame.wait_for(
                    lambda seen=seen: self._stop.is_set() or self._frame_no != seen, timeout=0.5
                )
                if self._frame_no == seen or self._frame is None:
                    continue
                frame, seen = self._frame, self._frame_no
            due = time.monotonic() + 1.0 / self.max_fps
            try:
                live = self.feed.process(frame)
            except Busy:
                continue
            except Exception as error:  # noqa: BLE001 - shown to viewers; the thread keeps going
                self.error = f"detection failed: {error}"
                self._stop.wait(0.5)
                continue
            self.error = None
            boxed = annotate(frame, live.detected, stability_colours(live))
            ok, jpeg = cv2.imencode(".jpg", boxed, [cv2.IMWRITE_JPEG_QUALITY, self.jpeg_quality])
            if not ok:
                continue
            with self._published:
                self._snapshot = CameraSnapshot(live.seq, jpeg.tobytes(), live)
                self._published.notify_all()
