"""Do these cards make the phase? A complete search over every way to split them.

:func:`validate` takes the cards as an unordered multiset (as a camera sees them) and decides
whether they split exactly into the phase's groups: every card used, groups at least their
size, no extra group, each Wild given a value. :func:`validate_groups` checks groups as laid
out, each against its requirement. Both return a :class:`Verdict`: the grouping found, or a
:class:`~scorer.rules.reasons.Reason` naming the closest miss.

Reason codes and params (``Reason.code``, ``Reason.params``, each code's params a TypedDict of
:mod:`scorer.rules.reason_codes`; :func:`scorer.rules.reasons.explain` words them):

- ``skip_in_phase`` {cards: ["S", ...]}: a Skip is never part of a phase.
- ``no_natural`` {group: null} the phase has no natural card; {group: i, kind, size,
  requirement} house rule: group ``i`` (0-based) has no natural card.
- ``too_few_cards`` {needed, given}: a group of Wilds only, laid out, that is too short.
- ``group_short`` {short: [item, ...], left_over: [card, ...]}: the closest split leaves
  groups short. Each item: group (0-based index), kind, size, requirement, cards (shown
  cards), values (what each card counts as: number, or colour letter in a colour group),
  wilds (how many Wilds), length, missing (cards still needed), holes (run numbers still
  missing inside the run), colour (colour groups: the letter), completions (values that
  would help: numbers as "9", colour letters, "W" for a Wild). ``left_over``: cards that fit
  no group in that split.
- ``cards_left_over`` {cards}: every group can be made, but these cards fit none of them.
- ``wrong_group_count`` {expected, given}: groups as laid out, and not as many as the phase has.
- ``group_invalid`` {group, kind, size, requirement, cards, detail: {code, params}}: a group
  as laid out is not what it must be; ``detail`` is the reason for that group alone.
- ``no_grouping`` {requirement}: only for custom phases mixing colour groups with sets or
  runs, when the search for the closest miss grows too large to finish quickly.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import permutations
from typing import Any

from scorer.cards import MAX_NUMBER, MIN_NUMBER, Card, Colour, parse_cards
from scorer.rules import param_search
from scorer.rules.grouping import Arrangement, Group, arrange, card_order
from scorer.rules.phases import GroupKind, GroupSpec, PhaseSpec, standard_phase
from scorer.rules.reason_codes import (
    CardsLeftOver,
    GroupInvalid,
    GroupShort,
    NoGrouping,
    NoNatural,
    ReasonData,
    ShortGroup,
    SkipInPhase,
    TooFewCards,
    WrongGroupCount,
)
from scorer.rules.reasons import Reason
from scorer.rules.solver import COLOUR, RUN, SET, Search

CardsLike = str | Card | Iterable[str | Card]
_KIND_CODES = {GroupKind.SET: SET, GroupKind.RUN: RUN, GroupKind.COLOUR: COLOUR}
_COLOURS = list(Colour)
NEAR_MISS = 3
"""Mixed phases: misses up to this many card changes are found by the faster bounded search."""
MIXED_SEARCH_LIMIT = 8_000
"""Memo entries the closest-miss search may use for phases mixing colour groups with others.

Only the search for the closest miss is limited; whether the cards are valid is always
decided by a complete search."""


@dataclass(frozen=True)
class Verdict:
    """The answer: valid or not, the groups found, and when invalid the reason."""

    valid: bool
    phase: PhaseSpec
    groups: tuple[Group, ...] = ()
    reason: Reason | None = None

    def __bool__(self) -> bool:
        return self.valid

    def to_dict(self) -> dict[str, Any]:
        """The verdict's fields in the one check's JSON (:mod:`scorer.rules.check`): groups, the
        reason's text, ``code`` and ``params``."""
        return {
            "valid": self.valid,
            "phase": self.phase.number,
            "groups": [group.to_dict() for group in self.groups],
            "reason": None if self.reason is None else self.reason.text,
            "code": None if self.reason is None else self.reason.code,
            "params": None if self.reason is None else self.reason.params,
        }


def _phase(phase: PhaseSpec | int) -> PhaseSpec:
    return phase if isinstance(phase, PhaseSpec) else standard_phase(phase)


