"""Bounded detection slots: at most ``slots`` detections run at once, the rest are refused fast.

A live view sends a frame, waits for the answer, then sends the newest frame. When the server is
busy, queueing frames would only make the answers older and older; :class:`DetectionLimiter`
refuses instead (:class:`Busy`), after waiting at most ``wait`` seconds for a slot, so the caller
can answer "busy" (HTTP 503) or repeat its last reading and the client simply sends a newer frame.
Threads waiting for a slot are bounded the same way: with every slot taken, callers give up
after ``wait`` and never pile up.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass


class Busy(RuntimeError):
    """Every detection slot is taken; try again with a newer frame."""


@dataclass(frozen=True)
class LimiterStats:
    """Counters since start: detections ``served``, requests refused as ``busy``, slots in use."""

    slots: int
    in_use: int
    served: int
    busy: int

    def to_dict(self) -> dict[str, int]:
        return {"slots": self.slots, "in_use": self.in_use, "served": self.served,
                "busy": self.busy}


class DetectionLimiter:
    """A semaphore with ``slots`` permits that refuses (raises :class:`Busy`) instead of queueing.

    ``wait``: seconds a caller may wait for a free slot before being refused (0 refuses at once).
    Raises :class:`ValueError` for ``slots < 1`` or ``wait < 0``. Thread-safe.
    """

    def __init__(self, slots: int = 1, wait: float = 0.0):
        if slots < 1:
            raise ValueError(f"slots must be at least 1, got {slots}")
        if wait < 0:
            raise ValueError(f"wait must be 0 or more seconds, got {wait}")
        self.slots = slots
        self.wait = wait
        self._semaphore = threading.BoundedSemaphore(slots)
        self._lock = threading.Lock()
        self._in_use = 0
        self._served = 0
        self._busy = 0

    @contextmanager
    def slot(self, wait: float | None = None) -> Iterator[None]:
        """Hold one slot for the ``with`` block; raises :class:`Busy` if none frees up in time.

        ``wait`` overrides the limiter's default for this call (``None`` keeps the default).
        """
        timeout = self.wait if wait is None else wait
        acquired = (
            self._semaphore.acquire(blocking=False) if timeout <= 0
            else self._semaphore.acquire(timeout=timeout)
        )
        if not acquired:
            with self._lock:
                self._busy += 1
            raise Busy(f"all {self.slots} detection slot(s) are busy")
        with self._lock:
            self._in_use += 1
        try:
            yield
        finally:
            with self._lock:
                self._in_use -= 1
                self._served += 1
            self._semaphore.release()

    @property
    def stats(self) -> LimiterStats:
        """A snapshot of the counters."""
        with self._lock:
            return LimiterStats(self.slots, self._in_use, self._served, self._busy)
