"""Bounded detection slots: at most ``slots`` detections run at once; a few may wait, briefly.

A live view sends a frame, waits for the answer, then sends the newest frame. When the server is
busy, a long queue of frames would only make the answers older and older, so
:class:`DetectionLimiter` keeps at most ``queue`` callers waiting, each for at most ``wait``
seconds; everyone else is refused at once with :class:`Busy` (the web view answers 503 with its
last reading, and the client sends a newer frame a moment later).

Fairness: a caller that just got a reading goes back to the end of the line. Waiters carry a
*priority* (a live stream passes the time of its last reading; smaller goes first), the best
waiter gets the next free slot, and a staler newcomer takes the place of the freshest waiter when
the line is full. Without that, the viewer whose answer has just arrived would re-send first and
win every freed slot, starving the others.
"""

from __future__ import annotations

import itertools
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass


class Busy(RuntimeError):
    """Every detection slot is taken; try again with a newer frame."""


@dataclass(frozen=True)
class LimiterStats:
    """Counters since start: detections ``served``, callers refused as ``busy``, slots in use,
    callers ``waiting``."""

    slots: int
    in_use: int
    served: int
    busy: int
    waiting: int = 0

    def to_dict(self) -> dict[str, int]:
        return {"slots": self.slots, "in_use": self.in_use, "served": self.served,
                "busy": self.busy, "waiting": self.waiting}


@dataclass
class _Waiter:
    priority: float
    order: int
    evicted: bool = False

    @property
    def key(self) -> tuple[float, int]:
        return (self.priority, self.order)


class DetectionLimiter:
    """``slots`` permits, a line of at most ``queue`` waiters, each waiting at most ``wait`` s.

    ``queue`` defaults to ``slots``. Raises :class:`ValueError` for ``slots < 1``, ``wait < 0``
    or ``queue < 0``. Thread-safe.
    """

    def __init__(self, slots: int = 1, wait: float = 0.0, queue: int | None = None):
        if slots < 1:
            raise ValueError(f"slots must be at least 1, got {slots}")
        if wait < 0:
            raise ValueError(f"wait must be 0 or more seconds, got {wait}")
        queue = slots if queue is None else queue
        if queue < 0:
            raise ValueError(f"queue must be 0 or more callers, got {queue}")
        self.slots = slots
        self.wait = wait
        self.queue = queue
        self._cond = threading.Condition()
        self._free = slots
        self._waiters: list[_Waiter] = []
        self._order = itertools.count()
        self._served = 0
        self._busy = 0

    @contextmanager
    def slot(self, wait: float | None = None, priority: float | None = None) -> Iterator[None]:
        """Hold one slot for the ``with`` block; raises :class:`Busy` if none is granted in time.

        ``wait`` overrides the limiter's default for this call (0 never waits). ``priority``:
        smaller is served first (a stream's last reading time); None means "now" (first come,
        first served).
        """
        timeout = self.wait if wait is None else wait
        with self._cond:
            if not self._acquire(time.monotonic() if priority is None else priority, timeout):
                self._busy += 1
                raise Busy(f"all {self.slots} detection slot(s) are busy")
        try:
            yield
        finally:
            with self._cond:
                self._free += 1
                self._served += 1
                self._cond.notify_all()

    def _acquire(self, priority: float, timeout: float) -> bool:
        """Take a slot (the condition's lock is held); False when refused."""
        if self._free > 0 and not self._waiters:
            self._free -= 1
            return True
        if timeout <= 0 or self.queue == 0:
            return False
        me = _Waiter(priority, next(self._order))
        if len(self._waiters) >= self.queue:
            freshest = max(self._waiters, key=lambda w: w.key)
            if freshest.key <= me.key:
                return False
            freshest.evicted = True  # a staler caller takes its place in the line
            self._waiters.remove(freshest)
            self._cond.notify_all()
        self._waiters.append(me)
        deadline = time.monotonic() + timeout
        while True:
            if me.evicted:
                return False
            if self._free > 0 and min(self._waiters, key=lambda w: w.key) is me:
                self._waiters.remove(me)
                self._free -= 1
                return True
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                self._waiters.remove(me)
                self._cond.notify_all()
                return False
            self._cond.wait(remaining)

    @property
    def stats(self) -> LimiterStats:
        """A snapshot of the counters."""
        with self._cond:
            return LimiterStats(self.slots, self.slots - self._free, self._served, self._busy,
                                len(self._waiters))
