"""Seconds spent in each look and stage of the reader, for ``phase10 bench detect``."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager


class Timings(dict[str, float]):
    """Seconds per look or stage name, summed over every time it ran."""

    @contextmanager
    def timed(self, name: str) -> Iterator[None]:
        """Add the time the ``with`` body takes to ``name``."""
        started = time.perf_counter()
        try:
            yield
        finally:
            self[name] = self.get(name, 0.0) + time.perf_counter() - started

    def milliseconds(self) -> dict[str, float]:
        """The same in milliseconds, rounded to 0.1."""
        return {name: round(seconds * 1000, 1) for name, seconds in self.items()}
