"""Read cards drawn on a copy of the photo: boxes in the card's colour, flagged labels."""

from __future__ import annotations

import numpy as np
import pytest

from scorer.cards import parse_card
from scorer.vision.annotate import annotate
from scorer.vision.card_reading import CardReading, DetectedCard


def _grey(seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return rng.integers(100, 140, (240, 320, 3), dtype=np.uint8)


def _reading(*names: str, colour_check: str = "agree") -> CardReading:
    cards = tuple(DetectedCard(parse_card(name), 0.9, (40 + 120 * k, 80, 140 + 120 * k, 200),
                               colour_check=colour_check) for k, name in enumerate(names))
    return CardReading(cards, (240, 320))


def _has_pixels_of(image: np.ndarray, bgr: tuple[int, int, int]) -> bool:
    return bool(np.all(image == bgr, axis=2).any())


def test_annotating_draws_on_a_copy_and_leaves_the_photo_alone():
    photo = _grey()
    before = photo.copy()
    boxed = annotate(photo, _reading("R5"))
    assert np.array_equal(photo, before)
    assert boxed.shape == photo.shape and not np.array_equal(boxed, photo)


def test_a_box_takes_its_card_colour():
    """A red card's box is drawn red, a blue card's blue (BGR)."""
    boxed = annotate(_grey(), _reading("R5", "B7"))
    assert _has_pixels_of(boxed[:, :160], (40, 40, 220))
    assert _has_pixels_of(boxed[:, 160:], (220, 110, 30))


def test_given_box_colours_override_the_card_colours():
    boxed = annotate(_grey(), _reading("R5").cards, box_colours=[(0, 255, 0)])
    assert _has_pixels_of(boxed, (0, 255, 0)) and not _has_pixels_of(boxed, (40, 40, 220))


@pytest.mark.parametrize("status", ["disagree", "corrected"])
def test_a_card_whose_colour_check_objected_gets_a_flagged_label(status):
    boxed = annotate(_grey(), _reading("G5", colour_check=status))
    assert _has_pixels_of(boxed, (0, 0, 255))
    assert not _has_pixels_of(annotate(_grey(), _reading("G5")), (0, 0, 255))


def test_annotating_refuses_a_non_image_and_a_wrong_count_of_colours():
    with pytest.raises(ValueError, match="BGR image"):
        annotate(np.zeros((10, 10), np.uint8), _reading("R5"))
    with pytest.raises(ValueError, match="2 box colours for 1 cards"):
        annotate(_grey(), _reading("R5"), box_colours=[(0, 0, 0), (1, 1, 1)])
