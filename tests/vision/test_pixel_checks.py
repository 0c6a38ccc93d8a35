"""What the pixels say about index detections: measures taken once, vetoes and confirmations."""

from __future__ import annotations

import numpy as np
import pytest

from scorer.cards import Colour
from scorer.vision import pixel_checks
from scorer.vision.colour import ColourMeasure
from scorer.vision.pixel_checks import (
    centre_colour,
    centre_colour_check,
    centre_measures,
    half_turn_check,
    index_measures,
    pair_check,
)
from scorer.vision.settings import READER
from tests.vision.test_lone_corners import _card_printing_a_6
from tests.vision.test_pairing import R5, R6, R9, W, _with_conf, corners, dets

STRONG_SHARE = READER.colour.strong_share


def _measure(colour: Colour | None, hue: float | None = None, share: float = 0.9
             ) -> ColourMeasure:
    return ColourMeasure(colour, share, 200 if colour else 0, hue=hue)


def _six_and_nine(turned: bool) -> tuple[np.ndarray, object]:
    """One card's two corners, a 6 turned by half a turn (or two cards lying the same way)."""
    d = _with_conf(corners(100, 100), [R6, R9], [0.9, 0.6])
    return _card_printing_a_6(d, turn_second=turned), d


def test_each_index_is_measured_once_however_often_it_is_asked(monkeypatch):
    calls = []
    monkeypatch.setattr(pixel_checks, "measure_colour",
                        lambda image, box: calls.append(box) or _measure(Colour.RED))
    measure_at = index_measures(np.zeros((10, 10, 3), np.uint8), dets(corners(100, 100), [R5] * 2))
    assert measure_at(0) is measure_at(0)
    measure_at(1)
    assert len(calls) == 2


def test_a_pairs_centre_is_measured_once_whichever_way_round(monkeypatch):
    calls = []
    monkeypatch.setattr(pixel_checks, "measure_centre",
                        lambda image, a, b: calls.append((a, b)) or _measure(Colour.RED))
    centre_at = centre_measures(np.zeros((10, 10, 3), np.uint8), dets(corners(100, 100), [R5] * 2))
    assert centre_at(1, 0) is centre_at(0, 1)
    assert len(calls) == 1


def test_two_indices_lying_the_same_way_up_are_vetoed_and_turned_ones_are_not():
    same_way, d = _six_and_nine(turned=False)
    turned, _ = _six_and_nine(turned=True)
    assert half_turn_check(same_way, d)(0, 1) is False
    assert half_turn_check(turned, d)(0, 1) is None  # the veto never says yes


def test_the_centre_must_show_the_colour_both_indices_measure():
    """Both corners measure blue though the detector said red: a blue centre is one card."""
    d = dets(corners(100, 100), [R5, R5])
    blue = lambda k: _measure(Colour.BLUE)  # noqa: E731
    check = centre_colour_check(d, blue, lambda i, j: _measure(Colour.BLUE))
    assert check(0, 1) is True
    assert centre_colour_check(d, blue, lambda i, j: _measure(Colour.RED))(0, 1) is False


def test_when_the_indices_disagree_the_detected_colour_decides():
    d = dets(corners(100, 100), [R5, R5])
    measures = {0: _measure(Colour.BLUE), 1: _measure(Colour.GREEN)}
    check = centre_colour_check(d, measures.__getitem__, lambda i, j: _measure(Colour.RED))
    assert check(0, 1) is True


def test_a_centre_of_the_indices_own_ink_across_a_band_edge_is_one_card():
    """A yellowish green: yellow at both corners (hue 34), green at the centre (hue 37)."""
    d = dets(corners(100, 100), [R5, R5])
    ink = lambda k: _measure(Colour.YELLOW, hue=34.0)  # noqa: E731
    assert centre_colour_check(d, ink, lambda i, j: _measure(Colour.GREEN, hue=37.0))(0, 1)
    assert not centre_colour_check(d, ink, lambda i, j: _measure(Colour.GREEN, hue=60.0))(0, 1)


@pytest.mark.parametrize(("faces", "centre"), [([W, W], Colour.RED), ([R5, R5], None)])
def test_a_wild_or_a_colourless_centre_cannot_tell(faces, centre):
    d = dets(corners(100, 100), faces)
    check = centre_colour_check(d, lambda k: _measure(Colour.RED), lambda i, j: _measure(centre))
    assert check(0, 1) is None


def test_the_pair_check_vetoes_on_the_half_turn_before_asking_the_colour():
    same_way, d = _six_and_nine(turned=False)
    asked = []
    centre = lambda i, j: asked.append((i, j)) or _measure(Colour.RED)  # noqa: E731
    assert pair_check(same_way, d, lambda k: _measure(Colour.RED), centre)(0, 1) is False
    assert asked == []
    turned, _ = _six_and_nine(turned=True)
    assert pair_check(turned, d, lambda k: _measure(Colour.RED), centre)(0, 1) is True
    assert pair_check(turned, d, None, None)(0, 1) is None


def test_a_centre_colour_is_named_only_when_it_holds_a_strong_share():
    assert centre_colour(lambda i, j: _measure(Colour.RED, share=STRONG_SHARE))(0, 1) is Colour.RED
    assert centre_colour(lambda i, j: _measure(Colour.RED, share=STRONG_SHARE - 0.01))(0, 1) is None
