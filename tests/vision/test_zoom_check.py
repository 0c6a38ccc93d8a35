"""The closer look at doubtful cards (scorer/vision/zoom_check.py)."""

from __future__ import annotations

import numpy as np
import pytest

from scorer.vision import zoom_check
from scorer.vision.detections import DEFAULT_CLASS_NAMES, Detections
from scorer.vision.doubt import FEATURES, Evidence
from scorer.vision.reading import cards_from_detections
from scorer.vision.settings import READER
from scorer.vision.zoom_check import CloserLook, chosen, look_closer, window

SIDE = READER.zoom_check.side

INDEX = (300.0, 200.0, 310.0, 214.0)  # a 10x14 index box in a 640x480 photo


class WindowReader:
    """Reads ``face`` at the centre of every window it is given (or nothing when None)."""

    def __init__(self, face: str | None, score: float = 0.9) -> None:
        self.face, self.score, self.shapes = face, score, []

    def detect(self, image, conf=0.25, iou=0.7):
        self.shapes.append(image.shape[:2])
        if self.face is None:
            return Detections.empty()
        c = SIDE / 2
        return Detections(np.array([[c - 12, c - 16, c + 12, c + 16]]), np.array([self.score]),
                          np.array([DEFAULT_CLASS_NAMES.index(self.face)]))


def test_the_least_confident_cards_below_the_bar_get_the_closer_look():
    scores = [0.95, 0.5, 0.84, 0.3, 0.7, 0.6, 0.99]
    assert chosen(scores) == [3, 1, 5, 4, 2][: READER.zoom_check.most]
    assert chosen([0.9, 0.99]) == []
    many = [0.1 + 0.01 * k for k in range(20)]
    assert chosen(many) == list(range(READER.zoom_check.most))


def test_the_window_is_centred_on_the_index_and_clipped():
    x1, y1, x2, y2 = window(INDEX, (480, 640))
    assert (x1 + x2) / 2 == pytest.approx(305, abs=1) and (y1 + y2) / 2 == pytest.approx(207, abs=1)
    assert x2 - x1 == pytest.approx(14 * READER.zoom_check.window, abs=1)
    assert window((0, 0, 10, 14), (480, 640))[:2] == (0, 0)


def test_a_closer_look_that_reads_the_same_face_backs_the_card():
    image = np.full((480, 640, 3), 128, np.uint8)
    reader = WindowReader("R5")
    (look,) = look_closer(reader, image, [INDEX], ["R5"])
    assert look.same == pytest.approx(0.9) and look.other == 0.0 and look.other_name is None
    assert look.turned.same == pytest.approx(0.9)  # and again turned half a turn
    assert reader.shapes == [(SIDE, SIDE)] * 2


def test_a_closer_look_that_reads_another_face_offers_it_as_the_alternative():
    image = np.full((480, 640, 3), 128, np.uint8)
    (look,) = look_closer(WindowReader("R8", 0.7), image, [INDEX], ["R5"])
    assert look.same == 0.0 and look.other_name == "R8"
    evidence = Evidence(0.6, closer=look)
    assert evidence.alternative == "R8"
    named = dict(zip(FEATURES, evidence.features(), strict=True))
    assert named["closer"] == 1.0 and named["closer_nothing"] == 1.0
    assert named["closer_other"] > 0


def test_nothing_read_closer_is_evidence_too_and_no_look_is_none():
    image = np.full((480, 640, 3), 128, np.uint8)
    (look,) = look_closer(WindowReader(None), image, [INDEX], ["R5"])
    assert look.read_nothing and look.turned == CloserLook()
    looked = dict(zip(FEATURES, Evidence(0.6, closer=look).features(), strict=True))
    plain = dict(zip(FEATURES, Evidence(0.6).features(), strict=True))
    assert looked["closer_nothing"] == 1.0
    assert plain["closer"] == plain["closer_nothing"] == plain["closer_same"] == 0.0


def test_a_weak_lone_index_that_reads_as_nothing_closer_is_no_card():
    nothing, again = CloserLook(), CloserLook(same=0.3)
    assert zoom_check.vanishes(0.5, 1, nothing)
    assert not zoom_check.vanishes(0.5, 1, again)  # enlarged, it still reads as a face
    assert not zoom_check.vanishes(0.5, 1, CloserLook(other=0.2, other_name="R8"))
    assert not zoom_check.vanishes(0.5, 2, nothing)  # both corners read: a card
    assert not zoom_check.vanishes(0.7, 1, nothing)  # read surely enough at first
    assert not zoom_check.vanishes(0.5, 1, None)  # no closer look (a live frame)


def test_the_reader_drops_a_phantom_index_that_reads_as_nothing_closer():
    """Clutter read weakly as an index, and as nothing when enlarged, is not reported."""
    image = np.full((480, 640, 3), 128, np.uint8)
    wild = DEFAULT_CLASS_NAMES.index("W")
    weak = Detections(np.array([INDEX]), np.array([0.5]), np.array([wild]))
    assert cards_from_detections(image, weak, closer_look=WindowReader(None)) == ()
    (card,) = cards_from_detections(image, weak, closer_look=WindowReader("W", 0.4))
    assert str(card.card) == "W"
    (live,) = cards_from_detections(image, weak)  # live frames: no closer look, nothing dropped
    assert str(live.card) == "W"


class UprightOnly(WindowReader):
    """Reads ``face`` on a window whose top-left corner is dark (the window as cut), and
    ``turned_face`` once it is turned half a turn (the dark corner then lies bottom-right)."""

    def __init__(self, face: str, turned_face: str) -> None:
        super().__init__(face, 0.8)
        self.turned_face = turned_face

    def detect(self, image, conf=0.25, iou=0.7):
        found = super().detect(image, conf, iou)
        if image[0, 0, 0] >= 50:
            found = Detections(found.xyxy, found.confidence,
                               np.array([DEFAULT_CLASS_NAMES.index(self.turned_face)]))
        return found


def test_a_misreading_that_does_not_survive_the_turn_is_evidence_and_an_alternative():
    image = np.full((480, 640, 3), 128, np.uint8)
    x1, y1, *_ = window(INDEX, image.shape[:2])
    image[y1:y1 + 6, x1:x1 + 6] = 0  # marks the window's top-left corner
    (look,) = look_closer(UprightOnly("R6", "R9"), image, [INDEX], ["R6"])
    assert look.same == pytest.approx(0.8) and look.turned.same == 0.0
    assert look.turned.other_name == "R9" and look.seen_instead == "R9"
    named = dict(zip(FEATURES, Evidence(0.9, closer=look).features(), strict=True))
    assert named["closer_turned_other"] > 0 > named["closer_turned_same"]
    assert Evidence(0.9, closer=look).alternative == "R9"


def test_what_the_turned_window_read_is_placed_back_where_it_lies_upright():
    found = Detections(np.array([[10.0, 20.0, 30.0, 60.0]]), np.array([0.9]), np.array([4]))
    back = zoom_check._turn_back(found)
    assert back.xyxy.tolist() == [[SIDE - 30, SIDE - 60, SIDE - 10, SIDE - 20]]
    assert back.class_id.tolist() == [4] and back.confidence.tolist() == pytest.approx([0.9])
