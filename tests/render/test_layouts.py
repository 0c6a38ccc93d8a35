"""Scene layouts: phases in overlapping rows, fans about a pivot, spreads without overlap."""

from __future__ import annotations

import math

import numpy as np

from scorer.cards import SKIP
from scorer.render.faces import CARD_H_MM, CARD_W_MM
from scorer.render.layouts import sample_layout


def test_spread_cards_never_overlap() -> None:
    diagonal = math.hypot(CARD_W_MM, CARD_H_MM)
    for seed in range(40):
        cards = sample_layout(np.random.default_rng(seed), "spread").cards
        for i, a in enumerate(cards):
            for b in cards[i + 1 :]:
                assert math.hypot(a.x - b.x, a.y - b.y) >= diagonal - 1e-6


def test_phase_rows_overlap_sideways_by_40_to_80_percent() -> None:
    """One row per group; each card covers 40-80 % of the previous one's width."""
    for seed in range(40):
        layout = sample_layout(np.random.default_rng(seed), "phase")
        (laid,) = layout.phases
        assert len(layout.cards) == len(laid.cards)
        start = 0
        for group in laid.groups:
            row = layout.cards[start : start + len(group)]
            start += len(group)
            for a, b in zip(row, row[1:], strict=False):
                step = math.hypot(b.x - a.x, b.y - a.y)
                assert 0.14 * CARD_W_MM <= step <= 0.66 * CARD_W_MM


def test_hands_fan_3_to_11_cards_about_a_pivot() -> None:
    for seed in range(30):
        layout = sample_layout(np.random.default_rng(seed), "hand")
        assert 3 <= len(layout.cards) <= 11
        angles = [p.angle for p in layout.cards]
        assert angles == sorted(angles)  # fanned left to right, each over the previous


def _median_step(tight: bool) -> float:
    steps = []
    for seed in range(60):
        angles = [p.angle for p in sample_layout(np.random.default_rng(seed), "hand",
                                                 tight_fans=tight).cards]
        steps.append((angles[-1] - angles[0]) / (len(angles) - 1))
    return float(np.median(steps))


def test_tight_fans_hold_cards_closer_and_keep_other_scenes() -> None:
    """Tight fans (training scenes) step about 6 degrees a card instead of 9.5; the draw is
    remapped, not added, so the same seed gives the same cards and every other scene kind."""
    assert _median_step(True) < 7.5 < _median_step(False)
    for seed in range(10):
        loose = sample_layout(np.random.default_rng(seed), "hand")
        tight = sample_layout(np.random.default_rng(seed), "hand", tight_fans=True)
        assert [p.card for p in loose.cards] == [p.card for p in tight.cards]
        for kind in ("phase", "table", "spread"):
            a = sample_layout(np.random.default_rng(seed), kind)
            b = sample_layout(np.random.default_rng(seed), kind, tight_fans=True)
            assert a.cards == b.cards


def test_other_games_cards_join_a_share_of_scenes_and_never_a_laid_phase() -> None:
    """Format 4 puts UNO-only cards among the cards of about 40 % of scenes; a laid phase keeps
    all its cards, and the older formats never show one."""
    with_foreign = 0
    for seed in range(200):
        layout = sample_layout(np.random.default_rng(seed), foreign=True)
        foreign = [p for p in layout.cards if p.foreign is not None]
        with_foreign += bool(foreign)
        assert all(p.card is None for p in foreign)
        for members in layout.phase_cards:
            assert all(layout.cards[k].card is not None for k in members)
        older = sample_layout(np.random.default_rng(seed))
        assert all(p.foreign is None for p in older.cards)
    assert 0.3 < with_foreign / 200 < 0.5


def test_format_5_lays_a_skip_beside_each_zero_of_another_game() -> None:
    """A ring Skip and a zero differ only by the slash: every zero gets a Skip within reach, and
    without the option the scene is the format-4 scene, card for card."""
    zeros = 0
    for seed in range(200):
        layout = sample_layout(np.random.default_rng(seed), foreign=True, skip_beside_zero=True)
        plain = sample_layout(np.random.default_rng(seed), foreign=True)
        assert layout.cards[: len(plain.cards)] == plain.cards
        skips = [p for p in layout.cards if p.card is SKIP]
        if layout.kind == "empty":
            assert not any(p.card for p in layout.cards), "an empty table stays empty"
            continue
        for zero in (p for p in layout.cards if p.foreign and p.foreign[0] == "0"):
            zeros += 1
            assert any(math.hypot(s.x - zero.x, s.y - zero.y) <= 1.5 * CARD_W_MM for s in skips)
    assert zeros > 20