def validate(
    phase: PhaseSpec | int, cards: CardsLike, *, natural_per_group: bool = False
) -> Verdict:
    """Whether ``cards`` (any order) split exactly into ``phase``'s groups.

    ``phase`` is a :class:`PhaseSpec` or a standard phase number. ``natural_per_group``: the
    house rule that every group holds a natural card (default: one in the phase as a whole).
    Raises :class:`~scorer.errors.NotationError` for unreadable cards or phase numbers.
    """
    spec = _phase(phase)
    hand = parse_cards(cards)
    early = _early_reason(spec, hand)
    if early is not None:
        return Verdict(False, spec, (), early)
    naturals = [card for card in hand if card.is_natural]
    wilds = len(hand) - len(naturals)
    arrangement = _closest(spec, naturals, wilds, natural_per_group)
    if arrangement is None:
        reason = Reason("no_grouping", NoGrouping(requirement=spec.describe()))
        return Verdict(False, spec, (), reason)
    reason = _reason(spec, arrangement, natural_per_group)
    if reason is None:
        return Verdict(True, spec, arrangement.groups, None)
    return Verdict(False, spec, (), reason)


def _early_reason(spec: PhaseSpec, hand: tuple[Card, ...]) -> Reason | None:
    skips = [str(card) for card in hand if card.is_skip]
    if skips:
        return Reason("skip_in_phase", SkipInPhase(cards=skips))
    if not any(card.is_natural for card in hand):
        return Reason("no_natural", NoNatural(group=None))
    return None


def _closest(
    spec: PhaseSpec, naturals: list[Card], wilds: int, natural_per_group: bool
) -> Arrangement | None:
    """The arrangement of the cheapest split (cost 0 when the phase is valid)."""
    kinds = tuple(_KIND_CODES[g.kind] for g in spec.groups)
    sizes = tuple(g.size for g in spec.groups)
    if COLOUR not in kinds or all(kind == COLOUR for kind in kinds):
        by_colour = COLOUR in kinds
        groups_by_value: dict[int, list[Card]] = {}
        for card in sorted(naturals, key=card_order):
            key = _COLOURS.index(card.colour) + 1 if by_colour else card.value
            groups_by_value.setdefault(key, []).append(card)  # type: ignore[arg-type]
        counts = {value: len(pile) for value, pile in groups_by_value.items()}
        as_sets = tuple(SET if kind == COLOUR else kind for kind in kinds)
        _cost, params = param_search.search(counts, as_sets, sizes, wilds, natural_per_group)
        taken, left = param_search.allocate(groups_by_value, as_sets, sizes, params)
        return arrange(spec.groups, taken, wilds, left)
    return _closest_mixed(spec, naturals, wilds, natural_per_group, kinds, sizes)


def _closest_mixed(spec, naturals, wilds, natural_per_group, kinds, sizes) -> Arrangement | None:
    counted = Counter((card.value, _COLOURS.index(card.colour)) for card in naturals)
    faces = [(n, c, k) for (n, c), k in sorted(counted.items())]
    search = Search(faces, kinds, sizes, wilds, natural_per_group=natural_per_group,
                    limit=MIXED_SEARCH_LIMIT)
    solution = None
    for budget in range(NEAR_MISS + 1):
        solution = search.solve_within(budget)
        if solution is not None or search.overflowed:
            break
    if solution is None:
        solution = search.solve()
    if solution is None:
        return None
    pool: dict[tuple[int, int], list[Card]] = {}
    for card in naturals:
        pool.setdefault((card.value, _COLOURS.index(card.colour)), []).append(card)
    taken = [[pool[face].pop() for face in faces_of] for faces_of in solution.taken]
    left = [pool[face].pop() for face in solution.left_over]
    return arrange(spec.groups, taken, wilds, left)


def _reason(spec: PhaseSpec, arrangement: Arrangement, natural_per_group: bool) -> Reason | None:
    short = [
        _short_item(g, group, arrangement.missing[g], arrangement.holes[g])
        for g, group in enumerate(arrangement.groups)
        if arrangement.missing[g]
    ]
    left = [str(card) for card in arrangement.left_over]
    if short:
        return Reason("group_short", GroupShort(short=short, left_over=left))
    if left:
        return Reason("cards_left_over", CardsLeftOver(cards=left))
    for g, group in enumerate(arrangement.groups):
        if natural_per_group and not any(card.is_natural for card in group.cards):
            spec_g = spec.groups[g]
            return Reason("no_natural", NoNatural(group=g, kind=spec_g.kind.value,
                                                  size=spec_g.size,
                                                  requirement=spec_g.describe()))
    return None


