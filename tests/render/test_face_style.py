"""Face designs sampled per pool: the test pool's styles held out, print variety on training
designs only."""

from __future__ import annotations

import colorsys
import dataclasses

import numpy as np

from scorer.cards import SKIP, WILD, Colour
from scorer.render.face_style import sample_style, with_print_variety
from scorer.render.faces import FaceSet


def test_print_variety_only_on_training_designs() -> None:
    """Evaluation splits keep the designs their published figures were measured on."""
    from scorer.render.dataset import Settings, _Designs

    designs = _Designs(Settings(seed=3))
    train = [designs.get("train", k)[0].style for k in range(40)]
    val = [designs.get("val", k)[0].style for k in range(40)]
    assert any(s.wild_emblem for s in train) and any(s.slant for s in train)
    assert any(s.bold_outline for s in train)
    assert not any(s.wild_emblem or s.slant or s.panel_tilt or s.bold_outline for s in val)


def test_a_seed_gives_one_style():
    assert sample_style(np.random.default_rng(9)) == sample_style(np.random.default_rng(9))
    assert sample_style(np.random.default_rng(9)) != sample_style(np.random.default_rng(10))


def _hue(rgb: tuple[int, int, int]) -> float:
    return colorsys.rgb_to_hsv(*(c / 255 for c in rgb))[0] * 360


def test_format_4_prints_greens_from_lime_to_forest_and_blues_from_teal_to_navy() -> None:
    """Half the training designs of format 4 move their green and blue across the range real
    prints take; older formats keep their designs' inks, so their sets keep their bytes."""
    styles = [sample_style(np.random.default_rng(seed)) for seed in range(200)]
    wide = [with_print_variety(s, wide_inks=True) for s in styles]
    greens = [_hue(s.colour(Colour.GREEN)) for s in wide]
    blues = [_hue(s.colour(Colour.BLUE)) for s in wide]
    assert min(greens) < 95 and max(greens) > 140, "lime and forest greens are both printed"
    assert min(blues) < 195 and max(blues) > 225, "teal and navy blues are both printed"
    assert all(80 <= h <= 155 for h in greens) and all(183 <= h <= 237 for h in blues)
    moved = sum(w.palette != s.palette for w, s in zip(wide, styles, strict=True))
    assert 70 <= moved <= 130
    for s in styles:
        kept = with_print_variety(s)
        assert kept.palette == s.palette
        assert dataclasses.replace(with_print_variety(s, wide_inks=True),
                                   palette=s.palette) == kept, "the other options keep their draw"


def test_format_5_prints_ring_skips_in_half_the_training_designs() -> None:
    """Half the designs show the Skip's index as a ring with a slash, as UNO prints it; without
    the option every draw stays as it was, so older formats keep their bytes."""
    styles = [sample_style(np.random.default_rng(seed)) for seed in range(200)]
    before = sum(s.special_index == "symbol" for s in styles)
    ringed = [with_print_variety(s, wide_inks=True, ring_skips=True) for s in styles]
    after = sum(s.special_index == "symbol" for s in ringed)
    assert after > before and 0.55 < after / 200 < 0.8
    for s, r in zip(styles, ringed, strict=True):
        assert dataclasses.replace(r, special_index=s.special_index) == with_print_variety(
            s, wide_inks=True)


def test_format_6_rings_the_skip_and_leaves_the_wild_as_designed() -> None:
    """Format 6 rings the Skip's index in the same designs as format 5 does, but a Wild keeps
    the letter or word its design prints (format 5 turned it into a star in those designs)."""
    styles = [sample_style(np.random.default_rng(seed)) for seed in range(200)]
    five = [with_print_variety(s, wide_inks=True, ring_skips=True) for s in styles]
    six = [with_print_variety(s, wide_inks=True, ring_skips=True, skip_alone=True)
           for s in styles]
    assert [s.special_index for s in six] == [s.special_index for s in styles]
    for f, s, x in zip(five, styles, six, strict=True):
        if f.special_index != s.special_index:
            assert x.ring_skip
    assert 0.4 < sum(x.ring_skip for x in six) / 200 < 0.6
    lettered = next(x for x in six if x.ring_skip and x.special_index == "letter")
    faces = FaceSet(lettered)
    plain = FaceSet(dataclasses.replace(lettered, ring_skip=False))
    assert np.array_equal(faces[WILD].image, plain[WILD].image)
    assert not np.array_equal(faces[SKIP].image, plain[SKIP].image)
