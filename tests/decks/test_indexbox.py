"""Estimating where a deck prints its corner index, for the renderer's labels (issue 7)."""

from __future__ import annotations

import numpy as np
import pytest

from scorer.cards import ALL_FACES, parse_card
from scorer.decks import store
from scorer.decks.design import INDEX_BOX, draw_deck
from scorer.decks.indexbox import deck_index_boxes, face_index_box


@pytest.fixture(scope="module")
def faces():
    return draw_deck()


def test_index_box_is_the_glyph_line_not_the_symbol(faces):
    """Heritage faces: the numeral (with the 6's underline) inside the drawn index tile; the
    colour symbol under it is left out, as the renderer's own labels leave it out."""
    six = face_index_box(faces[parse_card("R6")])
    one = face_index_box(faces[parse_card("G1")])
    x0, y0, x1, y1 = INDEX_BOX
    for box in (six, one):
        assert x0 <= box[0] < box[2] <= x1 and y0 <= box[1] < box[3] <= y1
    assert six[3] - six[1] > one[3] - one[1], "the underline belongs to the 6's index"
    assert six[3] < y0 + 0.8 * (y1 - y0), "the symbol below the numeral is not in the box"


def test_deck_boxes_cover_every_face(faces):
    boxes = deck_index_boxes(faces)
    assert set(boxes) == {"default"} | {str(c) for c in ALL_FACES}
    assert all(0 <= v <= 1 for box in boxes.values() for v in box)


def test_blank_faces_give_no_boxes():
    blank = {c: np.full((880, 560, 3), 230, np.uint8) for c in ALL_FACES}
    assert face_index_box(blank[parse_card("R1")]) is None
    assert deck_index_boxes(blank) is None


def test_published_deck_keeps_its_index_boxes(tmp_path, faces):
    boxes = deck_index_boxes(faces)
    info = store.publish_deck(tmp_path, "heritage", faces, indices=boxes)
    import json

    assert json.loads((info.path / "indices.json").read_text()) == boxes
