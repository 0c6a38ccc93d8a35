"""tools/wrong_cards.py: each wrong card is sorted by what the manifest has under its box."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

TOOL = Path(__file__).resolve().parents[2] / "tools" / "wrong_cards.py"
spec = importlib.util.spec_from_file_location("wrong_cards", TOOL)
wrong_cards = importlib.util.module_from_spec(spec)
spec.loader.exec_module(wrong_cards)

RECORD = {"cards": [
    {"face": "R5", "indices": [{"box": [10, 10, 20, 24]}, {"box": [80, 120, 90, 134]}]},
    {"face": "Y7", "indices": [{"box": [30, 10, 40, 24]}]},
    {"face": "W", "indices": []},  # face up, no visible index: never under a box
]}


def test_faces_under_a_box_are_those_whose_index_centre_it_holds():
    assert wrong_cards.faces_under(RECORD, (5, 5, 45, 30)) == ["R5", "Y7"]
    assert wrong_cards.faces_under(RECORD, (75, 115, 95, 140)) == ["R5"]
    assert wrong_cards.faces_under(RECORD, (200, 200, 210, 210)) == []


@pytest.mark.parametrize(("face", "outcome", "under", "kind"), [
    ("R5", "right", ["R5"], None),
    ("R5", "phantom", ["R5"], "read twice"),
    ("R5", "phantom", [], "phantom"),
    ("R5", "phantom", ["Y7"], "on a card read"),
    ("Y5", "misread", ["R5"], "colour"),
    ("R8", "misread", ["R3"], "number"),
    ("Y8", "misread", ["R3"], "colour and number"),
    ("B8", "misread", ["S"], "wild or skip"),
    ("W", "misread", ["G2"], "wild or skip"),
])
def test_a_wrong_card_gets_the_kind_of_mistake_it_is(face, outcome, under, kind):
    assert wrong_cards.wrong_kind(face, outcome, under) == kind


def test_the_table_counts_marked_and_unmarked_per_kind_in_a_fixed_order():
    rows = [("number", True), ("read twice", False), ("number", False), ("read twice", False)]
    lines = wrong_cards.table(rows).splitlines()
    assert lines[1].split() == ["read", "twice", "2", "0", "2"]
    assert lines[2].split() == ["number", "2", "1", "1"]
    assert len(lines) == 3
