"""Idempotency-Key: a retried round write gets the first answer back, never a second round.

A client may send ``Idempotency-Key: <text>`` with ``POST /api/games/<id>/rounds``. The first
successful answer is kept with the key (per game), written in the same transaction as the round
itself, so a retry after a lost answer, or two copies of one request racing, store one round:
the same key again gets that first answer (with ``Idempotent-Replayed: true``), whatever the
game's version is by then. The same key with another round is refused (:class:`KeyReused`).
Failed requests are not kept: a retry of one is tried afresh.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from flask import Request
from flask_babel import gettext as _
from werkzeug.exceptions import BadRequest

from web.db import get_db

HEADER = "Idempotency-Key"
REPLAYED_HEADER = "Idempotent-Replayed"
MAX_LENGTH = 255
ROUND_FIELDS = ("results", "went_out", "tie_breaker", "number")
"""What makes two round requests the same request (the version they name may differ)."""


class KeyReused(Exception):
    """The Idempotency-Key was first sent with a different round."""


def key_of(req: Request) -> str | None:
    """The request's Idempotency-Key, or None; 400 unless it is 1-255 printable ASCII
    characters."""
    key = req.headers.get(HEADER)
    if key is None:
        return None
    key = key.strip()
    if not 1 <= len(key) <= MAX_LENGTH or not all(" " <= char <= "~" for char in key):
        raise BadRequest(_(
            "The Idempotency-Key must be 1 to 255 printable ASCII characters."))
    return key


def fingerprint(body: dict[str, Any]) -> str:
    """A digest of the round a request sends (:data:`ROUND_FIELDS`); 400 for a body that
    cannot be written back as JSON."""
    try:
        text = json.dumps({name: body.get(name) for name in ROUND_FIELDS}, sort_keys=True,
                          ensure_ascii=True, default=str)
    except (TypeError, ValueError, RecursionError):
        raise BadRequest(_("The body is not valid JSON.")) from None
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def answered(game_id: int, key: str, digest: str) -> tuple[int, dict[str, Any]] | None:
    """The first answer ``(status, body)`` to ``key`` in this game, or None when it is new;
    raises :class:`KeyReused` when the key came with another round."""
    row = get_db().execute(
        "SELECT fingerprint, status, body FROM idempotency WHERE game_id = ? AND key = ?",
        (game_id, key),
    ).fetchone()
    if row is None:
        return None
    if row["fingerprint"] != digest:
        raise KeyReused(f"the Idempotency-Key {key!r} was sent before with another round")
    return row["status"], json.loads(row["body"])


def remember(game_id: int, key: str, digest: str, status: int, body: dict[str, Any]) -> None:
    """Keep the answer to ``key``; call it inside the transaction that made the change."""
    get_db().execute(
        "INSERT INTO idempotency (game_id, key, fingerprint, status, body) VALUES (?, ?, ?, ?, ?)",
        (game_id, key, digest, status, json.dumps(body)),
    )
