"""The live view: no cards is an answer, and never a verdict on unsure phantoms (issue 20)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np
import pytest

from scorer.cards import parse_card
from scorer.vision.card_reading import CardReading, DetectedCard
from web import create_app

SIZE = (320, 180)


@dataclass
class FixedReader:
    """Reads the same ``(name, confidence)`` cards in every frame (below 0.65: unsure)."""

    cards: list[tuple[str, float]]

    def __call__(self, image: Any, conf: float = 0.25, **_: Any) -> CardReading:
        return CardReading(tuple(
            DetectedCard(parse_card(name), confidence, (10.0 + 30 * i, 10.0, 35.0 + 30 * i, 40.0))
            for i, (name, confidence) in enumerate(self.cards)
        ), (SIZE[1], SIZE[0]))


@pytest.fixture
def live_client(tmp_path):
    apps = []

    def make(cards):
        app = create_app({"TESTING": True, "SECRET_KEY": "t",
                          "DATABASE": str(tmp_path / "live.sqlite"),
                          "CARD_READER": FixedReader(cards), "LIVE_WINDOW": 2})
        apps.append(app)
        return app.test_client()

    yield make
    for app in apps:
        app.extensions["phase10_live"].stop()


def frames(client, n=4, phase=1):
    ok, data = cv2.imencode(".jpg", np.full((SIZE[1], SIZE[0], 3), 90, np.uint8))
    assert ok
    answers = [client.post(f"/live/frame?stream=s&phase={phase}", data=data.tobytes(),
                           content_type="image/jpeg").get_json() for _ in range(n)]
    return answers


def test_an_empty_view_says_no_cards_and_gives_no_verdict(live_client):
    for answer in frames(live_client([])):
        assert answer["no_cards"] is True
        assert answer["verdict"] is None


def test_phantoms_read_unsure_are_no_cards_every_frame(live_client):
    """The fake camera's test pattern: G10 and G12 read, both unsure, frame after frame."""
    answers = frames(live_client([("G10", 0.5), ("G12", 0.55)]))
    assert all(a["no_cards"] is True and a["verdict"] is None for a in answers)
    assert answers[-1]["cards"] == ["G10", "G12"]  # stable, but nothing sure to judge


def test_sure_cards_get_the_verdict_and_an_unsure_one_is_named(live_client):
    cards = [("R5", 0.95), ("B5", 0.95), ("G5", 0.95), ("Y7", 0.95), ("R7", 0.95), ("W", 0.5)]
    last = frames(live_client(cards))[-1]
    assert last["no_cards"] is False
    assert last["verdict"]["valid"] is True
    assert last["unsure"] == ["W"]
    assert last["verdict"]["doubt"]["message"] == "Valid if W? is a Wild on the table."
