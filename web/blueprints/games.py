"""Pages for the games: the list, a new game, the scoreboard, the history, archive and delete."""

from __future__ import annotations

from dataclasses import replace

from flask import (
    Blueprint,
    Response,
    current_app,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _

from scorer.errors import NotationError, RulesError
from scorer.game.records import MAX_PLAYERS
from scorer.game.variants import VARIANTS, with_phases
from web import export, finish, forms, i18n, listing, plot, qr, roster, service, store
from web.versions import form_version

bp = Blueprint("games", __name__)
bp.add_app_template_global(finish.final_ranking, "final_ranking")
bp.add_app_template_global(listing.short_title, "short_title")
bp.add_app_template_global(listing.played_at, "played_at")


@bp.get("/")
def index() -> str:
    archived = request.args.get("archived") == "1"
    games, broken = [], []
    for snapshot in store.read_games(archived=archived):
        try:
            games.append(service.state_of(snapshot))
        except service.BrokenGame as error:
            broken.append(error.game)
    return render_template("games/index.html", games=games, broken=broken, archived=archived)


@bp.route("/games/new", methods=["GET", "POST"])
def new() -> Response | str | tuple[str, int]:
    form = forms.NewGameForm(forms.new_game_values(request.form))
    if request.method == "POST":
        phases = None
        if form.values["phases"].strip():
            try:
                phases = roster.parse_phase_list(form.values["phases"])
            except roster.PhaseListError as error:
                form.phase_errors = roster.phase_list_messages(error)
                form.errors["phases"] = form.phase_errors[0]
        try:
            setup = service.new_setup(**forms.setup_arguments(
                {**form.values, "phases_count": ""} if phases else form.values))
        except (NotationError, RulesError) as error:
            for problem in (error, *getattr(error, "more", ())):
                _setup_error(form, problem)
        else:
            if phases and not form.errors:
                setup = replace(setup, rules=with_phases(setup.rules, phases))
            if not form.errors:
                state = service.create(form.values["name"], setup)
                return redirect(url_for("games.scoreboard", game_id=state.game.id))
    setups = [game.setup for game in store.list_games()]
    return render_template(
        "games/new.html", form=form, variants=list(VARIANTS.values()), max_players=MAX_PLAYERS,
        recent=roster.recent_players(setups), last_players=roster.recent_players(setups[:1]),
    ), (400 if form.errors else 200)


def _setup_error(form: forms.NewGameForm, problem: Exception) -> None:
    """Put one set-up problem beside its field: a name given twice or too long at its seats
    (the message under the last of them), anything else under its field or at the top."""
    code, name = getattr(problem, "code", None), getattr(problem, "player", None)
    if code == "duplicate_player" and name:
        seats = forms.seats_named(form.values, name)
        shown = " ".join(form.values["seats"][seats[0]].split()) if seats else name
        message = _("“%(name)s” is in %(count)d seats: give each player a different name, "
                    "such as %(name)s K. and %(name)s M.", name=shown, count=len(seats))
    else:
        seats = forms.seats_too_long(form.values) if code == "name_too_long" else []
        message = i18n.error_message(problem)
    if seats:
        form.bad_seats.update(seats)
        form.errors.setdefault(f"seat-{seats[-1]}", message)
        return
    key = getattr(problem, "field", None)
    if key not in ("players", "first_dealer", "phases_count"):
        key = "general"
    form.errors.setdefault(key, i18n.error_message(problem))


@bp.get("/games/<int:game_id>")
def scoreboard(game_id: int) -> str:
    state = service.load(game_id)
    share_url = url_for("share.view", token=state.game.share_token, _external=True)
    return render_template(
        "games/scoreboard.html", state=state, last_change=state.last_change,
        share_url=share_url, share_qr=qr.qr_svg(share_url),
    )


@bp.post("/games/<int:game_id>/rematch")
def rematch(game_id: int) -> Response:
    """A new game with the same players and rules; the next dealer deals its first round."""
    state = service.load(game_id)
    new_state = service.create(state.game.name, finish.rematch_setup(state.setup, state.standings))
    flash(_("New game with the same players. %(name)s deals.", name=new_state.standings.dealer))
    return redirect(url_for("games.scoreboard", game_id=new_state.game.id))


@bp.get("/games/<int:game_id>/history")
def history(game_id: int) -> str:
    state = service.load(game_id)
    rows = export.history_rows(state)
    return render_template(
        "games/history.html", state=state, rows=rows,
        plot=plot.totals_svg(state, rows, _("Total penalty points after each round")),
        colours=plot.COLOURS, last_change=state.last_change,
    )


@bp.post("/games/<int:game_id>/archive")
def archive(game_id: int) -> Response:
    archived = request.form.get("archived", "1") == "1"
    store.set_archived(game_id, form_version(request), archived)
    flash(_("Game archived.") if archived else _("Game restored."))
    return redirect(url_for("games.index") if archived else url_for("games.scoreboard",
                                                                      game_id=game_id))


@bp.post("/games/<int:game_id>/delete")
def delete(game_id: int) -> Response:
    store.delete_game(game_id, form_version(request))
    flash(_("Game deleted."))
    return redirect(url_for("games.index"))


@bp.get("/games/<int:game_id>/export.csv")
def export_csv(game_id: int) -> Response:
    state = service.load(game_id)
    return Response(
        export.csv_text(state), mimetype="text/csv",
        headers={"Content-Disposition": f'attachment; filename="phase10-game-{game_id}.csv"'},
    )


@bp.get("/games/<int:game_id>/export.json")
def export_json(game_id: int) -> Response:
    state = service.load(game_id)
    response = current_app.json.response(state.to_dict())
    response.headers["Content-Disposition"] = f'attachment; filename="phase10-game-{game_id}.json"'
    return response


@bp.get("/favicon.ico")
def favicon() -> Response:
    """Browsers that ask for /favicon.ico get the app's icon."""
    return redirect(url_for("static", filename="favicon.svg"), 301)


@bp.post("/language")
def language() -> Response:
    """Remember the chosen language in a cookie and go back to the page it was chosen on."""
    target = request.form.get("next", "/")
    if not target.startswith("/") or target[1:2] in ("/", "\\") or any(
        ord(char) < 32 for char in target
    ):
        target = "/"  # only paths on this site: no //host, no backslash host, no control chars
    response = redirect(target)
    lang = request.form.get("lang", "")
    if lang in current_app.config["LANGUAGES"]:
        response.set_cookie(i18n.LANG_COOKIE, lang, max_age=365 * 24 * 3600, samesite="Lax")
    return response
