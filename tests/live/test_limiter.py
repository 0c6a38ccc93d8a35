"""Bounded detection slots: a busy server refuses quickly instead of queueing frames."""

from __future__ import annotations

import threading
import time

import pytest

from scorer.live.limiter import Busy, DetectionLimiter


def test_a_free_slot_is_granted_and_counted():
    limiter = DetectionLimiter(slots=1)
    with limiter.slot():
        assert limiter.stats.in_use == 1
    assert limiter.stats.to_dict() == {
        "slots": 1, "in_use": 0, "served": 1, "busy": 0, "waiting": 0,
    }


def test_with_every_slot_taken_a_caller_is_refused_at_once():
    limiter = DetectionLimiter(slots=2)
    with limiter.slot(), limiter.slot():
        start = time.perf_counter()
        with pytest.raises(Busy, match="all 2 detection slot"):
            with limiter.slot():
                pass
        assert time.perf_counter() - start < 0.05
    assert limiter.stats.busy == 1
    with limiter.slot():
        pass


def test_a_slot_is_released_when_the_detection_fails():
    limiter = DetectionLimiter(slots=1)
    with pytest.raises(ZeroDivisionError):
        with limiter.slot():
            1 / 0  # noqa: B018
    with limiter.slot():
        assert limiter.stats.in_use == 1


def test_a_short_wait_gets_a_slot_freed_meanwhile():
    limiter = DetectionLimiter(slots=1, wait=1.0)
    holding = threading.Event()

    def hold_briefly():
        with limiter.slot():
            holding.set()
            time.sleep(0.05)

    thread = threading.Thread(target=hold_briefly)
    thread.start()
    holding.wait(1)
    with limiter.slot():
        pass
    thread.join()
    assert limiter.stats.busy == 0


def test_concurrent_callers_never_exceed_the_slots():
    limiter = DetectionLimiter(slots=2)
    peak = 0
    lock = threading.Lock()
    refused = []
    barrier = threading.Barrier(8)

    def detect():
        nonlocal peak
        barrier.wait(5)
        try:
            with limiter.slot():
                with lock:
                    peak = max(peak, limiter.stats.in_use)
                time.sleep(0.02)
        except Busy:
            refused.append(1)

    threads = [threading.Thread(target=detect) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert peak <= 2
    assert limiter.stats.served + limiter.stats.busy == 8
    assert len(refused) == limiter.stats.busy >= 1


def _waiter(limiter, priority, results, name, wait=2.0):
    def run():
        try:
            with limiter.slot(wait=wait, priority=priority):
                results.append(name)
        except Busy:
            results.append(f"{name} busy")

    thread = threading.Thread(target=run)
    thread.start()
    return thread


def _wait_until(condition, timeout=2.0):
    deadline = time.monotonic() + timeout
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.005)
    assert condition()


def test_the_stalest_waiter_gets_the_next_slot():
    """A stream that got a reading long ago goes before one that just got one."""
    limiter = DetectionLimiter(slots=1, queue=2)
    results: list[str] = []
    with limiter.slot():
        fresh = _waiter(limiter, 10.0, results, "fresh")
        _wait_until(lambda: limiter.stats.waiting == 1)
        stale = _waiter(limiter, 1.0, results, "stale")
        _wait_until(lambda: limiter.stats.waiting == 2)
    fresh.join()
    stale.join()
    assert results == ["stale", "fresh"]


def test_a_full_line_refuses_the_freshest_caller():
    limiter = DetectionLimiter(slots=1, queue=1)
    results: list[str] = []
    with limiter.slot():
        waiting = _waiter(limiter, 5.0, results, "waiting")
        _wait_until(lambda: limiter.stats.waiting == 1)
        with pytest.raises(Busy):  # fresher than the one in line: refused at once
            with limiter.slot(wait=2.0, priority=9.0):
                pass
        stale = _waiter(limiter, 1.0, results, "stale")  # staler: takes the place in line
        waiting.join()
        assert results == ["waiting busy"]
    stale.join()
    assert results == ["waiting busy", "stale"]


def test_a_waiter_gives_up_after_its_wait():
    limiter = DetectionLimiter(slots=1, queue=1)
    with limiter.slot():
        start = time.perf_counter()
        with pytest.raises(Busy):
            with limiter.slot(wait=0.05):
                pass
        assert 0.04 < time.perf_counter() - start < 1.0
        assert limiter.stats.waiting == 0


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [({"slots": 0}, "slots"), ({"wait": -1}, "wait"), ({"queue": -1}, "queue")],
)
def test_bad_settings_raise(kwargs, message):
    with pytest.raises(ValueError, match=message):
        DetectionLimiter(**kwargs)
