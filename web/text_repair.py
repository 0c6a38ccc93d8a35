"""Schema step 5: text stored before names were checked is made showable again.

A game created through the API could hold a lone surrogate (or a control character) in a
player's name or the game's name; every page that showed it then failed. This step rewrites
such text in every game, round and change-log record (the rounds before and after each change,
which undo and redo write back) with :func:`scorer.text.repair_text`: a refused character
becomes U+FFFD, names are cut to their limits and kept distinct, and a player renamed in the
setup is renamed in every round that names them. The answers kept for Idempotency-Keys (a
game as JSON) get the same names, so a replayed answer shows the game as it now is.
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from scorer.game.records import MAX_GAME_NAME, MAX_NAME_LENGTH
from scorer.text import repair_text, replace_refused


def _text(raw: bytes | str | None) -> str:
    """A column's text, whatever bytes it holds (invalid UTF-8 becomes U+FFFD)."""
    if raw is None:
        return ""
    if isinstance(raw, str):
        return raw
    return bytes(raw).decode("utf-8", "replace")


def _player_names(players: list[Any]) -> dict[str, str]:
    """Old name -> repaired name, distinct ignoring case (a clash gets `` 2``, `` 3``, ...)."""
    renamed: dict[str, str] = {}
    taken: set[str] = set()
    for old in players:
        base = repair_text(old, limit=MAX_NAME_LENGTH) or "?"
        name, count = base, 2
        while name.casefold() in taken:
            name = f"{base[:MAX_NAME_LENGTH - len(str(count)) - 1]} {count}"
            count += 1
        taken.add(name.casefold())
        renamed[str(old)] = name
    return renamed


def _record(record: Any, renamed: dict[str, str]) -> Any:
    """A round record with its player names repaired the way the setup's were."""
    if not isinstance(record, dict):
        return record

    def name(value: Any) -> Any:
        if not isinstance(value, str):
            return value
        return renamed.get(value) or repair_text(value, limit=MAX_NAME_LENGTH)

    fixed = dict(record)
    if "went_out" in fixed:
        fixed["went_out"] = name(fixed["went_out"])
    if isinstance(fixed.get("results"), list):
        fixed["results"] = [
            {**result, "player": name(result.get("player"))} if isinstance(result, dict)
            else result for result in fixed["results"]
        ]
    return fixed


def repair_stored_text(conn: sqlite3.Connection) -> None:
    """Rewrite every game's name, players, rounds and undo log as showable text (in the
    caller's transaction); rows that need nothing are left alone."""
    games = conn.execute(
        "SELECT id, CAST(name AS BLOB) AS name, CAST(setup AS BLOB) AS setup FROM game"
    ).fetchall()
    for game in games:
        setup = json.loads(_text(game["setup"]))
        players = setup.get("players") if isinstance(setup, dict) else None
        renamed = _player_names(players) if isinstance(players, list) else {}
        if renamed:
            setup["players"] = [renamed[str(old)] for old in players]
        name = repair_text(_text(game["name"]), limit=MAX_GAME_NAME)
        name = name or " · ".join(renamed.values()) or f"game {game['id']}"
        if name != _text(game["name"]) or json.dumps(setup) != _text(game["setup"]):
            conn.execute("UPDATE game SET name = ?, setup = ? WHERE id = ?",
                         (name, json.dumps(setup), game["id"]))
        rounds = conn.execute(
            "SELECT number, CAST(record AS BLOB) AS record FROM round WHERE game_id = ?",
            (game["id"],),
        ).fetchall()
        for row in rounds:
            record = json.dumps(_record(json.loads(_text(row["record"])), renamed))
            if record != _text(row["record"]):
                conn.execute("UPDATE round SET record = ? WHERE game_id = ? AND number = ?",
                             (record, game["id"], row["number"]))
        _repair_log(conn, game["id"], renamed)
        _repair_answers(conn, game["id"], renamed)


def _rounds(raw: bytes | str | None, renamed: dict[str, str]) -> str | None:
    """A stored list of round records (JSON) with names repaired; None stays None."""
    if raw is None:
        return None
    rounds = json.loads(_text(raw))
    if isinstance(rounds, list):
        rounds = [_record(record, renamed) for record in rounds]
    return json.dumps(rounds)


def _repair_log(conn: sqlite3.Connection, game_id: int, renamed: dict[str, str]) -> None:
    """The game's change log: the rounds before and after each change."""
    events = conn.execute(
        "SELECT id, CAST(rounds_before AS BLOB) AS before, CAST(rounds_after AS BLOB) AS after"
        " FROM event WHERE game_id = ?", (game_id,),
    ).fetchall()
    for row in events:
        before, after = _rounds(row["before"], renamed), _rounds(row["after"], renamed)
        old_after = None if row["after"] is None else _text(row["after"])
        if before != _text(row["before"]) or after != old_after:
            conn.execute("UPDATE event SET rounds_before = ?, rounds_after = ? WHERE id = ?",
                         (before, after, row["id"]))


def _anything(value: Any, renamed: dict[str, str]) -> Any:
    """JSON with every text (keys too) that names a renamed player renamed, and refused
    characters in any other text replaced (its length is kept)."""
    if isinstance(value, dict):
        return {_anything(key, renamed): _anything(item, renamed) for key, item in value.items()}
    if isinstance(value, list):
        return [_anything(item, renamed) for item in value]
    if isinstance(value, str):
        return renamed.get(value) or replace_refused(value)
    return value


def _repair_answers(conn: sqlite3.Connection, game_id: int, renamed: dict[str, str]) -> None:
    """The answers kept for the game's Idempotency-Keys (each a game as JSON)."""
    answers = conn.execute(
        "SELECT key, CAST(body AS BLOB) AS body FROM idempotency WHERE game_id = ?", (game_id,),
    ).fetchall()
    for row in answers:
        body = json.dumps(_anything(json.loads(_text(row["body"])), renamed))
        if body != _text(row["body"]):
            conn.execute("UPDATE idempotency SET body = ? WHERE game_id = ? AND key = ?",
                         (body, game_id, row["key"]))
