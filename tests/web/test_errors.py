"""One place maps failures to HTTP answers: the status for each kind, a JSON body that says
what a client needs to recover; and errors never answer 500: the error page without a URL
adapter, unusable deck photos, origins compared by scheme, host and port, and cookies that are
``Secure`` under ``--https``."""

from __future__ import annotations

import io

import pytest
from flask import request
from PIL import Image

from scorer.decks.layout import SHEETS
from scorer.errors import GameNotationError, GameRulesError, NotationError
from tests.conftest import png_bytes
from web import create_app, errors, service, store
from web.images import ImageError
from web.reader import ReaderUnavailable

LAN = "http://192.168.1.5:5000"
SERVED = ["127.0.0.1", "localhost", "192.168.1.5"]


@pytest.fixture
def lan_app(tmp_path):
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False,
                      "DATABASE": str(tmp_path / "lan.sqlite"), "TRUSTED_HOSTS": SERVED})
    yield app
    app.extensions["phase10_live"].stop()


@pytest.mark.parametrize("path", ["/", "/games/new", "/games/1", "/decks/", "/no/such/page"])
def test_an_untrusted_host_on_a_page_is_a_400_with_the_security_headers(lan_app, path):
    response = lan_app.test_client().get(path, base_url="http://evil.example")
    assert response.status_code == 400
    assert "default-src 'self'" in response.headers["Content-Security-Policy"]
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert "<h1>400</h1>" in response.get_data(as_text=True)


def test_the_plain_error_page_needs_no_request(app):
    with app.app_context():
        page = errors.plain_page(400, "bad <host>")
    assert "<h1>400</h1>" in page and "bad &lt;host&gt;" in page
    assert errors.plain_page(500, "x") == "500: x"  # not even an app


def test_a_failing_error_page_falls_back_to_the_plain_one(app, client, monkeypatch):
    def broken(*_args, **_kwargs):
        raise RuntimeError("template broken")

    monkeypatch.setattr(errors, "url_for", broken)
    response = client.post("/games/1/delete", data={"version": "1"},
                           headers={"Accept": "text/html"})
    assert response.status_code == 404
    assert "<h1>404</h1>" in response.get_data(as_text=True)


@pytest.mark.parametrize("origin", ["http://127.0.0.1:9", "https://192.168.1.5:5000",
                                    "http://192.168.1.5", "http://192.168.1.5:5001",
                                    "http://192.168.1.5:99999", "http://192.168.1.5:x"])
def test_an_origin_on_another_port_or_scheme_is_another_site(lan_app, origin):
    client = lan_app.test_client()
    response = client.post("/api/games", json={"players": ["Ann", "Bob"]}, base_url=LAN,
                           headers={"Origin": origin})
    assert response.status_code == 403


def test_the_own_origin_is_accepted(lan_app):
    client = lan_app.test_client()
    assert client.post("/api/games", json={"players": ["Ann", "Bob"]}, base_url=LAN,
                       headers={"Origin": LAN}).status_code == 201
    assert client.post("/api/games", json={"players": ["Ann", "Bob"]},
                       base_url="http://127.0.0.1", headers={"Origin": "http://127.0.0.1:80"}
                       ).status_code == 201


@pytest.mark.parametrize("secure", [True, False])
def test_the_language_cookie_is_secure_under_https(tmp_path, secure):
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False,
                      "DATABASE": str(tmp_path / "c.sqlite"), "SESSION_COOKIE_SECURE": secure})
    try:
        response = app.test_client().post("/language", data={"lang": "pl", "next": "/"},
                                          base_url="https://localhost")
        cookie = next(c for c in response.headers.getlist("Set-Cookie") if c.startswith("lang="))
        assert ("Secure" in cookie) is secure
        assert "HttpOnly" in cookie
    finally:
        app.extensions["phase10_live"].stop()


def _gif(width: int, height: int) -> bytes:
    buffer = io.BytesIO()
    Image.new("P", (width, height)).save(buffer, "GIF")
    return buffer.getvalue()


@pytest.mark.parametrize("photo", [_gif(1, 1), png_bytes(64, 48), png_bytes(2000, 30)])
def test_the_deck_form_refuses_a_photo_too_small_to_use(app, tmp_path, photo):
    app.instance_path = str(tmp_path / "instance")
    client = app.test_client()
    response = client.post("/decks/enrol/home/" + SHEETS[0].name,
                           content_type="multipart/form-data",
                           data={"image": (io.BytesIO(photo), "sheet.gif")})
    assert response.status_code == 400
    assert "take the sheet again" in response.get_data(as_text=True)


@pytest.mark.parametrize(("error", "status"), [
    (store.StaleVersion(3), 409), (service.RoundTaken(1, 2), 409),
    (store.GameNotFound("x"), 404), (ImageError("x"), 400), (NotationError("x"), 400),
    (GameRulesError("x", code="c"), 400), (ReaderUnavailable("x"), 503),
])
def test_each_known_failure_has_its_status(app, error, status):
    with app.test_request_context("/api/games"):
        _body, code = errors.handle_known(error)
    assert code == status


def test_a_stale_write_says_the_current_version_and_shows_the_game(app, saved_game):
    game_id = saved_game.game.id
    with app.test_request_context(f"/api/games/{game_id}/rounds", method="POST"):
        request.view_args = {"game_id": game_id}
        response, status = errors.handle_known(store.StaleVersion(saved_game.version))
    body = response.get_json()
    assert status == 409 and body["code"] == "stale_version"
    assert body["version"] == saved_game.version and body["game"]["id"] == game_id


def test_an_engine_error_carries_its_code_player_field_and_the_others(app):
    first = GameRulesError("Ann: 7 points", code="points_not_multiple_of_5",
                           params={"points": 7}, player="Ann", field="points")
    first.more = (GameNotationError("Bob: x", code="bad_number", params={"value": "x"},
                                    player="Bob", field="points"),)
    with app.test_request_context("/api/games"):
        body = errors.payload(first)
    assert (body["code"], body["player"], body["field"]) == (
        "points_not_multiple_of_5", "Ann", "points")
    assert body["error"] == "Every card scores a multiple of 5, so 7 cannot be right."
    assert [problem["player"] for problem in body["more"]] == ["Bob"]


def test_a_page_gets_an_error_page_and_the_api_gets_json(client):
    page = client.get("/games/999999")
    assert page.status_code == 404 and page.mimetype == "text/html"
    api = client.get("/api/games/999999")
    assert api.status_code == 404 and api.get_json()["error"] == "There is no such game."


def test_an_unexpected_failure_is_a_500_that_tells_nothing_of_the_inside(app, client):
    @app.get("/api/boom")
    def boom():
        raise ZeroDivisionError("secret detail")

    response = client.get("/api/boom")
    assert response.status_code == 500
    assert "secret" not in response.get_data(as_text=True)
    assert response.get_json()["error"] == "Something went wrong on the server."
