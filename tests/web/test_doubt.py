"""The API says when a verdict hangs on an unsure card, and what the unsure cards are worth."""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import Any

from scorer.cards import parse_card
from scorer.vision.card_reading import CardReading, DetectedCard
from tests.conftest import png_bytes


@dataclass
class DoubtfulReader:
    """A fake reader: ``(name, confidence)`` pairs; low confidence reads as unsure."""

    cards: list[tuple[str, float]] = field(default_factory=list)

    def __call__(self, image: Any, conf: float = 0.25) -> CardReading:
        height, width = image.shape[:2]
        step = width / max(len(self.cards), 1)
        return CardReading(tuple(
            DetectedCard(parse_card(name), confidence,
                         (i * step + 1, 2.0, (i + 1) * step - 1, height - 2.0))
            for i, (name, confidence) in enumerate(self.cards)
        ), (height, width))


def post_photo(client, phase: int | None = None):
    data = {"image": (io.BytesIO(png_bytes(160, 48)), "p.png")}
    if phase is not None:
        data["phase"] = str(phase)
    return client.post("/api/check", data=data, content_type="multipart/form-data",
                       headers={"X-Requested-With": "test"})


def test_a_phantom_wild_that_makes_the_phase_is_named_in_the_verdict(app, client):
    """The issue's photo: six cards, no run of 7; a Wild read at 0.5 beside them."""
    app.config["CARD_READER"] = DoubtfulReader(
        [(n, 0.95) for n in ("R1", "B2", "G3", "Y4", "R5", "B6")] + [("W", 0.5)])
    body = post_photo(client, phase=4).get_json()
    verdict = body["verdict"]
    assert verdict["valid"] is True
    assert verdict["doubtful"] is True
    assert verdict["depends_on"] == [{"card": "W", "fix": "remove"}]
    assert verdict["doubt"]["message"] == "Valid if W? is a Wild on the table."
    assert body["unsure"] == ["W"]


def test_sure_cards_give_a_plain_verdict(app, client):
    app.config["CARD_READER"] = DoubtfulReader(
        [(n, 0.95) for n in ("R1", "B2", "G3", "Y4", "R5", "B6", "W")])
    verdict = post_photo(client, phase=4).get_json()["verdict"]
    assert verdict["valid"] is True and verdict["doubtful"] is False
    assert verdict["doubt"] is None


def test_typed_cards_marked_unsure_are_weighed(client):
    response = client.post("/api/check", json={
        "cards": ["R5", "B5", "G5", "Y7", "R7", "Y8?/Y7"], "phase": 1})
    body = response.get_json()
    assert body["cards"] == ["R5", "B5", "G5", "Y7", "R7", "Y8"]
    assert body["verdict"]["valid"] is False
    assert body["verdict"]["depends_on"] == [{"card": "Y8", "fix": "Y7"}]
    message = body["verdict"]["doubt"]["message"]
    assert message.startswith("Not valid: ") and "; check Y8? (valid if it is Y7)" in message


def test_typed_cards_without_marks_have_nothing_to_confirm(client):
    body = client.post("/api/check", json={"cards": "R5 B5 G5 Y7 R7 B7", "phase": 1}).get_json()
    assert body["verdict"]["valid"] is True
    assert body["verdict"]["doubtful"] is False and body["verdict"]["doubt"] is None
    assert body["unsure"] == [] and body["unsure_points"] == 0


def test_a_hand_scan_gives_the_unsure_cards_share_of_the_points(app, client):
    """'Wild 25, 10-12 score 10, 1-9 score 5': W? and Y12? are 35 of the 40 points."""
    app.config["CARD_READER"] = DoubtfulReader([("W", 0.4), ("R5", 0.97), ("Y12", 0.55)])
    body = post_photo(client).get_json()
    assert body["points"] == 40
    assert body["unsure_points"] == 35
    assert sorted(body["unsure"]) == ["W", "Y12"]


def test_a_badly_marked_card_is_a_notation_error(client):
    response = client.post("/api/check", json={"cards": ["R5/R6"], "phase": 1})
    assert response.status_code == 400
    assert "alternative" in response.get_json()["error"]


def post_detect(client):
    data = {"image": (io.BytesIO(png_bytes(160, 48)), "p.png")}
    return client.post("/api/detect", data=data, content_type="multipart/form-data",
                       headers={"X-Requested-With": "test"}).get_json()


def test_a_photo_of_unsure_phantoms_alone_reads_no_cards(app, client):
    """'a plain photo with the words "no cards here" read S?, R3? and R8?'"""
    app.config["CARD_READER"] = DoubtfulReader([("S", 0.5), ("R3", 0.45), ("R8", 0.6)])
    body = post_detect(client)
    assert body["no_cards"] is True and body["count"] == 3
    app.config["CARD_READER"] = DoubtfulReader([("R3", 0.95), ("R8", 0.6)])
    assert post_detect(client)["no_cards"] is False
    app.config["CARD_READER"] = DoubtfulReader([])
    assert post_detect(client)["no_cards"] is True
