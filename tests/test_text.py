"""The one rule for stored text (:mod:`scorer.text`): what is refused, what is cleaned, and how
anything already stored is repaired."""

from __future__ import annotations

import pytest

from scorer.text import TextError, clean_text, refused_character, repair_text, replace_refused


@pytest.mark.parametrize("value, bad", [
    ("Ann", None), ("Zoé", None), ("a\tb", None), ("\ud800", "\ud800"), ("x\x07", "\x07"),
    ("\ue000", "\ue000"), ("a\u0378", "\u0378")])
def test_refused_characters(value, bad):
    assert refused_character(value) == bad


def test_clean_text_normalises_and_collapses():
    assert clean_text("  Zoe\u0301   and\tBob ", "name", limit=None) == "Zoé and Bob"
    assert clean_text("a  b\n\n c ", "notes", limit=None, multiline=True) == "a b\n\nc"


@pytest.mark.parametrize("value, code", [
    (5, "bad_text"), (None, "bad_text"), ("Ann\ud800", "bad_text"), ("\x00", "bad_text"),
    ("x" * 41, "text_too_long")])
def test_clean_text_refuses_with_the_field(value, code):
    with pytest.raises(TextError) as caught:
        clean_text(value, "players", limit=40)
    assert caught.value.code == code and caught.value.field == "players"


def test_repair_makes_anything_storable():
    assert replace_refused("a\ud800b\x07") == "a\ufffdb\ufffd"
    repaired = repair_text("Zoe\u0301\ud800   " + "y" * 50, limit=10)
    assert repaired == ("Zoé\ufffd " + "y" * 50)[:10] and refused_character(repaired) is None
    assert repair_text(12, limit=5) == "12"
