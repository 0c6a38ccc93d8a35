"""``phase10 bench``: a group of benchmarks, one sub-command each (``bench rules``, ...).

Add a benchmark by writing ``_register_NAME(bench_subparsers)`` that adds its parser and sets
``func``, and listing it in :data:`BENCHMARKS`.
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Callable

BENCH_EXAMPLES = """examples:
  phase10 bench rules
  phase10 bench rules --tables 60 --repeat 5 --json
"""

RULES_EXAMPLES = """examples:
  phase10 bench rules                      (30 tables, 3 repeats, seed 0)
  phase10 bench rules --phase 2 --phase 3  (only phases 2 and 3)
  phase10 bench rules --json               ([{"phase": 1, "median_ms": ..., "p90_ms": ...}, ...])
"""

RULES_DESCRIPTION = """Median and p90 milliseconds per phase to validate worst-case tables.

Each table is 24 cards with 8 Wilds (random, spread over every number, or crowded onto a few
numbers); the time is one full validate() call, closest-miss reason included. Wall-clock
time: on a busy machine the p90 shows the other processes too.
"""


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"expected a positive number, got {text!r}")
    return value


def _phase_number(text: str) -> int:
    value = _positive_int(text)
    if value > 10:
        raise argparse.ArgumentTypeError(f"phase must be from 1 to 10, got {text!r}")
    return value


def _register_rules(bench_subparsers: argparse._SubParsersAction) -> None:
    rules = bench_subparsers.add_parser(
        "rules", help="time the phase validator on worst-case tables",
        description=RULES_DESCRIPTION,
        epilog=RULES_EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    rules.add_argument("--tables", type=_positive_int, default=30, help="tables (30)")
    rules.add_argument("--repeat", type=_positive_int, default=3, help="runs per table (3)")
    rules.add_argument("--seed", type=int, default=0, help="random seed for the tables (0)")
    rules.add_argument("--phase", type=_phase_number, action="append", metavar="N",
                       help="only this phase (repeatable; default all ten)")
    rules.add_argument("--json", action="store_true", help="print JSON")
    rules.set_defaults(func=run_rules)


def run_rules(args: argparse.Namespace) -> int:
    from scorer.phases import STANDARD_PHASES
    from scorer.rules_bench import time_rules

    phases = [p for p in STANDARD_PHASES if not args.phase or p.number in args.phase]
    rows = time_rules(random.Random(args.seed), phases, args.tables, args.repeat)
    if args.json:
        print(json.dumps(rows))
        return 0
    print(f"validate(): {args.tables} tables of 24 cards with 8 wilds, {args.repeat} runs each")
    print("phase  median ms  p90 ms  max ms  valid")
    for row in rows:
        print(f"{row['phase']:>5}  {row['median_ms']:>9.2f}  {row['p90_ms']:>6.2f}  "
              f"{row['max_ms']:>6.2f}  {row['valid']:>5}")
    return 0


BENCHMARKS: list[Callable[[argparse._SubParsersAction], None]] = [_register_rules]
"""One registration function per ``phase10 bench`` sub-command."""


def register(subparsers: argparse._SubParsersAction) -> None:
    bench = subparsers.add_parser(
        "bench", help="benchmarks (bench rules, ...)", epilog=BENCH_EXAMPLES,
        description="Time parts of the assistant.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    inner = bench.add_subparsers(dest="benchmark", metavar="benchmark",
                                 parser_class=type(bench))
    for add in BENCHMARKS:
        add(inner)

    def _no_benchmark(args: argparse.Namespace) -> int:
        bench.print_help()
        return 2

    bench.set_defaults(func=_no_benchmark)
