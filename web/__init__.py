"""The Phase 10 scoreboard web app: ``create_app`` is the only way to build one.

Configuration comes from, in order: the defaults in :mod:`web.config`, ``config.py`` in the
instance folder, environment variables prefixed ``PHASE10_`` (``PHASE10_DATABASE``,
``PHASE10_SECRET_KEY``, ...), and last the ``test_config`` mapping.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from flask import Flask, Response
from flask_wtf.csrf import CSRFProtect

from web import config, db, errors, i18n, images, keeper
from web.blueprints import api, decks, games, live, photo, rounds, share, shell, stats
from web.boundaries import BoundedRequest, WholeNumberConverter


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Build and configure the app; creates the instance folder and the database schema."""
    app = Flask(__name__, instance_relative_config=True)
    app.request_class = BoundedRequest  # JSON nested too deep is a 400
    app.url_map.converters["int"] = WholeNumberConverter  # ids past SQLite's integers: 404
    app.config.from_object(config.Defaults)
    app.config["DATABASE"] = os.path.join(app.instance_path, "phase10.sqlite")
    app.config.from_pyfile("config.py", silent=True)
    app.config.from_prefixed_env("PHASE10")
    if test_config is not None:
        app.config.from_mapping(test_config)
    os.makedirs(app.instance_path, exist_ok=True)
    config.ensure_secret_key(app)

    db.init_app(app)
    i18n.init_app(app)
    errors.init_app(app)
    keeper.init_app(app)  # trusted origins; on the LAN only a game's keeper changes it
    images.init_app(app)  # at most DECODE_SLOTS large photos decoded at once
    csrf = CSRFProtect(app)
    for blueprint in (games.bp, rounds.bp, photo.bp, share.bp, shell.bp, stats.bp):
        app.register_blueprint(blueprint)
    csrf.exempt(api.bp)  # api.bp refuses unsafe requests without a JSON body or custom header
    app.register_blueprint(api.bp)
    app.register_blueprint(live.bp)  # the live camera mode (its own module exempts its frames)
    app.register_blueprint(decks.bp)  # enrol a player's own deck, choose the model
    app.after_request(security_headers)
    return app


CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' blob: data:; media-src 'self' blob: mediastream:; connect-src 'self'; "
    "frame-ancestors 'none'; base-uri 'self'; form-action 'self'"
)


def security_headers(response: Response) -> Response:
    """No sniffing, no framing, scripts only from this server."""
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "same-origin")
    response.headers.setdefault("Content-Security-Policy", CSP)
    return response
