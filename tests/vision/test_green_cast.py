"""A webcam's green cast is taken out before the detector reads colours; warm light is not."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from scorer.vision.detections import DEFAULT_CLASS_NAMES, Detections
from scorer.vision.green_cast import frame_white, green_balanced, green_tint
from scorer.vision.reading import read_cards

INDEX = (220, 120, 250, 160)  # x1, y1, x2, y2 of the card's index block
BLUE_INK = (170, 120, 30)  # BGR: a blue towards cyan (hue 100), as printed inks often are


def card_photo() -> np.ndarray:
    """A white card with a blue index block on a grey table, 480x640 BGR."""
    image = np.full((480, 640, 3), 110, np.uint8)
    image[100:400, 200:420] = 245
    x1, y1, x2, y2 = INDEX
    image[y1:y2, x1:x2] = BLUE_INK
    return image


def under_light(image: np.ndarray, gains_bgr: tuple[float, float, float]) -> np.ndarray:
    return np.clip(image.astype(np.float32) * np.float32(gains_bgr), 0, 255).astype(np.uint8)


def card_white(image: np.ndarray) -> np.ndarray:
    return image[300:380, 300:400].reshape(-1, 3).mean(axis=0)


def test_a_green_cast_is_taken_out_of_the_cards_white():
    webcam = under_light(card_photo(), (0.75, 1.0, 0.75))  # green over blue and red by a third
    assert green_tint(frame_white(webcam)) > 1.3
    balanced = green_balanced(webcam)
    assert green_tint(card_white(balanced)) == pytest.approx(1.0, abs=0.02)
    assert np.array_equal(balanced[..., 0], webcam[..., 0])  # blue and red are left as they are
    assert np.array_equal(balanced[..., 2], webcam[..., 2])


def test_a_magenta_cast_is_taken_out_too():
    magenta = under_light(card_photo(), (1.0, 0.8, 1.0))
    assert green_tint(card_white(green_balanced(magenta))) == pytest.approx(1.0, abs=0.02)


@pytest.mark.parametrize("gains", [(1.0, 1.0, 1.0), (0.7, 0.84, 1.0), (1.0, 0.9, 0.8),
                                   (0.95, 1.0, 0.95)],
                         ids=["neutral", "warm", "cold", "a faint green"])
def test_warm_cold_and_neutral_light_is_left_as_the_detector_learnt_it(gains):
    photo = under_light(card_photo(), gains)
    assert green_balanced(photo) is photo


def test_a_frame_without_a_white_is_left_alone():
    dark = np.full((480, 640, 3), (20, 40, 20), np.uint8)  # green, but no white to judge it by
    assert frame_white(dark) is None
    assert green_balanced(dark) is dark


class ReadsInkHue:
    """Reads the index block as the card its ink's hue says, as a detector that never saw a green
    cast does: blue from hue 95 up, green below."""

    def detect(self, image, conf=0.25, iou=0.7):
        if image.shape[:2] != (480, 640):  # a closer look's window
            return Detections.empty()
        x1, y1, x2, y2 = INDEX
        ink = image[y1:y2, x1:x2].reshape(-1, 3).mean(axis=0).astype(np.uint8)
        hue = int(cv2.cvtColor(ink.reshape(1, 1, 3), cv2.COLOR_BGR2HSV)[0, 0, 0])
        face = "B7" if hue >= 95 else "G7"
        return Detections(np.array([INDEX], np.float32), np.array([0.95], np.float32),
                          np.array([DEFAULT_CLASS_NAMES.index(face)]))


@pytest.mark.parametrize("second_look", [True, False], ids=["photo", "live frame"])
def test_blue_ink_under_a_webcams_green_reads_blue(second_look):
    webcam = under_light(card_photo(), (0.75, 1.0, 0.75))
    ink = webcam[130, 235].reshape(1, 1, 3)
    assert cv2.cvtColor(ink, cv2.COLOR_BGR2HSV)[0, 0, 0] < 95  # the cast alone would make it G7
    # the detector's own class, without the pixel colour check that can overrule it in photos
    reading = read_cards(webcam, detector=ReadsInkHue(), second_look=second_look,
                         colour_check=False)
    assert [str(card.card) for card in reading.cards] == ["B7"]
