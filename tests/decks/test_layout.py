"""The enrolment sheets: which cards each photo holds, in the order the page shows."""

from __future__ import annotations

import pytest

from scorer.cards import parse_card
from scorer.decks.layout import SHEETS, Sheet, get_sheet

RED, SPECIALS = get_sheet("red"), get_sheet("specials")


def test_sheets_cover_the_deck_in_the_fixed_order():
    """Four colour sheets of 1-12 in 3 rows of 4, then the Wild and Skip side by side."""
    assert [s.name for s in SHEETS] == ["red", "blue", "green", "yellow", "specials"]
    assert RED.grid() == [["R1", "R2", "R3", "R4"], ["R5", "R6", "R7", "R8"],
                          ["R9", "R10", "R11", "R12"]]
    assert SPECIALS.grid() == [["W", "S"]]
    with pytest.raises(KeyError, match="red, blue, green, yellow, specials"):
        get_sheet("purple")


def test_parse_card_round_trip_of_sheet_faces():
    for sheet in SHEETS:
        assert tuple(parse_card(str(c)) for c in sheet.faces) == sheet.faces


def test_a_place_on_the_grid_is_named_for_the_player():
    assert RED.position(1, 2) == "row 2, column 3 (R7)"
    assert RED.face_at(2, 3) == parse_card("R12")


def test_a_sheet_whose_faces_do_not_fill_its_grid_is_refused():
    with pytest.raises(ValueError, match="3 faces for a 2x2 grid"):
        Sheet("odd", "Odd", 2, 2, RED.faces[:3])
