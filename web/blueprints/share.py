"""Read-only shared scoreboards: ``/s/<token>`` (board, rounds, chart) updates itself by polling
``/s/<token>/version``."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app, jsonify, render_template
from flask_babel import gettext as _

from web import export, plot, service, store

bp = Blueprint("share", __name__, url_prefix="/s/<token>")


def _shown(state: service.GameState) -> dict[str, Any]:
    """What the shared page shows of a game: the board, the rounds and the chart."""
    rows = export.history_rows(state)
    return {"state": state, "rows": rows, "colours": plot.COLOURS, "shared": True,
            "plot": plot.totals_svg(state, rows, _("Total penalty points after each round"))}


@bp.get("")
def view(token: str) -> str:
    state = service.load_shared(token)
    return render_template("share/view.html", token=token,
                           poll_seconds=current_app.config["SHARE_POLL_SECONDS"], **_shown(state))


@bp.get("/board")
def board(token: str) -> str:
    """The board, history and chart the shared page swaps in when the version changes."""
    return render_template("share/_live.html", **_shown(service.load_shared(token)))


@bp.get("/version")
def version(token: str) -> Response:
    response = jsonify({"version": store.get_shared(token).version})
    response.headers["Cache-Control"] = "no-store"
    return response
