"""Worst-case tables for timing the validator: 24 cards, 8 of them Wilds, for any phase.

Used by ``phase10 bench rules`` and the pytest-benchmark test. Randomness is passed in.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Iterable

from scorer.cards import DECK, WILD, Card
from scorer.rules.phases import STANDARD_PHASES, PhaseSpec
from scorer.rules.validate import validate

TABLE_CARDS = 24
TABLE_WILDS = 8
_NATURALS = [card for card in DECK if card.is_natural]


def worst_case_tables(rng: random.Random, count: int = 30) -> list[tuple[Card, ...]]:
    """``count`` tables of 24 cards with 8 Wilds, drawn to be hard to decide.

    A third are 16 random naturals from the deck, a third spread over every number (long
    runs and many choices), a third crowded onto a few numbers (sets that compete).
    """
    tables = []
    for index in range(count):
        style = index % 3
        if style == 0:
            naturals = rng.sample(_NATURALS, TABLE_CARDS - TABLE_WILDS)
        elif style == 1:
            by_number = {n: [c for c in _NATURALS if c.value == n] for n in range(1, 13)}
            naturals = [rng.choice(by_number[n]) for n in range(1, 13)]
            naturals += rng.sample([c for c in _NATURALS if c not in naturals], 4)
        else:
            numbers = rng.sample(range(1, 13), 3)
            pool = [c for c in _NATURALS if c.value in numbers]
            naturals = rng.sample(pool, TABLE_CARDS - TABLE_WILDS)
        table = list(naturals) + [WILD] * TABLE_WILDS
        rng.shuffle(table)
        tables.append(tuple(table))
    return tables


def time_rules(
    rng: random.Random,
    phases: Iterable[PhaseSpec] = STANDARD_PHASES,
    tables: int = 30,
    repeat: int = 3,
    clock: Callable[[], float] = time.perf_counter,
) -> list[dict[str, float | int]]:
    """Per phase: median, p90 and max milliseconds to validate the worst-case tables."""
    rows = []
    boards = worst_case_tables(rng, tables)
    for phase in phases:
        times = []
        valid = 0
        for table in boards:
            for _ in range(repeat):
                start = clock()
                verdict = validate(phase, table)
                times.append((clock() - start) * 1000.0)
            valid += verdict.valid
        times.sort()
        rows.append({
            "phase": phase.number,
            "median_ms": statistics.median(times),
            "p90_ms": times[min(len(times) - 1, int(0.9 * len(times)))],
            "max_ms": times[-1],
            "tables": len(boards),
            "valid": valid,
        })
    return rows
