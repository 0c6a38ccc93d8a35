"""Index labels come from the same homography that places the pixels."""

from __future__ import annotations

import dataclasses

import cv2
import numpy as np
import pytest

from scorer.cards import Card, Colour, parse_card
from scorer.render import camera
from scorer.render.faces import FACE_H, FACE_W, FaceSet, sample_style
from scorer.render.layouts import Layout, Placement
from scorer.render.scene import CLASS_ID, render_scene

FACE_QUAD = np.float32([[0, 0], [FACE_W, 0], [FACE_W, FACE_H], [0, FACE_H]])


@pytest.fixture(autouse=True)
def _whole_cards_in_view(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests look at whole cards: no close-up that lets a corner leave the frame."""
    monkeypatch.setattr(camera, "CLOSE_UP_SHARE", 0.0)


def _plain_faces(seed: int) -> FaceSet:
    """White faces with no border, decoration, outline or shadow: the only saturated
    pixels are the numbers."""
    style = sample_style(np.random.default_rng(seed), "train")
    style = dataclasses.replace(style, layout="white", border=False, centre_shape="none",
                                stroke=0.0, shadow=False, index_badge=False, multi_wild=False,
                                colour_symbols=False)
    return FaceSet(style)


def _render(cards: list[Placement], seed: int):
    rng = np.random.default_rng(seed)
    faces = _plain_faces(seed)
    background = np.full((480, 480, 3), 230, np.uint8)
    back = faces[parse_card("R1")]  # unused: all cards face up
    return render_scene(rng, Layout("spread", cards), faces, back, background, effects=False)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("name", ["R6", "B9", "G12", "Y1", "W", "S"])
def test_index_box_holds_all_and_only_index_ink(seed: int, name: str) -> None:
    """On a single card on a flat background, each index box contains the index's coloured
    pixels and none of them lies outside it."""
    card = parse_card(name)
    scene = _render([Placement(card, 0.0, 0.0, float(seed * 50))], seed)
    (record,) = scene.cards
    faces = _plain_faces(seed)
    if card.is_natural:
        ink = cv2.cvtColor(scene.image, cv2.COLOR_RGB2HSV)[..., 1] > 90
    else:  # Wild and Skip may be printed black
        hsv = cv2.cvtColor(scene.image, cv2.COLOR_RGB2HSV)
        ink = (hsv[..., 1] > 90) | (hsv[..., 2] < 90)
    h = cv2.getPerspectiveTransform(FACE_QUAD, record.corners.astype(np.float32))
    ys, xs = np.nonzero(ink)
    pts = np.c_[xs + 0.5, ys + 0.5].astype(np.float32).reshape(-1, 1, 2)
    face_pts = cv2.perspectiveTransform(pts, np.linalg.inv(h)).reshape(-1, 2)
    assert {ix.corner for ix in record.indices} == {"top_left", "bottom_right"}
    for ix, rect in zip(record.indices, faces[card].index_rects, strict=True):
        x0, y0, x1, y1 = rect
        near = ((face_pts[:, 0] > max(x0 - 12, 3)) & (face_pts[:, 1] > max(y0 - 12, 3))
                & (face_pts[:, 0] < FACE_W - 3) & (face_pts[:, 1] < FACE_H - 3)
                & (face_pts[:, 0] > x0 - 12) & (face_pts[:, 0] < x1 + 12)
                & (face_pts[:, 1] > y0 - 12) & (face_pts[:, 1] < y1 + 12))
        assert near.sum() > 3, "the index has ink"
        bx0, by0, bx1, by1 = ix.box
        px, py = xs[near], ys[near]
        assert px.min() >= np.floor(bx0) - 1 and px.max() + 1 <= np.ceil(bx1) + 1
        assert py.min() >= np.floor(by0) - 1 and py.max() + 1 <= np.ceil(by1) + 1
        ink_box = (px.min(), py.min(), px.max() + 1, py.max() + 1)
        ink_area = (ink_box[2] - ink_box[0]) * (ink_box[3] - ink_box[1])
        if by1 - by0 > 16:  # tiny indices lose their anti-aliased rim to the threshold
            assert ink_area / ((bx1 - bx0) * (by1 - by0)) > 0.3, "the box is tight, not loose"


def test_index_under_another_card_has_no_label() -> None:
    """A card laid over another's top-left corner hides its index: no label for it."""
    under, over = Card.parse("R5"), Card.parse("B7")
    scene = _render([Placement(under, 0.0, 0.0, 0.0), Placement(over, 2.0, 2.0, 0.0)], 3)
    lower, upper = scene.cards
    assert lower.indices == []
    assert {ix.corner for ix in upper.indices} == {"top_left", "bottom_right"}


def test_overlapping_row_keeps_top_left_indices() -> None:
    """Cards overlapping sideways (60 % covered) keep each top-left index visible."""
    cards = [Placement(Card.parse(n), i * 22.0, 0.0, 0.0) for i, n in enumerate(["G2", "G3", "G4"])]
    scene = _render(cards, 1)
    corners = [[ix.corner for ix in r.indices] for r in scene.cards]
    assert corners == [["top_left"], ["top_left"], ["top_left", "bottom_right"]]


def test_another_games_card_is_painted_but_never_labelled() -> None:
    """A Reverse beside an R5: both show on the table, only the R5's indices are labels."""
    five = Placement(Card.parse("R5"), 0.0, 0.0, 0.0)
    reverse = Placement(None, 80.0, 0.0, 0.0, ("reverse", Colour.RED))
    scene = _render([five, reverse], 1)
    card, other = scene.cards
    assert [ix.class_id for ix in card.indices] == [CLASS_ID[Card.parse("R5")]] * 2
    assert other.card is None and other.indices == []
    x0, y0, x1, y1 = (int(v) for v in other.box)
    red = scene.image[y0:y1, x0:x1, 0].astype(int) - scene.image[y0:y1, x0:x1, 2]
    assert (red > 60).mean() > 0.01, "the Reverse's red ink is in the picture"
