"""Camera pages: check a player's phase from a photo, or scan a hand for its penalty points.

The pages only show; the photo goes to ``/api/detect`` and the (corrected) cards to
``/api/check``. Nothing is saved: the last step opens the round entry pre-filled.
"""

from __future__ import annotations

from flask import Blueprint, render_template, request, url_for

from scorer.cards import parse_cards
from scorer.errors import NotationError
from scorer.game.replay import HAND_SIZE
from scorer.rules.phases import PhaseSpec
from web import service
from web.checking import MAX_CARDS

bp = Blueprint("photo", __name__, url_prefix="/games/<int:game_id>/players/<int:seat>")

MODES = ("check", "hand")


def _page(game_id: int, seat: int, mode: str) -> str:
    state = service.load(game_id)
    standing = service.player_at(state, seat)
    phase = service.seat_phase(state, standing, request.args.get("phase"))
    rules = state.setup.rules
    prefill: dict[str, str] = {}
    if mode == "check" and standing.player in state.standings.tie_breaker:
        prefill["went_out"] = str(seat)  # the tie-breaker's winner is whoever laid it first
    elif mode == "check":
        prefill[f"completed-{seat}"] = "yes"
        if rules.choose_phase and phase is not None:
            prefill[f"phase-{seat}"] = str(phase.number)
    try:  # cards handed over by the live page: start from them instead of a photo
        cards = [str(card) for card in parse_cards(request.args.get("cards", ""))][:MAX_CARDS]
    except NotationError:
        cards = []
    return render_template(
        "photo/photo.html", state=state, standing=standing, seat=seat, phase=phase, mode=mode,
        done_url=url_for("rounds.new", game_id=game_id, **prefill), cards=cards,
        choices=[rules.phase(n) for n in service.phase_choices(state, standing)],
        least=_least_cards(mode, phase),
    )


def _least_cards(mode: str, phase: PhaseSpec | None) -> int:
    """The fewest cards the photo should show: the phase's cards, or a hand that was not laid
    down (fewer may be right after laying down: the page only warns)."""
    if mode == "check":
        return phase.min_cards if phase is not None else 0
    return HAND_SIZE


@bp.get("/check")
def check(game_id: int, seat: int) -> str:
    return _page(game_id, seat, "check")


@bp.get("/hand")
def hand(game_id: int, seat: int) -> str:
    return _page(game_id, seat, "hand")
