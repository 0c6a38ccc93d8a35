"""The JSON API: games, players, rounds, standings, undo, versions, and its clear 4xx errors."""

from __future__ import annotations

import pytest

JSON = {"Content-Type": "application/json"}


def create(client, players=("Ann", "Bob"), **extra):
    response = client.post("/api/games", json={"players": list(players), **extra})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def round_body(version, went_out="Ann", **points):
    results = [{"player": "Ann", "completed": True},
               {"player": "Bob", "completed": False, "points": points.get("bob", 50)}]
    return {"version": version, "results": results, "went_out": went_out}


def test_create_a_game_returns_it_with_location_and_etag(client):
    response = client.post("/api/games", json={"players": ["Ann", "Bob"], "first_dealer": 1,
                                               "variant": "short", "phases_count": 3,
                                               "name": "API"})
    assert response.status_code == 201
    game = response.get_json()
    assert response.headers["Location"] == f"/api/games/{game['id']}"
    assert response.headers["ETag"] == '"1"'
    assert game["version"] == 1
    assert game["standings"]["dealer"] == "Bob"
    assert len(game["setup"]["rules"]["phases"]) == 3


def test_list_and_get_games(client):
    game = create(client)
    listed = client.get("/api/games").get_json()["games"]
    assert [g["id"] for g in listed] == [game["id"]]
    assert listed[0]["players"] == ["Ann", "Bob"]
    assert client.get(f"/api/games/{game['id']}").get_json()["name"] == "Ann · Bob"


def test_players_and_one_player(client):
    game = create(client)
    players = client.get(f"/api/games/{game['id']}/players").get_json()["players"]
    assert [p["player"] for p in players] == ["Ann", "Bob"]
    bob = client.get(f"/api/games/{game['id']}/players/bob").get_json()
    assert bob["phase"] == 1 and bob["phase_spec"]["description"] == "2 sets of 3"
    missing = client.get(f"/api/games/{game['id']}/players/Zed")
    assert missing.status_code == 404 and "error" in missing.get_json()


def test_add_edit_delete_rounds_and_standings(client):
    gid = create(client)["id"]
    added = client.post(f"/api/games/{gid}/rounds", json=round_body(1))
    assert added.status_code == 201
    assert added.get_json()["version"] == 2
    assert client.get(f"/api/games/{gid}/rounds/1").get_json()["went_out"] == "Ann"
    edited = client.put(f"/api/games/{gid}/rounds/1", json=round_body(2, bob=70))
    assert edited.status_code == 200
    standings = client.get(f"/api/games/{gid}/standings").get_json()
    assert [p["total"] for p in standings["players"]] == [0, 70]
    assert standings["version"] == 3
    deleted = client.delete(f"/api/games/{gid}/rounds/1", headers={"If-Match": '"3"',
                                                                    "X-Requested-With": "t"})
    assert deleted.status_code == 200
    assert client.get(f"/api/games/{gid}/rounds").get_json()["rounds"] == []


def test_undo_through_the_api(client):
    gid = create(client)["id"]
    client.post(f"/api/games/{gid}/rounds", json=round_body(1))
    undone = client.post(f"/api/games/{gid}/undo", json={"version": 2})
    assert undone.status_code == 200
    assert undone.headers["X-Undone"] == "add round 1"
    assert undone.get_json()["rounds"] == []
    nothing = client.post(f"/api/games/{gid}/undo", json={"version": 3})
    assert nothing.status_code == 409


def test_a_stale_write_is_409_with_the_current_version(client):
    gid = create(client)["id"]
    client.post(f"/api/games/{gid}/rounds", json=round_body(1))
    stale = client.post(f"/api/games/{gid}/rounds", json=round_body(1))
    assert stale.status_code == 409
    body = stale.get_json()
    assert body["version"] == 2 and "changed" in body["error"]
    stale_header = client.put(f"/api/games/{gid}/rounds/1", json=round_body(None),
                              headers={"If-Match": '"1"'})
    assert stale_header.status_code == 409


def test_a_write_without_a_version_is_428(client):
    gid = create(client)["id"]
    body = round_body(1)
    del body["version"]
    response = client.post(f"/api/games/{gid}/rounds", json=body)
    assert response.status_code == 428
    assert "version" in response.get_json()["error"]


def test_engine_errors_are_400_with_code_player_and_field(client):
    gid = create(client)["id"]
    response = client.post(f"/api/games/{gid}/rounds", json=round_body(1, bob=7))
    assert response.status_code == 400
    body = response.get_json()
    assert body["code"] == "points_not_multiple_of_5"
    assert body["player"] == "Bob" and body["field"] == "points"
    assert "multiple of 5" in body["error"]


def test_other_players_wrong_results_are_listed_under_more(client):
    gid = create(client, players=("Ann", "Bob", "Cy"))["id"]
    body = round_body(1, bob=7)
    body["results"].append({"player": "Cy", "completed": False, "points": 400})
    response = client.post(f"/api/games/{gid}/rounds", json=body)
    assert response.status_code == 400
    error = response.get_json()
    assert error["player"] == "Bob"
    assert [(m["player"], m["code"], m["field"]) for m in error["more"]] == [
        ("Cy", "points_too_high", "points")]


@pytest.mark.parametrize("body", [
    {"players": ["Solo"]},
    {"players": "Ann Bob"},
    {"players": ["Ann", "Bob"], "first_dealer": 7},
    {"players": ["Ann", "Bob"], "variant": "speedy"},
    {"players": ["Ann", "Bob"], "phases_count": 11},
    {"players": ["Ann", ""]},
    {"players": ["Ann", "Bob"], "name": 5},
    {},
])
def test_bad_games_are_400(client, body):
    response = client.post("/api/games", json=body)
    assert response.status_code == 400
    assert response.get_json()["error"]


