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
BLUE = (200, 60, 30)


def _index_box(cx: float, cy: float) -> tuple[float, float, float, float]:
    return (cx - SIZE / 2, cy - SIZE / 2, cx + SIZE / 2, cy + SIZE / 2)


def _card_on_table(image: np.ndarray, corner: tuple[float, float], degrees: float,
                   ink: tuple[int, int, int] = RED) -> tuple[float, float, float, float]:
    """Paint a white card whose top-left corner is at ``corner``, turned by ``degrees``, with
    a "7" in ``ink`` (BGR) as its index; the index's box."""
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
                0.8, ink, 2)
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


def _read_beside_a_clock(cards: list[tuple[tuple[float, float], str, float]], numeral_score: float
                         ) -> list[tuple[str, bool]]:
    """Read a table with ``cards`` (top-left corner, face, score) on the right and a clock on
    the left whose "3" was read as an R3 at ``numeral_score``: (card, unsure) per reading. The
    cards lie farther from the clock than one card's corners, so none pairs with the numeral;
    a card's face is R7 or B7, its ink red or blue."""
    image = _table()
    dial = _clock(image, (120, 240), 100)
    inks = {"R": RED, "B": BLUE}
    boxes = [_card_on_table(image, corner, 10, inks[face[0]]) for corner, face, _score in cards]
    faces = [face for _corner, face, _score in cards] + ["R3"]
    scores = [score for _corner, _face, score in cards] + [numeral_score]
    detections = Detections(np.array([*boxes, dial[3]], np.float32),
                            np.array(scores, np.float32),
                            np.array([DEFAULT_CLASS_NAMES.index(face) for face in faces]))
    return [(str(c.card), c.unsure) for c in cards_from_detections(image, detections)]


def test_the_reader_drops_a_doubtful_lone_index_on_a_clock_but_not_one_on_a_card():
    assert _read_beside_a_clock([((530, 150), "R7", 0.5)], 0.5) == [("R7", True)]


def test_beside_one_card_held_up_a_doubtful_numeral_on_a_clock_is_dropped_too():
    assert _read_beside_a_clock([((530, 150), "R7", 0.97)], 0.5) == [("R7", False)]


def test_in_a_photo_of_cards_the_reader_keeps_its_doubtful_lone_cards():
    """A photo with two cards read sure shows cards: its doubtful lone indices are mostly real
    ones, covered in piles and fans, and are kept for the player to check."""
    read = _read_beside_a_clock([((530, 40), "R7", 0.97), ((530, 300), "B7", 0.97)], 0.5)
    assert sorted(read) == [("B7", False), ("R3", True), ("R7", False)]
