"""The complete search behind :func:`scorer.rules.validate.validate`, on plain integers.

The natural cards are processed as faces ``(number, colour, count)`` in ascending number.
Each face's copies are distributed over the phase's groups (and, when looking for the closest
miss, a "left over" pile); Wilds are counted at the end. A memo on the canonical state of the
groups makes the search exhaustive without being exponential:

- set: ``(number, count capped at its size)``; number 0 = not started, -1 = closed (a set
  whose number is below the current face can take nothing more);
- run: ``(lowest, highest, count)``, lowest 0 = not started (one card per number);
- colour: ``(colour, count capped at its size)``, colour -1 = not started.

The cost of a finished assignment is the number of card changes the closest fix needs: cards
missing (more than the Wilds can supply), cards left over (naturals and surplus Wilds), and
groups without the natural card a house rule asks for. A valid phase costs 0.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from scorer.cards import MAX_NUMBER

SET, RUN, COLOUR = 0, 1, 2
INFINITE = 10**9


class _Overflow(Exception):
    """The memo grew past the search's limit."""


@dataclass(frozen=True)
class Solution:
    """A cheapest assignment: per group the faces ``(number, colour)`` it takes, left-overs."""

    cost: int
    taken: tuple[tuple[tuple[int, int], ...], ...]
    left_over: tuple[tuple[int, int], ...]


