"""Round entry: add a round, edit or delete a past one, undo the last change.

The engine checks a round before anything is saved; its message is shown beside the field
it names. A write based on an old version of the game answers 409 with the current state.
"""

from __future__ import annotations

from collections.abc import Callable

from flask import Blueprint, Response, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.datastructures import MultiDict

from scorer.errors import NotationError, RulesError
from scorer.game.standings import RoundRecord
from web import forms, i18n, service, store
from web.conflict import compare as conflict_rows
from web.conflict import same_round as same_conflict_round
from web.versions import form_version, require_current

bp = Blueprint("rounds", __name__, url_prefix="/games/<int:game_id>")

CHOICES = ("keep", "replace", "add")
"""What the keeper may do with a round another device saved first (the form's ``resolve``)."""


def _render(state: service.GameState, form: forms.RoundForm, number: int | None, status: int = 200,
            conflict: bool = False, taken: int | None = None,
            mine: RoundRecord | None = None) -> tuple[str, int]:
    """The round form; ``taken``: the number of the round it adds, which another device saved
    meanwhile (the page then compares ``mine`` with theirs and offers the choices)."""
    rows = conflict_rows(state, taken, mine) if taken is not None and mine is not None else []
    return render_template(
        "rounds/form.html", state=state, form=form, number=number, conflict=conflict,
        taken=taken, rows=rows, adds=taken or service.next_number(state),
    ), status


def _show_errors(form: forms.RoundForm, state: service.GameState, tie_breaker: bool,
                 error: NotationError | RulesError) -> None:
    """Put the engine's problems beside their fields, and a line at the top."""
    for problem in (error, *getattr(error, "more", ())):
        key = forms.field_key(state.setup, getattr(problem, "player", None),
                              getattr(problem, "field", None))
        if tie_breaker and getattr(problem, "code", None) == "nobody_went_out":
            goal = i18n.describe_phase(state.setup.rules.tie_breaker_phase)
            form.errors.setdefault(key, _(
                "Nobody is marked yet: tick the player who laid down %(goal)s first.",
                goal=goal))
            continue
        form.errors.setdefault(key, i18n.error_message(problem))
        if getattr(problem, "code", None) == "points_below_50":
            form.fixes[key] = "completed"
    if "general" not in form.errors:
        form.errors["general"] = (
            _("The round was not saved: see the message below.") if len(form.errors) == 1
            else _("The round was not saved: see the messages below."))


def _players_of(state: service.GameState, number: int | None) -> tuple[list[str], bool]:
    """Who plays round ``number`` (a saved round) or the next round, and whether it is a
    tie-breaker."""
    if number is None or number > len(state.rounds):
        return forms.playing(state.setup, state.standings), bool(state.standings.tie_breaker)
    record = state.rounds[number - 1]
    return [r.player for r in record.results], record.tie_breaker


def _save(state: service.GameState, number: int | None) -> Response | tuple[str, int]:
    """Read the submitted round, let the engine check it, store it or show why not.

    A new round says which round it adds (the hidden ``number``); when another device saved that
    round meanwhile, :func:`_resolve` shows both and acts on the keeper's choice.
    """
    adds = forms.round_number(request.form) if number is None else None
    players, tie_breaker = _players_of(state, adds if number is None else number)
    form = forms.RoundForm(players, tie_breaker)
    taken = adds if adds is not None and adds <= len(state.rounds) else None
    record = None
    try:
        version = form_version(request)
        form, data = forms.submitted_round(state.setup, players, tie_breaker, request.form)
        record = service.parse_round(data)
        if taken is not None:
            return _resolve(state, form, record, taken, version)
        require_current(version, state.version)
        if number is None:
            service.add_round(state, record, adds)
        else:
            after = service.edit_round(state, number, record)
    except store.StaleVersion:
        return _stale(state, form, number, adds, request.form)
    except (NotationError, RulesError) as error:
        _show_errors(form, state, tie_breaker, error)
        if taken is not None and record is not None:  # the chosen way did not fit: say why
            return _render(state, form, None, 400, conflict=True, taken=taken, mine=record)
        return _render(state, form, number, 400)
    flash(_("Round %(number)d saved.", number=number or len(state.rounds) + 1))
    if number is None:
        return redirect(url_for("games.scoreboard", game_id=state.game.id))
    moved = [_("round %(round)d, %(name)s: phase %(now)d (was %(was)d)", round=change["round"],
               name=change["name"], now=change["now"], was=change["was"])
             for change in service.relabelled(state, after, number)]
    if moved:
        flash(_("Later rounds now count other phases: %(changes)s.", changes="; ".join(moved)),
              "warning")
    return redirect(url_for("games.history", game_id=state.game.id))  # where the edit began


