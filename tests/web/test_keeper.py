"""Strangers on the LAN and DNS rebinding: trusted hosts, trusted origins, a game's keeper.

Served on the LAN (``KEEPER_REQUIRED``), only the device that created a game (its session
cookie, or the ``X-Keeper-Token`` header the API hands back) changes it; anyone may read it.
"""

from __future__ import annotations

import re

import pytest

from web import create_app

LAN = "http://192.168.1.5:5000"
SERVED = ["127.0.0.1", "localhost", "192.168.1.5"]


@pytest.fixture
def lan_app(tmp_path):
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False,
                      "DATABASE": str(tmp_path / "lan.sqlite"), "TRUSTED_HOSTS": SERVED,
                      "KEEPER_REQUIRED": True})
    yield app
    app.extensions["phase10_live"].stop()


def device(app, address: str):
    """A test client that connects from ``address`` on the LAN."""
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client


def round_body(version: int) -> dict:
    return {"version": version, "went_out": "Ann",
            "results": [{"player": "Ann", "completed": True},
                        {"player": "Bob", "completed": False, "points": 50}]}


def test_a_stranger_reads_but_cannot_change_a_game(lan_app):
    keeper, stranger = device(lan_app, "192.168.1.20"), device(lan_app, "192.168.1.30")
    made = keeper.post("/api/games", json={"players": ["Ann", "Bob"]}, base_url=LAN)
    assert made.status_code == 201
    assert stranger.get("/api/games/1", base_url=LAN).status_code == 200
    for method, url, body in (("patch", "/api/games/1", {"archived": True, "version": 1}),
                              ("delete", "/api/games/1", {"version": 1}),
                              ("post", "/api/games/1/rounds", round_body(1)),
                              ("post", "/api/games/1/undo", {"version": 1})):
        response = getattr(stranger, method)(url, json=body, base_url=LAN)
        assert response.status_code == 403, (method, url)
        assert "device that started this game" in response.get_json()["error"]
    form = stranger.post("/games/1/rounds/new", data={"version": "1"}, base_url=LAN)
    assert form.status_code == 403
    assert stranger.post("/games/1/delete", data={"version": "1"}, base_url=LAN
                         ).status_code == 403
    assert keeper.post("/api/games/1/rounds", json=round_body(1), base_url=LAN).status_code == 201


def test_the_api_hands_back_a_keeper_token_another_device_can_use(lan_app):
    keeper, other = device(lan_app, "192.168.1.20"), device(lan_app, "192.168.1.40")
    token = keeper.post("/api/games", json={"players": ["Ann", "Bob"]}, base_url=LAN
                        ).headers["X-Keeper-Token"]
    assert len(token) >= 16
    assert other.post("/api/games/1/rounds", json=round_body(1), base_url=LAN,
                      headers={"X-Keeper-Token": "wrong"}).status_code == 403
    assert other.post("/api/games/1/rounds", json=round_body(1), base_url=LAN,
                      headers={"X-Keeper-Token": token}).status_code == 201
    assert "keeper" not in str(other.get("/api/games/1", base_url=LAN).get_json())


def test_this_computer_keeps_every_game(lan_app):
    keeper, here = device(lan_app, "192.168.1.20"), lan_app.test_client()
    keeper.post("/api/games", json={"players": ["Ann", "Bob"]}, base_url=LAN)
    assert here.post("/api/games/1/rounds", json=round_body(1)).status_code == 201


def test_the_share_link_stays_read_only(lan_app):
    keeper, viewer = device(lan_app, "192.168.1.20"), device(lan_app, "192.168.1.30")
    keeper.post("/games/new", data={"player-0": "Ann", "player-1": "Bob"}, base_url=LAN)
    page = keeper.get("/games/1", base_url=LAN).get_data(as_text=True)
    share = re.search(r"/s/[A-Za-z0-9_-]+", page).group(0)
    assert viewer.get(share, base_url=LAN).status_code == 200
    assert viewer.post("/games/1/undo", data={"version": "1"}, base_url=LAN).status_code == 403


def test_other_hosts_and_origins_are_refused(lan_app):
    """DNS rebinding: a page on evil.example whose name now points here reaches nothing."""
    here = lan_app.test_client()
    evil = {"Origin": "http://evil.example"}
    assert here.get("/api/games", base_url="http://evil.example").status_code == 400
    assert here.post("/api/games", json={"players": ["Ann", "Bob"]},
                     base_url="http://evil.example", headers=evil).status_code in (400, 403)
    assert here.post("/api/games", json={"players": ["Ann", "Bob"]}, base_url=LAN,
                     headers=evil).status_code == 403
    assert here.post("/api/games", json={"players": ["Ann", "Bob"]}, base_url=LAN,
                     headers={"Origin": LAN}).status_code == 201


def test_without_the_lan_setting_any_device_writes_as_before(client):
    client.environ_base["REMOTE_ADDR"] = "192.168.1.30"
    client.post("/api/games", json={"players": ["Ann", "Bob"]})
    other = client.application.test_client()
    other.environ_base["REMOTE_ADDR"] = "192.168.1.31"
    assert other.post("/api/games/1/rounds", json=round_body(1)).status_code == 201


def test_the_keeper_link_hands_the_game_to_another_device(lan_app):
    keeper, phone = device(lan_app, "192.168.1.20"), device(lan_app, "192.168.1.40")
    keeper.post("/games/new", data={"player-0": "Ann", "player-1": "Bob"}, base_url=LAN)
    page = keeper.get("/games/1", base_url=LAN).get_data(as_text=True)
    link = re.search(r'id="keeper-link">[^<]*<a href="([^"]+)"', page).group(1)
    assert "keeper-link" not in phone.get("/games/1", base_url=LAN).get_data(as_text=True)
    assert phone.post("/api/games/1/rounds", json=round_body(1), base_url=LAN).status_code == 403
    assert phone.get(link.rsplit("/", 1)[0] + "/wrong", base_url=LAN).status_code == 404
    assert phone.get(link, base_url=LAN).status_code == 302
    assert phone.post("/api/games/1/rounds", json=round_body(1), base_url=LAN).status_code == 201
