"""Card corners beside an index: a card's index has one, clutter read as an index has none."""

from __future__ import annotations

import math

import cv2
import numpy as np

from scorer.vision.card_corner import beside_a_corner, corner_in_view, no_card_around
from scorer.vision.detections import DEFAULT_CLASS_NAMES, Detections
from scorer.vision.reading import cards_from_detections

SIZE = 24  # index box side in pixels
RED = (40, 40, 200)


def _index_box(cx: float, cy: float) -> tuple[float, float, float, float]:
    return (cx - SIZE / 2, cy - SIZE / 2, cx + SIZE / 2, cy + SIZE / 2)


def _card_on_table(image: np.ndarray, corner: tuple[float, float], degrees: float
                   ) -> tuple[float, float, float, float]:
    """Paint a white card whose top-left corner is at ``corner``, turned by ``degrees``, with
    a red "7" as its index; the index's box."""
    turn = math.radians(degrees)
    right = np.array([math.cos(turn), math.sin(turn)])
    down = np.array([-math.sin(turn), math.cos(turn)])
    width, height = 6.5 * SIZE, 10 * SIZE
    origin = np.array(corner, float)
    outline = np.array([origin, origin + width * right, origin + width * right + height * down,
                        origin + height * down])
    cv2.fillConvexPoly(image, outline.round().astype(np.int32), (245, 245, 245))
    centre = origin + 1.0 * SIZE * right + 1.0 * SIZE * down
    cv2.putText(image, "7", (int(centre[0] - 8), int(centre[1] + 9)), cv2.FONT_HERSHEY_SIMPLEX,
                0.8, RED, 2)
    return _index_box(*centre)


def _clock(image: np.ndarray, centre: tuple[int, int], radius: int
           ) -> dict[int, tuple[float, float, float, float]]:
    """Paint a white clock dial with red numerals 1-12; each numeral's box."""
    cv2.circle(image, centre, radius, (245, 245, 245), -1)
    cv2.circle(image, centre, radius, (60, 60, 60), 3)
    boxes = {}
    for hour in range(1, 13):
        angle = math.radians(30 * hour)
        x = centre[0] + 0.78 * radius * math.sin(angle)
        y = centre[1] - 0.78 * radius * math.cos(angle)
        text = str(hour)
        (w, h), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, 0.7, 2)
        cv2.putText(image, text, (int(x - w / 2), int(y + h / 2)), cv2.FONT_HERSHEY_SIMPLEX, 0.7,
                    RED, 2)
        boxes[hour] = _index_box(x, y)
    return boxes


def _table() -> np.ndarray:
    """A mid-grey cloth with a little noise."""
    noise = np.random.default_rng(3).normal(0, 4, (480, 640, 3))
    return np.clip(110 + noise, 0, 255).astype(np.uint8)


def test_an_index_on_its_cards_corner_is_beside_a_corner_at_any_turn():
    for degrees in (0, 20, 45, 160):
        image = _table()
        box = _card_on_table(image, (300, 150), degrees)
        assert beside_a_corner(image, box), degrees
        assert not no_card_around(image, box), degrees


def test_a_numeral_on_a_clock_dial_is_clutter():
    image = _table()
    boxes = _clock(image, (320, 240), 150)
    cluttered = [hour for hour, box in boxes.items() if no_card_around(image, box)]
    assert len(cluttered) >= 10  # the dial's edge is round; no two edges cross beside a numeral


def test_a_star_on_a_dark_cloth_is_clutter():
    image = np.full((480, 640, 3), 35, np.uint8)
    points = [(320 + (12 if k % 2 == 0 else 5) * math.sin(math.pi * k / 5),
               240 - (12 if k % 2 == 0 else 5) * math.cos(math.pi * k / 5)) for k in range(10)]
    cv2.fillPoly(image, [np.array(points).round().astype(np.int32)], (230, 230, 240))
    assert no_card_around(image, _index_box(320, 240))
    assert not no_card_around(image, (316, 236, 324, 244))  # too small to look for edges around


def test_nothing_is_judged_where_the_card_corner_may_lie_outside_the_frame_or_nothing_shows():
    close_up = (560.0, 10.0, 640.0, 110.0)  # a large index at the frame's edge
    assert not corner_in_view((480, 640), close_up)
    assert corner_in_view((480, 640), _index_box(30, 30))  # small: its card is in the frame
    assert beside_a_corner(np.full((480, 640, 3), 128, np.uint8), _index_box(320, 240)) is None


def test_the_reader_drops_a_doubtful_lone_index_on_a_clock_but_not_one_on_a_card():
    """The two lie farther apart than one card's corners, so the reader cannot pair them."""
    image = _table()
    dial = _clock(image, (120, 240), 100)
    card = _card_on_table(image, (530, 150), 10)
    seven = DEFAULT_CLASS_NAMES.index("R7")
    three = DEFAULT_CLASS_NAMES.index("R3")
    detections = Detections(np.array([card, dial[3]], np.float32),
                            np.array([0.5, 0.5], np.float32), np.array([seven, three]))
    read = cards_from_detections(image, detections)
    assert [str(c.card) for c in read] == ["R7"] and read[0].unsure


def test_with_a_card_read_sure_the_reader_keeps_its_doubtful_lone_cards():
    """A photo with a card read sure shows cards: its doubtful lone indices are mostly real
    ones, covered in piles and fans, and are kept for the player to check."""
    image = _table()
    dial = _clock(image, (120, 240), 100)
    card = _card_on_table(image, (530, 150), 10)
    seven = DEFAULT_CLASS_NAMES.index("R7")
    three = DEFAULT_CLASS_NAMES.index("R3")
    detections = Detections(np.array([card, dial[3]], np.float32),
                            np.array([0.97, 0.5], np.float32), np.array([seven, three]))
    read = cards_from_detections(image, detections)
    assert [(str(c.card), c.unsure) for c in read] == [("R7", False), ("R3", True)]