@pytest.mark.parametrize("body", [
    {"version": 1, "results": "nope", "went_out": "Ann"},
    {"version": 1, "results": [{"player": "Zed", "completed": True}], "went_out": "Zed"},
    {"version": 1, "results": [{"player": "Ann", "completed": "yes"}], "went_out": "Ann"},
    {"version": 1, "results": [{"player": "Ann", "completed": True},
                               {"player": "Bob", "completed": False, "hand": "R5 Q9"}],
     "went_out": "Ann"},
    {"version": 1, "results": [{"player": "Ann", "completed": True},
                               {"player": "Bob", "completed": False, "points": "many"}],
     "went_out": "Ann"},
    {"version": 1, "results": [], "went_out": ["Ann", "Bob"]},
    {"version": "one", "results": [], "went_out": "Ann"},
])
def test_bad_rounds_are_400(client, body):
    gid = create(client)["id"]
    response = client.post(f"/api/games/{gid}/rounds", json=body)
    assert response.status_code == 400, response.get_json()
    assert response.get_json()["error"]


def test_malformed_json_is_400(client):
    gid = create(client)["id"]
    response = client.post(f"/api/games/{gid}/rounds", data="{not json", headers=JSON)
    assert response.status_code == 400
    assert "JSON" in response.get_json()["error"]
    array = client.post("/api/games", data="[1, 2]", headers=JSON)
    assert array.status_code == 400


def test_unknown_games_and_rounds_are_404(client):
    assert client.get("/api/games/42").status_code == 404
    assert client.get("/api/games/42/standings").get_json()["error"]
    gid = create(client)["id"]
    assert client.get(f"/api/games/{gid}/rounds/3").status_code == 404
    assert client.put(f"/api/games/{gid}/rounds/3", json=round_body(1)).status_code == 404
    assert client.get("/api/nothing").status_code == 404
    assert client.get("/api/nothing").get_json()["error"]


def test_api_writes_need_json_or_a_custom_header(client):
    gid = create(client)["id"]
    form = client.post(f"/api/games/{gid}/undo", data={"version": "1"})
    assert form.status_code == 403
    assert "X-Requested-With" in form.get_json()["error"]
    assert client.delete(f"/api/games/{gid}", headers={"If-Match": '"1"'}).status_code == 403


def test_wrong_method_is_405_json(client):
    response = client.put("/api/games", json={})
    assert response.status_code == 405
    assert response.get_json()["error"]


def test_archive_and_delete_a_game(client):
    gid = create(client)["id"]
    archived = client.patch(f"/api/games/{gid}", json={"archived": True, "version": 1})
    assert archived.get_json()["archived"] is True
    assert client.get("/api/games").get_json()["games"] == []
    assert client.get("/api/games?archived=1").get_json()["games"][0]["id"] == gid
    bad = client.patch(f"/api/games/{gid}", json={"archived": "yes", "version": 2})
    assert bad.status_code == 400
    gone = client.delete(f"/api/games/{gid}", json={"version": 2})
    assert gone.status_code == 204
    assert client.get(f"/api/games/{gid}").status_code == 404


def test_version_endpoint(client):
    gid = create(client)["id"]
    assert client.get(f"/api/games/{gid}/version").get_json() == {"version": 1}


@pytest.fixture
def engine_calls(monkeypatch):
    """Counts the replays the app starts and the rounds the engine checks, per request."""
    from scorer.game import replay as engine
    from web import service

    calls = {"replays": 0, "checks": 0}
    real_replay, real_check = engine.replay, engine.check_record

    def replay(*args, **kwargs):
        calls["replays"] += 1
        return real_replay(*args, **kwargs)

    def check_record(*args, **kwargs):
        calls["checks"] += 1
        return real_check(*args, **kwargs)

    monkeypatch.setattr(service, "replay", replay)
    monkeypatch.setattr(engine, "check_record", check_record)
    return calls


def game_with_rounds(client, count):
    gid = create(client)["id"]
    for version in range(1, count + 1):
        assert client.post(f"/api/games/{gid}/rounds", json=round_body(version)).status_code == 201
    return gid


def test_posting_a_round_replays_the_game_once(client, engine_calls):
    """Each stored round is checked once, then the new one; the answer needs no second replay."""
    gid = game_with_rounds(client, 3)
    engine_calls.update(replays=0, checks=0)
    added = client.post(f"/api/games/{gid}/rounds", json=round_body(4))
    assert added.status_code == 201
    assert engine_calls == {"replays": 1, "checks": 4}
    body = added.get_json()
    assert (body["version"], len(body["rounds"])) == (5, 4)
    assert body["standings"] == client.get(f"/api/games/{gid}").get_json()["standings"]


@pytest.mark.parametrize("number", [1, 3])
def test_an_edit_checks_only_the_rounds_from_the_edited_one_again(client, engine_calls, number):
    gid = game_with_rounds(client, 3)
    engine_calls.update(replays=0, checks=0)
    edited = client.put(f"/api/games/{gid}/rounds/{number}", json=round_body(4, bob=70))
    assert edited.status_code == 200
    assert engine_calls["checks"] == 3 + (3 - number + 1)
    assert edited.get_json() == client.get(f"/api/games/{gid}").get_json()


def test_a_delete_checks_only_the_rounds_after_it_again(client, engine_calls):
    gid = game_with_rounds(client, 3)
    engine_calls.update(replays=0, checks=0)
    deleted = client.delete(f"/api/games/{gid}/rounds/2", json={"version": 4})
    assert deleted.status_code == 200
    assert engine_calls["checks"] == 3 + 1
    assert [p["total"] for p in deleted.get_json()["standings"]["players"]] == [0, 100]