class Search:
    """One search over faces for the groups ``kinds``/``sizes`` with ``wilds`` Wilds.

    :meth:`solve_within` finds the cheapest assignment costing at most a budget (budget 0:
    a valid one), which prunes far more than :meth:`solve`, the unbounded cheapest. ``limit``
    caps the memo of the searches that look for a miss (budget above 0, or unbounded).
    """

    def __init__(
        self,
        faces: list[tuple[int, int, int]],
        kinds: tuple[int, ...],
        sizes: tuple[int, ...],
        wilds: int,
        *,
        natural_per_group: bool,
        limit: int | None = None,
    ) -> None:
        self.faces = faces
        self.kinds = kinds
        self.sizes = sizes
        self.wilds = wilds
        self.natural_per_group = natural_per_group
        self.unbounded = any(kind != RUN for kind in kinds)
        # the nearest earlier identical group: a later twin may start only after it
        self.twin = tuple(
            max((j for j in range(i) if (kinds[j], sizes[j]) == (kinds[i], sizes[i])), default=-1)
            for i in range(len(kinds))
        )
        self.memo: dict[tuple[int, tuple[tuple[int, ...], ...]], int] = {}
        self.within_memo: dict[tuple[int, tuple[tuple[int, ...], ...], int], int] = {}
        self.limit = limit
        self.overflowed = False

    def initial(self) -> tuple[tuple[int, ...], ...]:
        start = {SET: (0, 0), RUN: (0, 0, 0), COLOUR: (-1, 0)}
        return tuple(start[kind] for kind in self.kinds)

    def solve(self) -> Solution | None:
        """The cheapest assignment (``None`` when the memo outgrew the limit)."""
        state = self.initial()
        try:
            cost = self._best(0, state)
        except _Overflow:
            self.overflowed = True
            return None
        return self._rebuild(cost, lambda index, child, rest: self._best(index, child))

    def solve_within(self, budget: int) -> Solution | None:
        """The cheapest assignment if it costs at most ``budget``, else ``None``.

        Budget 0 is the complete search for a valid assignment, never cut short by the limit.
        """
        state = self.initial()
        limit, self.limit = self.limit, (self.limit if budget else None)
        try:
            cost = self._within(0, state, budget)
        except _Overflow:
            self.overflowed = True
            return None
        finally:
            self.limit = limit
        if cost >= INFINITE:
            return None
        return self._rebuild(cost, self._within)

    def _rebuild(self, cost: int, rest_cost) -> Solution:
        """Follow the memo from the start: the moves that keep the optimal cost."""
        state = self.initial()
        taken: list[list[tuple[int, int]]] = [[] for _ in self.kinds]
        left: list[tuple[int, int]] = []
        for index, (number, colour, _count) in enumerate(self.faces):
            child, takes, spare = next(
                move for move in self._moves(index, state)
                if move[2] <= cost and move[2] + rest_cost(index + 1, move[0], cost - move[2])
                == cost
            )
            for group, k in enumerate(takes):
                taken[group].extend([(number, colour)] * k)
            left.extend([(number, colour)] * spare)
            cost -= spare
            state = child
        return Solution(self.leaf_cost(state) + len(left),
                        tuple(tuple(t) for t in taken), tuple(left))

    # -- search -------------------------------------------------------------------------

    def _best(self, index: int, state: tuple[tuple[int, ...], ...]) -> int:
        key = (index, state)
        found = self.memo.get(key)
        if found is not None:
            return found
        if index == len(self.faces):
            result = self.leaf_cost(state)
        else:
            result = INFINITE
            for child, _takes, spare in self._moves(index, state):
                if spare >= result:
                    continue
                cost = spare + self._best(index + 1, child)
                if cost < result:
                    result = cost
                    if result == 0:
                        break
        self.memo[key] = result
        if self.limit is not None and len(self.memo) > self.limit:
            raise _Overflow
        return result

    def _within(self, index: int, state: tuple[tuple[int, ...], ...], budget: int) -> int:
        """The cheapest cost of the rest if at most ``budget``, else ``INFINITE``."""
        key = (index, state, budget)
        found = self.within_memo.get(key)
        if found is not None:
            return found
        if index == len(self.faces):
            cost = self.leaf_cost(state)
            result = cost if cost <= budget else INFINITE
        else:
            result = INFINITE
            for child, _takes, spare in self._moves(index, state):
                if spare > budget or self._gaps(child) - self.wilds > budget - spare:
                    continue
                rest = self._within(index + 1, child, budget - spare)
                if spare + rest < result:
                    result = spare + rest
                    if result == 0:
                        break
        self.within_memo[key] = result
        if self.limit is not None and len(self.within_memo) > self.limit:
            raise _Overflow
        return result

    def _moves(self, index: int, state: tuple[tuple[int, ...], ...]):
        """Every way to share face ``index``'s copies: (next state, copies per group, spare)."""
        number, colour, count = self.faces[index]
        next_number = self.faces[index + 1][0] if index + 1 < len(self.faces) else MAX_NUMBER + 1
        options = [self._group_options(g, s, number, colour, count) for g, s in enumerate(state)]
        for combo in product(*options):
            used = 0
            for k, _ in combo:
                used += k
            if used > count:
                continue
            spare = count - used
            child = tuple(s for _, s in combo)
            if not self._twins_in_order(state, child):
                continue
            child = self._canonical(child, next_number)
            yield child, tuple(k for k, _ in combo), spare

    def _group_options(self, group: int, s: tuple[int, ...], number: int, colour: int,
                       count: int) -> list[tuple[int, tuple[int, ...]]]:
        kind, size = self.kinds[group], self.sizes[group]
        if kind == SET:
            if s[0] == 0 or s[0] == number:
                return [(0, s)] + [(k, (number, min(size, s[1] + k))) for k in range(1, count + 1)]
            return [(0, s)]
        if kind == RUN:
            if s[0] == 0:
                return [(0, s), (1, (number, number, 1))]
            if s[1] < number:
                return [(0, s), (1, (s[0], number, s[2] + 1))]
            return [(0, s)]
        if s[0] == -1 or s[0] == colour:
            return [(0, s)] + [(k, (colour, min(size, s[1] + k))) for k in range(1, count + 1)]
        return [(0, s)]

    def _twins_in_order(self, before: tuple[tuple[int, ...], ...],
                        after: tuple[tuple[int, ...], ...]) -> bool:
        for group, twin in enumerate(self.twin):
            if twin >= 0 and not self._started(group, after[group]):
                continue
            if twin >= 0 and not self._started(twin, after[twin]):
                return False
            if twin >= 0 and not self._started(group, before[group]) and not self._started(
                    twin, before[twin]) and after[group] > after[twin]:
                return False
        return True

    def _started(self, group: int, s: tuple[int, ...]) -> bool:
        return s[0] != (-1 if self.kinds[group] == COLOUR else 0)

    def _canonical(self, state: tuple[tuple[int, ...], ...], next_number: int):
        return tuple(
            (-1, s[1]) if kind == SET and 0 < s[0] < next_number else s
            for kind, s in zip(self.kinds, state, strict=True)
        )

    def _gaps(self, state: tuple[tuple[int, ...], ...]) -> int:
        gaps = 0
        for kind, s in zip(self.kinds, state, strict=True):
            if kind == RUN and s[0]:
                gaps += s[1] - s[0] + 1 - s[2]
        return gaps

    # -- the cost of a finished assignment ----------------------------------------------

    def needs(self, state: tuple[tuple[int, ...], ...]) -> list[int]:
        """Wilds each group needs to reach its size (runs: also to fill their gaps)."""
        result = []
        for kind, size, s in zip(self.kinds, self.sizes, state, strict=True):
            if kind == RUN:
                result.append(max(size, s[1] - s[0] + 1) - s[2] if s[0] else size)
            else:
                result.append(max(0, size - s[1]) if self._started_kind(kind, s) else size)
        return result

    def room(self, state: tuple[tuple[int, ...], ...]) -> int:
        """Surplus Wilds the groups can absorb (runs stop at 12 numbers)."""
        if self.unbounded:
            return INFINITE
        return sum(
            MAX_NUMBER - (max(size, s[1] - s[0] + 1) if s[0] else size)
            for size, s in zip(self.sizes, state, strict=True)
        )

    def missing_naturals(self, state: tuple[tuple[int, ...], ...]) -> int:
        started = [self._started_kind(k, s) for k, s in zip(self.kinds, state, strict=True)]
        if self.natural_per_group:
            return started.count(False)
        return 0 if any(started) else 1

    @staticmethod
    def _started_kind(kind: int, s: tuple[int, ...]) -> bool:
        return s[0] != (-1 if kind == COLOUR else 0)

    def leaf_cost(self, state: tuple[tuple[int, ...], ...]) -> int:
        need = sum(self.needs(state))
        short = max(0, need - self.wilds)
        surplus = max(0, self.wilds - need - self.room(state))
        return short + surplus + self.missing_naturals(state)
