"""The colour check: hue of the index glyph pixels, compared with the detector's colour."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from scorer.cards import Colour, parse_card
from scorer.vision.colour import (
    ColourMeasure,
    find_white,
    judge_colour,
    measure_centre,
    measure_colour,
    shows_colour,
)
from scorer.vision.detections import DEFAULT_CLASS_NAMES, Detections
from scorer.vision.reading import cards_from_detections
from scorer.vision.settings import READER

BGR = {
    Colour.RED: (30, 30, 210),
    Colour.BLUE: (200, 90, 20),
    Colour.GREEN: (40, 150, 30),
    Colour.YELLOW: (10, 200, 235),
}


def index_patch(colour: Colour | None, size: int = 40) -> np.ndarray:
    """A white patch with a thick glyph in ``colour`` (black when None)."""
    patch = np.full((size, size, 3), 245, np.uint8)
    ink = BGR[colour] if colour else (20, 20, 20)
    cv2.putText(patch, "5", (8, 32), cv2.FONT_HERSHEY_SIMPLEX, 1.1, ink, 4)
    return patch


@pytest.mark.parametrize("colour", list(Colour))
def test_measure_finds_the_glyph_colour(colour):
    measured = measure_colour(index_patch(colour), (0, 0, 40, 40))
    assert measured.colour is colour and measured.share > 0.8


def test_black_glyphs_and_empty_boxes_measure_nothing():
    assert measure_colour(index_patch(None), (0, 0, 40, 40)).colour is None
    assert measure_colour(index_patch(Colour.RED), (50, 50, 60, 60)) == ColourMeasure(None, 0.0, 0)


def cast(image: np.ndarray, gains_bgr: tuple[float, float, float]) -> np.ndarray:
    """``image`` under a coloured light: each channel scaled by its gain."""
    return np.clip(image.astype(np.float32) * np.array(gains_bgr), 0, 255).astype(np.uint8)


WEBCAM_GREEN = (0.75, 1.3, 0.75)  # a green cast of 30 %, as webcam frames show at night
WARM_LAMP = (0.7, 1.0, 1.3)
COLD_LIGHT = (1.3, 1.05, 0.75)


@pytest.mark.parametrize("light", [WEBCAM_GREEN, WARM_LAMP, COLD_LIGHT])
@pytest.mark.parametrize("colour", list(Colour))
def test_measure_sees_through_a_strong_colour_cast(colour, light):
    """Each index is white-balanced on its own paper before its ink votes."""
    measured = measure_colour(cast(index_patch(colour), light), (0, 0, 40, 40))
    assert measured.colour is colour


@pytest.mark.parametrize("light", [WEBCAM_GREEN, WARM_LAMP])
@pytest.mark.parametrize("colour", list(Colour))
def test_a_white_digit_on_coloured_ink_gives_the_white_balance(colour, light):
    patch = np.full((40, 40, 3), BGR[colour], np.uint8)
    cv2.putText(patch, "5", (8, 32), cv2.FONT_HERSHEY_SIMPLEX, 1.1, (245, 245, 245), 4)
    washed = cv2.addWeighted(cast(patch, light), 0.7, np.full_like(patch, 128), 0.3, 0)
    assert measure_colour(washed, (0, 0, 40, 40)).colour is colour


def test_a_full_colour_index_without_white_is_measured_but_not_balanced():
    """A yellow face whose digit is blurred into the ink, under a green cast: nothing white to
    balance on, so the measure (green) is flagged as unbalanced."""
    patch = np.full((40, 40, 3), BGR[Colour.YELLOW], np.uint8)
    measured = measure_colour(cast(patch, WEBCAM_GREEN), (0, 0, 40, 40))
    assert measured.colour is not None and not measured.balanced
    assert measure_colour(index_patch(Colour.BLUE), (0, 0, 40, 40)).balanced


def test_the_white_is_the_brightest_paper_not_the_black_print_beside_it():
    """Pure black print (value 0) beside the paper must not count among the brightest pixels."""
    patch = np.full((40, 40, 3), (190, 255, 190), np.uint8)
    patch[10:30, 10:30] = 0
    assert np.array_equal(find_white(patch), [190, 255, 190])


def test_a_white_clipped_by_the_camera_is_not_trusted_to_overrule():
    """Under a 30 % green cast bright paper's green channel is cut off at 255, so its white
    shows less cast than the ink: the measure is still taken, but may not correct the
    detector. The same cast on a dimmer (webcam-like) frame clips nothing and is trusted."""
    bright = measure_colour(cast(index_patch(Colour.YELLOW), WEBCAM_GREEN), (0, 0, 40, 40))
    assert bright.colour is not None and not bright.balanced
    dim = (index_patch(Colour.YELLOW) * 0.6).astype(np.uint8)
    measured = measure_colour(cast(dim, WEBCAM_GREEN), (0, 0, 40, 40))
    assert measured.colour is Colour.YELLOW and measured.balanced


def test_an_unbalanced_measure_flags_a_disagreement_but_never_overrules():
    green = ColourMeasure(Colour.GREEN, 1.0, 500, balanced=False)
    lone = judge_colour(Colour.YELLOW, [green])
    assert (lone.status, lone.colour) == ("disagree", Colour.YELLOW) and lone.factor < 1
    both = judge_colour(Colour.YELLOW, [green, green])
    assert (both.status, both.colour) == ("disagree", Colour.YELLOW)


def test_judge_agreement_disagreement_and_correction():
    red, blue = ColourMeasure(Colour.RED, 0.9, 100), ColourMeasure(Colour.BLUE, 0.9, 100)
    assert judge_colour(Colour.RED, [red]).status == "agree"
    one = judge_colour(Colour.RED, [blue])  # one readable corner, clearly blue
    assert (one.status, one.colour) == ("corrected", Colour.BLUE) and one.factor < 1
    split = judge_colour(Colour.RED, [ColourMeasure(Colour.BLUE, 0.7, 100)])
    assert (split.status, split.colour) == ("disagree", Colour.RED) and split.factor < 1
    few = judge_colour(Colour.RED, [ColourMeasure(Colour.BLUE, 1.0, 15)])
    assert few.status == "disagree"
    both = judge_colour(Colour.RED, [blue, blue])
    assert (both.status, both.colour) == ("corrected", Colour.BLUE)
    assert judge_colour(Colour.RED, [blue, blue], correct=False).status == "disagree"
    assert judge_colour(Colour.RED, [ColourMeasure(None, 0.0, 3)]).status == "unknown"
    assert judge_colour(None, [blue]).status == "unknown"  # Wild, Skip: colour never matters


def test_a_clear_centre_settles_what_the_indices_leave_open():
    """Under a cast a small red index measures half orange: too weak to overrule a yellow
    reading alone. The card's big centre numeral, clearly red, settles it; a centre of another
    colour, or as unclear as the indices, does not."""
    weak_red = ColourMeasure(Colour.RED, 0.54, 300)
    assert judge_colour(Colour.YELLOW, [weak_red, weak_red]).status == "disagree"
    red_centre = ColourMeasure(Colour.RED, 0.85, 3000)
    settled = judge_colour(Colour.YELLOW, [weak_red, weak_red], centre=red_centre)
    assert (settled.status, settled.colour) == ("corrected", Colour.RED)
    for centre in (ColourMeasure(Colour.BLUE, 0.9, 3000), ColourMeasure(Colour.RED, 0.5, 3000),
                   ColourMeasure(Colour.RED, 0.9, 3000, balanced=False)):
        verdict = judge_colour(Colour.YELLOW, [weak_red, weak_red], centre=centre)
        assert (verdict.status, verdict.colour) == ("disagree", Colour.YELLOW)


def scene(colour: Colour) -> tuple[np.ndarray, Detections]:
    """A grey table with one card: two indices in ``colour`` at opposite corners and a big
    coloured centre; detections claim it is a red 5."""
    image = np.full((300, 400, 3), 90, np.uint8)
    cv2.rectangle(image, (50, 40), (190, 260), (245, 245, 245), -1)
    image[50:90, 60:100] = index_patch(colour)
    image[210:250, 140:180] = index_patch(colour)[::-1, ::-1]
    cv2.circle(image, (120, 150), 30, BGR[colour], -1)
    d = Detections(
        np.array([[60, 50, 100, 90], [140, 210, 180, 250]], np.float32),
        np.array([0.9, 0.8], np.float32),
        np.full(2, DEFAULT_CLASS_NAMES.index("R5")),
    )
    return image, d


def test_a_red_card_whose_small_corners_look_orange_is_read_red_from_its_centre():
    """A cast turns half of each corner's red glyph orange-yellow, so the corners, still
    mostly red, cannot overrule a yellow reading alone; the card's red centre can."""
    image, d = scene(Colour.RED)
    orange = (20, 150, 225)  # OpenCV hue 19
    for x1, y1, x2, y2 in d.xyxy.astype(int):
        top = image[y1:(y1 + y2) // 2, x1:x2]
        top[np.all(top == BGR[Colour.RED], axis=-1)] = orange
    yellow = Detections(d.xyxy, d.confidence, np.full(2, DEFAULT_CLASS_NAMES.index("Y5")))
    corners = [measure_colour(image, tuple(box)) for box in d.xyxy]
    assert all(m.colour is Colour.RED for m in corners) and min(m.share for m in corners) < 0.6
    (card,) = cards_from_detections(image, yellow)
    assert (str(card.card), card.colour_check) == ("R5", "corrected")
    image[100:200, 70:170] = 245  # no centre to ask: the detector's yellow stands, in doubt
    (card,) = cards_from_detections(image, yellow)
    assert (str(card.card), card.colour_check) == ("Y5", "disagree")


def test_a_card_whose_pixels_agree_is_read_as_detected():
    image, d = scene(Colour.RED)
    (card,) = cards_from_detections(image, d)
    assert (str(card.card), card.colour_check, card.indices) == ("R5", "agree", 2)
    centre = measure_centre(image, tuple(d.xyxy[0]), tuple(d.xyxy[1]))
    assert shows_colour(centre, Colour.RED) is True


def test_a_blue_card_detected_as_red_is_corrected_with_lower_confidence():
    image, d = scene(Colour.BLUE)
    (card,) = cards_from_detections(image, d)
    assert (str(card.card), card.colour_check, card.indices) == ("B5", "corrected", 2)
    assert card.confidence < 0.9
    (unchecked,) = cards_from_detections(image, d, colour_check=False)
    assert unchecked.card == parse_card("R5") and unchecked.colour_check == "unknown"


def test_one_index_that_disagrees_clearly_corrects_the_card():
    """The other corner under a finger or out of the frame: one clear corner decides."""
    image, d = scene(Colour.BLUE)
    (card,) = cards_from_detections(image, d[[0]])
    assert (str(card.card), card.colour_check) == ("B5", "corrected")
    assert card.confidence == pytest.approx(0.9 * 0.8)


def hsv_ink(hue: int) -> tuple[int, int, int]:
    """The BGR of a strong ink of OpenCV ``hue``."""
    pixel = cv2.cvtColor(np.uint8([[[hue, 210, 200]]]), cv2.COLOR_HSV2BGR)[0, 0]
    return tuple(int(v) for v in pixel)


def test_one_ink_on_the_edge_of_two_colours_pairs_its_corners():
    """A yellowish green measures yellow at its corners and green at its centre (hues 35 and
    38, either side of the bands' edge): still one card, not two."""
    image = np.full((300, 400, 3), 90, np.uint8)
    cv2.rectangle(image, (50, 40), (190, 260), (245, 245, 245), -1)
    corner = np.full((40, 40, 3), 245, np.uint8)
    cv2.putText(corner, "5", (8, 32), cv2.FONT_HERSHEY_SIMPLEX, 1.1, hsv_ink(35), 4)
    image[50:90, 60:100] = corner
    image[210:250, 140:180] = corner[::-1, ::-1]
    cv2.circle(image, (120, 150), 30, hsv_ink(38), -1)
    d = Detections(np.array([[60, 50, 100, 90], [140, 210, 180, 250]], np.float32),
                   np.array([0.9, 0.8], np.float32), np.full(2, DEFAULT_CLASS_NAMES.index("Y5")))
    assert measure_colour(image, (60, 50, 100, 90)).colour is Colour.YELLOW
    assert measure_colour(image, (100, 110, 140, 190)).colour is Colour.GREEN
    (card,) = cards_from_detections(image, d)
    assert card.indices == 2


def test_measures_of_one_ink_agree_across_a_band_edge_but_not_across_colours():
    edge_yellow = ColourMeasure(Colour.YELLOW, 0.9, 100, hue=35.0)
    edge_green = ColourMeasure(Colour.GREEN, 0.9, 100, hue=38.0)
    green = ColourMeasure(Colour.GREEN, 0.9, 100, hue=70.0)
    assert edge_yellow.same_ink(edge_green) and not edge_yellow.same_ink(green)
    assert ColourMeasure(Colour.RED, 0.9, 100, hue=178.0).same_ink(
        ColourMeasure(Colour.RED, 0.9, 100, hue=3.0))
    assert edge_yellow.same_ink(ColourMeasure(None, 0.0, 3)) is None


def emblem_patch(size: int = 40) -> np.ndarray:
    """A white patch with a Wild's emblem: an oval in four coloured quarters."""
    patch = np.full((size, size, 3), 245, np.uint8)
    for k, colour in enumerate(Colour):
        cv2.ellipse(patch, (size // 2, size // 2), (14, 9), 30, 90 * k, 90 * (k + 1), BGR[colour],
                    -1)
    return patch


def test_a_number_read_off_a_four_colour_emblem_is_a_wild():
    """UNO's Wild prints a four-colour oval as its index, which the detector may read as a 4;
    a number card is printed in one ink."""
    image = np.full((200, 200, 3), 90, np.uint8)
    image[50:90, 60:100] = emblem_patch()
    d = Detections(np.array([[60, 50, 100, 90]], np.float32), np.array([0.7], np.float32),
                   np.array([DEFAULT_CLASS_NAMES.index("Y4")]))
    assert measure_colour(image, (60, 50, 100, 90)).four_inks
    (card,) = cards_from_detections(image, d)
    assert (str(card.card), card.colour_check) == ("W", "corrected")
    assert card.confidence == pytest.approx(0.7 * 0.8)
    assert not measure_colour(index_patch(Colour.YELLOW), (0, 0, 40, 40)).four_inks


class ReadsAgain:
    """A closer-look detector that reads ``face`` on every window's centre, as it did at first."""

    def __init__(self, face: str) -> None:
        self.face = face

    def detect_batch(self, crops, conf=0.05):
        c = READER.zoom_check.side / 2
        box = np.array([[c - 12, c - 16, c + 12, c + 16]], np.float32)
        return [Detections(box, np.array([0.9]), np.array([DEFAULT_CLASS_NAMES.index(self.face)]))
                for _ in crops]


def test_a_corrected_card_read_again_as_the_detector_read_it_is_backed_not_doubted():
    """The closer look asks the same detector: its first reading again is agreement, even when
    the colour check has since corrected the card's colour."""
    image, d = scene(Colour.BLUE)
    pad = 200  # room for the whole window around the index: the stub reads at its centre
    image = cv2.copyMakeBorder(image, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=(90, 90, 90))
    one = Detections(d.xyxy[[0]] + pad, np.array([0.6], np.float32), d.class_id[[0]])
    (card,) = cards_from_detections(image, one, closer_look=ReadsAgain("R5"))
    assert (str(card.card), card.colour_check) == ("B5", "corrected")
    assert card.evidence.closer.same == pytest.approx(0.9)
    assert card.evidence.closer.other == 0.0 and card.alternative is None

def test_one_card_read_twice_on_one_spot_counts_once():
    """Fanned hands: one index paired with two others gives the same face twice, one box."""
    image, d = scene(Colour.RED)
    third = Detections(np.array([[62, 52, 100, 90]], np.float32), np.array([0.7], np.float32),
                       np.array([DEFAULT_CLASS_NAMES.index("R5")]))
    cards = cards_from_detections(image, Detections.merge([d, third]))
    assert [str(c.card) for c in cards] == ["R5"]


def test_a_lone_card_whose_corners_read_two_colours_takes_its_centres_colour():
    """A blue 5 alone in view, one corner tinted green by the light and read as a G5: each
    corner is the other's only possible partner, and the blue centre says which reading holds."""
    image, d = scene(Colour.BLUE)
    x1, y1, x2, y2 = d.xyxy[0].astype(int)
    corner = image[y1:y2, x1:x2]
    corner[np.all(corner == BGR[Colour.BLUE], axis=-1)] = BGR[Colour.GREEN]
    two_colours = Detections(d.xyxy, d.confidence,
                             np.array([DEFAULT_CLASS_NAMES.index(n) for n in ("G5", "B5")]))
    (card,) = cards_from_detections(image, two_colours)
    assert (str(card.card), card.indices) == ("B5", 2)
    image[100:200, 70:170] = 245  # no centre to ask: one card, either face, for the player
    (card,) = cards_from_detections(image, two_colours)
    assert card.unsure and card.indices == 2
    assert {str(card.card), str(card.alternative)} == {"B5", "G5"}
