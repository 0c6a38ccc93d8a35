"""Index detections -> physical cards: each card once, at most a deck's count of each face."""

from __future__ import annotations

import numpy as np
import pytest

from scorer.vision.detections import DEFAULT_CLASS_NAMES, Detections
from scorer.vision.pairing import (
    DEFAULT_GEOMETRY,
    CardCandidate,
    drop_shadowed,
    pair_indices,
    split_shared_corners,
)
from scorer.vision.reading import cards_from_detections

R5 = DEFAULT_CLASS_NAMES.index("R5")
R6 = DEFAULT_CLASS_NAMES.index("R6")
R9 = DEFAULT_CLASS_NAMES.index("R9")
R2 = DEFAULT_CLASS_NAMES.index("R2")
R12 = DEFAULT_CLASS_NAMES.index("R12")
R3 = DEFAULT_CLASS_NAMES.index("R3")
R7 = DEFAULT_CLASS_NAMES.index("R7")
R8 = DEFAULT_CLASS_NAMES.index("R8")
B5 = DEFAULT_CLASS_NAMES.index("B5")
W = DEFAULT_CLASS_NAMES.index("W")
S = DEFAULT_CLASS_NAMES.index("S")
SIZE = 20.0  # index box side in pixels
DIAGONAL = DEFAULT_GEOMETRY.expected * SIZE  # centre-to-centre distance of one card's indices


def box(cx: float, cy: float, size: float = SIZE) -> list[float]:
    return [cx - size / 2, cy - size / 2, cx + size / 2, cy + size / 2]


def dets(centres, class_ids, conf=0.8) -> Detections:
    return Detections(
        np.array([box(x, y) for x, y in centres], np.float32),
        np.full(len(centres), conf, np.float32),
        np.array(class_ids),
    )


def corners(x: float, y: float) -> list[tuple[float, float]]:
    """The two index centres of an upright card whose top-left index is at (x, y)."""
    d = DIAGONAL / np.sqrt(2)
    return [(x, y), (x + d, y + d)]


def test_the_two_indices_of_one_card_count_once():
    cards = pair_indices(dets(corners(100, 100), [R5, R5]))
    assert len(cards) == 1
    assert cards[0].index_ids == (0, 1)
    assert cards[0].confidence == pytest.approx(1 - 0.2 * 0.2)  # two agreeing detections


def test_two_r5_cards_with_both_indices_each_count_twice():
    centres = corners(100, 100) + corners(400, 120)
    cards = pair_indices(dets(centres, [R5] * 4))
    assert len(cards) == 2
    assert sorted(c.index_ids for c in cards) == [(0, 1), (2, 3)]


def test_two_fanned_r5_cards_showing_one_index_each_are_two_cards():
    """In a fanned hand the top-left indices of neighbouring cards sit about one index apart."""
    cards = pair_indices(dets([(100, 100), (125, 104)], [R5, R5]))
    assert len(cards) == 2 and all(len(c.index_ids) == 1 for c in cards)


def test_cards_in_a_row_are_not_paired_across_the_card_between_them():
    """Wilds laid in a row: the first and third are a card diagonal apart, but the second
    one's index lies between them, so they are three cards, not one plus one."""
    step = DIAGONAL / 2
    cards = pair_indices(dets([(100, 100), (100 + step, 100), (100 + 2 * step, 100)], [W] * 3))
    assert len(cards) == 3


def test_a_face_is_never_counted_more_often_than_a_deck_holds_it():
    far = [(100, 100), (100, 600), (600, 100)]
    d = Detections(
        np.array([box(x, y) for x, y in far], np.float32),
        np.array([0.9, 0.5, 0.7], np.float32),
        np.array([R5] * 3),
    )
    cards = pair_indices(d)
    assert len(cards) == 2
    assert sorted(c.index_ids[0] for c in cards) == [0, 2]  # the least confident one is dropped


