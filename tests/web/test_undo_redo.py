"""Undo and redo: every change stays in the game's log, so what is undone can be redone."""

from __future__ import annotations

import sqlite3

from web import store


def create(client):
    return client.post("/api/games", json={"players": ["Ann", "Bob"]}).get_json()["id"]


def add(client, gid, version, bob=50):
    response = client.post(f"/api/games/{gid}/rounds", json={
        "version": version, "went_out": "Ann",
        "results": [{"player": "Ann", "completed": True},
                    {"player": "Bob", "completed": False, "points": bob}]})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def bob_points(game):
    return [r["results"][1]["points"] for r in game["rounds"]]


def test_undo_then_redo_restores_each_change_in_turn(client):
    gid = create(client)
    add(client, gid, 1, bob=50)
    add(client, gid, 2, bob=60)
    edited = client.put(f"/api/games/{gid}/rounds/2", json={
        "version": 3, "went_out": "Ann",
        "results": [{"player": "Ann", "completed": True},
                    {"player": "Bob", "completed": False, "points": 95}]}).get_json()
    assert bob_points(edited) == [50, 95]
    first = client.post(f"/api/games/{gid}/undo", json={"version": 4}).get_json()
    assert bob_points(first) == [50, 60]
    assert first["redo_change"] == {"action": "edit", "round_number": 2}
    second = client.post(f"/api/games/{gid}/undo", json={"version": 5}).get_json()
    assert bob_points(second) == [50]
    assert second["redo_change"] == {"action": "add", "round_number": 2}  # the latest undone
    redone = client.post(f"/api/games/{gid}/redo", json={"version": 6})
    assert redone.status_code == 200 and redone.headers["X-Redone"] == "add round 2"
    assert bob_points(redone.get_json()) == [50, 60]
    again = client.post(f"/api/games/{gid}/redo", json={"version": 7}).get_json()
    assert bob_points(again) == [50, 95]  # the edit is back
    assert again["redo_change"] is None
    assert again["last_change"] == {"action": "edit", "round_number": 2}
    assert client.post(f"/api/games/{gid}/redo", json={"version": 8}).status_code == 409


def test_a_new_change_after_an_undo_ends_redo_but_stays_in_the_log(app, client):
    gid = create(client)
    add(client, gid, 1, bob=50)
    add(client, gid, 2, bob=60)
    client.post(f"/api/games/{gid}/undo", json={"version": 3})
    add(client, gid, 4, bob=70)  # a new round 2 instead of the undone one
    game = client.get(f"/api/games/{gid}").get_json()
    assert game["redo_change"] is None
    assert client.post(f"/api/games/{gid}/redo", json={"version": 5}).status_code == 409
    undone = client.post(f"/api/games/{gid}/undo", json={"version": 5}).get_json()
    assert bob_points(undone) == [50]  # undo skips the change that was undone before
    with app.app_context():
        statuses = [row["status"] for row in store.get_db().execute(
            "SELECT status FROM event WHERE game_id = ? ORDER BY id", (gid,))]
    assert statuses == ["done", "superseded", "undone"]  # nothing is deleted from the log


def test_an_undo_logged_before_redo_existed_can_be_redone(app, client):
    """Changes logged by the old schema have no rounds after: undo keeps what they were."""
    gid = create(client)
    add(client, gid, 1, bob=50)
    with app.app_context():
        conn = store.get_db()
        conn.execute("UPDATE event SET rounds_after = NULL WHERE game_id = ?", (gid,))
    client.post(f"/api/games/{gid}/undo", json={"version": 2})
    redone = client.post(f"/api/games/{gid}/redo", json={"version": 3}).get_json()
    assert bob_points(redone) == [50]


def test_the_pages_offer_redo_beside_undo_and_say_what_each_does(client, new_game, play_round):
    game_id = new_game(("Ann", "Bob"))
    play_round(game_id, {0: (True, None), 1: (False, 60)}, went_out=0)
    history = client.get(f"/games/{game_id}/history").get_data(as_text=True)
    assert "Undo: round 1 added" in history and 'id="redo"' not in history
    # undo sits apart from "← Scoreboard": below the rounds, not in the top row of buttons
    assert history.index("← Scoreboard") < history.index('id="history"') < history.index(
        'id="undo"')
    undone = client.post(f"/games/{game_id}/undo", data={"version": "2", "next": "history"},
                         follow_redirects=True).get_data(as_text=True)
    assert "Undone: round 1 added. Redo brings it back." in undone
    assert "Redo: round 1 added" in undone
    redone = client.post(f"/games/{game_id}/redo", data={"version": "3", "next": "history"})
    assert redone.status_code == 302 and redone.headers["Location"].endswith("/history")
    board = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Redone: round 1 added." in board and "Undo: round 1 added" in board
    assert len(client.get(f"/api/games/{game_id}/rounds").get_json()["rounds"]) == 1


def test_the_migration_keeps_logged_changes_undoable(tmp_path):
    """A database from before the log kept undone changes: its events become 'done'."""
    from web.db import MIGRATIONS, connect, migrate

    path = tmp_path / "old.sqlite"
    conn = connect(str(path))
    for number, script in enumerate(MIGRATIONS[:2], start=1):
        conn.executescript(f"BEGIN; {script}; PRAGMA user_version = {number}; COMMIT;")
    conn.execute("INSERT INTO game (name, setup, share_token) VALUES ('g', '{}', 't')")
    conn.execute("INSERT INTO event (game_id, action, round_number, rounds_before)"
                 " VALUES (1, 'add', 1, '[]')")
    migrate(conn)
    row = conn.execute("SELECT status, rounds_after FROM event").fetchone()
    assert (row["status"], row["rounds_after"]) == ("done", None)
    conn.close()
    assert isinstance(row, sqlite3.Row)
