"""The game version a write is based on: a form's hidden field, or the API's If-Match/version.

:func:`require_current` is the one stale-version check every write makes.
"""

from __future__ import annotations

from typing import Any

from flask import Request
from flask_babel import gettext as _
from werkzeug.exceptions import BadRequest, PreconditionRequired

from scorer.numbers import INT64_MAX, is_whole
from web.store import StaleVersion


def _parse(value: Any) -> int:
    if isinstance(value, str):
        value = value[:64].strip().removeprefix("W/").strip('"')
    if not is_whole(value, minimum=0, maximum=INT64_MAX):
        raise BadRequest(_("The game version must be a whole number."))
    return int(value)


def form_version(req: Request) -> int:
    """The ``version`` hidden field every page form carries."""
    value = req.form.get("version")
    if value is None:
        raise BadRequest(_("The form has no game version; reload the page."))
    return _parse(value)


def api_version(req: Request, body: Any = None) -> int:
    """``If-Match: "<version>"`` or a ``version`` field in the JSON body (428 when neither)."""
    header = req.headers.get("If-Match")
    if header:
        return _parse(header)
    if isinstance(body, dict) and "version" in body:
        return _parse(body["version"])
    raise PreconditionRequired(_(
        'Say which game version this change is based on: an If-Match: "<version>" header '
        "or a version field (GET the game for its version)."
    ))


def require_current(based_on: int, current: int) -> None:
    """Raise :class:`~web.store.StaleVersion` unless the write was based on ``current``."""
    if based_on != current:
        raise StaleVersion(current)
