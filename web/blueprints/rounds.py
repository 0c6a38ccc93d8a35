"""Round entry: add a round, edit or delete a past one, undo the last change.

The engine checks a round before anything is saved; its message is shown beside the field
it names. A write based on an old version of the game answers 409 with the current state.
"""

from __future__ import annotations

from flask import Blueprint, Response, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _

from scorer.errors import NotationError, RulesError
from web import forms, i18n, service, store
from web.versions import form_version, require_current

bp = Blueprint("rounds", __name__, url_prefix="/games/<int:game_id>")

def _render(state: service.GameState, form: forms.RoundForm, number: int | None, status: int = 200,
            conflict: bool = False) -> tuple[str, int]:
    return render_template(
        "rounds/form.html", state=state, form=form, number=number, conflict=conflict,
    ), status


def _save(state: service.GameState, number: int | None) -> Response | tuple[str, int]:
    """Read the submitted round, let the engine check it, store it or show why not."""
    if number is None:
        players = forms.playing(state.setup, state.standings)
        tie_breaker = bool(state.standings.tie_breaker)
    else:
        record = state.rounds[number - 1]
        players, tie_breaker = [r.player for r in record.results], record.tie_breaker
    form = forms.RoundForm(players, tie_breaker)
    try:
        version = form_version(request)
        form, data = forms.submitted_round(state.setup, players, tie_breaker, request.form)
        require_current(version, state.version)
        record = service.parse_round(data)
        if number is None:
            service.add_round(state, record)
        else:
            service.edit_round(state, number, record)
    except store.StaleVersion:
        current = service.load(state.game.id)
        form.errors["general"] = i18n.error_message(store.StaleVersion(current.version))
        return _render(current, form, number, 409, conflict=True)
    except (NotationError, RulesError) as error:
        for problem in (error, *getattr(error, "more", ())):
            key = forms.field_key(state.setup, getattr(problem, "player", None),
                                  getattr(problem, "field", None))
            if tie_breaker and getattr(problem, "code", None) == "nobody_went_out":
                form.errors.setdefault(key, _("Choose who laid the goal down first."))
                continue
            form.errors.setdefault(key, i18n.error_message(problem))
            if getattr(problem, "code", None) == "points_below_50":
                form.fixes[key] = "completed"
        if "general" not in form.errors:
            form.errors["general"] = (
                _("The round was not saved: see the message below.") if len(form.errors) == 1
                else _("The round was not saved: see the messages below."))
        return _render(state, form, number, 400)
    flash(_("Round %(number)d saved.", number=number or len(state.rounds) + 1))
    return redirect(url_for("games.scoreboard", game_id=state.game.id))


@bp.route("/rounds/new", methods=["GET", "POST"])
def new(game_id: int) -> Response | tuple[str, int]:
    state = service.load(game_id)
    if request.method == "POST":
        return _save(state, None)
    return _render(state, forms.blank_round(state.setup, state.standings, request.args), None)


@bp.route("/rounds/<int:number>/edit", methods=["GET", "POST"])
def edit(game_id: int, number: int) -> Response | tuple[str, int]:
    state = service.load(game_id)
    if not 1 <= number <= len(state.rounds):
        raise store.RoundNotFound(f"game {game_id} has no round {number}")
    if request.method == "POST":
        return _save(state, number)
    return _render(state, forms.round_from_record(state.setup, state.rounds[number - 1]), number)


@bp.post("/rounds/<int:number>/delete")
def delete(game_id: int, number: int) -> Response | tuple[str, int]:
    state = service.load(game_id)
    require_current(form_version(request), state.version)
    try:
        service.remove_round(state, number)
    except (NotationError, RulesError) as error:
        flash(_("Round %(number)d was not deleted: %(reason)s", number=number,
                reason=i18n.error_message(error)), "error")
        return redirect(url_for("games.history", game_id=game_id))
    flash(_("Round %(number)d deleted.", number=number))
    return redirect(url_for("games.history", game_id=game_id))


@bp.post("/undo")
def undo(game_id: int) -> Response:
    game = store.get_game(game_id)
    require_current(form_version(request), game.version)
    _version, change = service.undo(game)
    flash(i18n.undone_message(change))
    back = "games.history" if request.form.get("next") == "history" else "games.scoreboard"
    return redirect(url_for(back, game_id=game_id))
