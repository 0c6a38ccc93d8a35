"""Who may change a game, and from which pages: trusted hosts, origins and the game's keeper.

Three checks run before every request:

* ``Host``: with ``TRUSTED_HOSTS`` set (``phase10 serve`` sets the names it serves), Flask
  answers 400 to any other host name, so a page on ``evil.example`` that rebinds its name to
  this server reaches nothing.
* ``Origin``: a write (POST, PUT, PATCH, DELETE) whose ``Origin`` header names another
  origin (scheme, host and port: a trusted name on another port is another site) is refused
  with 403.
* The keeper: every game has a keeper token, remembered in the session cookie of the device
  that created it (and returned once by ``POST /api/games``). With ``KEEPER_REQUIRED`` on
  (served on the LAN) a write to a game needs that token: the session's, or the
  ``X-Keeper-Token`` header. Requests from this computer (loopback) are always the keeper.
  Viewers with the share link only read. The keeper hands the game to another device with the
  keeper link (:func:`keeper_url`, shown on the scoreboard under "More").
"""

from __future__ import annotations

import hmac
import ipaddress
from urllib.parse import urlsplit

from flask import Blueprint, Flask, Response, current_app, redirect, request, session, url_for
from flask_babel import gettext as _
from werkzeug.exceptions import Forbidden, NotFound
from werkzeug.sansio.utils import host_is_trusted

from web import store

HEADER = "X-Keeper-Token"
SESSION_KEY = "keeper"
REMEMBERED = 64
"""Keeper tokens one device's cookie holds (the newest games)."""

bp = Blueprint("keeper", __name__)

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
GUARDED_BLUEPRINTS = frozenset({"api", "games", "rounds"})
"""Blueprints whose unsafe requests with a ``game_id`` change that game."""


def remember(game: store.Game) -> None:
    """Let this device keep ``game``: its token goes into the (signed) session cookie."""
    if not game.keeper_token:
        return
    held = dict(session.get(SESSION_KEY, {}))
    held.pop(str(game.id), None)
    held[str(game.id)] = game.keeper_token
    session[SESSION_KEY] = dict(list(held.items())[-REMEMBERED:])
    session.permanent = True


def is_keeper(game: store.Game) -> bool:
    """Whether this request may change ``game`` (see the module docstring)."""
    if _from_this_computer():
        return True
    if not game.keeper_token:
        return False
    given = request.headers.get(HEADER) or session.get(SESSION_KEY, {}).get(str(game.id), "")
    return hmac.compare_digest(str(given).encode(), game.keeper_token.encode())


def keeper_url(game: store.Game) -> str | None:
    """The link that makes another device this game's keeper too, shown only to the keeper
    while the keeper check is on (otherwise None)."""
    if not current_app.config.get("KEEPER_REQUIRED") or not game.keeper_token:
        return None
    if not is_keeper(game):
        return None
    return url_for("keeper.keep", game_id=game.id, token=game.keeper_token, _external=True)


@bp.get("/games/<int:game_id>/keep/<token>")
def keep(game_id: int, token: str) -> Response:
    """Open the keeper link: this device keeps the game too; on to its scoreboard."""
    game = store.get_game(game_id)
    if not game.keeper_token or not hmac.compare_digest(
        token.encode(), game.keeper_token.encode()
    ):
        raise NotFound()
    remember(game)
    return redirect(url_for("games.scoreboard", game_id=game_id))


def check_origin() -> None:
    """403 for a write whose ``Origin`` is not a host this server serves."""
    trusted = current_app.config.get("TRUSTED_HOSTS")
    if not trusted or request.method in SAFE_METHODS:
        return
    origin = request.headers.get("Origin")
    if origin is None:
        return  # not a browser's cross-site request (those send Origin); CSRF checks still apply
    host = urlsplit(origin).hostname if origin != "null" else None
    if host is None or not host_is_trusted(host, trusted) or not same_origin(
        origin, request.host_url
    ):
        raise Forbidden(_("Changes are accepted only from this server's own pages."))


DEFAULT_PORTS = {"http": 80, "https": 443}


def same_origin(origin: str, own_url: str) -> bool:
    """Whether ``origin`` names the same scheme, host and port as ``own_url`` (the URL this
    request came to): a trusted name on another port is another site."""
    def key(url: str) -> tuple[str, str, int | None] | None:
        parts = urlsplit(url)
        try:
            port = parts.port or DEFAULT_PORTS.get(parts.scheme.lower())
        except ValueError:  # a port that is not a number, or out of range
            return None
        return parts.scheme.lower(), (parts.hostname or "").lower(), port

    mine = key(own_url)
    return mine is not None and key(origin) == mine


def check_keeper() -> None:
    """403 for a write to a game by a device that does not keep it (when served on the LAN)."""
    if not current_app.config.get("KEEPER_REQUIRED") or request.method in SAFE_METHODS:
        return
    if request.blueprint not in GUARDED_BLUEPRINTS:
        return
    game_id = (request.view_args or {}).get("game_id")
    if game_id is None:
        return
    try:
        game = store.get_game(game_id)
    except store.GameNotFound:
        return  # the view answers 404
    if not is_keeper(game):
        raise Forbidden(_(
            "Only the device that started this game can change it; open the game there."
        ))


def _from_this_computer() -> bool:
    try:
        return ipaddress.ip_address(request.remote_addr or "").is_loopback
    except ValueError:
        return False


def init_app(app: Flask) -> None:
    """Run the origin and keeper checks before every request; add the keeper link."""
    app.before_request(check_origin)
    app.before_request(check_keeper)
    app.register_blueprint(bp)
    app.add_template_global(keeper_url, "keeper_url")
