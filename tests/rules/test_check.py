"""The one check: cards with their doubt against a phase, validated once, as one JSON shape."""

from __future__ import annotations

import pytest

from scorer.errors import NotationError
from scorer.rules import doubt
from scorer.rules.check import Check, check, sentence, typed_cards
from scorer.rules.doubt import ReadCard


def test_without_a_phase_only_the_cards_and_their_points_are_given():
    assert check("W? R5 S", None).to_dict() == {
        "cards": ["W", "R5", "S"], "count": 3, "points": 45, "unsure": ["W"],
        "unsure_points": 25, "verdict": None, "phase": None}


def test_a_verdict_carries_the_validators_fields_the_doubt_and_the_phase():
    body = check("R1 B2 G3 Y4 R5 B6 W?", 4).to_dict()
    verdict = body["verdict"]
    assert verdict["valid"] is True and verdict["phase"] == 4
    assert verdict["reason"] is None and verdict["message"] == ""
    assert verdict["doubtful"] is True
    assert verdict["depends_on"] == [{"card": "W", "fix": "remove"}]
    assert verdict["doubt"] == {"code": "valid_if_sure", "params": {"cards": ["W"]},
                                "text": "valid if W? is a Wild on the table",
                                "message": "Valid if W? is a Wild on the table."}
    assert body["phase"] == {"number": 4, "description": "1 run of 7"}


def test_the_caller_words_the_reasons_and_the_phase():
    body = check("R5 B6 G5 Y7 R7 B7", 1).to_dict(say=lambda r: r.code.upper(),
                                                describe=lambda p: f"#{p.number}")
    assert body["verdict"]["message"] == body["verdict"]["code"].upper() != ""
    assert body["phase"]["description"] == "#1"


def test_the_cards_are_validated_once(monkeypatch):
    """Sure cards: one validation; each unsure card adds one try per change (weigh's own)."""
    calls = []
    real = doubt.validate
    monkeypatch.setattr(doubt, "validate", lambda *a, **k: calls.append(a) or real(*a, **k))
    check("R5 B5 G5 Y7 R7 B7", 1)
    assert len(calls) == 1
    calls.clear()
    check("R5 B5 G5 Y7 R7 B7 S?", 1)
    assert len(calls) == 2  # as read, and without the unsure Skip


def test_read_cards_go_in_as_they_are():
    read = (ReadCard.parse("R5"), ReadCard.parse("Y8?/Y9"))
    result = check(read, None)
    assert isinstance(result, Check) and result.cards == read and result.phase is None


@pytest.mark.parametrize(("value", "expected"), [
    ("R5 B5 W", ["R5", "B5", "W"]), ("red 5, wild", ["R5", "W"]),
    (["R5", "W?", "Y8?/Y9"], ["R5", "W?", "Y8?/Y9"]), ("R5,W?", ["R5", "W?"])])
def test_typed_cards_read_any_notation_and_the_marks(value, expected):
    assert [str(item) for item in typed_cards(value)] == expected


@pytest.mark.parametrize("value", ["R5 Q9", "R5/B5", ["R5", 5], None, 5])
def test_what_is_not_cards_is_a_notation_error(value):
    with pytest.raises(NotationError):
        typed_cards(value)


def test_a_bad_phase_is_a_notation_error():
    with pytest.raises(NotationError):
        check("R5", 11)


@pytest.mark.parametrize(("text", "expected"), [
    ("", ""), ("valid", "Valid."), ("is it?", "Is it?"), ("done.", "Done.")])
def test_a_sentence_has_a_capital_and_a_full_stop(text, expected):
    assert sentence(text) == expected

