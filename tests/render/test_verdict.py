"""The manifest's phase verdict: the validator's when it exists, the generator's intent before."""

from __future__ import annotations

import pytest

from scorer.cards import parse_cards
from scorer.render import verdict


def test_validator_decides() -> None:
    pytest.importorskip("scorer.rules.validate")
    cards = parse_cards("R5 B5 G5 Y7 Y7 W")
    assert verdict.phase_verdict(1, cards, intended=False) == {
        "valid": True, "verdict_source": "validator", "reason": None}
    result = verdict.phase_verdict(1, parse_cards("R5 B5 S Y7 Y7 W"), intended=True)
    assert result["valid"] is False and result["verdict_source"] == "validator"


def test_fallback_reports_the_intent(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(verdict, "_validator", lambda: None)
    assert verdict.phase_verdict(4, parse_cards("R1 R2"), intended=True) == {
        "valid": True, "verdict_source": "construction", "reason": None}
