"""One place maps failures to HTTP answers: the status for each kind, and a JSON body that says
what a client needs to recover."""

from __future__ import annotations

import pytest
from flask import request

from scorer.errors import GameNotationError, GameRulesError, NotationError
from web import errors, service, store
from web.images import ImageError
from web.reader import ReaderUnavailable


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
