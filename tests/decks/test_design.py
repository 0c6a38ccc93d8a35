"""The heritage deck, a design the detector never saw: each face drawn with its index at both
corners, and written as the renderer's faces folder."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from scorer.cards import ALL_FACES, parse_card
from scorer.decks.design import INDEX_BOX, draw_deck, draw_face, save_faces
from scorer.decks.layout import FACE_HEIGHT, FACE_WIDTH


def _corner(face: np.ndarray) -> np.ndarray:
    x1, y1, x2, y2 = (int(v * s) for v, s in zip(INDEX_BOX, (FACE_WIDTH, FACE_HEIGHT) * 2,
                                                  strict=True))
    return face[y1:y2, x1:x2]


@pytest.mark.parametrize("name", ["R5", "B12", "W", "S"])
def test_a_face_carries_its_index_at_both_corners_turned_half_a_turn(name):
    face = draw_face(parse_card(name))
    assert face.shape == (FACE_HEIGHT, FACE_WIDTH, 3) and face.dtype == np.uint8
    top = _corner(face)
    bottom = _corner(face[::-1, ::-1])
    assert top.std() > 20  # printed, not blank card stock
    assert np.abs(top.astype(int) - bottom.astype(int)).mean() < 8


def test_each_face_is_drawn_apart_from_the_others():
    """A 6 and a 9 differ although one is the other turned (its numeral is underlined)."""
    six, nine = draw_face(parse_card("R6")), draw_face(parse_card("R9"))
    assert np.abs(six.astype(int) - nine[::-1, ::-1].astype(int)).mean() > 1
    assert not np.array_equal(draw_face(parse_card("R5")), draw_face(parse_card("B5")))


def test_the_faces_are_saved_by_notation_for_the_renderer(tmp_path):
    faces = draw_deck(ALL_FACES[:2] + ALL_FACES[-2:])
    folder = save_faces(faces, tmp_path / "faces")
    assert sorted(path.name for path in folder.iterdir()) == ["R1.png", "R2.png", "S.png",
                                                              "W.png"]
    assert np.array_equal(cv2.imread(str(folder / "W.png")), faces[ALL_FACES[-2]])
