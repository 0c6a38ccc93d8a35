"""Lone indices after pairing: a card alone, or read at both corners apart, counts once.

The pairing (:mod:`tests.vision.test_pairing`) leaves some cards as two lone corners; here the
layout (each other's only partner), the half-turn test and the crops' mirrored match decide.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from scorer.cards import Colour
from scorer.vision.detections import DEFAULT_CLASS_NAMES, Detections
from scorer.vision.lone_corners import (
    mirrored_corners,
    pair_lone_twins,
    sole_partners,
    turned_twins,
)
from scorer.vision.pairing import drop_shadowed, pair_indices
from scorer.vision.reading import cards_from_detections
from tests.vision.test_pairing import (
    B5,
    DIAGONAL,
    R2,
    R3,
    R5,
    R6,
    R7,
    R8,
    R9,
    R12,
    SIZE,
    S,
    W,
    _with_conf,
    corners,
    dets,
)


def test_a_card_alone_whose_corners_read_as_a_6_and_a_9_is_one_card():
    """Its corners match turned by half a turn: one R6, unsure, with the R9 as alternative."""
    d = _with_conf(corners(100, 100), [R6, R9], [0.9, 0.6])
    (card,) = cards_from_detections(_card_printing_a_6(d), d, colour_check=False)
    assert (str(card.card), str(card.alternative), card.unsure) == ("R6", "R9", True)


def test_two_numbers_whose_indices_face_the_same_way_stay_two_cards():
    """Two cards of one colour, 6 over 9, both upright: the half-turn test does not confirm
    one card, so neither reading is dropped."""
    d = _with_conf(corners(100, 100), [R6, R9], [0.9, 0.6])
    image = _card_printing_a_6(d, turn_second=False)
    assert len(cards_from_detections(image, d, colour_check=False)) == 2


def _table_with_card_corners(d: Detections, turned: set[int]) -> np.ndarray:
    """A grey table with a light card corner at each index of ``d``: the card's top-left
    corner just above and left of an upright index, its bottom-right corner just below and
    right of a turned one (``turned``: their positions), outlined; the first index's card on
    top, as the front card of a fan."""
    image = np.full((300, 300, 3), 150, np.uint8)
    for k, (x1, y1, x2, y2) in reversed(list(enumerate(d.xyxy))):
        margin, reach = 0.4 * SIZE, 3 * SIZE
        if k in turned:
            corner = ((x2 - reach, y2 - reach), (x2 + margin, y2 + margin))
        else:
            corner = ((x1 - margin, y1 - margin), (x1 + reach, y1 + reach))
        (a, b), (c, e) = corner
        cv2.rectangle(image, (int(a), int(b)), (int(c), int(e)), (235, 235, 235), -1)
        cv2.rectangle(image, (int(a), int(b)), (int(c), int(e)), (90, 90, 90), 1)
    return image


def _card_printing_a_6(d: Detections, turn_second: bool = True) -> np.ndarray:
    """A grey table with a "6" in the first index box and, turned by half a turn (or not), in
    the second, each on its card's corner: what one card's two corners look like."""
    image = _table_with_card_corners(d, {1} if turn_second else set())
    x1, y1, x2, y2 = (int(v) for v in d.xyxy[0])
    patch = np.full((y2 - y1, x2 - x1, 3), 235, np.uint8)
    cv2.putText(patch, "6", (3, y2 - y1 - 3), cv2.FONT_HERSHEY_SIMPLEX, 0.7, (20, 20, 200), 2)
    image[y1:y2, x1:x2] = patch
    x1, y1, x2, y2 = (int(v) for v in d.xyxy[1])
    image[y1:y2, x1:x2] = patch[::-1, ::-1] if turn_second else patch
    return image


def _fan_front_card(d: Detections, turn_second: bool = True) -> np.ndarray:
    """The front card of a fan: a "3" in its top-left index (box 0) and, turned by half a turn
    (or not), in its bottom-right one (box 1); a "7" in the next card's top-left index (box 2),
    each on its card's corner."""
    image = _table_with_card_corners(d, {1} if turn_second else set())

    def glyph(text: str, k: int) -> np.ndarray:
        x1, y1, x2, y2 = (int(round(v)) for v in d.xyxy[k])
        patch = np.full((y2 - y1, x2 - x1, 3), 235, np.uint8)
        cv2.putText(patch, text, (3, y2 - y1 - 3), cv2.FONT_HERSHEY_SIMPLEX, 0.7, (20, 20, 200), 2)
        return patch

    for k, patch in ((0, glyph("3", 0)), (2, glyph("7", 2))):
        x1, y1, x2, y2 = (int(round(v)) for v in d.xyxy[k])
        image[y1:y2, x1:x2] = patch
    three = glyph("3", 1)
    x1, y1, x2, y2 = (int(round(v)) for v in d.xyxy[1])
    image[y1:y2, x1:x2] = three[::-1, ::-1] if turn_second else three
    return image


