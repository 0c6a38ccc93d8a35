"""``read_cards``, the vision side's entry: input checks, the model file, looks and stages left
out, and the image-file helpers the commands use; on a fake detector (no model needed)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from scorer.errors import NotationError
from scorer.vision import reading as reading_module
from scorer.vision.card_reading import CardReading
from scorer.vision.detections import DEFAULT_CLASS_NAMES, Detections
from scorer.vision.image_io import ImageError
from scorer.vision.onnx_detector import ModelNotFoundError
from scorer.vision.reading import (
    cards_from_image,
    closer_detector,
    coarse_detectors,
    detected_in_image,
    read_cards,
)

RED, BLUE = (30, 30, 210), (200, 90, 20)


class FakeDetector:
    """Returns fixed index detections: R5 (both indices) and W (one index) and B11 (one)."""

    def __init__(self) -> None:
        self.calls = 0
        self.imgsz: int | None = None

    def detect(self, image, conf=0.25, iou=0.7):
        self.calls += 1
        names = DEFAULT_CLASS_NAMES
        d = Detections(
            np.array([[60, 50, 100, 90], [140, 210, 180, 250], [300, 60, 330, 100],
                      [220, 150, 250, 190]], np.float32),
            np.array([0.9, 0.8, 0.7, 0.48], np.float32),
            np.array([names.index("R5"), names.index("R5"), names.index("W"),
                      names.index("B11")]),
        )
        return d[d.confidence >= conf]


def table_image() -> np.ndarray:
    image = np.full((300, 400, 3), 90, np.uint8)
    cv2.rectangle(image, (50, 40), (190, 260), (245, 245, 245), -1)
    index = np.full((40, 40, 3), 245, np.uint8)
    cv2.putText(index, "5", (8, 32), cv2.FONT_HERSHEY_SIMPLEX, 1.1, RED, 4)
    image[50:90, 60:100] = index
    image[210:250, 140:180] = index[::-1, ::-1]  # the second corner is printed upside down
    cv2.circle(image, (120, 150), 30, RED, -1)
    cv2.putText(image, "11", (222, 180), cv2.FONT_HERSHEY_SIMPLEX, 0.8, BLUE, 3)
    return image


@pytest.fixture
def photo(tmp_path):
    path = tmp_path / "table.jpg"
    cv2.imwrite(str(path), table_image(), [cv2.IMWRITE_JPEG_QUALITY, 95])
    return path


def test_read_cards_counts_each_card_once_and_scores_points():
    result = read_cards(table_image(), detector=FakeDetector())
    assert isinstance(result, CardReading)
    assert [str(c.card) for c in result.cards] == ["R5", "W", "B11"]
    assert (result.count, result.points) == (3, 5 + 25 + 10)
    assert result.cards[0].indices == 2
    assert [str(c) for c in result.hand] == ["R5", "B11", "W"]
    assert result.filter(0.5).count == 2


def test_read_cards_accepts_bytes_and_refuses_bad_input(photo):
    assert read_cards(photo.read_bytes(), conf=0.5, detector=FakeDetector()).count == 2
    with pytest.raises(ImageError, match="empty"):
        read_cards(b"")
    with pytest.raises(ImageError, match="expected a BGR image array"):
        read_cards("table.jpg")  # type: ignore[arg-type]
    with pytest.raises(ImageError, match="uint8"):
        read_cards(np.zeros((10, 10, 3), np.float32))


def test_the_model_is_missing_raises_a_file_not_found_error(monkeypatch, tmp_path):
    monkeypatch.setenv("PHASE10_MODEL", str(tmp_path / "none.onnx"))
    assert reading_module.model_path() == tmp_path / "none.onnx"
    with pytest.raises(ModelNotFoundError, match="PHASE10_MODEL") as info:
        read_cards(table_image())
    assert isinstance(info.value, FileNotFoundError)  # the web app's reader relies on this


def test_a_grey_or_transparent_image_is_read_as_colour():
    """A greyscale scan gains colour channels; a PNG's alpha channel is set aside."""
    grey = cv2.cvtColor(table_image(), cv2.COLOR_BGR2GRAY)
    reading = read_cards(grey, detector=FakeDetector(), colour_check=False)
    assert reading.image_hw == (300, 400) and str(reading.cards[0].card) == "R5"
    rgba = cv2.cvtColor(table_image(), cv2.COLOR_BGR2BGRA)
    assert read_cards(rgba, detector=FakeDetector()).hand == \
        read_cards(table_image(), detector=FakeDetector()).hand
    with pytest.raises(ImageError, match="expected an"):
        read_cards(np.zeros((0, 10, 3), np.uint8), detector=FakeDetector())


def test_an_unknown_look_or_stage_to_leave_out_is_refused_with_the_choices():
    with pytest.raises(ValueError, match="green_cast"):
        read_cards(table_image(), detector=FakeDetector(), without={"nonsense"})


def test_leaving_out_the_second_look_asks_the_detector_once():
    detector = FakeDetector()
    read_cards(table_image(), detector=detector, second_look=False)
    assert detector.calls == 1


def test_a_detector_other_than_onnx_gets_the_closer_look_but_no_coarse_one():
    """Tests' and ultralytics' detectors read any window, but cannot be rerun at another size."""
    detector = FakeDetector()
    assert closer_detector(detector) is detector
    assert coarse_detectors(detector) is None


class _Reads:
    """A fake detector that reads ``names`` in a row, or nothing."""

    def __init__(self, *names: str) -> None:
        self.names = names

    def detect(self, image, conf=0.25, iou=0.7) -> Detections:
        boxes = [[40 + 80 * k, 40, 80 + 80 * k, 80] for k in range(len(self.names))]
        return Detections(np.array(boxes, np.float32).reshape(-1, 4),
                          np.full(len(self.names), 0.9, np.float32),
                          np.array([DEFAULT_CLASS_NAMES.index(n) for n in self.names], int))


def test_the_image_file_helpers_give_the_cards_read(monkeypatch, photo):
    monkeypatch.setattr(reading_module, "get_detector", lambda path=None, imgsz=None: _Reads("W"))
    assert [str(card) for card in cards_from_image(photo)] == ["W"]
    assert [str(card.card) for card in detected_in_image(photo)] == ["W"]


def test_the_image_file_helpers_say_so_when_there_is_nothing_to_read(monkeypatch, photo, tmp_path):
    """A command given a photo of no cards, a missing file or no model stops with a notation
    error the CLI prints (exit 2), not a traceback."""
    monkeypatch.setattr(reading_module, "get_detector", lambda path=None, imgsz=None: _Reads())
    with pytest.raises(NotationError, match="no cards found in .*retake the photo closer"):
        cards_from_image(photo)
    with pytest.raises(NotationError, match="no such image file"):
        cards_from_image(tmp_path / "none.jpg")
    monkeypatch.undo()
    monkeypatch.setenv("PHASE10_MODEL", str(tmp_path / "none.onnx"))
    with pytest.raises(NotationError, match="no detector model"):
        cards_from_image(photo)
