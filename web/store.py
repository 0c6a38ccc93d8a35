"""Saved games: the setup, the rounds as records, a version per game and a log of changes.

Records are stored exactly as given (JSON of the engine's ``RoundRecord.to_dict()``); this
module knows nothing about the rules. Every write names the game version it was based on and
fails with :class:`StaleVersion` if another write came first; every write bumps the version.

Every round change (add, edit, delete) stays in the game's log (the ``event`` table) with the
rounds before and after it and a status: ``done``, ``undone``, or ``superseded`` (undone, and a
new change came after it, so it can no longer be redone). Undo restores the rounds before the
last change still done; redo restores the rounds after the change undone most recently.
"""

from __future__ import annotations

import json
import secrets
import sqlite3
from dataclasses import dataclass
from typing import Any

from web.db import get_db, snapshot, transaction


class GameNotFound(LookupError):
    """No game with that id (or share token)."""


class RoundNotFound(LookupError):
    """The game has no round with that number."""


class NothingToUndo(LookupError):
    """The game has no change left to undo."""


class NothingToRedo(LookupError):
    """The game has no undone change to redo (none was undone, or a new change came since)."""


class StaleVersion(Exception):
    """The write was based on an old version of the game; ``current`` is the version now."""

    def __init__(self, current: int) -> None:
        super().__init__(f"the game changed meanwhile (now version {current})")
        self.current = current


@dataclass(frozen=True)
class Game:
    """One saved game as stored: ``setup`` is the JSON setup, ``version`` counts its changes."""

    id: int
    name: str
    setup: dict[str, Any]
    version: int
    archived: bool
    share_token: str
    created: str
    updated: str
    keeper_token: str | None = None
    """Writes to the game need it when served on the LAN; None for games saved before."""

    @classmethod
    def from_row(cls, row: sqlite3.Row) -> Game:
        return cls(
            id=row["id"], name=row["name"], setup=json.loads(row["setup"]),
            version=row["version"], archived=bool(row["archived"]),
            share_token=row["share_token"], created=row["created"], updated=row["updated"],
            keeper_token=row["keeper_token"],
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id, "name": self.name, "setup": self.setup, "version": self.version,
            "archived": self.archived, "created": self.created, "updated": self.updated,
        }


def list_games(archived: bool = False) -> list[Game]:
    """Games, newest change first; archived ones only when asked."""
    rows = get_db().execute(
        "SELECT * FROM game WHERE archived = ? ORDER BY updated DESC, id DESC", (int(archived),)
    ).fetchall()
    return [Game.from_row(row) for row in rows]


def get_game(game_id: int) -> Game:
    row = get_db().execute("SELECT * FROM game WHERE id = ?", (game_id,)).fetchone()
    if row is None:
        raise GameNotFound(f"no game {game_id}")
    return Game.from_row(row)


def get_shared(token: str) -> Game:
    row = get_db().execute("SELECT * FROM game WHERE share_token = ?", (token,)).fetchone()
    if row is None:
        raise GameNotFound("no game is shared under this link")
    return Game.from_row(row)


@dataclass(frozen=True)
class Snapshot:
    """A game with its rounds and the changes undo and redo would act on, all read in one
    transaction (so they agree)."""

    game: Game
    rounds: list[dict[str, Any]]
    last_change: dict[str, Any] | None
    redo_change: dict[str, Any] | None = None


def _snapshot(conn: sqlite3.Connection, row: sqlite3.Row) -> Snapshot:
    game = Game.from_row(row)
    return Snapshot(game, _current_rounds(conn, game.id), _last_change(conn, game.id),
                    _redo_change(conn, game.id))


