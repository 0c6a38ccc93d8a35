"""Text that is stored can always be shown: names are checked on the way in, and a database
that already holds a bad name is repaired by schema step 5 (:mod:`web.text_repair`), whatever
version the database is at."""

from __future__ import annotations

import json
import re

import pytest

from tests.conftest import _config
from web import create_app, db

SURROGATE = "\ud800"


def _page_urls(app, game_id: int, token: str) -> list[str]:
    """Every page (GET route) of the app, filled in for ``game_id``: the games list, the
    scoreboard, history, round forms, photo and live pages, exports and the share pages."""
    values = {"game_id": str(game_id), "seat": "0", "number": "1", "token": token}
    urls = []
    for rule in app.url_map.iter_rules():
        if "GET" not in rule.methods or rule.endpoint == "static" or "/decks" in rule.rule:
            continue
        if rule.endpoint.startswith(("live.camera", "keeper.", "games.favicon")):
            continue  # the server webcam (none here), the keeper link (a secret), a redirect
        names = re.findall(r"<(?:\w+:)?(\w+)>", rule.rule)
        if all(name in values for name in names):
            urls.append(re.sub(r"<(?:\w+:)?(\w+)>", lambda m: values[m.group(1)], rule.rule))
    return sorted(urls)


def _old_database(path) -> None:
    """A database at schema version 2 holding what the old API stored: a lone surrogate in a
    player's name (setup JSON and rounds), a control character and invalid UTF-8 in names."""
    conn = db.connect(str(path))
    for number, script in enumerate(db.MIGRATIONS[:2], start=1):
        conn.executescript(f"BEGIN; {script}; PRAGMA user_version = {number}; COMMIT;")
    setup = {"players": [SURROGATE, "Bob", "bob\x07"], "first_dealer": 0}
    conn.execute("INSERT INTO game (name, setup, share_token, keeper_token) "
                 "VALUES (CAST(X'41EDA080' AS TEXT), ?, 'tok', 'keep')",
                 (json.dumps(setup),))
    record = {"results": [{"player": SURROGATE, "completed": True, "points": None},
                          {"player": "Bob", "completed": False, "points": 50},
                          {"player": "bob\x07", "completed": True, "points": 25}],
              "went_out": SURROGATE, "tie_breaker": False}
    conn.execute("INSERT INTO round (game_id, number, record) VALUES (1, 1, ?)",
                 (json.dumps(record),))
    conn.execute("INSERT INTO event (game_id, action, round_number, rounds_before) "
                 "VALUES (1, 'add', 1, ?)", (json.dumps([record]),))
    conn.close()


def test_a_stored_surrogate_is_repaired_and_every_page_loads(tmp_path):
    _old_database(tmp_path / "test.sqlite")
    app = create_app(_config(tmp_path))
    try:
        client = app.test_client()
        game = client.get("/api/games/1").get_json()
        assert game["setup"]["players"] == ["\ufffd", "Bob", "bob\ufffd"]
        assert game["name"].startswith("A\ufffd") and set(game["name"][1:]) == {"\ufffd"}
        assert [r["player"] for r in game["rounds"][0]["results"]] == game["setup"]["players"]
        assert game["rounds"][0]["went_out"] == "\ufffd"
        assert game["standings"]["round_number"] == 2
        urls = _page_urls(app, 1, "tok")
        assert len(urls) >= 12, urls
        for url in urls:
            response = client.get(url, follow_redirects=True)  # apple-touch-icon.png
            assert response.status_code == 200, (url, response.status_code)
            response.close()
        undone = client.post("/api/games/1/undo", json={"version": game["version"]})
        assert undone.status_code == 200  # the undo log was repaired too
    finally:
        app.extensions["phase10_live"].stop()


def test_the_repair_leaves_good_games_alone(tmp_path):
    conn = db.connect(str(tmp_path / "good.sqlite"))
    for number, script in enumerate(db.MIGRATIONS[:2], start=1):
        conn.executescript(f"BEGIN; {script}; PRAGMA user_version = {number}; COMMIT;")
    setup = json.dumps({"players": ["Zoé", "Åsa"], "first_dealer": 0})
    conn.execute("INSERT INTO game (name, setup, share_token) VALUES ('Zoé · Åsa', ?, 't')",
                 (setup,))
    assert db.migrate(conn) == len(db.MIGRATIONS)
    row = conn.execute("SELECT name, setup FROM game").fetchone()
    assert (row["name"], row["setup"]) == ("Zoé · Åsa", setup)
    conn.close()


def _at_version(path, version: int, monkeypatch) -> None:
    """A database that ran the first ``version`` schema steps, as an older app left it."""
    conn = db.connect(str(path))
    with monkeypatch.context() as patch:
        patch.setattr(db, "MIGRATIONS", db.MIGRATIONS[:version])
        assert db.migrate(conn) == version
    conn.close()


@pytest.mark.parametrize("version", range(len(db.MIGRATIONS) + 1))
def test_every_step_runs_from_each_older_version(tmp_path, monkeypatch, version):
    """From a fresh database (0) or one at any older version, the remaining steps run in order
    and leave the same schema as a fresh start."""
    _at_version(tmp_path / "old.sqlite", version, monkeypatch)
    conn = db.connect(str(tmp_path / "old.sqlite"))
    assert db.migrate(conn) == len(db.MIGRATIONS) == 5
    assert conn.execute("PRAGMA user_version").fetchone()[0] == len(db.MIGRATIONS)
    tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"game", "round", "event", "idempotency"} <= tables
    columns = {row[1] for row in conn.execute("PRAGMA table_info(event)")}
    assert {"rounds_before", "rounds_after", "status"} <= columns
    assert "keeper_token" in {row[1] for row in conn.execute("PRAGMA table_info(game)")}
    assert db.migrate(conn) == len(db.MIGRATIONS)  # again: nothing to do
    conn.close()


