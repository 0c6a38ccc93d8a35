"""One place that maps failures to HTTP answers.

API requests (under ``/api/``) get JSON ``{"error": message, ...}`` with 400, 404, 409 or 413;
pages get a small error page with the same status. Forms show engine errors beside their fields
themselves (see :func:`field_error`); this handler covers everything that escapes a view.
"""

from __future__ import annotations

import logging
from typing import Any

from flask import (
    Flask,
    Response,
    has_app_context,
    has_request_context,
    jsonify,
    render_template,
    request,
    url_for,
)
from flask.globals import request_ctx
from flask_babel import force_locale
from werkzeug.exceptions import HTTPException, InternalServerError

from scorer.errors import NotationError, RulesError
from web import i18n, openapi, service, store
from web.idempotency import KeyReused
from web.images import ImageError
from web.reader import ReaderUnavailable

log = logging.getLogger(__name__)

STATUS: tuple[tuple[type[BaseException], int], ...] = (
    (store.StaleVersion, 409),
    (store.NothingToUndo, 409),
    (store.NothingToRedo, 409),
    (service.RoundTaken, 409),
    (KeyReused, 422),
    (store.GameNotFound, 404),
    (store.RoundNotFound, 404),
    (service.PlayerNotFound, 404),
    (ImageError, 400),
    (NotationError, 400),
    (RulesError, 400),
    (ReaderUnavailable, 503),
    (service.BrokenGame, 409),
)


def payload(error: BaseException) -> dict[str, Any]:
    """The JSON body for an error: a translated message plus the engine's details when known."""
    body: dict[str, Any] = {"error": i18n.error_message(error)}
    for attr in ("code", "player", "field", "params"):
        value = getattr(error, attr, None)
        if value is not None:
            body[attr] = value
    more = getattr(error, "more", ())
    if more:
        body["more"] = [payload(problem) for problem in more]
    if isinstance(error, store.StaleVersion):
        body["code"], body["version"] = "stale_version", error.current
    if isinstance(error, service.RoundTaken):
        body.update(code="round_taken", number=error.number)
    if isinstance(error, service.BrokenGame):
        body["version"] = error.game.version
    return body


def current_game() -> dict[str, Any] | None:
    """The game the request names, as the API returns it, or None (no game, or it no longer
    replays): a 409's answer carries it, so a client sees what it conflicts with."""
    game_id = (request.view_args or {}).get("game_id")
    if game_id is None:
        return None
    try:
        return service.load(game_id).to_dict()
    except (store.GameNotFound, service.BrokenGame):
        return None


def wants_json() -> bool:
    """API requests, the other JSON routes (:func:`web.openapi.is_json_route`), and requests
    that ask for JSON get JSON errors."""
    rule = request.url_rule.rule if request.url_rule is not None else None
    return (request.path.startswith("/api/") or openapi.is_json_route(rule)
            or request.accept_mimetypes.best == "application/json")


def _respond(
    status: int, body: dict[str, Any], broken: store.Game | None = None
) -> tuple[Response | str, int]:
    if wants_json():
        return jsonify(body), status
    if request_ctx.url_adapter is None:  # the request was refused before routing (bad Host)
        return plain_page(status, body["error"]), status
    try:
        reload_url = None
        game_id = (request.view_args or {}).get("game_id")
        if status == 409 and game_id is not None and not broken:
            reload_url = url_for("games.scoreboard", game_id=game_id)
        return render_template("error.html", status=status, message=body["error"],
                               reload_url=reload_url, broken=broken), status
    except Exception:  # the error page itself must never fail: fall back to the plain one
        log.exception("the error page failed on %s %s", request.method, request.path)
        return plain_page(status, body["error"]), status


def plain_page(status: int, message: str) -> str:
    """The error page without the app's layout: it needs no URL adapter, session or game,
    only an app context (outside one it is plain text)."""
    if not has_app_context():
        return f"{status}: {message}"
    if has_request_context():
        return render_template("error_plain.html", status=status, message=message,
                               language=i18n.current_language())
    with force_locale("en"):  # no request to choose a language from
        return render_template("error_plain.html", status=status, message=message,
                               language="en")


def handle_known(error: BaseException) -> tuple[Response | str, int]:
    status = next(code for kind, code in STATUS if isinstance(error, kind))
    if isinstance(error, ReaderUnavailable):  # the page says only "not available": log why
        log.error("%s %s: %s", request.method, request.path, error)
    broken = error.game if isinstance(error, service.BrokenGame) else None
    body = payload(error)
    if isinstance(error, (store.StaleVersion, service.RoundTaken)) and wants_json():
        game = current_game()
        if game is not None:
            body["game"] = game
            body["version"] = game["version"]
    return _respond(status, body, broken)


def handle_http(error: HTTPException) -> tuple[Response | str, int] | HTTPException:
    if error.code is None or error.code < 400:
        return error
    body: dict[str, Any] = {"error": i18n.http_message(error)}
    for attr in ("field", "path", "player"):  # web.schema.InvalidBody names the bad field
        value = getattr(error, attr, None)
        if value:
            body[attr] = value
    return _respond(error.code, body)


def handle_unexpected(error: Exception) -> tuple[Response | str, int]:
    log.exception("unexpected error on %s %s", request.method, request.path)
    return _respond(500, {"error": i18n.http_message(InternalServerError())})


def init_app(app: Flask) -> None:
    for kind, _status in STATUS:
        app.register_error_handler(kind, handle_known)
    app.register_error_handler(HTTPException, handle_http)
    app.register_error_handler(Exception, handle_unexpected)
