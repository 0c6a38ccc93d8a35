"""Rules as data and the registry of named variants (docs/rules.md, "Variants")."""

import pytest

from scorer.errors import NotationError
from scorer.game.variants import VARIANTS, Advance, Rules, make_rules, with_phases
from scorer.rules.phases import STANDARD_PHASES, PhaseSpec


def test_standard_rules_play_the_ten_phases_in_order():
    rules = make_rules()
    assert rules.phases == STANDARD_PHASES
    assert rules.advance is Advance.COMPLETED
    assert not rules.natural_per_group


def test_shorter_game_plays_the_first_n_phases():
    """'Shorter game: play only the first N phases (e.g. 5 or 8).'"""
    assert make_rules("short").phase_numbers == (1, 2, 3, 4, 5)
    assert make_rules("short", phases_count=8).phase_numbers == tuple(range(1, 9))
    assert make_rules("standard", phases_count=3).phase_numbers == (1, 2, 3)


def test_even_or_odd_phases_only():
    """'Even or odd: play only the even-numbered, or only the odd-numbered, phases.'"""
    assert make_rules("even").phase_numbers == (2, 4, 6, 8, 10)
    assert make_rules("odd").phase_numbers == (1, 3, 5, 7, 9)


def test_everyone_advances_and_choose_are_advance_policies():
    assert make_rules("everyone-advances").advance is Advance.EVERY_ROUND
    assert make_rules("choose").choose_phase


def test_house_rule_natural_card_in_every_group():
    assert make_rules(natural_per_group=True).natural_per_group


def test_unknown_variant_lists_the_valid_names():
    with pytest.raises(NotationError) as caught:
        make_rules("evne")
    message = str(caught.value)
    assert "did you mean even" in message
    for name in VARIANTS:
        assert name in message


@pytest.mark.parametrize("count", [0, 11, -2, True])
def test_phases_count_out_of_range(count):
    with pytest.raises(NotationError):
        make_rules("short", phases_count=count)


def test_even_variant_cannot_have_more_than_five_phases():
    with pytest.raises(NotationError):
        make_rules("even", phases_count=6)


@pytest.mark.parametrize("name", list(VARIANTS))
def test_rules_dict_round_trips(name):
    rules = make_rules(name, natural_per_group=True)
    assert Rules.from_dict(rules.to_dict()) == rules


def test_custom_phase_list_is_data():
    custom = with_phases(make_rules(), (PhaseSpec.parse("phase 1: 2 runs of 3"),))
    assert custom.variant == "custom"
    assert Rules.from_dict(custom.to_dict()) == custom


def test_every_variant_has_its_name_and_a_description():
    assert all(name == variant.name and variant.description
               for name, variant in VARIANTS.items())


def test_phase_numbers_must_be_unique():
    with pytest.raises(NotationError):
        Rules(phases=(STANDARD_PHASES[0], STANDARD_PHASES[0]))
