"""Properties of the validator, checked on generated hands (hypothesis, modest counts)."""

from __future__ import annotations

from itertools import product

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer.cards import MAX_NUMBER, WILD, Card, Colour
from scorer.rules.phases import STANDARD_PHASES, GroupKind, GroupSpec, PhaseSpec
from scorer.rules.validate import validate

SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
CUSTOM = [PhaseSpec.parse(text, number=11) for text in (
    "2 runs of 3", "run of 4 + colour of 3", "set of 2 + colour of 3", "2 colour of 3",
    "3 sets of 2")]
PHASES = list(STANDARD_PHASES) + CUSTOM
colours = st.sampled_from(list(Colour))


# -- a reference: try every assignment of cards to groups --------------------------------

def group_ok(spec: GroupSpec, cards: list[Card]) -> bool:
    naturals = [c for c in cards if c.is_natural]
    if len(cards) < spec.size or any(c.is_skip for c in cards):
        return False
    if spec.kind is GroupKind.SET:
        return len({c.value for c in naturals}) <= 1
    if spec.kind is GroupKind.COLOUR:
        return len({c.colour for c in naturals}) <= 1
    numbers = [c.value for c in naturals]
    if len(set(numbers)) != len(numbers) or len(cards) > MAX_NUMBER:
        return False
    return not numbers or max(numbers) - min(numbers) + 1 <= len(cards)


def brute_force(phase: PhaseSpec, cards: list[Card], natural_per_group: bool) -> bool:
    if not any(c.is_natural for c in cards):
        return False
    count = len(phase.groups)
    for labels in product(range(count), repeat=len(cards)):
        groups = [[c for c, g in zip(cards, labels, strict=True) if g == i] for i in range(count)]
        if natural_per_group and not all(any(c.is_natural for c in g) for g in groups):
            continue
        if all(group_ok(spec, g) for spec, g in zip(phase.groups, groups, strict=True)):
            return True
    return False


def check_groups(verdict, cards) -> None:
    """A valid verdict's groups use every card once and each is a legal group."""
    laid = sorted(c for g in verdict.groups for c in g.cards)
    assert laid == sorted(cards)
    assert len(verdict.groups) == len(verdict.phase.groups)
    for group in verdict.groups:
        assert len(group.cards) >= group.spec.size
        values = group.values()
        if group.kind is GroupKind.RUN:
            numbers = [int(v) for v in values]
            assert numbers == list(range(numbers[0], numbers[0] + len(numbers)))
            assert 1 <= numbers[0] and numbers[-1] <= MAX_NUMBER
        else:
            assert len(set(values)) == 1


# -- generators -----------------------------------------------------------------------------

@st.composite
def legal_group(draw, spec: GroupSpec) -> list[Card]:
    extra = draw(st.integers(0, 2))
    if spec.kind is GroupKind.SET:
        number = draw(st.integers(1, MAX_NUMBER))
        return [Card.number(draw(colours), number) for _ in range(spec.size + extra)]
    if spec.kind is GroupKind.COLOUR:
        colour = draw(colours)
        return [Card.number(colour, draw(st.integers(1, MAX_NUMBER)))
                for _ in range(spec.size + extra)]
    length = min(MAX_NUMBER, spec.size + extra)
    low = draw(st.integers(1, MAX_NUMBER - length + 1))
    return [Card.number(draw(colours), n) for n in range(low, low + length)]


@st.composite
def wild_swapped_phase(draw):
    phase = draw(st.sampled_from(PHASES))
    natural_per_group = draw(st.booleans())
    groups = [draw(legal_group(spec)) for spec in phase.groups]
    swaps = draw(st.lists(st.tuples(st.integers(0, len(groups) - 1), st.integers(0, 14)),
                          max_size=10))
    for g, i in swaps:
        group = groups[g]
        i %= len(group)
        if not group[i].is_natural:
            continue
        naturals_here = sum(c.is_natural for c in group)
        naturals_all = sum(c.is_natural for grp in groups for c in grp)
        if natural_per_group and naturals_here == 1 or naturals_all == 1:
            continue
        group[i] = WILD
    cards = [c for grp in groups for c in grp]
    return phase, draw(st.permutations(cards)), natural_per_group


# -- properties -----------------------------------------------------------------------------

@SETTINGS
@given(wild_swapped_phase())
def test_a_phase_built_from_legal_groups_is_always_accepted(case):
    """Random legal groups, shuffled, naturals swapped for Wilds while the rule holds."""
    phase, cards, natural_per_group = case
    verdict = validate(phase, cards, natural_per_group=natural_per_group)
    assert verdict.valid, (phase, [str(c) for c in cards], verdict.reason)
    check_groups(verdict, cards)


@SETTINGS
@given(st.sampled_from(PHASES), st.data())
def test_removing_any_card_from_a_minimal_phase_makes_it_invalid(phase, data):
    minimal = [phase_group for spec in phase.groups
               for phase_group in data.draw(legal_group(GroupSpec(spec.kind, spec.size))
                                            .map(lambda g, s=spec: g[: s.size]))]
    assert validate(phase, minimal).valid
    for index in range(len(minimal)):
        rest = minimal[:index] + minimal[index + 1:]
        verdict = validate(phase, rest)
        assert not verdict.valid
        assert verdict.reason is not None and verdict.reason.text


SMALL_PHASES = [PhaseSpec.parse(text, number=11) for text in (
    "set of 2 + run of 3", "2 sets of 2", "run of 4", "colour of 3 + set of 2", "set of 3",
    "run of 3 + colour of 2", "2 runs of 2")] + [STANDARD_PHASES[i] for i in (0, 1, 8)]
small_cards = st.one_of(
    st.builds(Card.number, st.sampled_from([Colour.RED, Colour.BLUE]), st.integers(3, 7)),
    st.just(WILD),
)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(SMALL_PHASES), st.lists(small_cards, min_size=2, max_size=8),
       st.booleans())
def test_validator_agrees_with_brute_force_on_small_hands(phase, cards, natural_per_group):
    verdict = validate(phase, cards, natural_per_group=natural_per_group)
    assert verdict.valid == brute_force(phase, cards, natural_per_group)
    if verdict.valid:
        check_groups(verdict, cards)
    else:
        assert verdict.reason is not None and verdict.reason.text


any_card = st.one_of(st.builds(Card.number, colours, st.integers(1, MAX_NUMBER)), st.just(WILD))