def test_the_repair_covers_the_redo_log_and_the_kept_answers(tmp_path, monkeypatch):
    """A database at version 4 (undo and redo, idempotency keys) holding a surrogate name in an
    undone change's rounds and in a kept answer: both are repaired, and redo brings back the
    round with the repaired name."""
    path = tmp_path / "test.sqlite"
    _at_version(path, 4, monkeypatch)
    conn = db.connect(str(path))
    setup = {"players": [SURROGATE, "Bob"], "first_dealer": 0}
    conn.execute("INSERT INTO game (name, setup, share_token, version) VALUES ('g', ?, 't', 3)",
                 (json.dumps(setup),))
    record = {"results": [{"player": SURROGATE, "completed": True, "points": None},
                          {"player": "Bob", "completed": False, "points": 50}],
              "went_out": SURROGATE, "tie_breaker": False}
    conn.execute("INSERT INTO event (game_id, action, round_number, rounds_before, rounds_after,"
                 " status) VALUES (1, 'add', 1, '[]', ?, 'undone')", (json.dumps([record]),))
    answer = {"id": 1, "setup": setup, "rounds": [record], "standings": {SURROGATE: 0},
              "version": 2}
    conn.execute("INSERT INTO idempotency (game_id, key, fingerprint, status, body)"
                 " VALUES (1, 'k', 'f', 201, ?)", (json.dumps(answer),))
    conn.close()
    app = create_app(_config(tmp_path))
    try:
        client = app.test_client()
        kept = json.loads(db.connect(str(path)).execute(
            "SELECT body FROM idempotency").fetchone()[0])
        assert kept["setup"]["players"] == ["\ufffd", "Bob"]
        assert kept["rounds"][0]["went_out"] == "\ufffd" and "\ufffd" in kept["standings"]
        redone = client.post("/api/games/1/redo", json={"version": 3})
        assert redone.status_code == 200, redone.get_json()
        assert redone.get_json()["rounds"][0]["went_out"] == "\ufffd"
        for url in _page_urls(app, 1, "t"):
            response = client.get(url, follow_redirects=True)
            assert response.status_code == 200, url
            response.close()
    finally:
        app.extensions["phase10_live"].stop()


@pytest.mark.parametrize("players, field", [
    ([SURROGATE, "Bob"], "players"),
    (["Ann\x00", "Bob"], "players"),
    (["Ann", "Bob\u202e\x1b[31m"], "players"),
    (["Ann", "\ue000"], "players"),
])
def test_the_api_refuses_names_that_cannot_be_shown(client, players, field):
    response = client.post("/api/games", json={"players": players})
    assert response.status_code == 400
    assert response.get_json()["field"].split(".")[0] == field
    assert client.get("/").status_code == 200


def test_raw_utf8_surrogate_bytes_are_refused(client):
    body = b'{"players": ["\xed\xa0\x80", "Bob"], "name": "x"}'
    response = client.post("/api/games", data=body, content_type="application/json")
    assert response.status_code == 400
    assert client.get("/").status_code == 200


def test_a_surrogate_game_name_is_a_400_not_a_500(client):
    response = client.post("/api/games", json={"players": ["Ann", "Bob"], "name": SURROGATE})
    assert response.status_code == 400
    assert response.get_json()["field"] == "name"


def test_names_are_stored_in_nfc(client):
    created = client.post("/api/games", json={"players": ["Zoe\u0301", "Bob"],
                                              "name": "Cafe\u0301"}).get_json()
    assert created["setup"]["players"][0] == "Zo\u00e9"
    assert created["name"] == "Caf\u00e9"
    standing = client.get(f"/api/games/{created['id']}/players/Zo%C3%A9")
    assert standing.status_code == 200


def test_the_form_refuses_a_control_character_beside_the_field(client):
    response = client.post("/games/new", data={"player-0": "Ann\x07", "player-1": "Bob",
                                               "dealer": "0", "variant": "standard"})
    assert response.status_code == 400
    assert "control characters" in response.get_data(as_text=True)
    response = client.post("/games/new", data={"player-0": "Ann", "player-1": "Bob",
                                               "name": "x\x00y", "dealer": "0"})
    assert response.status_code == 400


@pytest.mark.parametrize("hand", [5, 1.5, True, float("nan"), 10**30, [["R5"]], {"a": 1}])
@pytest.mark.parametrize("method", ["POST", "PUT"])
def test_a_hand_that_is_not_text_is_a_400(client, hand, method):
    game = client.post("/api/games", json={"players": ["Ann", "Bob"]}).get_json()
    url = f"/api/games/{game['id']}/rounds"
    if method == "PUT":
        client.post(url, json={"version": game["version"], "went_out": "Ann", "results": [
            {"player": "Ann", "completed": True}, {"player": "Bob", "completed": False,
                                                   "points": 50}]})
        game = client.get(f"/api/games/{game['id']}").get_json()
        url += "/1"
    body = {"version": game["version"], "went_out": "Ann", "results": [
        {"player": "Ann", "completed": True, "hand": hand},
        {"player": "Bob", "completed": False, "points": 50}]}
    response = client.open(url, method=method, json=body)
    assert response.status_code == 400, response.get_data(as_text=True)
    assert "hand" in response.get_json()["field"]