def _short_item(index: int, group: Group, missing: int, holes: tuple[int, ...]) -> ShortGroup:
    values = group.values()
    naturals = [card for card in group.cards if card.is_natural]
    completions: list[str] = []
    colour = None
    if group.kind is GroupKind.RUN:
        if holes:
            completions = [str(n) for n in holes]
            values = _with_holes(group, holes)
        elif naturals:  # wilds alone stand for no number yet
            numbers = [int(v) for v in group.values()]
            low, high = min(numbers), max(numbers)
            completions = [str(n) for n in (low - 1, high + 1) if MIN_NUMBER <= n <= MAX_NUMBER]
    elif naturals:
        completions = [values[0]]
        if group.kind is GroupKind.COLOUR:
            colour = values[0]
    return ShortGroup(
        group=index,
        kind=group.kind.value,
        size=group.spec.size,
        requirement=group.spec.describe(),
        cards=[str(card) for card in group.cards],
        values=values,
        wilds=len(group.wilds),
        length=len(group.cards),
        missing=missing,
        holes=list(holes),
        colour=colour,
        completions=completions + ["W"],
    )


def _with_holes(group: Group, holes: tuple[int, ...]) -> list[str]:
    numbers = {int(v) for v in group.values()}
    low, high = min(numbers | set(holes)), max(numbers | set(holes))
    return [str(n) if n in numbers else "_" for n in range(low, high + 1)]


def validate_groups(
    phase: PhaseSpec | int, groups: Sequence[CardsLike], *, natural_per_group: bool = False
) -> Verdict:
    """Check groups as laid out (each a card-like value), each against a requirement.

    The groups may come in any order; each must be a valid group for one requirement on its
    own (its Wilds given values), and the natural-card rule applies as in :func:`validate`.
    """
    spec = _phase(phase)
    laid = [parse_cards(group) for group in groups]
    early = _early_reason(spec, tuple(card for group in laid for card in group))
    if early is not None:
        return Verdict(False, spec, (), early)
    if len(laid) != len(spec.groups):
        return Verdict(False, spec, (), Reason(
            "wrong_group_count", WrongGroupCount(expected=len(spec.groups), given=len(laid))))
    best: tuple[int, list[Verdict], tuple[GroupSpec, ...]] | None = None
    for order in set(permutations(spec.groups)):
        verdicts = [
            validate(PhaseSpec(spec.number, (requirement,)), cards)
            if any(card.is_natural for card in cards) or not cards
            else _wild_only(requirement, cards)
            for requirement, cards in zip(order, laid, strict=True)
        ]
        score = sum(v.valid for v in verdicts)
        if best is None or score > best[0]:
            best = (score, verdicts, order)
    assert best is not None
    _score, verdicts, order = best
    for index, (verdict, cards) in enumerate(zip(verdicts, laid, strict=True)):
        if not verdict.valid:
            requirement = order[index]
            return Verdict(False, spec, (), Reason("group_invalid", GroupInvalid(
                group=index, kind=requirement.kind.value, size=requirement.size,
                requirement=requirement.describe(), cards=[str(c) for c in cards],
                detail=ReasonData(code=verdict.reason.code, params=dict(verdict.reason.params)),
            )))
    found = tuple(verdict.groups[0] for verdict in verdicts)
    for index, group in enumerate(found):
        if natural_per_group and not any(card.is_natural for card in group.cards):
            return Verdict(False, spec, (), Reason("no_natural", NoNatural(
                group=index, kind=group.kind.value, size=group.spec.size,
                requirement=group.spec.describe())))
    return Verdict(True, spec, found, None)


def _wild_only(requirement: GroupSpec, cards: tuple[Card, ...]) -> Verdict:
    """A group of Wilds only: valid alone when long enough (the phase rule is checked apart)."""
    phase = PhaseSpec(1, (requirement,))
    fits = len(cards) >= requirement.size and (
        requirement.kind is not GroupKind.RUN or len(cards) <= MAX_NUMBER)
    if not fits:
        return Verdict(False, phase, (), Reason(
            "too_few_cards", TooFewCards(needed=requirement.size, given=len(cards))))
    arrangement = arrange((requirement,), [[]], len(cards), [])
    return Verdict(True, phase, arrangement.groups, None)
