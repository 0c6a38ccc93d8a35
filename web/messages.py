"""Translatable fixed texts: variant names, the app's own errors, HTTP errors.

Keys are stable names (variant names, exception class names, status codes); the values are
lazy so each request renders them in its own language. Engine codes are in :mod:`web.reasons`.
"""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

VARIANTS = {
    "standard": _l("Standard: the ten phases in order"),
    "everyone-advances": _l("Everyone advances one phase each round"),
    "short": _l("Shorter game: only the first N phases"),
    "even": _l("Even phases only (2, 4, 6, 8, 10)"),
    "odd": _l("Odd phases only (1, 3, 5, 7, 9)"),
    "choose": _l("Choose your phase each round"),
}

VARIANT_NAMES = {
    "standard": _l("Standard"),
    "everyone-advances": _l("Everyone advances"),
    "short": _l("Shorter game"),
    "even": _l("Even phases"),
    "odd": _l("Odd phases"),
    "choose": _l("Choose your phase"),
    "custom": _l("Custom phases"),
}

ERRORS = {
    "GameNotFound": _l("There is no such game."),
    "RoundNotFound": _l("There is no such round in this game."),
    "NothingToUndo": _l("There is nothing to undo."),
    "NothingToRedo": _l("There is nothing to redo."),
    "KeyReused": _l("This Idempotency-Key was sent before with a different round."),
    "PlayerNotFound": _l("There is no player of that name in this game."),
    "StaleVersion": _l(
        "Someone else changed this game meanwhile. The page now shows the current state; "
        "check it and try again."
    ),
}

HTTP = {
    400: _l("The request could not be understood."),
    403: _l("This request is not allowed."),
    404: _l("There is no such page."),
    405: _l("This method is not allowed here."),
    409: _l("This change conflicts with another one."),
    413: _l("The upload is too large."),
    415: _l("Send JSON (Content-Type: application/json)."),
    500: _l("Something went wrong on the server."),
}
