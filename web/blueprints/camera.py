"""Camera pages: check a player's phase from a photo, or scan a hand for its penalty points.

The pages only show; the photo goes to ``/api/detect`` and the (corrected) cards to
``/api/check``. Nothing is saved: the last step opens the round entry pre-filled.
"""

from __future__ import annotations

from flask import Blueprint, render_template, url_for

from web import service

bp = Blueprint("camera", __name__, url_prefix="/games/<int:game_id>/players/<int:seat>")

MODES = ("check", "hand")


def _page(game_id: int, seat: int, mode: str) -> str:
    state = service.load(game_id)
    if not 0 <= seat < len(state.setup.players):
        raise service.PlayerNotFound(f"game {game_id} has no seat {seat}")
    standing = state.standings.players[seat]
    phase = service.phase_spec_for(state, standing)
    if mode == "check":
        done_url = url_for("rounds.new", game_id=game_id, **{f"completed-{seat}": "yes"})
    else:
        done_url = url_for("rounds.new", game_id=game_id)
    return render_template(
        "camera/photo.html", state=state, standing=standing, seat=seat, phase=phase, mode=mode,
        done_url=done_url,
    )


@bp.get("/check")
def check(game_id: int, seat: int) -> str:
    return _page(game_id, seat, "check")


@bp.get("/hand")
def hand(game_id: int, seat: int) -> str:
    return _page(game_id, seat, "hand")
