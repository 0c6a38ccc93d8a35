"""The reader's declared stages: one table, every candidate kept with what happened to it, and
any stage can be left out by name."""

from __future__ import annotations

import numpy as np
import pytest

from scorer.vision import pipeline
from scorer.vision.detections import DEFAULT_CLASS_NAMES, Detections
from scorer.vision.pipeline import STAGE_NAMES, Photo, run
from tests.vision.test_held_card import _card, _table


def _detections(readings: list[tuple[tuple[float, ...], str, float]]) -> Detections:
    return Detections(np.array([box for box, _f, _s in readings], np.float32),
                      np.array([score for _b, _f, score in readings], np.float32),
                      np.array([DEFAULT_CLASS_NAMES.index(face) for _b, face, _s in readings]))


def _one_card_and_a_stray() -> Photo:
    """A Wild read at both corners, its top corner also read weakly as an R3."""
    image = _table()
    top, bottom = _card(image, 100, 80)
    dets = _detections([(top, "W", 0.9), (bottom, "W", 0.85), (top, "R3", 0.3)])
    return Photo(image, dets, colour_check=False)


def test_stages_are_declared_once_in_order_with_unique_names():
    assert len(set(STAGE_NAMES)) == len(STAGE_NAMES)
    assert STAGE_NAMES[0] == "pair"
    assert STAGE_NAMES.index("weigh") < STAGE_NAMES.index("deck_counts")
    assert all(stage.summary for stage in pipeline.STAGES)


def test_a_pair_of_corners_is_one_card_and_its_two_indices_are_set_aside_with_a_reason():
    table = run(_one_card_and_a_stray())
    assert [str(card.card) for card in table.cards] == ["W"]
    assert [row.dropped_by for row in table.set_aside] == ["pair", "pair", "shadowed"]
    (stray,) = [row for row in table.set_aside if str(row.face) == "R3"]
    assert stray.dropped_by == "shadowed" and "same spot" in stray.why


def test_leaving_out_a_stage_keeps_what_it_would_have_dropped():
    """The weak R3 on the Wild's corner is caught twice over: each stage left out shows the
    next one that catches it, until nothing does."""
    without: set[str] = set()
    caught = []
    while True:
        table = run(_one_card_and_a_stray(), without=without)
        (stray,) = [row for row in (*table.rows, *table.set_aside) if str(row.face) == "R3"]
        if stray.alive:
            break
        caught.append(stray.dropped_by)
        without.add(stray.dropped_by)
    assert caught == ["shadowed", "held_card_twice"]
    assert sorted(str(card.card) for card in table.cards) == ["R3", "W"]


def test_without_pairing_every_index_is_a_card_of_its_own():
    table = run(_one_card_and_a_stray(), without={"pair", "lone_twins", "shadowed"})
    assert len(table.rows) == 3 and table.set_aside == ()


def test_an_unknown_stage_name_is_refused_with_the_choices():
    with pytest.raises(ValueError, match="no stage vanishd to leave out: choose from .*vanished"):
        run(_one_card_and_a_stray(), without={"vanishd"})
    with pytest.raises(ValueError, match="no stage weigh"):
        run(_one_card_and_a_stray(), without={"weigh"})


def test_every_kept_card_was_weighed_and_every_dropped_one_says_why():
    table = run(_one_card_and_a_stray())
    for row in (*table.rows, *table.set_aside):
        assert row.alive == (row.dropped_by is None)
        if not row.alive:
            assert row.why and (row.dropped_by, row.why) in row.notes
        else:
            assert row.card is not None and any(stage == "weigh" for stage, _ in row.notes)
