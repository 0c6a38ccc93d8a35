"""Procedural faces: every face draws, indices sit in the corners, 6 and 9 are underlined."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from scorer.cards import ALL_FACES, Colour, parse_card
from scorer.render.faces import (
    FACE_H,
    FACE_W,
    FOREIGN_GLYPHS,
    LAYOUTS,
    FaceSet,
    render_face,
    sample_style,
)
from scorer.render.glyphs import text_masks


@pytest.mark.parametrize("layout", LAYOUTS)
def test_every_face_draws_with_indices_in_opposite_corners(layout: str) -> None:
    style = dataclasses.replace(sample_style(np.random.default_rng(5)), layout=layout)
    faces = FaceSet(style)
    for card in ALL_FACES:
        face = faces[card]
        assert face.image.shape == (FACE_H, FACE_W, 3) and face.alpha.shape == (FACE_H, FACE_W)
        (x0, y0, x1, y1), (bx0, by0, bx1, by1) = face.index_rects
        assert 0 <= x0 < x1 < FACE_W / 2 and 0 <= y0 < y1 < FACE_H / 4
        assert (bx0, by0, bx1, by1) == (FACE_W - x1, FACE_H - y1, FACE_W - x0, FACE_H - y0)
        assert face.alpha[0, 0] == 0 and face.alpha[FACE_H // 2, FACE_W // 2] == 255


def test_six_and_nine_are_underlined() -> None:
    """6 and 9 carry a bar under them so a turned 6 is not read as a 9."""
    font = sample_style(np.random.default_rng(0)).font
    plain = text_masks("8", font, 40, 0.0, False, 200)[0]
    six = text_masks("6", font, 40, 0.0, True, 200)[0]
    assert six.shape[0] > plain.shape[0] + 4
    assert six[-2:, six.shape[1] // 2].max() > 0.9  # the bar is ink at the bottom


def test_designs_differ_and_repeat_by_seed() -> None:
    a = sample_style(np.random.default_rng(1))
    assert a == sample_style(np.random.default_rng(1))
    assert a != sample_style(np.random.default_rng(2))
    faces = FaceSet(a)
    assert faces[parse_card("R5")] is faces[parse_card("R5")]  # drawn once per design


def test_wild_copies_can_differ_in_colour() -> None:
    """Mattel prints two Wilds in each colour: a design may give copies different inks."""
    from scorer.cards import WILD

    style = dataclasses.replace(sample_style(np.random.default_rng(3)), wild_in_colours=True)
    faces = FaceSet(style)
    means = {tuple(faces.variant(WILD, k).image.reshape(-1, 3).mean(0).round()) for k in range(4)}
    assert len(means) == 4
    assert faces.variant(WILD, 0).index_rects == faces.variant(WILD, 2).index_rects


def test_emblem_wild_prints_the_four_colours_in_its_index() -> None:
    """Some decks print the Wild as a four-colour emblem, with no letter in the corner."""
    from scorer.cards import WILD

    style = dataclasses.replace(sample_style(np.random.default_rng(4)), layout="white",
                                wild_emblem=True)
    face = FaceSet(style)[WILD]
    x0, y0, x1, y1 = (int(v) for v in face.index_rects[0])
    index = face.image[y0:y1, x0:x1].reshape(-1, 3).astype(int)
    inks = {colour: np.asarray(rgb) for colour, rgb in style.palette}
    nearest = [min(inks, key=lambda c, px=px: np.abs(inks[c] - px).sum())
               for px in index if np.abs(px - np.asarray(style.paper)).sum() > 90]
    shares = {colour: nearest.count(colour) / len(nearest) for colour in inks}
    assert min(shares.values()) > 0.1, shares


def test_bold_outline_rings_light_digits_in_dark_ink() -> None:
    """UNO-like print: a white digit on the card's colour, ringed by a thick near-black line."""
    plain = dataclasses.replace(sample_style(np.random.default_rng(6)), layout="full",
                                stroke=0.0, index_height=0.1)
    bold = dataclasses.replace(plain, bold_outline=0.12)

    def dark_share(style) -> float:
        face = FaceSet(style)[parse_card("B1")]
        x0, y0, x1, y1 = (int(v) for v in face.index_rects[0])
        index = face.image[y0:y1, x0:x1].astype(int)
        return float((index.max(axis=2) < 60).mean())

    assert dark_share(plain) < 0.02
    assert dark_share(bold) > 0.15


@pytest.mark.parametrize("layout", LAYOUTS)
def test_other_games_cards_print_their_own_glyph_in_both_corners(layout: str) -> None:
    """A zero, a Draw Two, a Draw Four and a Reverse each draw a face of their own, unlike
    any Phase 10 face of that colour, with an index in each corner."""
    faces = FaceSet(dataclasses.replace(sample_style(np.random.default_rng(8)), layout=layout))
    drawn = {glyph: faces.foreign(glyph, Colour.BLUE) for glyph in FOREIGN_GLYPHS}
    one = faces[parse_card("B1")].image.astype(int)
    for glyph, face in drawn.items():
        (x0, y0, x1, y1), (bx0, by0, bx1, by1) = face.index_rects
        assert 0 <= x0 < x1 < FACE_W / 2 and 0 <= y0 < y1 < FACE_H / 4, glyph
        assert (bx0, by0, bx1, by1) == (FACE_W - x1, FACE_H - y1, FACE_W - x0, FACE_H - y0)
        assert np.abs(face.image.astype(int) - one).mean() > 2, f"{glyph} looks like a B1"
    assert faces.foreign("reverse", Colour.BLUE) is drawn["reverse"], "drawn once per design"


def test_a_glyph_needs_a_numbered_card_and_a_known_name() -> None:
    style = sample_style(np.random.default_rng(1))
    with pytest.raises(ValueError, match="glyph"):
        render_face(parse_card("W"), style, glyph="+4")
    with pytest.raises(ValueError, match="glyph"):
        render_face(parse_card("R3"), style, glyph="draw-ten")
