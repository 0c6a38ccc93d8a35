"""Malformed numbers at every web boundary answer 4xx, never 500 (issue: '²', 5,000 digits,
ids past 2**63, JSON nested 100,000 deep)."""

from __future__ import annotations

import pytest

HUGE = "9" * 5000


def make_game(client) -> dict:
    response = client.post("/api/games", json={"players": ["Ann", "Bob"]})
    assert response.status_code == 201
    return response.get_json()


@pytest.mark.parametrize("game_id", ["99999999999999999999", str(2**63), HUGE, "٣"])
def test_url_ids_past_sqlite_integers_are_404(client, game_id):
    make_game(client)
    for url in (f"/api/games/{game_id}", f"/games/{game_id}", f"/api/games/1/rounds/{game_id}"):
        assert client.get(url).status_code == 404, url


@pytest.mark.parametrize("version", ["²", HUGE, str(2**63), 2**63, -1, 1.5, "1.0"])
def test_bad_versions_in_bodies_and_if_match_are_400(client, version):
    make_game(client)
    assert client.patch("/api/games/1", json={"archived": True, "version": version}
                        ).status_code == 400
    assert client.delete("/api/games/1", json={"version": version}).status_code == 400
    assert client.post("/api/games/1/undo", headers={"If-Match": f'"{version}"'},
                       json={}).status_code == 400


@pytest.mark.parametrize("value", ["²", HUGE, 2**63, str(2**64)])
def test_bad_points_and_phases_in_rounds_are_400_naming_the_field(client, value):
    make_game(client)
    for field in ("points", "phase"):
        body = {"version": 1, "went_out": "Ann", "results": [
            {"player": "Ann", "completed": True},
            {"player": "Bob", "completed": False, "points": 10, field: value}]}
        response = client.post("/api/games/1/rounds", json=body)
        assert response.status_code == 400
        assert response.get_json()["field"] == field


@pytest.mark.parametrize("value", ["²", HUGE, 2**63, str(2**64), -1])
def test_bad_game_and_phase_in_check_are_400(client, value):
    make_game(client)
    assert client.post("/api/check", json={"cards": ["R1"], "game": value, "player": "Ann"}
                       ).status_code == 400
    assert client.post("/api/check", json={"cards": ["R1"], "phase": value}).status_code == 400


def test_deeply_nested_json_is_400(client):
    make_game(client)
    deep = "[" * 100_000 + "]" * 100_000
    for method, url in (("post", "/api/games"), ("post", "/api/check"),
                        ("patch", "/api/games/1"), ("post", "/api/games/1/rounds")):
        response = getattr(client, method)(url, data=deep, content_type="application/json")
        assert response.status_code == 400, url
    assert client.delete("/api/games/1", data=deep, content_type="application/json"
                         ).status_code < 500


@pytest.mark.parametrize("count", ["²", HUGE, str(2**64)])
def test_bad_phase_counts_on_the_new_game_form_show_beside_the_field(client, count):
    response = client.post("/games/new", data={"player-0": "Ann", "player-1": "Bob",
                                               "variant": "short", "phases_count": count})
    assert response.status_code == 400
    assert "whole number" in response.get_data(as_text=True) or "from 0" in \
        response.get_data(as_text=True)


@pytest.mark.parametrize("phase", ["²", HUGE])
def test_the_live_page_ignores_a_bad_phase(client, phase):
    assert client.get(f"/live/?phase={phase}").status_code == 200