def test_a_deck_with_small_indices_still_pairs_its_corners():
    """Some designs print small indices: their corners lie 11 index sizes apart, not 5.7."""
    step = 11 * SIZE / np.sqrt(2)
    cards = pair_indices(dets([(100, 100), (100 + step, 100 + step)], [R5, R5]))
    assert len(cards) == 1


def test_different_faces_are_never_paired():
    cards = pair_indices(dets(corners(100, 100), [R5, R5 + 1]))
    assert len(cards) == 2


def one_ink(i: int, j: int) -> bool:
    return True


def two_inks(i: int, j: int) -> bool:
    return False


def test_a_card_whose_corners_read_in_two_colours_but_one_ink_counts_once():
    """A cast or a shadow may colour one corner differently: one card of the more confident
    corner's class, not a card and a phantom; the colour being in doubt, its confidence is that
    corner's, not the two corners' combined."""
    d = Detections(np.array([box(x, y) for x, y in corners(100, 100)], np.float32),
                   np.array([0.6, 0.8], np.float32), np.array([R5, B5]))
    (card,) = pair_indices(d, same_ink=one_ink)
    assert card.index_ids == (0, 1) and card.class_id == B5
    assert card.confidence == pytest.approx(0.8)


def test_two_cards_of_one_number_in_two_inks_stay_two():
    """An R5 and a B5 whose corners happen to lie a card diagonal apart: their pixels measure
    two colours, and without pixels to ask no pair across colours is made."""
    layout = dets(corners(100, 100), [R5, B5])
    assert len(pair_indices(layout, same_ink=two_inks)) == 2
    assert len(pair_indices(layout)) == 2


def test_a_corner_pairs_with_its_own_colour_before_another():
    """Two cards: an R5 with both corners, a B5 with one; the R5 corners stay together."""
    centres = corners(100, 100) + [(100 + DIAGONAL, 100)]
    cards = pair_indices(dets(centres, [R5, R5, B5]), same_ink=one_ink)
    assert sorted((c.class_id, c.index_ids) for c in cards) == [(R5, (0, 1)), (B5, (2,))]


def test_indices_of_very_different_sizes_are_not_paired():
    d = Detections(
        np.array([box(100, 100, 20), box(180, 180, 60)], np.float32),
        np.array([0.8, 0.8], np.float32),
        np.array([R5, R5]),
    )
    assert len(pair_indices(d)) == 2


def test_the_pixel_check_can_veto_a_pair():
    d = dets(corners(100, 100), [R5, R5])
    assert len(pair_indices(d, pixel_check=lambda i, j: False)) == 2
    assert len(pair_indices(d, pixel_check=lambda i, j: None)) == 1
    assert len(pair_indices(d, pixel_check=lambda i, j: True)) == 1


def test_no_detections_no_cards():
    assert pair_indices(Detections.empty()) == []


def test_a_large_group_is_paired_greedily():
    """More than 8 detections of one face (e.g. Wilds) use the greedy matcher."""
    centres = []
    for k in range(5):
        centres += corners(100 + 250 * k, 100)
    cards = pair_indices(dets(centres, [W] * 10))
    assert len(cards) == 5


def _with_conf(centres, class_ids, confidences) -> Detections:
    return Detections(
        np.array([box(x, y) for x, y in centres], np.float32),
        np.array(confidences, np.float32),
        np.array(class_ids),
    )


def test_one_index_read_as_both_wild_and_skip_counts_once_as_the_skip():
    d = _with_conf([(100, 100), (101, 100)], [W, S], [0.57, 0.53])
    (card,) = drop_shadowed(pair_indices(d), d)
    assert d.class_names[card.class_id] == "S"


def test_a_pair_beats_a_more_confident_single_reading_of_one_of_its_corners():
    """A 6 whose top-left index was also read as a 9: the corner that agrees decides."""
    d = _with_conf([*corners(100, 100), (100, 101)], [R6, R6, R9], [0.6, 0.6, 0.9])
    (card,) = drop_shadowed(pair_indices(d), d)
    assert d.class_names[card.class_id] == "R6" and card.index_ids == (0, 1)