def read_game(game_id: int) -> Snapshot:
    """The game, its rounds and last change as of one moment; raises :class:`GameNotFound`."""
    with snapshot() as conn:
        row = conn.execute("SELECT * FROM game WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise GameNotFound(f"no game {game_id}")
        return _snapshot(conn, row)


def read_shared(token: str) -> Snapshot:
    """:func:`read_game` for the game shared under ``token``."""
    with snapshot() as conn:
        row = conn.execute("SELECT * FROM game WHERE share_token = ?", (token,)).fetchone()
        if row is None:
            raise GameNotFound("no game is shared under this link")
        return _snapshot(conn, row)


def read_games(archived: bool = False) -> list[Snapshot]:
    """:func:`list_games` with each game's rounds and last change, all as of one moment."""
    with snapshot() as conn:
        rows = conn.execute(
            "SELECT * FROM game WHERE archived = ? ORDER BY updated DESC, id DESC",
            (int(archived),),
        ).fetchall()
        return [_snapshot(conn, row) for row in rows]


def version_of(game_id: int) -> int:
    return get_game(game_id).version


def create_game(name: str, setup: dict[str, Any]) -> Game:
    with transaction() as conn:
        cursor = conn.execute(
            "INSERT INTO game (name, setup, share_token, keeper_token) VALUES (?, ?, ?, ?)",
            (name, json.dumps(setup), secrets.token_urlsafe(12), secrets.token_urlsafe(16)),
        )
        game_id = cursor.lastrowid
    return get_game(int(game_id))


def _bump(conn: sqlite3.Connection, game_id: int, version: int) -> int:
    """Claim the next version or raise :class:`StaleVersion` / :class:`GameNotFound`."""
    cursor = conn.execute(
        "UPDATE game SET version = version + 1,"
        " updated = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE id = ? AND version = ?",
        (game_id, version),
    )
    if cursor.rowcount == 1:
        return version + 1
    row = conn.execute("SELECT version FROM game WHERE id = ?", (game_id,)).fetchone()
    if row is None:
        raise GameNotFound(f"no game {game_id}")
    raise StaleVersion(row["version"])


def _write_rounds(conn: sqlite3.Connection, game_id: int, records: list[dict[str, Any]]) -> None:
    conn.execute("DELETE FROM round WHERE game_id = ?", (game_id,))
    conn.executemany(
        "INSERT INTO round (game_id, number, record) VALUES (?, ?, ?)",
        [(game_id, number, json.dumps(record)) for number, record in enumerate(records, 1)],
    )


def _current_rounds(conn: sqlite3.Connection, game_id: int) -> list[dict[str, Any]]:
    """The game's round records in play order (the one query that reads them)."""
    rows = conn.execute(
        "SELECT record FROM round WHERE game_id = ? ORDER BY number", (game_id,)
    ).fetchall()
    return [json.loads(row["record"]) for row in rows]


def change_rounds(
    game_id: int, version: int, action: str, round_number: int, records: list[dict[str, Any]]
) -> int:
    """Replace the game's rounds with ``records`` (an add, edit or delete named by ``action``).

    Logs the change with the rounds before and after it; changes undone before it can no longer
    be redone. Returns the new version.
    """
    with transaction() as conn:
        new_version = _bump(conn, game_id, version)
        before = _current_rounds(conn, game_id)
        conn.execute(
            "UPDATE event SET status = 'superseded' WHERE game_id = ? AND status = 'undone'",
            (game_id,),
        )
        conn.execute(
            "INSERT INTO event (game_id, action, round_number, rounds_before, rounds_after)"
            " VALUES (?, ?, ?, ?, ?)",
            (game_id, action, round_number, json.dumps(before), json.dumps(records)),
        )
        _write_rounds(conn, game_id, records)
    return new_version


def _change(row: sqlite3.Row | None) -> dict[str, Any] | None:
    return None if row is None else {"action": row["action"], "round_number": row["round_number"]}


def _undoable(conn: sqlite3.Connection, game_id: int) -> sqlite3.Row | None:
    """The last change still done: the one undo reverts."""
    return conn.execute(
        "SELECT * FROM event WHERE game_id = ? AND status = 'done' ORDER BY id DESC LIMIT 1",
        (game_id,),
    ).fetchone()


def _redoable(conn: sqlite3.Connection, game_id: int) -> sqlite3.Row | None:
    """The change undone most recently, if no change came since: the one redo restores.

    Undo walks back from the end, so the undone changes are the log's last ones; the most
    recently undone is the first of them.
    """
    return conn.execute(
        "SELECT * FROM event WHERE game_id = ? AND status = 'undone' ORDER BY id LIMIT 1",
        (game_id,),
    ).fetchone()


def last_change(game_id: int) -> dict[str, Any] | None:
    """The change undo would revert: ``{"action", "round_number"}``, or None."""
    return _last_change(get_db(), game_id)


def _last_change(conn: sqlite3.Connection, game_id: int) -> dict[str, Any] | None:
    return _change(_undoable(conn, game_id))


def _redo_change(conn: sqlite3.Connection, game_id: int) -> dict[str, Any] | None:
    return _change(_redoable(conn, game_id))


def undo(game_id: int, version: int) -> tuple[int, dict[str, Any]]:
    """Revert the last change still done; returns the new version and the change undone.

    The change stays in the log, marked undone, so :func:`redo` can bring it back.
    """
    with transaction() as conn:
        row = _undoable(conn, game_id)
        new_version = _bump(conn, game_id, version)
        if row is None:
            raise NothingToUndo("there is no change to undo")
        after = json.dumps(_current_rounds(conn, game_id))
        _write_rounds(conn, game_id, json.loads(row["rounds_before"]))
        conn.execute(  # changes logged before redo existed have no rounds after: these are they
            "UPDATE event SET status = 'undone', rounds_after = COALESCE(rounds_after, ?)"
            " WHERE id = ?", (after, row["id"]),
        )
    return new_version, _change(row) or {}


def redo(game_id: int, version: int) -> tuple[int, dict[str, Any]]:
    """Make the change undone most recently again; returns the new version and the change."""
    with transaction() as conn:
        row = _redoable(conn, game_id)
        new_version = _bump(conn, game_id, version)
        if row is None:
            raise NothingToRedo("there is no undone change to redo")
        _write_rounds(conn, game_id, json.loads(row["rounds_after"]))
        conn.execute("UPDATE event SET status = 'done' WHERE id = ?", (row["id"],))
    return new_version, _change(row) or {}


def set_archived(game_id: int, version: int, archived: bool) -> int:
    with transaction() as conn:
        new_version = _bump(conn, game_id, version)
        conn.execute("UPDATE game SET archived = ? WHERE id = ?", (int(archived), game_id))
    return new_version


def delete_game(game_id: int, version: int) -> None:
    with transaction() as conn:
        _bump(conn, game_id, version)
        conn.execute("DELETE FROM game WHERE id = ?", (game_id,))
