"""A washed-out webcam frame in which nothing was read is read again with its contrast back."""

from __future__ import annotations

import numpy as np

from scorer.vision import reading, washed_out
from scorer.vision.detections import DEFAULT_CLASS_NAMES, Detections
from scorer.vision.reading import read_cards

G7 = DEFAULT_CLASS_NAMES.index("G7")


def card_photo() -> np.ndarray:
    """A white card with a green index block on a grey table, 480x640 BGR."""
    image = np.full((480, 640, 3), 110, np.uint8)
    image[100:400, 200:420] = 250
    image[120:160, 220:250] = (60, 170, 40)
    return image


def through_dim_webcam(image: np.ndarray) -> np.ndarray:
    """A green cast (B and R at 0.7) over half the contrast and a raised black."""
    tinted = image.astype(np.float32) * np.array([0.7, 1.0, 0.7], np.float32)
    return np.clip(tinted * 0.5 + 30, 0, 255).astype(np.uint8)


class NeedsContrast:
    """Reads a G7 at the index block of the whole frame only where the card's white is near 255
    and neutral, as a detector trained on well-exposed cards would; counts its calls."""

    def __init__(self, needs_contrast: bool = True, dim_score: float | None = None) -> None:
        self.calls = 0
        self.needs_contrast = needs_contrast
        self.dim_score = dim_score  # the score of its reading in a flat frame (None: no reading)

    def detect(self, image, conf=0.25, iou=0.7):
        self.calls += 1
        if image.shape[:2] != (480, 640):  # a closer look's window
            return Detections.empty()
        white = image[300:380, 300:400].reshape(-1, 3).mean(axis=0)
        score = 0.95
        if self.needs_contrast and (white.min() < 220 or white.max() - white.min() > 25):
            if self.dim_score is None:
                return Detections.empty()
            score = self.dim_score
        return Detections(np.array([[220, 120, 250, 160]], np.float32),
                          np.array([score], np.float32), np.array([G7]))


def test_a_flat_tinted_frame_gets_its_white_and_its_black_back():
    out = washed_out.stretched(through_dim_webcam(card_photo()))
    assert out is not None
    white = out[300:380, 300:400].reshape(-1, 3).mean(axis=0)
    assert white.min() > 240 and white.max() - white.min() < 10  # the cast is gone
    assert out.min() == 0


def test_a_frame_with_contrast_to_spare_is_left_alone():
    full = card_photo()
    full[0:40] = 0  # a dark edge: the frame already spans the whole range
    assert washed_out.stretched(full) is None


def test_a_washed_out_photo_in_which_nothing_was_read_is_read_stretched():
    detector = NeedsContrast()
    reading = read_cards(through_dim_webcam(card_photo()), detector=detector,
                         colour_check=False)
    assert [str(card.card) for card in reading.cards] == ["G7"]


def test_a_card_read_unsure_in_a_washed_out_photo_is_kept_as_read():
    """A stretched frame can shift a card's colour (a washed-out red read as a sure blue), so a
    photo in which something was read, however unsure, is not read again."""
    dim = through_dim_webcam(card_photo())
    reading = read_cards(dim, detector=NeedsContrast(dim_score=0.7), colour_check=False)
    assert [(str(card.card), card.unsure) for card in reading.cards] == [("G7", True)]


def test_a_live_frame_gets_no_stretched_look():
    detector = NeedsContrast()
    reading = read_cards(through_dim_webcam(card_photo()), detector=detector,
                         colour_check=False, second_look=False)
    assert reading.cards == ()
    assert detector.calls == 1


def test_a_photo_in_which_a_card_was_read_is_not_stretched(monkeypatch):
    stretched_frames = []
    monkeypatch.setattr(reading, "stretched",
                        lambda image: stretched_frames.append(image) or washed_out.stretched(image))
    reads_anything = NeedsContrast(needs_contrast=False)
    dim = through_dim_webcam(card_photo())
    assert [str(card.card) for card in read_cards(dim, detector=reads_anything,
                                                  colour_check=False).cards] == ["G7"]
    assert stretched_frames == []
    read_cards(dim, detector=NeedsContrast(), colour_check=False)
    assert len(stretched_frames) == 1
