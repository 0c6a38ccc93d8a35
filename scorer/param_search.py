"""The fast complete search for phases whose groups read one attribute of a card.

Sets and runs read only the number, colour groups only the colour; a phase made of sets and
runs (every standard phase but 8), or of colour groups only (phase 8), is a problem on the
count of natural cards per value. Each group gets a parameter (a set or colour group its value
or none, a run its range of numbers), every combination is tried, and for one combination the
best sharing of the cards is direct: a run takes one card of each number in its range, a set
the cards of its value, so nothing is greedy about it. Cost as in :mod:`scorer.solver`.
"""

from __future__ import annotations

from itertools import product

from scorer.cards import MAX_NUMBER
from scorer.solver import INFINITE, RUN, SET

Param = int | tuple[int, int]
"""A set's value (0 = no natural card) or a run's inclusive range ``(low, high)``."""


def _options(kind: int, size: int, values: list[int], unbounded: bool) -> list[Param]:
    """The parameters worth trying for one group.

    When a set or colour group can absorb surplus Wilds, a run longer than its size with an
    end number nobody holds is never better than the run without that end, so it is skipped.
    """
    if kind == RUN:
        present = set(values)
        return [
            (low, high)
            for low in range(1, MAX_NUMBER + 1)
            for high in range(low + size - 1, MAX_NUMBER + 1)
            if not unbounded or high - low + 1 == size or (low in present and high in present)
        ]
    return [0, *values]


def search(
    counts: dict[int, int],
    kinds: tuple[int, ...],
    sizes: tuple[int, ...],
    wilds: int,
    natural_per_group: bool,
) -> tuple[int, tuple[Param, ...]]:
    """The cheapest parameters for the groups: ``(cost, params)``; cost 0 means valid.

    ``counts`` maps each value (number 1..12, or colour index + 1 for colour groups, which are
    passed as ``SET``) to how many natural cards show it. Runs take numbers only.
    """
    values = sorted(v for v, n in counts.items() if n)
    unbounded = any(kind != RUN for kind in kinds)
    option_lists = [_options(k, s, values, unbounded) for k, s in zip(kinds, sizes, strict=True)]
    twins = [
        (i, max(j for j in range(i) if (kinds[j], sizes[j]) == (kinds[i], sizes[i])))
        for i in range(len(kinds))
        if any((kinds[j], sizes[j]) == (kinds[i], sizes[i]) for j in range(i))
    ]
    if kinds.count(RUN) <= 1:
        cost_of = _one_run_cost(counts, kinds, sizes, wilds, natural_per_group, unbounded)
    else:
        def cost_of(params: tuple[Param, ...]) -> int:
            return _cost(counts, values, kinds, sizes, params, wilds, natural_per_group,
                         unbounded)
    best_cost, best_params = INFINITE, tuple(o[0] for o in option_lists)
    for params in product(*option_lists):
        if twins and any(params[t] > params[i] for i, t in twins):  # type: ignore[operator]
            continue
        cost = cost_of(params)
        if cost < best_cost:
            best_cost, best_params = cost, params
            if cost == 0:
                break
    return best_cost, best_params


def _one_run_cost(counts, kinds, sizes, wilds, natural_per_group, unbounded):
    """A constant-time cost for phases with at most one run (all the standard ones)."""
    present = [0] * (MAX_NUMBER + 2)
    for value in range(1, MAX_NUMBER + 1):
        present[value] = present[value - 1] + (1 if counts.get(value, 0) else 0)
    total = sum(counts.values())
    run = kinds.index(RUN) if RUN in kinds else -1
    sets = [g for g, kind in enumerate(kinds) if kind == SET]

    def cost_of(params: tuple[Param, ...]) -> int:
        need = 0
        used = 0
        started = 0
        low = high = 0
        if run >= 0:
            low, high = params[run]  # type: ignore[misc]
            filled = present[high] - present[low - 1]
            need += high - low + 1 - filled
            used += filled
            started += filled > 0
        shared: dict[int, list[int]] = {}
        for g in sets:
            value = params[g]
            if value == 0:
                need += sizes[g]
            else:
                shared.setdefault(value, []).append(g)  # type: ignore[arg-type]
        for value, groups_of_value in shared.items():
            avail = counts.get(value, 0)
            if avail and low <= value <= high:
                avail -= 1
            used += avail
            wanted = sum(sizes[g] for g in groups_of_value)
            need += wanted - min(avail, wanted)
            started += min(avail, len(groups_of_value))
        groups = len(kinds)
        missing_naturals = groups - started if natural_per_group else int(started == 0)
        surplus = 0 if unbounded else max(0, wilds - need)
        return total - used + max(0, need - wilds) + surplus + missing_naturals

    return cost_of


def _cost(counts, values, kinds, sizes, params, wilds, natural_per_group, unbounded) -> int:
    filled = [0] * len(kinds)
    left = 0
    for value in values:
        count = counts[value]
        for g, kind in enumerate(kinds):
            if kind == RUN and count and params[g][0] <= value <= params[g][1]:
                filled[g] += 1
                count -= 1
        if not count:
            continue
        absorbed = False
        for g, kind in enumerate(kinds):
            if kind == SET and params[g] == value:
                filled[g] += count  # the first set of this value takes all; see allocate()
                absorbed = True
                break
        if not absorbed:
            left += count
    need = 0
    for g, kind in enumerate(kinds):
        if kind == RUN:
            need += params[g][1] - params[g][0] + 1 - filled[g]
    need += _share_sets(kinds, sizes, params, filled)
    started = [f > 0 for f in filled]
    missing_naturals = started.count(False) if natural_per_group else int(not any(started))
    surplus = 0 if unbounded else max(0, wilds - need)
    return left + max(0, need - wilds) + surplus + missing_naturals


def _share_sets(kinds, sizes, params, filled) -> int:
    """Share each value's cards among the sets of that value (in ``filled``); their need.

    One card to each set first (a natural in every group), then up to each size.
    """
    need = 0
    shared: dict[int, list[int]] = {}
    for g, kind in enumerate(kinds):
        if kind == SET:
            if params[g] == 0:
                need += sizes[g]
            else:
                shared.setdefault(params[g], []).append(g)
    for groups in shared.values():
        cards = sum(filled[g] for g in groups)
        for g, share in zip(groups, _shares([sizes[g] for g in groups], cards), strict=True):
            filled[g] = share
            need += max(0, sizes[g] - share)
    return need


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
    taken: list[list] = [[] for _ in kinds]
    left: list = []
    for value in sorted(cards_by_value):
        pile = list(cards_by_value[value])
        for g, kind in enumerate(kinds):
            if kind == RUN and pile and params[g][0] <= value <= params[g][1]:
                taken[g].append(pile.pop(0))
        sets = [g for g, k in enumerate(kinds) if k == SET and params[g] == value]
        if not sets:
            left.extend(pile)
            continue
        for g, share in zip(sets, _shares([sizes[g] for g in sets], len(pile)), strict=True):
            taken[g].extend(pile[:share])
            pile = pile[share:]
    return taken, left
