"""The one module that owns the SQLite database: connection per request on ``g``, versioned schema.

The schema is created on first start and upgraded by appending to :data:`MIGRATIONS`; nothing
here ever drops a table. Every query uses ``?`` placeholders.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import click
from flask import Flask, current_app, g
from flask.cli import with_appcontext

from web.text_repair import repair_stored_text

Migration = str | Callable[[sqlite3.Connection], None]

MIGRATIONS: tuple[Migration, ...] = (
    # 1: games with their setup, rounds as records, an event log for undo
    """
    CREATE TABLE IF NOT EXISTS game (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT NOT NULL,
        setup TEXT NOT NULL,
        version INTEGER NOT NULL DEFAULT 1,
        archived INTEGER NOT NULL DEFAULT 0,
        share_token TEXT NOT NULL UNIQUE,
        created TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
        updated TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
    );
    CREATE TABLE IF NOT EXISTS round (
        game_id INTEGER NOT NULL REFERENCES game (id) ON DELETE CASCADE,
        number INTEGER NOT NULL,
        record TEXT NOT NULL,
        PRIMARY KEY (game_id, number)
    );
    CREATE TABLE IF NOT EXISTS event (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        game_id INTEGER NOT NULL REFERENCES game (id) ON DELETE CASCADE,
        action TEXT NOT NULL,
        round_number INTEGER NOT NULL,
        rounds_before TEXT NOT NULL,
        created TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
    );
    CREATE INDEX IF NOT EXISTS event_game ON event (game_id, id);
    """,
    # 2: the keeper token of a game (its creating device holds it; see web.keeper)
    """
    ALTER TABLE game ADD COLUMN keeper_token TEXT;
    """,
    # 3: the first answer to each Idempotency-Key a game's round writes were sent with
    """
    CREATE TABLE IF NOT EXISTS idempotency (
        game_id INTEGER NOT NULL REFERENCES game (id) ON DELETE CASCADE,
        key TEXT NOT NULL,
        fingerprint TEXT NOT NULL,
        status INTEGER NOT NULL,
        body TEXT NOT NULL,
        created TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
        PRIMARY KEY (game_id, key)
    );
    """,
    # 4: undo keeps every change in the log (redo needs its rounds after, and its status)
    """
    ALTER TABLE event ADD COLUMN rounds_after TEXT;
    ALTER TABLE event ADD COLUMN status TEXT NOT NULL DEFAULT 'done';
    """,
    # 5: names stored before text was checked (a lone surrogate broke every page showing it);
    # after 3 and 4, so the undo log's rounds after and the kept answers are repaired too
    repair_stored_text,
)
"""Schema steps, SQL or a function of the connection; ``PRAGMA user_version`` records how many
have run. Append, never edit."""


def connect(path: str) -> sqlite3.Connection:
    """A connection with rows as mappings, foreign keys on and WAL journaling."""
    conn = sqlite3.connect(path, timeout=10, isolation_level=None)
    conn.row_factory = sqlite3.Row
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA synchronous = FULL")
    return conn


def migrate(conn: sqlite3.Connection) -> int:
    """Run the schema steps not yet applied; idempotent. Returns the schema version."""
    current = conn.execute("PRAGMA user_version").fetchone()[0]
    for number, script in enumerate(MIGRATIONS, start=1):
        if number <= current:
            continue
        if isinstance(script, str):
            conn.executescript(
                f"BEGIN IMMEDIATE; {script}; PRAGMA user_version = {number}; COMMIT;")
            continue
        conn.execute("BEGIN IMMEDIATE")
        try:
            script(conn)
            conn.execute(f"PRAGMA user_version = {number}")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")
    return len(MIGRATIONS)


def get_db() -> sqlite3.Connection:
    """The request's connection, opened on first use."""
    if "db" not in g:
        g.db = connect(current_app.config["DATABASE"])
    return g.db


def close_db(_exc: BaseException | None = None) -> None:
    conn = g.pop("db", None)
    if conn is not None:
        conn.close()


@contextmanager
def transaction() -> Iterator[sqlite3.Connection]:
    """A write transaction (``BEGIN IMMEDIATE``), committed on success, rolled back on error.

    Inside another write transaction it is that one: a view may read, check and write several
    things as one step, and the writes it calls join it.
    """
    conn = get_db()
    if conn.in_transaction:
        yield conn
        return
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


@contextmanager
def snapshot() -> Iterator[sqlite3.Connection]:
    """A read transaction: every SELECT inside sees the database as of the first one.

    Inside a write transaction it is that transaction (which sees its own writes).
    """
    conn = get_db()
    if conn.in_transaction:
        yield conn
        return
    conn.execute("BEGIN")
    try:
        yield conn
    finally:
        conn.execute("COMMIT")


@click.command("init-db")
@with_appcontext
def init_db_command() -> None:
    """Create or upgrade the schema (keeps every saved game)."""
    conn = connect(current_app.config["DATABASE"])
    try:
        version = migrate(conn)
    finally:
        conn.close()
    click.echo(f"Database ready at schema version {version}.")


def init_app(app: Flask) -> None:
    """Create the schema on start, close connections on teardown, add ``flask init-db``."""
    conn = connect(app.config["DATABASE"])
    try:
        migrate(conn)
    finally:
        conn.close()
    app.teardown_appcontext(close_db)
    app.cli.add_command(init_db_command)
