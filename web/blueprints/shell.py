"""The installable app: the web app manifest, the service worker and the page it shows offline.

The service worker (``/sw.js``, served from the root so that it may look after every page)
keeps a copy of the app's shell: the offline page, the style sheet, the scripts every page
loads and the icons. Pages always come from the server; when the server cannot be reached, a
page asked for is answered with the offline page and the shell's files from the copy. Scores
are never kept on the phone: they live on the scorekeeper's computer only.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from flask import Blueprint, Response, current_app, redirect, render_template, url_for
from flask_babel import gettext as _

from web import i18n

bp = Blueprint("shell", __name__)

STATIC_SHELL = ("app.css", "app.js", "theme.js", "favicon.svg", "icons/icon-192.png",
                "icons/icon-512.png", "icons/apple-touch-icon.png")
"""The static files the service worker keeps, relative to the static folder."""

ICONS = (
    ("icons/icon-192.png", 192, "any"),
    ("icons/icon-512.png", 512, "any"),
    ("icons/icon-maskable-512.png", 512, "maskable"),
)
"""(file in the static folder, side in pixels, purpose) of each manifest icon (made by
``tools/make_icons.py``)."""

THEME_COLOUR = "#1d2330"  # the header's colour
BACKGROUND_COLOUR = "#f4f1ea"  # the page's


def shell_urls() -> list[str]:
    """The URLs the service worker caches when it installs."""
    return [url_for("shell.offline")] + [
        url_for("static", filename=name) for name in STATIC_SHELL
    ]


def shell_version() -> str:
    """A short hash of the shell's static files: a changed file makes a new service worker,
    which replaces the old copy."""
    digest = hashlib.sha256()
    folder = Path(current_app.static_folder or "")
    for name in STATIC_SHELL:
        digest.update((folder / name).read_bytes())
    digest.update(i18n.current_language().encode())
    return digest.hexdigest()[:12]


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    """The web app manifest: name, start page, colours and icons, in the page's language."""
    body = {
        "name": _("Phase 10 scoreboard"),
        "short_name": _("Phase 10"),
        "description": _("Keep the score of a Phase 10 evening and check phases from a photo."),
        "lang": i18n.current_language(),
        "start_url": url_for("games.index"),
        "scope": url_for("games.index"),
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "icons": [
            {"src": url_for("static", filename=name), "sizes": f"{side}x{side}",
             "type": "image/png", "purpose": purpose}
            for name, side, purpose in ICONS
        ],
    }
    response = current_app.json.response(body)
    response.mimetype = "application/manifest+json"
    return response


@bp.get("/sw.js")
def worker() -> Response:
    """The service worker's script; never cached by the browser, so a new one is seen at once."""
    text = render_template("shell/sw.js", version=shell_version(), shell=shell_urls(),
                           offline_url=url_for("shell.offline"))
    response = Response(text, mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/offline")
def offline() -> str:
    """What a phone shows when the scorekeeper's computer cannot be reached."""
    return render_template("shell/offline.html")


@bp.get("/apple-touch-icon.png")
def apple_touch_icon() -> Response:
    """iPhones ask for this address when a page is added to the home screen."""
    return redirect(url_for("static", filename="icons/apple-touch-icon.png"), 301)
