"""One check, one answer: for the same cards and phase, ``/api/check`` (typed cards), the photo
page's ``/api/check`` (a photo), live mode's ``/live/frame`` and ``phase10 check --json`` give the
same verdict object (:mod:`scorer.rules.check`)."""

from __future__ import annotations

import io
import json
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np
import pytest

from scorer.cards import parse_card
from scorer.cli import main
from scorer.vision.card_reading import CardReading, DetectedCard
from tests.conftest import png_bytes
from web import create_app

SIZE = (320, 180)
UNSURE = 0.5
"""A confidence the reader reads as unsure (a sure card is read at 0.97)."""

HANDS = [
    (4, "R1 B2 G3 Y4 R5 B6 W?"),        # valid only if the unsure Wild is there
    (1, "R5 B5 G5 Y7 R7 Y8?"),           # not valid, and not without Y8 either
    (1, "R5 B5 G5 Y7 R7 B7"),            # valid, nothing unsure
    (1, "R5 B5 G5 Y7 R7 B7 S?"),         # not valid as read, valid without the Skip
]


@dataclass
class FixedReader:
    """Reads the same cards in every image, left to right; a card marked ``?`` as unsure."""

    tokens: list[str]

    def __call__(self, image: Any, conf: float = 0.25, **_: Any) -> CardReading:
        height, width = image.shape[:2]
        step = width / max(len(self.tokens), 1)
        return CardReading(tuple(
            DetectedCard(parse_card(token.rstrip("?")), UNSURE if token.endswith("?") else 0.97,
                         (i * step + 1, 2.0, (i + 1) * step - 1, height - 2.0))
            for i, token in enumerate(self.tokens)), (height, width))


@pytest.fixture
def client_for(tmp_path):
    apps = []

    def make(tokens: list[str]):
        app = create_app({"TESTING": True, "SECRET_KEY": "t",
                          "DATABASE": str(tmp_path / "check.sqlite"),
                          "CARD_READER": FixedReader(tokens), "LIVE_WINDOW": 2})
        apps.append(app)
        return app.test_client()

    yield make
    for app in apps:
        app.extensions["phase10_live"].stop()


def typed(client, phase: int, cards: str) -> dict[str, Any]:
    response = client.post("/api/check", json={"cards": cards, "phase": phase})
    assert response.status_code == 200
    return response.get_json()


def photo(client, phase: int) -> dict[str, Any]:
    response = client.post("/api/check", data={
        "image": (io.BytesIO(png_bytes(160, 48)), "p.png"), "phase": str(phase)},
        content_type="multipart/form-data", headers={"X-Requested-With": "test"})
    assert response.status_code == 200
    return response.get_json()


def live(client, phase: int) -> dict[str, Any]:
    ok, data = cv2.imencode(".jpg", np.full((SIZE[1], SIZE[0], 3), 90, np.uint8))
    assert ok
    for _ in range(4):  # enough frames for every card to be stable
        response = client.post(f"/live/frame?stream=s&phase={phase}", data=data.tobytes(),
                               content_type="image/jpeg")
    assert response.status_code == 200
    return response.get_json()


def cli(capsys, phase: int, cards: str) -> dict[str, Any]:
    capsys.readouterr()
    main(["check", "--phase", str(phase), "--json", cards])
    return json.loads(capsys.readouterr().out)


CHECK_KEYS = ("cards", "count", "points", "unsure", "unsure_points", "verdict", "phase")


@pytest.mark.parametrize(("phase", "cards"), HANDS)
def test_the_api_the_photo_page_and_the_cli_give_the_same_answer(client_for, capsys, phase,
                                                                  cards):
    client = client_for(cards.split())
    from_cli = cli(capsys, phase, cards)
    from_api = typed(client, phase, cards)
    from_photo = photo(client, phase)
    assert set(from_cli) == set(CHECK_KEYS)
    assert from_api == from_cli
    assert {key: from_photo[key] for key in CHECK_KEYS} == from_cli
    assert len(from_photo["detections"]) == len(cards.split())


@pytest.mark.parametrize(("phase", "cards"), HANDS)
def test_live_mode_gives_the_same_verdict_for_its_stable_cards(client_for, capsys, phase,
                                                               cards):
    client = client_for(cards.split())
    reading = live(client, phase)
    assert reading["no_cards"] is False
    # live mode lists its stable cards in its own order: type them in that order
    marked = " ".join(card + ("?" if card in reading["unsure"] else "")
                      for card in reading["cards"])
    from_cli = cli(capsys, phase, marked)
    assert {key: reading[key] for key in CHECK_KEYS} == from_cli
    assert sorted(reading["unsure"]) == sorted(
        token.rstrip("?") for token in cards.split() if token.endswith("?"))
