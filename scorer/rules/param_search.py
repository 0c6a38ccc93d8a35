"""The fast complete search for phases whose groups read one attribute of a card.

Sets and runs read only the number, colour groups only the colour; a phase made of sets and
runs (every standard phase but 8), or of colour groups only (phase 8), is a problem on the
count of natural cards per value. Each group gets a parameter (a set or colour group its value
or none, a run its range of numbers) and every combination is tried. For one combination the
best sharing of the cards is direct: a run takes one card of each number in its range (when
runs overlap and a number runs short, the card goes to the run not yet holding a natural
card whose range ends first, which starts the most runs), a set the cards of its value.
Cost as in :mod:`scorer.rules.solver`; 0 means valid.
"""

from __future__ import annotations

from itertools import product

from scorer.cards import MAX_NUMBER
from scorer.rules.solver import INFINITE, RUN

Param = int | tuple[int, int]
"""A set's value (0 = no natural card) or a run's inclusive range ``(low, high)``."""


def _run_options(size: int, values: list[int], unbounded: bool) -> list[tuple[int, int]]:
    """The ranges worth trying for a run of ``size``.

    When a set or colour group can absorb surplus Wilds, a run longer than its size with an
    end number nobody holds is never better than the run without that end, so it is skipped.
    """
    present = set(values)
    return [
        (low, high)
        for low in range(1, MAX_NUMBER + 1)
        for high in range(low + size - 1, MAX_NUMBER + 1)
        if not unbounded or high - low + 1 == size or (low in present and high in present)
    ]


def _twins(members: list[int], kinds: tuple[int, ...], sizes: tuple[int, ...]):
    """(i, j) positions in ``members`` of identical groups, j the nearest earlier twin."""
    pairs = []
    for i, g in enumerate(members):
        earlier = [j for j in range(i) if (kinds[members[j]], sizes[members[j]]) ==
                   (kinds[g], sizes[g])]
        if earlier:
            pairs.append((i, earlier[-1]))
    return pairs


def _fill_runs(counts: dict[int, int], ranges: tuple[tuple[int, int], ...]):
    """Give each run one card per number: (cards per run per value, cards left per value)."""
    left = dict(counts)
    taken: list[list[int]] = [[] for _ in ranges]
    for value in sorted(left):
        covering = [i for i, (low, high) in enumerate(ranges) if low <= value <= high]
        covering.sort(key=lambda i: (bool(taken[i]), ranges[i][1], i))
        for i in covering[: left[value]]:
            taken[i].append(value)
        left[value] -= min(left[value], len(covering))
    return taken, left


def search(
    counts: dict[int, int],
    kinds: tuple[int, ...],
    sizes: tuple[int, ...],
    wilds: int,
    natural_per_group: bool,
) -> tuple[int, tuple[Param, ...]]:
    """The cheapest parameters for the groups: ``(cost, params)``; cost 0 means valid.

    ``counts`` maps each value (number 1..12, or colour index + 1 for colour groups, which are
    passed as sets) to how many natural cards show it. Runs take numbers only.
    """
    values = sorted(v for v, n in counts.items() if n)
    unbounded = any(kind != RUN for kind in kinds)
    runs = [g for g, kind in enumerate(kinds) if kind == RUN]
    sets = [g for g, kind in enumerate(kinds) if kind != RUN]
    run_twins, set_twins = _twins(runs, kinds, sizes), _twins(sets, kinds, sizes)
    run_choices = [_run_options(sizes[g], values, unbounded) for g in runs]
    set_choices = [[0, *values] for _ in sets]
    set_sizes = [sizes[g] for g in sets]
    total, groups = sum(counts.values()), len(kinds)
    best_cost, best = INFINITE, (tuple(c[0] for c in run_choices), tuple(0 for _ in sets))
    for ranges in product(*run_choices):
        if any(ranges[j] > ranges[i] for i, j in run_twins):
            continue
        left = dict(counts)
        for value in values:
            cover = 0
            for low, high in ranges:
                if low <= value <= high:
                    cover += 1
            if cover:
                left[value] -= min(cover, left[value])
        run_used = total - sum(left.values())
        run_need = sum(high - low + 1 for low, high in ranges) - run_used
        if sets:  # a bound: the sets take at most the largest piles left
            piles = sorted(left.values(), reverse=True)[: len(sets)]
            bound = total - run_used - sum(piles) + max(0, run_need - wilds)
        else:
            bound = 0
        if bound >= best_cost:
            continue
        if natural_per_group and len(ranges) > 1:
            run_started = sum(1 for t in _fill_runs(counts, ranges)[0] if t)
        else:
            run_started = min(len(ranges), run_used)  # only its being 0 matters beyond one run
        for chosen in product(*set_choices):
            if set_twins and any(chosen[j] > chosen[i] for i, j in set_twins):
                continue
            need, used, started = run_need, run_used, run_started
            shared: dict[int, int] = {}
            for value, size in zip(chosen, set_sizes, strict=True):
                if value == 0:
                    need += size
                else:
                    shared[value] = shared.get(value, 0) + 1
            for value, members in shared.items():
                avail = left.get(value, 0)
                used += avail
                wanted = sum(s for v, s in zip(chosen, set_sizes, strict=True) if v == value)
                need += wanted - min(avail, wanted)
                started += min(avail, members)
            missing = groups - started if natural_per_group else int(started == 0)
            surplus = 0 if unbounded else max(0, wilds - need)
            cost = total - used + max(0, need - wilds) + surplus + missing
            if cost < best_cost:
                best_cost, best = cost, (ranges, chosen)
                if cost == 0:
                    return 0, _merge(kinds, runs, sets, *best)
    return best_cost, _merge(kinds, runs, sets, *best)


def _merge(kinds, runs, sets, ranges, chosen) -> tuple[Param, ...]:
    params: list[Param] = [0] * len(kinds)
    for g, value in zip(runs, ranges, strict=True):
        params[g] = value
    for g, value in zip(sets, chosen, strict=True):
        params[g] = value
    return tuple(params)


def _shares(sizes: list[int], cards: int) -> list[int]:
    """How many of ``cards`` each set of one value gets: one each, then up to size, rest last."""
    shares = [0] * len(sizes)
    for i in range(len(sizes)):
        if cards:
            shares[i] += 1
            cards -= 1
    for i, size in enumerate(sizes):
        extra = min(cards, max(0, size - shares[i]))
        shares[i] += extra
        cards -= extra
    shares[-1] += cards
    return shares


def allocate(
    cards_by_value: dict[int, list],
    kinds: tuple[int, ...],
    sizes: tuple[int, ...],
    params: tuple[Param, ...],
) -> tuple[list[list], list]:
    """Share the actual cards as the parameters say: (cards per group, left-over cards)."""
    runs = [g for g, kind in enumerate(kinds) if kind == RUN]
    counts = {value: len(pile) for value, pile in cards_by_value.items()}
    run_values, _left = _fill_runs(counts, tuple(params[g] for g in runs))  # type: ignore[misc]
    piles = {value: list(pile) for value, pile in cards_by_value.items()}
    taken: list[list] = [[] for _ in kinds]
    for g, numbers in zip(runs, run_values, strict=True):
        taken[g] = [piles[value].pop(0) for value in numbers]
    left: list = []
    for value in sorted(piles):
        pile = piles[value]
        sets = [g for g, kind in enumerate(kinds) if kind != RUN and params[g] == value]
        if not sets:
            left.extend(pile)
            continue
        for g, share in zip(sets, _shares([sizes[g] for g in sets], len(pile)), strict=True):
            taken[g].extend(pile[:share])
            pile = pile[share:]
    return taken, left
