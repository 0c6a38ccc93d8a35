"""One card held up and read at both corners is one card, whatever the two corners read."""

from __future__ import annotations

import cv2
import numpy as np

from scorer.vision.detections import DEFAULT_CLASS_NAMES, Detections
from scorer.vision.reading import cards_from_detections

SIZE = 24  # index box side in pixels
CARD_W, CARD_H = 6.5 * SIZE, 10 * SIZE


def _table() -> np.ndarray:
    """A mid-grey cloth with a little noise."""
    noise = np.random.default_rng(5).normal(0, 4, (480, 640, 3))
    return np.clip(110 + noise, 0, 255).astype(np.uint8)


def _card(image: np.ndarray, left: float, top: float, ink: tuple[int, int, int] = (20, 20, 20)
          ) -> list[tuple[float, float, float, float]]:
    """Paint an upright white card with a "W" in ``ink`` (BGR; default black) at both corner
    indices (the far one turned half a turn); the boxes of its top-left and bottom-right
    indices."""
    x1, y1, x2, y2 = int(left), int(top), int(left + CARD_W), int(top + CARD_H)
    cv2.rectangle(image, (x1, y1), (x2, y2), (245, 245, 245), -1)
    boxes = []
    for cx, cy, turned in ((x1 + SIZE, y1 + SIZE, False), (x2 - SIZE, y2 - SIZE, True)):
        glyph = np.full((SIZE, SIZE, 3), 245, np.uint8)
        cv2.putText(glyph, "W", (2, SIZE - 4), cv2.FONT_HERSHEY_SIMPLEX, 0.7, ink, 2)
        if turned:
            glyph = glyph[::-1, ::-1]
        image[cy - SIZE // 2:cy + SIZE // 2, cx - SIZE // 2:cx + SIZE // 2] = glyph
        boxes.append((cx - SIZE / 2, cy - SIZE / 2, cx + SIZE / 2, cy + SIZE / 2))
    return boxes


def _grown(box: tuple[float, float, float, float], factor: float
           ) -> tuple[float, float, float, float]:
    """``box`` scaled about its centre."""
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    half = factor * (box[2] - box[0]) / 2
    return (cx - half, cy - half, cx + half, cy + half)


def _read(image: np.ndarray, readings: list[tuple[tuple[float, ...], str, float]]
          ) -> list[tuple[str, bool]]:
    """(card, unsure) per card read from index detections ``(box, face, score)``."""
    detections = Detections(np.array([box for box, _face, _score in readings], np.float32),
                            np.array([score for _box, _face, score in readings], np.float32),
                            np.array([DEFAULT_CLASS_NAMES.index(face)
                                      for _box, face, _score in readings]))
    return [(str(card.card), card.unsure) for card in cards_from_detections(image, detections)]


def test_a_held_card_whose_far_corner_reads_another_face_is_one_card():
    """A Wild held up, its far corner read as a doubtful G10: the photo shows one Wild."""
    image = _table()
    near, far = _card(image, 240, 120)
    assert _read(image, [(near, "W", 0.97), (far, "G10", 0.5)]) == [("W", False)]


def test_a_held_card_whose_corners_differ_in_size_past_the_pairing_limit_is_one_card():
    """Held close and tilted, the near corner looks twice the size of the far one: too unlike to
    pair as a card's corners, yet the same face in a photo of one card."""
    image = _table()
    near, far = _card(image, 240, 120)
    assert _read(image, [(_grown(near, 2.0), "W", 0.97), (far, "W", 0.5)]) == [("W", False)]


def test_a_doubtful_card_of_its_own_beside_the_held_one_is_kept():
    """The doubtful reading lies on a card of its own, away from the held card's corners: both
    stay, the second for the player to check."""
    image = _table()
    near, _far = _card(image, 40, 120)
    other, _ = _card(image, 440, 120, ink=(40, 150, 40))  # printed in green: a number's ink
    read = _read(image, [(near, "W", 0.97), (other, "G10", 0.5)])
    assert sorted(read) == [("G10", True), ("W", False)]


def test_with_more_readings_in_view_the_far_corner_is_left_to_the_player():
    """Three readings are a hand, not one card held up: the doubtful corner is kept, marked."""
    image = _table()
    near, far = _card(image, 240, 120, ink=(40, 150, 40))  # green, so a G10 may be read there
    third, _ = _card(image, 20, 20)
    read = _read(image, [(near, "W", 0.97), (far, "G10", 0.5), (third, "W", 0.97)])
    assert ("G10", True) in read


def test_a_held_card_read_sure_at_both_corners_is_one_card():
    """Held close, the near corner looks twice the size of the far one, and both read a sure
    Wild, too unlike to pair: one card, spanning both corners."""
    image = _table()
    near, far = _card(image, 240, 120)
    detections = Detections(np.array([_grown(near, 2.0), far], np.float32),
                            np.array([0.97, 0.96], np.float32),
                            np.array([DEFAULT_CLASS_NAMES.index("W")] * 2))
    (card,) = cards_from_detections(image, detections)
    assert (str(card.card), card.unsure, card.indices) == ("W", False, 2)


def test_two_like_cards_each_read_sure_at_one_corner_stay_two():
    """Two Wilds, the second laid over the first's far corner with its own index where that
    corner was: both lie the same way up, so two cards."""
    image = _table()
    first, _covered = _card(image, 40, 20)
    second, _far = _card(image, 40 + CARD_W - 2 * SIZE, 20 + CARD_H - 2 * SIZE)
    assert _read(image, [(first, "W", 0.97), (second, "W", 0.97)]) == [("W", False)] * 2
