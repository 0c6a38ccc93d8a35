"""The half-turn test: a card's two indices face opposite ways; two cards' may face the same way."""

from __future__ import annotations

import cv2
import numpy as np

from scorer.vision.detections import DEFAULT_CLASS_NAMES, Detections
from scorer.vision.orientation import half_turn_score
from scorer.vision.pairing import DEFAULT_GEOMETRY
from scorer.vision.reading import cards_from_detections
from scorer.vision.settings import READER

SURELY_SAME_WAY_UP = READER.orientation.surely_same_way_up
SAME_WAY_UP = READER.orientation.same_way_up

W = DEFAULT_CLASS_NAMES.index("W")
S = DEFAULT_CLASS_NAMES.index("S")
SIZE = 24  # index box side in pixels
FIRST = (60, 60)  # top-left corner of the first index box
# the second index one card diagonal away (the pairing geometry's expected distance)
STEP = int(DEFAULT_GEOMETRY.expected * SIZE / np.sqrt(2))
SECOND = (FIRST[0] + STEP, FIRST[1] + STEP)


def index_glyph(text: str = "W") -> np.ndarray:
    """A black index glyph on white, ``SIZE`` pixels square."""
    glyph = np.full((SIZE, SIZE), 255, np.uint8)
    cv2.putText(glyph, text, (2, SIZE - 4), cv2.FONT_HERSHEY_SIMPLEX, 0.75, 0, 2)
    return glyph


def table(second_turned: bool) -> np.ndarray:
    """A white table with an index at FIRST and one at SECOND, upright or turned half a turn."""
    image = np.full((300, 300), 255, np.uint8)
    glyph = index_glyph()
    image[FIRST[1] : FIRST[1] + SIZE, FIRST[0] : FIRST[0] + SIZE] = glyph
    second = glyph[::-1, ::-1] if second_turned else glyph
    image[SECOND[1] : SECOND[1] + SIZE, SECOND[0] : SECOND[0] + SIZE] = second
    return cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)


def boxes() -> list[tuple[float, float, float, float]]:
    return [(x, y, x + SIZE, y + SIZE) for x, y in (FIRST, SECOND)]


def test_an_index_and_its_half_turned_copy_score_as_one_card():
    gray = cv2.cvtColor(table(second_turned=True), cv2.COLOR_BGR2GRAY)
    assert half_turn_score(gray, *boxes()) > 0.3


def test_two_indices_the_same_way_up_score_as_two_cards():
    gray = cv2.cvtColor(table(second_turned=False), cv2.COLOR_BGR2GRAY)
    assert half_turn_score(gray, *boxes()) < SAME_WAY_UP


def test_flat_or_empty_crops_give_no_evidence():
    gray = np.full((300, 300), 200, np.uint8)
    assert half_turn_score(gray, *boxes()) is None
    assert half_turn_score(gray, (10, 10, 10, 30), (50, 50, 70, 70)) is None


def _wild_readings(image: np.ndarray) -> int:
    detections = Detections(
        np.array(boxes(), np.float32), np.array([0.9, 0.9], np.float32), np.array([W, W])
    )
    return len(cards_from_detections(image, detections))


def test_two_wilds_lying_the_same_way_up_are_read_as_two_cards():
    """Two Wilds one above the other, the second's top-left index a card diagonal away from the
    first's: the geometry alone would take them for one card's two corners."""
    assert _wild_readings(table(second_turned=False)) == 2


def test_a_wild_showing_both_corners_is_read_once():
    assert _wild_readings(table(second_turned=True)) == 1