def test_a_fanned_card_whose_turned_corner_reads_another_number_is_one_card():
    """The front card's bottom corner, a 3 upside down, read as an 8: the next card's top corner
    is in reach too, so the layout cannot tell, but only the 3 matches it turned by half a turn.
    The upper (upright) reading is the card, unsure, with the other as its alternative."""
    (x0, y0), (x1, y1) = corners(100, 100)
    d = _with_conf([(x0, y0), (x1, y1), (x0 - 1.6 * SIZE, y0 + 4)], [R3, R8, R7],
                   [0.7, 0.85, 0.8])
    cards = drop_shadowed(pair_indices(d), d)
    assert sole_partners(cards, d) == []  # two top corners in reach of the bottom one
    read = cards_from_detections(_fan_front_card(d), d, colour_check=False)
    assert sorted(str(card.card) for card in read) == ["R3", "R7"]
    three = next(card for card in read if str(card.card) == "R3")
    assert (str(three.alternative), three.unsure) == ("R8", True)


def test_two_numbers_lying_the_same_way_up_in_a_fan_stay_two_cards():
    (x0, y0), (x1, y1) = corners(100, 100)
    d = _with_conf([(x0, y0), (x1, y1), (x0 - 1.6 * SIZE, y0 + 4)], [R3, R8, R7],
                   [0.7, 0.85, 0.8])
    image = _fan_front_card(d, turn_second=False)
    assert len(cards_from_detections(image, d, colour_check=False)) == 3


def test_a_symmetric_glyph_is_no_evidence_of_one_card():
    """An 8 matches itself turned and as it is: no mirrored pair however well it matches."""
    d = _with_conf(corners(100, 100), [R3, R8], [0.7, 0.85])
    cards = drop_shadowed(pair_indices(d), d)
    assert mirrored_corners(cards, d, lambda i, j: (0.9, 0.85)) == {}
    turned_only = mirrored_corners(cards, d, lambda i, j: (0.9, 0.1))
    assert [(d.class_names[cards[lower].class_id], d.class_names[cards[upper].class_id])
            for lower, upper in turned_only.items()] == [("R8", "R3")]  # the upper one stays


def refuse(i: int, j: int) -> bool:
    return False


def test_a_card_alone_whose_centre_check_failed_is_still_one_card():
    """A coin over a close-up's centre: its two R5 corners stay apart after pairing, but each
    is the other's only possible corner, so they are one card."""
    d = dets(corners(100, 100), [R5, R5])
    apart = drop_shadowed(pair_indices(d, pixel_check=refuse), d)
    assert len(apart) == 2
    (card,) = pair_lone_twins(apart, d, sole_partners(apart, d))
    assert card.index_ids == (0, 1)


def test_two_sole_partners_lying_the_same_way_up_stay_two_cards():
    d = dets(corners(100, 100), [W, W])
    apart = drop_shadowed(pair_indices(d, pixel_check=refuse), d)
    assert len(pair_lone_twins(apart, d, sole_partners(apart, d), refuse)) == 2


def test_two_cards_of_one_face_among_others_keep_the_pixel_veto():
    """Two Wilds in a column with a third index in reach: not sole partners."""
    (x0, y0), (x1, y1) = corners(100, 100)
    d = dets([(x0, y0), (x1, y1), (x1 + SIZE * 1.6, y1)], [W, W, S])
    apart = drop_shadowed(pair_indices(d, pixel_check=refuse), d)
    assert len(pair_lone_twins(apart, d, sole_partners(apart, d))) == 3


def _facing(score: float):
    """A half-turn test that scores every pair of indices ``score``."""
    return lambda i, j: score


def test_one_card_read_at_both_corners_among_others_counts_once():
    """A Wild half under another card: the colour between its corners is not its own, and a
    Skip's index is in reach too, so the pairing leaves its two W corners apart; they face
    opposite ways, so they are one card."""
    (x0, y0), (x1, y1) = corners(100, 100)
    d = dets([(x0, y0), (x1, y1), (x1 + SIZE * 1.6, y1)], [W, W, S])
    apart = drop_shadowed(pair_indices(d, pixel_check=refuse), d)
    assert sole_partners(apart, d) == []
    twins = turned_twins(apart, d, _facing(0.6))
    assert twins == [(0, 1)]
    cards = pair_lone_twins(apart, d, twins)
    assert sorted(card.index_ids for card in cards) == [(0, 1), (2,)]


