"""Seconds spent in each look and stage of the reader, summed per name, for ``bench detect``."""

from __future__ import annotations

import time

import pytest

from scorer.vision.timings import Timings


def test_each_run_of_a_stage_adds_to_its_total():
    timings = Timings()
    for _ in range(2):
        with timings.timed("pair"):
            time.sleep(0.01)
    with timings.timed("weigh"):
        pass
    assert set(timings) == {"pair", "weigh"}
    assert timings["pair"] >= 0.02 > timings["weigh"]


def test_a_stage_that_fails_is_timed_all_the_same():
    timings = Timings()
    with pytest.raises(ValueError), timings.timed("colour"):
        raise ValueError("bad crop")
    assert "colour" in timings


def test_the_totals_read_in_milliseconds_to_a_tenth():
    timings = Timings(pair=0.01234, weigh=0.00004)
    assert timings.milliseconds() == {"pair": 12.3, "weigh": 0.0}