def close_up(second_turned: bool, box_offset: int) -> tuple[np.ndarray, list]:
    """A close-up's two "10" indices, 60 pixels tall, whose detector boxes both sit
    ``box_offset`` pixels down and right of the ink: after the half turn, one box is off on the
    other side, so the two crops are misaligned by twice that."""
    side, first, second = 60, 40, 260
    glyph = np.full((side, side), 255, np.uint8)
    cv2.putText(glyph, "10", (4, side - 12), cv2.FONT_HERSHEY_SIMPLEX, 1.6, 0, 5)
    image = np.full((400, 400), 255, np.uint8)
    image[first : first + side, first : first + side] = glyph
    image[second : second + side, second : second + side] = (
        glyph[::-1, ::-1] if second_turned else glyph)
    boxes = [(x + box_offset, x + box_offset, x + side + box_offset, x + side + box_offset)
             for x in (first, second)]
    return cv2.cvtColor(image, cv2.COLOR_GRAY2BGR), boxes


def test_a_close_ups_corners_boxed_off_their_ink_score_clearly_as_one_card():
    """Misaligned by 4 pixels, the crops compared as they lie score about 0 (no evidence)."""
    image, boxes = close_up(second_turned=True, box_offset=2)
    assert half_turn_score(image, *boxes) > 0.2


def test_two_close_ups_the_same_way_up_boxed_off_their_ink_score_as_two_cards():
    image, boxes = close_up(second_turned=False, box_offset=2)
    assert half_turn_score(image, *boxes) < SAME_WAY_UP


def test_a_card_alone_in_view_whose_corners_the_test_doubts_is_read_once():
    """Misaligned by 6 pixels, a lone card's corners score a little below the veto; with no
    other index in reach, only a clear same-way-up score makes them two cards."""
    image, boxes = close_up(second_turned=True, box_offset=3)
    assert SURELY_SAME_WAY_UP < half_turn_score(image, *boxes) < SAME_WAY_UP
    detections = Detections(np.array(boxes, np.float32), np.array([0.9, 0.8], np.float32),
                            np.array([W, W]))
    assert len(cards_from_detections(image, detections)) == 1


def skip_symbol(size: int, ink: int = 0) -> np.ndarray:
    """A barred circle, as some decks print the Skip's index: its own half turn."""
    glyph = np.full((size, size), 255, np.uint8)
    cv2.circle(glyph, (size // 2, size // 2), size // 2 - 3, ink, 2)
    cv2.line(glyph, (5, size - 6), (size - 6, 5), ink, 2)
    return np.minimum(glyph, glyph[::-1, ::-1])


def a_skips_corners(size: int) -> tuple[np.ndarray, list[tuple[int, int, int, int]]]:
    """One Skip's two indices ``size`` pixels wide, a card diagonal apart, and their boxes.
    Both boxes take in a dark speck at their top left (a speck of table beside the first; a
    shadow on the second, whose ink is faint in glare): compared as they lie, the crops agree
    by the specks alone."""
    step = int(DEFAULT_GEOMETRY.expected * size / np.sqrt(2))
    corners = [(20, 20), (20 + step, 20 + step)]
    first, second = skip_symbol(size), skip_symbol(size, ink=200)
    cv2.circle(first, (size // 4, size // 4), size // 12, 0, -1)
    cv2.circle(second, (size // 4, size // 4), size // 8, 60, -1)
    image = np.full((40 + step + size, 40 + step + size), 255, np.uint8)
    for (x, y), glyph in zip(corners, (first, second), strict=True):
        image[y : y + size, x : x + size] = glyph
    return cv2.cvtColor(image, cv2.COLOR_GRAY2BGR), [(x, y, x + size, y + size)
                                                     for x, y in corners]


def test_a_skip_whose_glyph_looks_the_same_turned_is_read_once():
    """What the comparison would measure is the specks, not the way the glyph faces: no
    evidence either way, and the layout makes the two indices one card."""
    image, boxes = a_skips_corners(size=48)
    assert half_turn_score(image, *boxes) is None
    detections = Detections(np.array(boxes, np.float32), np.array([0.9, 0.9], np.float32),
                            np.array([S, S]))
    assert len(cards_from_detections(image, detections)) == 1


def test_a_small_index_is_compared_whatever_its_glyph():
    """Below 30 pixels every index blurs to a blob that matches itself turned: no exception."""
    image, boxes = a_skips_corners(size=24)
    assert half_turn_score(image, *boxes) is not None
