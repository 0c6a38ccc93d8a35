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
    assert limiter.stats.to_dict() == {"slots": 1, "in_use": 0, "served": 1, "busy": 0}


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


@pytest.mark.parametrize(("kwargs", "message"), [({"slots": 0}, "slots"), ({"wait": -1}, "wait")])
def test_bad_settings_raise(kwargs, message):
    with pytest.raises(ValueError, match=message):
        DetectionLimiter(**kwargs)