def test_a_twelve_also_read_as_the_two_inside_its_box_counts_once():
    """A close-up's "12" read as R12 and, on a smaller box in its right half, as R2: one spot."""
    d = Detections(np.array([[100, 100, 160, 150], [128, 104, 158, 148]], np.float32),
                   np.array([0.89, 0.63], np.float32), np.array([R12, R2]))
    (card,) = drop_shadowed(pair_indices(d), d)
    assert d.class_names[card.class_id] == "R12"


def test_a_card_whose_two_corners_were_each_read_as_two_numbers_counts_once():
    """UNO's 3 read as 3 and 8 at both corners: two pairs on the same two spots, one card."""
    (x0, y0), (x1, y1) = corners(100, 100)
    d = _with_conf([(x0, y0), (x0 + 1, y0), (x1, y1), (x1 + 1, y1)], [R3, R8, R8, R3],
                   [0.94, 0.5, 0.91, 0.54])
    pairs = pair_indices(d)
    assert len(pairs) == 2
    (card,) = drop_shadowed(pairs, d)
    assert d.class_names[card.class_id] == "R3" and len(card.index_ids) == 2


def test_neighbouring_indices_of_a_fanned_hand_are_all_kept():
    d = _with_conf([(100, 100), (112, 100), (124, 100)], [R5, R6, W], [0.9, 0.8, 0.7])
    assert len(drop_shadowed(pair_indices(d), d)) == 3


def test_two_cards_of_one_face_pairing_with_one_corner_stay_two_cards():
    """Two R5s fanned together: both top-left indices show, only the front card's bottom-right
    one does, read twice (two boxes on one spot). Each top-left index pairs with one reading of
    it; one spot is one corner, so one pair is undone and its top-left index stays a card."""
    top_left, bottom_right = corners(100, 100)
    d = _with_conf([top_left, (125, 104), bottom_right, (bottom_right[0] + 1, bottom_right[1])],
                   [R5] * 4, [0.9, 0.8, 0.7, 0.6])
    paired = pair_indices(d)
    assert sorted(len(c.index_ids) for c in paired) == [2, 2]  # both pairs use one spot
    cards = split_shared_corners(paired, d)
    assert sorted(c.index_ids for c in cards) == [(0, 2), (1,)]
    assert cards[1].confidence == pytest.approx(0.8)  # a lone index: its own score


def test_a_pair_of_two_spots_already_taken_is_left_whole():
    """A pair both of whose corners another pair uses is one card read twice: the reader's deck
    check drops it; the split does not turn it into a lone card."""
    d = _with_conf([*corners(100, 100), *((x + 1, y) for x, y in corners(100, 100))], [R5] * 4,
                   [0.9, 0.8, 0.7, 0.6])
    first, second = (CardCandidate(R5, ids, 0.9, (90.0, 90.0, 191.0, 191.0))
                     for ids in ((0, 1), (2, 3)))
    assert [c.index_ids for c in split_shared_corners([second, first], d)] == [(2, 3), (0, 1)]


def test_two_cards_of_one_face_fanned_over_one_bottom_corner_are_both_read():
    """Two red 5s fanned together show two top-left indices and one bottom-right index, read
    twice: two cards, not one (fanned UNO hands lost a card so)."""
    image = np.full((300, 300, 3), 200, np.uint8)
    boxes = [[90, 90, 110, 110], [115, 94, 135, 114], [171, 171, 191, 191], [172, 171, 192, 191]]
    d = Detections(np.array(boxes, np.float32), np.array([0.9, 0.8, 0.7, 0.6], np.float32),
                   np.array([R5] * 4))
    cards = cards_from_detections(image, d, colour_check=False)
    assert sorted((str(c.card), c.indices) for c in cards) == [("R5", 1), ("R5", 2)]