def _stale(state: service.GameState, form: forms.RoundForm, number: int | None,
           adds: int | None, data: MultiDict) -> tuple[str, int]:
    """409: another write came first. The page shows the game as it is now; when that write
    saved the very round this form adds, it shows both rounds and the choices."""
    current = service.load(state.game.id)
    if adds is not None and adds <= len(current.rounds):
        players, tie_breaker = _players_of(current, adds)
        try:
            form, mine_data = forms.submitted_round(current.setup, players, tie_breaker, data)
            mine = service.parse_round(mine_data)
        except (NotationError, RulesError):
            mine = None
        if mine is not None:
            return _taken(current, form, mine, adds)
    form.errors["general"] = i18n.error_message(store.StaleVersion(current.version))
    return _render(current, form, number, 409, conflict=True)


def _taken(state: service.GameState, form: forms.RoundForm, mine: RoundRecord,
           taken: int) -> tuple[str, int]:
    form.errors["general"] = _(
        "Round %(number)d was saved on another device meanwhile. Compare it with yours and "
        "choose which to keep.", number=taken)
    return _render(state, form, None, 409, conflict=True, taken=taken, mine=mine)


def _resolve(state: service.GameState, form: forms.RoundForm, mine: RoundRecord, taken: int,
             version: int) -> Response | tuple[str, int]:
    """The round this form adds is saved already: the same round again is a retry (nothing to
    do); otherwise show both, or do what the keeper chose (``resolve``)."""
    choice = request.form.get("resolve", "")
    back = redirect(url_for("games.scoreboard", game_id=state.game.id))
    if choice not in CHOICES:
        if same_conflict_round(state, taken, mine):
            flash(_("Round %(number)d was already saved, with these same results.",
                    number=taken))
            return back
        return _taken(state, form, mine, taken)
    if choice == "keep":
        flash(_("Kept round %(number)d as the other device saved it; yours was not saved.",
                number=taken))
        return back
    require_current(version, state.version)
    if choice == "replace":
        service.edit_round(state, taken, mine)
        flash(_("Round %(number)d now holds your results.", number=taken))
    else:
        service.add_round(state, mine, service.next_number(state))
        flash(_("Your results saved as round %(number)d.", number=service.next_number(state)))
    return back


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
    """Take back the last change."""
    return _step_through_log(game_id, service.undo, i18n.undone_message)


@bp.post("/redo")
def redo(game_id: int) -> Response:
    """Make the change undone most recently again."""
    return _step_through_log(game_id, service.redo, i18n.redone_message)


def _step_through_log(game_id: int, step: Callable[[store.Game], tuple[int, dict]],
                      message: Callable[[dict], str]) -> Response:
    """Undo or redo (``step``) on the game at the version the form showed, and say so."""
    game = store.get_game(game_id)
    require_current(form_version(request), game.version)
    _version, change = step(game)
    flash(message(change))
    return _back(game_id)


def _back(game_id: int) -> Response:
    """Back to the page the button was on (history, or the scoreboard)."""
    back = "games.history" if request.form.get("next") == "history" else "games.scoreboard"
    return redirect(url_for(back, game_id=game_id))
