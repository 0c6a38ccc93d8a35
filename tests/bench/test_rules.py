"""The worst-case validator benchmark (pytest-benchmark; runs once when benchmarks are off).

No timed assertions: ``phase10 bench rules`` and ``pytest --benchmark-enable`` report times.
"""

import random

import pytest

from scorer.bench.rules import TABLE_CARDS, TABLE_WILDS, time_rules, worst_case_tables
from scorer.rules.phases import STANDARD_PHASES
from scorer.rules.validate import validate

TABLES = worst_case_tables(random.Random(0), 9)


def test_worst_case_tables_have_24_cards_with_8_wilds():
    for table in TABLES:
        assert len(table) == TABLE_CARDS
        assert sum(card.is_wild for card in table) == TABLE_WILDS


@pytest.mark.parametrize("phase", STANDARD_PHASES, ids=lambda p: f"phase{p.number}")
def test_benchmark_validate_worst_case(benchmark, phase):
    def run_all():
        return [validate(phase, table) for table in TABLES]

    verdicts = benchmark(run_all)
    assert all(v.valid or v.reason is not None for v in verdicts)


def test_time_rules_reports_median_and_p90():
    ticks = iter(range(10_000))
    rows = time_rules(random.Random(1), STANDARD_PHASES[:2], tables=2, repeat=1,
                      clock=lambda: next(ticks) / 1000)
    assert [row["phase"] for row in rows] == [1, 2]
    assert rows[0]["median_ms"] == pytest.approx(1.0)
    assert rows[0]["p90_ms"] == pytest.approx(1.0)
