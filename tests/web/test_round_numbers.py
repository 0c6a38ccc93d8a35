"""A round says which round it is: a retried or doubled round is stored once (API and form).

A new round carries its number (the API's ``number``, the form's hidden ``number``) and, through
the API, may carry an ``Idempotency-Key``; a round already saved answers 409 with the game.
"""

from __future__ import annotations

import threading

import pytest

from web import create_app


def create(client, players=("Ann", "Bob")):
    response = client.post("/api/games", json={"players": list(players)})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def round_one(**extra):
    return {"results": [{"player": "Ann", "completed": True},
                        {"player": "Bob", "completed": False, "points": 50}],
            "went_out": "Ann", **extra}


def test_the_issue_sequence_stores_one_round(client):
    """A and B read version 1; A posts round 1; B posts the same round (409, with the game);
    B re-sends it based on the version it was told: still 409, and the game has one round."""
    gid = create(client)["id"]
    a = client.post(f"/api/games/{gid}/rounds", json=round_one(number=1),
                    headers={"If-Match": '"1"'})
    assert a.status_code == 201
    b = client.post(f"/api/games/{gid}/rounds", json=round_one(number=1),
                    headers={"If-Match": '"1"'})
    assert b.status_code == 409
    conflict = b.get_json()
    assert conflict["code"] == "round_taken" and conflict["number"] == 1
    assert conflict["version"] == 2
    assert len(conflict["game"]["rounds"]) == 1  # the current state, as the README promises
    assert conflict["game"]["standings"]["round_number"] == 2
    again = client.post(f"/api/games/{gid}/rounds", json=round_one(number=1),
                        headers={"If-Match": f'"{conflict["version"]}"'})
    assert again.status_code == 409 and again.get_json()["code"] == "round_taken"
    assert len(client.get(f"/api/games/{gid}/rounds").get_json()["rounds"]) == 1
    # the next round number is free
    two = client.post(f"/api/games/{gid}/rounds", json=round_one(number=2),
                      headers={"If-Match": '"2"'})
    assert two.status_code == 201


def test_a_stale_version_answers_409_with_the_current_state(client):
    gid = create(client)["id"]
    client.post(f"/api/games/{gid}/rounds", json=round_one(version=1))
    stale = client.post(f"/api/games/{gid}/rounds", json=round_one(version=1))
    assert stale.status_code == 409
    body = stale.get_json()
    assert body["code"] == "stale_version" and body["version"] == 2
    assert body["game"]["version"] == 2 and len(body["game"]["rounds"]) == 1


def test_the_same_idempotency_key_twice_gives_the_first_answer(client):
    gid = create(client)["id"]
    key = {"Idempotency-Key": "phone-a-round-1"}
    first = client.post(f"/api/games/{gid}/rounds", json=round_one(version=1), headers=key)
    assert first.status_code == 201
    # the retry names the version it was told about since: still the first answer
    retry = client.post(f"/api/games/{gid}/rounds", json=round_one(version=2), headers=key)
    assert retry.status_code == 201
    assert retry.headers["Idempotent-Replayed"] == "true"
    assert retry.get_json() == first.get_json()
    assert len(client.get(f"/api/games/{gid}/rounds").get_json()["rounds"]) == 1
    other = client.post(f"/api/games/{gid}/rounds",
                        json={**round_one(version=2), "went_out": "Bob"}, headers=key)
    assert other.status_code == 422
    # another game keeps its own keys
    gid2 = create(client)["id"]
    assert client.post(f"/api/games/{gid2}/rounds", json=round_one(version=1),
                       headers=key).status_code == 201


@pytest.mark.parametrize("key", ["", "x" * 256, "caf\u00e9"])
def test_a_bad_idempotency_key_is_400(client, key):
    gid = create(client)["id"]
    response = client.post(f"/api/games/{gid}/rounds", json=round_one(version=1),
                           headers={"Idempotency-Key": key.encode("utf-8").decode("latin-1")})
    assert response.status_code == 400


