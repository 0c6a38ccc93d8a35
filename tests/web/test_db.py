"""The database module: schema on first start, idempotent upgrades, WAL, and ``flask init-db``."""

from __future__ import annotations

import sqlite3

from web import create_app, db


def test_the_schema_is_created_on_first_start_in_wal_mode(app):
    conn = sqlite3.connect(app.config["DATABASE"])
    tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"game", "round", "event"} <= tables
    assert conn.execute("PRAGMA user_version").fetchone()[0] == len(db.MIGRATIONS)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    conn.close()


def test_starting_again_keeps_saved_games(app, client, new_game, tmp_path):
    new_game(name="Keep me")
    again = create_app({"TESTING": True, "DATABASE": app.config["DATABASE"], "SECRET_KEY": "t"})
    assert "Keep me" in again.test_client().get("/").get_data(as_text=True)


def test_init_db_is_idempotent_and_keeps_games(runner, client, new_game):
    new_game(name="Still here")
    result = runner.invoke(args=["init-db"])
    assert "schema version" in result.output
    assert "Still here" in client.get("/").get_data(as_text=True)


def test_the_connection_is_per_request_and_closed(app):
    with app.app_context():
        first = db.get_db()
        assert db.get_db() is first
    with app.app_context():
        assert db.get_db() is not first


def test_configuration_comes_from_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("PHASE10_DATABASE", str(tmp_path / "env.sqlite"))
    monkeypatch.setenv("PHASE10_SHARE_POLL_SECONDS", "7")
    app = create_app({"TESTING": True, "SECRET_KEY": "t"})
    assert app.config["DATABASE"] == str(tmp_path / "env.sqlite")
    assert app.config["SHARE_POLL_SECONDS"] == 7
    assert (tmp_path / "env.sqlite").exists()
