"""Colour from around the index: an index without white of its own is balanced on its card's
white paper, so a lime green under warm light is read green, and a yellow under a green
cast stays yellow."""

from __future__ import annotations

import cv2
import numpy as np

from scorer.cards import parse_card
from scorer.vision.candidates import ColourStatus
from scorer.vision.colour import Colour, measure_colour
from scorer.vision.detections import DEFAULT_CLASS_NAMES, Detections
from scorer.vision.photo_colour import clipped_whites, paper_white, rebalanced
from scorer.vision.pipeline import Photo, run

SIZE = 30
PAPER = (245, 245, 245)


def _cards(table, paper, ink) -> tuple[np.ndarray, list]:
    """Two ``paper`` cards on a ``table`` whose corner indices are a black 5 on a field of
    ``ink`` (BGR, UNO's design: no white inside the index), and the index boxes."""
    image = np.full((480, 640, 3), table, np.uint8)
    boxes = []
    for left, top in ((80, 60), (380, 120)):
        cv2.rectangle(image, (left, top), (left + 160, top + 250), paper, -1)
        for cx, cy in ((left + 25, top + 25), (left + 135, top + 225)):
            x1, y1 = cx - SIZE // 2, cy - SIZE // 2
            image[y1:y1 + SIZE, x1:x1 + SIZE] = ink
            cv2.putText(image, "5", (x1 + 7, y1 + 24), cv2.FONT_HERSHEY_SIMPLEX, 0.8, (0, 0, 0), 2)
            boxes.append((float(x1), float(y1), float(x1 + SIZE), float(y1 + SIZE)))
    return image, boxes


def _photo(ink: tuple[int, int, int], light: tuple[float, float, float]
           ) -> tuple[np.ndarray, list]:
    """Two white cards (:func:`_cards`) on a grey table, lit by ``light`` (per-channel gains)."""
    image, boxes = _cards(110, PAPER, ink)
    lit = np.clip(image.astype(np.float32) * np.array(light, np.float32), 0, 255)
    return lit.astype(np.uint8), boxes


def _read(image: np.ndarray, boxes: list, face: str, without=()) -> list:
    dets = Detections(np.array(boxes, np.float32), np.full(len(boxes), 0.9, np.float32),
                      np.full(len(boxes), DEFAULT_CLASS_NAMES.index(face)))
    table = run(Photo(image, dets), without=without)
    return [(str(row.face), row.colour) for row in table.rows if row.alive]


LIME = (40, 200, 130)  # hue 43: green
WARM = (0.6, 0.85, 1.0)  # lamp light: the lime measures hue 38 in the box, unbalanced


def test_the_paper_white_is_the_cards_paper_under_the_light():
    image, boxes = _photo(LIME, WARM)
    white = paper_white(image, boxes[:2])
    assert white is not None and np.allclose(white / white.max(), WARM, atol=0.03)  # its tint
    assert paper_white(image, []) is None


def test_a_lime_index_read_as_yellow_is_corrected_on_the_cards_white():
    image, boxes = _photo(LIME, WARM)
    alone = measure_colour(image, boxes[0])
    assert not alone.balanced and alone.colour is Colour.GREEN  # it may not overrule alone
    assert rebalanced(image, boxes[0], paper_white(image, boxes[:2])).colour is Colour.GREEN
    assert _read(image, boxes, "Y5", without={"photo_colour"}) == [
        ("Y5", ColourStatus.DISAGREE)] * 2
    assert _read(image, boxes, "Y5") == [("G5", ColourStatus.CORRECTED)] * 2


def test_a_yellow_index_under_a_green_cast_stays_yellow():
    yellow, green_cast = (30, 200, 230), (1.0, 1.0, 0.55)
    image, boxes = _photo(yellow, green_cast)
    assert measure_colour(image, boxes[0]).colour is Colour.GREEN  # the cast fools the box
    assert [face for face, _ in _read(image, boxes, "Y5")] == ["Y5", "Y5"]
    assert parse_card("Y5").colour is Colour.YELLOW


def _clipped_photo(paper: tuple[int, int, int], ink: tuple[int, int, int]
                   ) -> tuple[np.ndarray, list]:
    """Two cards (:func:`_cards`) with the light already in the colours: a ``paper`` white one
    of whose channels the camera cut off at 255, on a brown table."""
    return _cards((40, 60, 120), paper, ink)


def test_a_lime_index_under_a_phone_light_that_clips_the_paper_is_read_green():
    """A phone's blue-white light cuts the paper's blue off at 255 (a real table photo measured
    BGR 255, 226, 178): too little blue was left out to turn a yellow green, so the
    correction holds however bright the blue was."""
    image, boxes = _clipped_photo((255, 226, 178), (46, 200, 101))
    white = paper_white(image, boxes[:2])
    assert white is not None and len(clipped_whites(white)) == 2
    assert _read(image, boxes, "Y5") == [("G5", ColourStatus.CORRECTED)] * 2


def test_a_yellow_balanced_green_only_on_a_clipped_white_stays_yellow():
    """Under a strong green cast the paper's green is cut off: balanced on that white, a
    yellow ink still measures just green, but the cast the sensor cut could explain it."""
    image, boxes = _clipped_photo((190, 255, 190), (30, 255, 150))
    white = paper_white(image, boxes[:2])
    assert rebalanced(image, boxes[0], white).colour is Colour.GREEN
    assert _read(image, boxes, "Y5") == [("Y5", ColourStatus.DISAGREE)] * 2
