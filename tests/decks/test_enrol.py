"""Enrolment of a player's deck from grid photos (issue 7).

"The player lays the cards of one colour (1-12) in a grid in a fixed order the page shows ... The
project finds each card ..., assigns it its face from the grid position." Photos are rendered by
:mod:`scorer.decks.gridphoto` from the heritage design, a design the detector never saw.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from scorer.decks.design import draw_deck
from scorer.decks.enrol import RetakeError, enrol_sheet
from scorer.decks.gridphoto import render_sheet_photo
from scorer.decks.layout import get_sheet

RED, SPECIALS = get_sheet("red"), get_sheet("specials")


@pytest.fixture(scope="module")
def faces():
    return draw_deck(RED.faces + SPECIALS.faces + get_sheet("green").faces)


def _signature(face: np.ndarray) -> np.ndarray:
    grey = cv2.resize(cv2.cvtColor(face, cv2.COLOR_BGR2GRAY), (56, 88),
                      interpolation=cv2.INTER_AREA).astype(np.float32).ravel()
    return (grey - grey.mean()) / (grey.std() + 1e-6)


def _closest(face: np.ndarray, truth: dict) -> object:
    """The true face that the found face looks most like (normalised correlation)."""
    sig = _signature(face)
    return max(truth, key=lambda card: float(sig @ _signature(truth[card])))


@pytest.mark.parametrize("sheet_name,seed", [("red", 1), ("green", 2), ("specials", 3)])
def test_each_face_is_found_and_assigned_right(faces, sheet_name, seed):
    sheet = get_sheet(sheet_name)
    photo = render_sheet_photo(faces, sheet, np.random.default_rng(seed))
    result = enrol_sheet(photo.image, sheet)
    assert list(result.faces) == list(sheet.faces)
    truth = {card: faces[card] for card in sheet.faces}
    for card, face in result.faces.items():
        assert face.shape == (880, 560, 3)
        assert _closest(face, truth) == card, f"{card} got the face of {_closest(face, truth)}"
        corner_error = np.abs(result.quads[card] - photo.quads[card]).max()
        assert corner_error < 0.03 * photo.image.shape[1], f"{card}: corners off {corner_error}"


def test_preview_outlines_on_a_copy(faces):
    photo = render_sheet_photo(faces, SPECIALS, np.random.default_rng(4))
    before = photo.image.copy()
    preview = enrol_sheet(photo.image, SPECIALS).preview(photo.image)
    assert preview.shape == photo.image.shape and not np.array_equal(preview, before)
    assert np.array_equal(photo.image, before)


def test_missing_card_names_the_empty_place(faces):
    photo = render_sheet_photo(faces, RED, np.random.default_rng(7), defect="missing")
    (left_out,) = set(RED.faces) - set(photo.quads)
    with pytest.raises(RetakeError, match=rf"No card found at .*\({left_out}\)") as info:
        enrol_sheet(photo.image, RED)
    assert info.value.problem == "missing"
    assert [RED.face_at(*cell) for cell in info.value.cells] == [left_out]
    assert "Retake the photo of the Red 1-12 sheet" in str(info.value)


def test_touching_cards_are_named(faces):
    photo = render_sheet_photo(faces, RED, np.random.default_rng(8), defect="touching")
    with pytest.raises(RetakeError, match="touch") as info:
        enrol_sheet(photo.image, RED)
    assert info.value.problem == "touching"
    named = {RED.face_at(*cell) for cell in info.value.cells}
    assert len(named) == 2
    a, b = sorted(named, key=lambda c: c.value)
    assert b.value == a.value + 1, "the two touching cards are neighbours in a row"


def test_blurred_photo_asks_for_a_sharper_one(faces):
    photo = render_sheet_photo(faces, RED, np.random.default_rng(9), defect="blurred")
    with pytest.raises(RetakeError, match="blurred") as info:
        enrol_sheet(photo.image, RED)
    assert info.value.problem == "blurred"


def test_empty_table_and_sideways_photo(faces):
    table = np.full((900, 1200, 3), (40, 70, 110), np.uint8)
    with pytest.raises(RetakeError, match="No cards found") as info:
        enrol_sheet(table, RED)
    assert info.value.problem == "no-cards"
    photo = render_sheet_photo(faces, RED, np.random.default_rng(10))
    with pytest.raises(RetakeError, match="sideways"):
        enrol_sheet(cv2.rotate(photo.image, cv2.ROTATE_90_CLOCKWISE), RED)


def test_wrong_sheet_layout_is_refused(faces):
    """Twelve cards photographed for the two-card sheet: too many cards."""
    photo = render_sheet_photo(faces, RED, np.random.default_rng(11))
    with pytest.raises(RetakeError, match="Found 12 cards but the Wild and Skip sheet has 2"):
        enrol_sheet(photo.image, SPECIALS)


def test_not_an_image_is_a_value_error():
    for bad in (np.zeros((100, 100), np.uint8), np.zeros((100, 100, 3), np.float32), None):
        with pytest.raises(ValueError, match=r"\(H, W, 3\) uint8"):
            enrol_sheet(bad, RED)


def test_rotated_grid_still_sorts(faces):
    """A phone held at an angle: the grid is straightened before rows and columns are read."""
    photo = render_sheet_photo(faces, RED, np.random.default_rng(12))
    surface = [int(v) for v in np.median(photo.image[:20].reshape(-1, 3), axis=0)]
    padded = cv2.copyMakeBorder(photo.image, 300, 300, 300, 300, cv2.BORDER_CONSTANT,
                                value=surface)
    h, w = padded.shape[:2]
    turned = cv2.warpAffine(padded, cv2.getRotationMatrix2D((w / 2, h / 2), 20, 1.0), (w, h),
                            borderMode=cv2.BORDER_REPLICATE)
    result = enrol_sheet(turned, RED)
    truth = {card: faces[card] for card in RED.faces}
    assert all(_closest(face, truth) == card for card, face in result.faces.items())


def test_wrong_colour_laid_out_is_flagged(faces):
    """Blue cards photographed for the red sheet: found, but the player is warned."""
    from scorer.decks.design import draw_deck

    blue = get_sheet("blue")
    photo = render_sheet_photo(draw_deck(blue.faces), blue, np.random.default_rng(13))
    result = enrol_sheet(photo.image, RED)
    assert any("look blue" in w and "red cards" in w for w in result.warnings)
    right = enrol_sheet(render_sheet_photo(faces, RED, np.random.default_rng(14)).image, RED)
    assert right.warnings == ()
