"""Read-only shared scoreboards: ``/s/<token>`` updates itself by polling ``/s/<token>/version``."""

from __future__ import annotations

from flask import Blueprint, Response, current_app, jsonify, render_template

from web import service, store

bp = Blueprint("share", __name__, url_prefix="/s/<token>")


@bp.get("")
def view(token: str) -> str:
    state = service.load_shared(token)
    return render_template(
        "share/view.html", state=state, token=token,
        poll_seconds=current_app.config["SHARE_POLL_SECONDS"],
    )


@bp.get("/board")
def board(token: str) -> str:
    """The scoreboard fragment the shared page swaps in when the version changes."""
    state = service.load_shared(token)
    return render_template("games/_board.html", state=state, shared=True)


@bp.get("/version")
def version(token: str) -> Response:
    response = jsonify({"version": store.get_shared(token).version})
    response.headers["Cache-Control"] = "no-store"
    return response