@pytest.mark.parametrize("score", [0.1, -0.5, None])
def test_two_lone_corners_of_one_face_not_clearly_turned_stay_two_cards(score):
    """Two copies of a card lying the same way up (or glyphs that give no evidence)."""
    (x0, y0), (x1, y1) = corners(100, 100)
    d = dets([(x0, y0), (x1, y1), (x1 + SIZE * 1.6, y1)], [W, W, S])
    apart = drop_shadowed(pair_indices(d, pixel_check=refuse), d)
    assert turned_twins(apart, d, _facing(score)) == []


def test_turned_corners_of_two_faces_or_out_of_reach_are_not_twins():
    far = dets([(100, 100), (100 + 20 * DIAGONAL, 100)], [R5, R5])
    two_faces = dets(corners(100, 100), [R5, R6])
    for d in (far, two_faces):
        apart = drop_shadowed(pair_indices(d, pixel_check=refuse), d)
        assert turned_twins(apart, d, _facing(0.9)) == []


def test_each_lone_corner_joins_one_twin_the_clearest_first():
    """Three W corners each in reach of the other two: the best-turned pair is the card, and
    the third corner stays a card of its own."""
    (x0, y0), (x1, y1) = corners(100, 100)
    d = dets([(x0, y0), (x1, y1), (x0 + DIAGONAL, y0)], [W, W, W])
    apart = drop_shadowed(pair_indices(d, pixel_check=refuse), d)
    scores = {(0, 1): 0.4, (0, 2): 0.8, (1, 2): 0.5}
    twins = turned_twins(apart, d, lambda i, j: scores[(i, j)])
    assert twins == [(0, 2)]
    assert sorted(card.index_ids for card in pair_lone_twins(apart, d, twins)) == [(0, 2), (1,)]


def test_cards_in_a_row_read_as_different_numbers_are_not_merged():
    """Every top-left index of a row could be the other corner of several of the next row's:
    no index is anyone's only partner, so six different cards stay six."""
    step = SIZE * 1.6
    (x0, y0), (x1, y1) = corners(100, 100)
    row = [(x0 + k * step, y0) for k in range(3)] + [(x1 + k * step, y1) for k in range(3)]
    d = _with_conf(row, [R2, R5, R6, R9, R12, DEFAULT_CLASS_NAMES.index("R7")], [0.8] * 6)
    cards = drop_shadowed(pair_indices(d), d)
    assert len(cards) == 6 and sole_partners(cards, d) == []


@pytest.mark.parametrize(("shown", "face"), [(Colour.BLUE, B5), (Colour.RED, R5)])
def test_a_card_alone_read_in_two_colours_takes_the_colour_its_centre_shows(shown, face):
    """An R5 and a B5 corner, each the other's only partner, a cast over one: one card, of the
    colour between them, at the more confident corner's confidence."""
    d = _with_conf(corners(100, 100), [R5, B5], [0.9, 0.6])
    apart = drop_shadowed(pair_indices(d, pixel_check=refuse), d)
    (card,) = pair_lone_twins(apart, d, sole_partners(apart, d),
                              centre_colour=lambda i, j: shown)
    assert (card.class_id, card.index_ids) == (face, (0, 1))
    assert card.confidence == pytest.approx(0.9)


@pytest.mark.parametrize("shown", [None, Colour.GREEN])
def test_a_centre_of_neither_colour_leaves_two_colours_two_cards(shown):
    d = _with_conf(corners(100, 100), [R5, B5], [0.9, 0.6])
    apart = drop_shadowed(pair_indices(d, pixel_check=refuse), d)
    cards = pair_lone_twins(apart, d, sole_partners(apart, d), centre_colour=lambda i, j: shown)
    assert sorted(card.index_ids for card in cards) == [(0,), (1,)]


def test_a_mirrored_match_with_a_close_rival_is_no_evidence():
    """The fan's 8 matches the 3 turned, but the next card's 7 nearly as well: no pair."""
    (x0, y0), (x1, y1) = corners(100, 100)
    d = _with_conf([(x0, y0), (x1, y1), (x0 - 1.6 * SIZE, y0 + 4)], [R3, R8, R7],
                   [0.7, 0.85, 0.8])
    cards = drop_shadowed(pair_indices(d), d)
    scores = {(0, 1): (0.9, 0.2), (1, 2): (0.8, 0.2), (0, 2): None}
    assert mirrored_corners(cards, d, lambda i, j: scores[(i, j)]) == {}
    scores[(1, 2)] = (0.6, 0.2)  # the rival falls clearly behind: the 3 and the 8 are one card
    assert len(mirrored_corners(cards, d, lambda i, j: scores[(i, j)])) == 1
