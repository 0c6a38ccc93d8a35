"""Rendered enrolment photos with their truth: each card's outline and grid cell, and the
defects the enrolment must catch."""

from __future__ import annotations

import numpy as np
import pytest

from scorer.decks.design import draw_deck
from scorer.decks.gridphoto import render_sheet_photo
from scorer.decks.layout import get_sheet

RED = get_sheet("red")
SIZE = (480, 640)


@pytest.fixture(scope="module")
def faces():
    return draw_deck(RED.faces)


def test_every_card_lies_in_the_photo_at_its_grid_cell(faces):
    photo = render_sheet_photo(faces, RED, np.random.default_rng(1), size=SIZE)
    assert photo.image.shape == (*SIZE, 3) and photo.defect is None
    assert set(photo.quads) == set(RED.faces)
    for card, quad in photo.quads.items():
        assert (quad >= 0).all() and (quad[:, 0] < SIZE[1]).all() and (quad[:, 1] < SIZE[0]).all()
        assert RED.face_at(*photo.cells[card]) == card
    first, last = photo.quads[RED.faces[0]], photo.quads[RED.faces[-1]]
    assert first[:, 0].mean() < last[:, 0].mean() and first[:, 1].mean() < last[:, 1].mean()


def test_a_seed_gives_one_photo(faces):
    one, two = (render_sheet_photo(faces, RED, np.random.default_rng(4), size=SIZE)
                for _ in range(2))
    assert np.array_equal(one.image, two.image)


def test_a_missing_card_defect_leaves_one_place_empty(faces):
    photo = render_sheet_photo(faces, RED, np.random.default_rng(2), size=SIZE, defect="missing")
    assert len(photo.quads) == len(RED.faces) - 1


def test_an_unknown_defect_or_a_face_not_drawn_is_refused(faces):
    with pytest.raises(ValueError, match="unknown defect"):
        render_sheet_photo(faces, RED, np.random.default_rng(0), size=SIZE, defect="coffee")
    with pytest.raises(ValueError, match="no face image for B1"):
        render_sheet_photo(faces, get_sheet("blue"), np.random.default_rng(0), size=SIZE)
