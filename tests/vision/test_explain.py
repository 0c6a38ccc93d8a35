"""``detect --explain``: every candidate with the stages that touched it."""

from __future__ import annotations

from scorer.vision.explain import explain_lines, explain_rows
from scorer.vision.pipeline import run
from tests.vision.test_pipeline import _one_card_and_a_stray


def test_kept_cards_come_first_then_dropped_ones_then_those_set_aside():
    rows = explain_rows(run(_one_card_and_a_stray()))
    assert [(row["card"], row["kept"]) for row in rows] == [
        ("W", True), ("W", False), ("W", False), ("R3", False)]
    assert rows[3]["dropped_by"] == "shadowed"
    assert rows[0]["indices"] == 2 and rows[0]["unsure"] is False


def test_the_text_names_each_stage_and_the_reason():
    text = "\n".join(explain_lines(run(_one_card_and_a_stray())))
    assert "dropped by shadowed" in text and "pair: two corners paired" in text
    assert "weigh: chance" in text
