"""Shared fixtures: the Flask tutorial's ``app``, ``client`` and ``runner``, and a fake card reader.

``app`` uses a temporary SQLite file and a fake card reader (``app.config["CARD_READER"]``) so
web tests need no model; set ``app.config["CARD_READER"].names`` to choose what it "sees".
Form tests run with CSRF off; ``csrf_app`` keeps it on.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import Any

import pytest

from scorer.cards import parse_card
from scorer.vision.card_reading import CardReading, DetectedCard
from web import create_app


@dataclass
class FakeReader:
    """Stands in for ``scorer.vision.read_cards``: answers its ``names``, boxed in a row."""

    names: list[str] = field(default_factory=lambda: ["R5", "B5", "G5", "Y7", "Y7", "W"])
    calls: int = 0

    def __call__(self, image: Any, conf: float = 0.25) -> CardReading:
        self.calls += 1
        height, width = image.shape[:2]
        step = width / max(len(self.names), 1)
        cards = tuple(
            DetectedCard(parse_card(name), 0.9,
                         (i * step + 4, height * 0.2, (i + 1) * step - 4, height * 0.6))
            for i, name in enumerate(self.names)
        )
        return CardReading(cards, (height, width))


def png_bytes(width: int = 64, height: int = 48, fmt: str = "PNG") -> bytes:
    """A small real image, encoded."""
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", (width, height), (30, 120, 60)).save(buffer, fmt)
    return buffer.getvalue()


def _config(tmp_path, **extra: Any) -> dict[str, Any]:
    return {
        "TESTING": True,
        "SECRET_KEY": "test",
        "DATABASE": str(tmp_path / "test.sqlite"),
        "WTF_CSRF_ENABLED": False,
        "CARD_READER": FakeReader(),
        **extra,
    }


@pytest.fixture
def app(tmp_path):
    """The app on a temporary database, CSRF off for form tests, a fake card reader."""
    app = create_app(_config(tmp_path))
    yield app
    live = app.extensions.get("phase10_live")
    if live is not None:
        live.stop()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


@pytest.fixture
def csrf_app(tmp_path):
    """The app with CSRF protection on, as served."""
    app = create_app(_config(tmp_path, WTF_CSRF_ENABLED=True))
    yield app
    live = app.extensions.get("phase10_live")
    if live is not None:
        live.stop()


@pytest.fixture
def new_game(client):
    """A factory: start a game through the new-game form, return its id."""

    def make(players=("Ann", "Bob"), dealer=0, variant="standard", phases_count="",
             natural_per_group=False, name="") -> int:
        data = {f"player-{i}": p for i, p in enumerate(players)}
        data.update(dealer=str(dealer), variant=variant, phases_count=str(phases_count), name=name)
        if natural_per_group:
            data["natural_per_group"] = "on"
        response = client.post("/games/new", data=data)
        assert response.status_code == 302, response.get_data(as_text=True)
        return int(response.headers["Location"].rstrip("/").split("/")[-1])

    return make


@pytest.fixture
def play_round(client):
    """A factory: post a round through the round form; ``results`` maps seat -> (done, points)."""

    def post(game_id: int, results: dict[int, tuple[bool, int | str | None]], went_out: int | None,
             version: int | None = None, number: int | None = None):
        if version is None:
            version = client.get(f"/api/games/{game_id}").get_json()["version"]
        data = {"version": str(version)}
        for seat, (done, points) in results.items():
            data[f"completed-{seat}"] = "yes" if done else "no"
            data[f"points-{seat}"] = "" if points is None else str(points)
        if went_out is not None:
            data["went_out"] = str(went_out)
        url = f"/games/{game_id}/rounds/new" if number is None else (
            f"/games/{game_id}/rounds/{number}/edit")
        return client.post(url, data=data)

    return post
