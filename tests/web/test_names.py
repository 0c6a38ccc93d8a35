"""Player names: one rule for the form and the API (at most 40 characters, the same message)."""

from __future__ import annotations

import html

from scorer.game.records import MAX_NAME_LENGTH


def test_a_million_character_name_through_the_api_is_400(client):
    response = client.post("/api/games", json={"players": ["A" * 1_000_000, "Bob"]})
    assert response.status_code == 400
    body = response.get_json()
    assert body["field"] == "players" and body["code"] == "name_too_long"
    assert len(response.get_data()) < 1000  # the name is not echoed back whole


def test_forty_characters_are_fine_and_forty_one_are_not_on_both_paths(client):
    ok = "x" * MAX_NAME_LENGTH
    assert client.post("/api/games", json={"players": [ok, "Bob"]}).status_code == 201
    too_long = "y" * (MAX_NAME_LENGTH + 1)
    api = client.post("/api/games", json={"players": [too_long, "Bob"]})
    form = client.post("/games/new", data={"player-0": too_long, "player-1": "Bob"})
    assert api.status_code == 400 and form.status_code == 400
    assert api.get_json()["error"] in html.unescape(form.get_data(as_text=True))