@pytest.mark.parametrize("number, status", [(0, 400), ("two", 400), (True, 400), (3, 400)])
def test_a_round_number_that_is_not_the_next_one_is_refused(client, number, status):
    gid = create(client)["id"]
    response = client.post(f"/api/games/{gid}/rounds", json=round_one(version=1, number=number))
    assert response.status_code == status
    assert response.get_json()["field"] == "number"


def test_two_copies_racing_with_one_key_store_one_round(tmp_path):
    """Eight threads send the same keyed round at once: one round, eight equal answers."""
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False,
                      "DATABASE": str(tmp_path / "race.sqlite")})
    gid = create(app.test_client())["id"]
    answers: list[tuple[int, dict]] = []
    start = threading.Barrier(8)

    def send() -> None:
        client = app.test_client()
        start.wait()
        response = client.post(f"/api/games/{gid}/rounds", json=round_one(version=1),
                               headers={"Idempotency-Key": "same"})
        answers.append((response.status_code, response.get_json()))

    threads = [threading.Thread(target=send) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert [status for status, _ in answers] == [201] * 8
    assert all(body == answers[0][1] for _, body in answers)
    rounds = app.test_client().get(f"/api/games/{gid}/rounds").get_json()["rounds"]
    assert len(rounds) == 1


def test_the_form_refuses_a_round_already_saved_and_offers_the_choice(client, new_game,
                                                                      play_round):
    game_id = new_game(("Ann", "Bob"))
    saved = play_round(game_id, {0: (True, None), 1: (False, 60)}, went_out=0, version=1,
                       number=None)
    assert saved.status_code == 302
    page = client.post(f"/games/{game_id}/rounds/new", data={
        "version": "1", "number": "1", "went_out": "1", "completed-1": "yes",
        "completed-0": "no", "points-0": "75"})
    assert page.status_code == 409
    text = page.get_data(as_text=True)
    assert 'id="round-taken"' in text
    for choice in ("keep", "replace", "add"):
        assert f'value="{choice}"' in text
    assert "Round 1" in text and "Round 2" not in text.split("<h1>")[1].split("</h1>")[0]
    # a plain Save again (the page carries the current version) is still refused
    again = client.post(f"/games/{game_id}/rounds/new", data={
        "version": "2", "number": "1", "went_out": "1", "completed-1": "yes",
        "completed-0": "no", "points-0": "75"})
    assert again.status_code == 409
    assert len(client.get(f"/api/games/{game_id}/rounds").get_json()["rounds"]) == 1


@pytest.mark.parametrize("choice, rounds, first_out", [
    ("keep", 1, "Ann"), ("replace", 1, "Bob"), ("add", 2, "Ann")])
def test_each_choice_does_what_it_says(client, new_game, play_round, choice, rounds, first_out):
    game_id = new_game(("Ann", "Bob"))
    play_round(game_id, {0: (True, None), 1: (False, 60)}, went_out=0, version=1)
    mine = {"version": "2", "number": "1", "went_out": "1", "completed-1": "yes",
            "completed-0": "no", "points-0": "75", "resolve": choice}
    response = client.post(f"/games/{game_id}/rounds/new", data=mine)
    assert response.status_code == 302
    stored = client.get(f"/api/games/{game_id}/rounds").get_json()["rounds"]
    assert len(stored) == rounds
    assert stored[0]["went_out"] == first_out
    if choice == "add":
        assert stored[1]["went_out"] == "Bob"


def test_the_same_round_sent_twice_from_the_form_is_saved_once(client, new_game):
    game_id = new_game(("Ann", "Bob"))
    data = {"version": "1", "number": "1", "went_out": "0", "completed-0": "yes",
            "completed-1": "no", "points-1": "60"}
    assert client.post(f"/games/{game_id}/rounds/new", data=data).status_code == 302
    retry = client.post(f"/games/{game_id}/rounds/new", data=data, follow_redirects=True)
    assert retry.status_code == 200
    assert "Round 1 was already saved" in retry.get_data(as_text=True)
    assert len(client.get(f"/api/games/{game_id}/rounds").get_json()["rounds"]) == 1
