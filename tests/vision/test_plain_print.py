"""Colourless print read as a number is no card: digits of a sudoku on newsprint."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from scorer.cards import parse_card
from scorer.vision.card_reading import DetectedCard
from scorer.vision.detections import DEFAULT_CLASS_NAMES, Detections
from scorer.vision.image_io import read_image
from scorer.vision.plain_print import drop_plain_print, is_plain_print
from scorer.vision.reading import cards_from_detections, read_cards

SIZE = 28  # index box side in pixels
NEWSPRINT = (199, 202, 202)  # BGR: a grey page, a touch yellow
BLACK_INK = (40, 42, 42)
RED = (40, 40, 200)
BLUE = (200, 60, 30)


def _digit(image: np.ndarray, centre: tuple[int, int], text: str, ink: tuple[int, int, int]
           ) -> tuple[float, float, float, float]:
    """Paint ``text`` centred on ``centre``; its index-sized box."""
    (w, h), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, 0.8, 2)
    cv2.putText(image, text, (centre[0] - w // 2, centre[1] + h // 2), cv2.FONT_HERSHEY_SIMPLEX,
                0.8, ink, 2)
    x, y = centre
    return (x - SIZE / 2, y - SIZE / 2, x + SIZE / 2, y + SIZE / 2)


def _patch(background: tuple[int, int, int], text: str, ink: tuple[int, int, int]
           ) -> tuple[np.ndarray, tuple[float, float, float, float]]:
    """A 100 x 100 patch of ``background`` with ``text`` painted in its middle, and its box."""
    image = np.full((100, 100, 3), background, np.uint8)
    image = np.clip(image + np.random.default_rng(1).normal(0, 1.5, image.shape), 0, 255)
    image = image.astype(np.uint8)
    return image, _digit(image, (50, 50), text, ink)


def test_a_black_digit_on_newsprint_is_plain_print():
    assert is_plain_print(*_patch(NEWSPRINT, "5", BLACK_INK))


def test_a_card_index_is_not_in_any_light_it_is_read_in():
    assert not is_plain_print(*_patch((245, 245, 245), "5", RED))  # coloured ink on white
    assert not is_plain_print(*_patch(BLUE, "5", (250, 250, 250)))  # white on an inked field
    dim_blue = tuple(v // 5 for v in BLUE)  # a dim photo: little chroma, but most of its light
    assert not is_plain_print(*_patch(dim_blue, "5", (50, 50, 50)))


def test_print_under_a_tinted_lamp_and_boxes_too_small_or_dark_to_tell_are_left_alone():
    warm_page = (150, 200, 235)  # the lamp's colour is the page's
    assert not is_plain_print(*_patch(warm_page, "5", BLACK_INK))
    image, _box = _patch(NEWSPRINT, "5", BLACK_INK)
    assert not is_plain_print(image, (47.0, 47.0, 53.0, 53.0))
    assert not is_plain_print(np.zeros((100, 100, 3), np.uint8), (30.0, 30.0, 70.0, 70.0))


def _card(face: str, box, *, unsure: bool = True, indices: int = 1,
          colour_check: str = "unknown") -> DetectedCard:
    return DetectedCard(parse_card(face), 0.5 if unsure else 0.97, box, indices, colour_check)


def test_only_doubtful_lone_numbers_whose_colour_was_not_measured_are_dropped():
    image, box = _patch(NEWSPRINT, "5", BLACK_INK)
    doubtful = _card("G5", box)
    kept = [_card("G5", box, unsure=False), _card("W", box), _card("G5", box, indices=2),
            _card("G5", box, colour_check="agree")]
    assert drop_plain_print(image, [doubtful, *kept]) == kept


def test_the_reader_drops_sudoku_digits_beside_the_cards_on_the_table():
    """Digits in a sudoku's grid have a card corner beside them (the grid), and the photo shows
    cards read sure, so the clutter rule keeps them; their print has no colour."""
    image = np.full((480, 640, 3), 110, np.uint8)
    cv2.rectangle(image, (20, 120), (290, 390), NEWSPRINT, -1)
    for k in range(10):  # the grid
        cv2.line(image, (20 + 30 * k, 120), (20 + 30 * k, 390), BLACK_INK, 1)
        cv2.line(image, (20, 120 + 30 * k), (290, 120 + 30 * k), BLACK_INK, 1)
    printed = [_digit(image, (65, 165), "4", BLACK_INK), _digit(image, (125, 255), "5", BLACK_INK)]
    cards = []
    for corner, ink in (((400, 60), RED), ((400, 280), BLUE)):
        cv2.rectangle(image, corner, (corner[0] + 170, corner[1] + 150), (245, 245, 245), -1)
        cards.append(_digit(image, (corner[0] + 25, corner[1] + 25), "7", ink))
    detections = Detections(np.array([*cards, *printed], np.float32),
                            np.array([0.97, 0.97, 0.5, 0.5], np.float32),
                            np.array([DEFAULT_CLASS_NAMES.index(face)
                                      for face in ("R7", "B7", "G4", "G5")]))
    read = cards_from_detections(image, detections)
    assert sorted(str(card.card) for card in read) == ["B7", "R7"]


SUDOKU = Path("/usr/share/doc/opencv-doc/examples/data/sudoku.png")  # Debian's opencv-doc


@pytest.mark.slow
@pytest.mark.skipif(not SUDOKU.is_file(), reason="Debian's opencv-doc is not installed")
def test_a_real_photo_of_a_newspaper_sudoku_shows_no_card():
    """The shipped model reads four of its digits as green numbers; none is a card."""
    assert read_cards(read_image(SUDOKU)).cards == ()
