"""The Decks pages: enrol a player's own deck from five photos, fine-tune, choose the model.

Views are thin: :class:`scorer.decks.session.Enrolment` does the enrolment steps,
:mod:`scorer.decks.store` the decks and models, :mod:`web.deck_jobs` the background training.
Everything lives in the app's instance folder. The card reader asks the deck store for the
chosen model on every detection (:func:`web.reader.model_file`), so a choice counts at once.
"""

from __future__ import annotations

from pathlib import Path

from flask import (
    Blueprint,
    abort,
    current_app,
    flash,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from scorer.cards import parse_card
from scorer.decks import finetune, store
from scorer.decks.enrol import RetakeError
from scorer.decks.layout import SHEETS, get_sheet
from scorer.decks.session import Enrolment
from scorer.errors import NotationError
from web import deck_jobs
from web.images import ImageError, image_from_request

bp = Blueprint("decks", __name__, url_prefix="/decks")


def _instance() -> Path:
    return Path(current_app.instance_path)


def _image(path: Path, mimetype: str) -> Response:
    """A small stored image, never cached (a retake replaces it under the same address)."""
    if not path.is_file():
        abort(404)
    response = Response(path.read_bytes(), mimetype=mimetype)
    response.headers["Cache-Control"] = "no-store"
    return response


def _enrolment(name: str) -> Enrolment:
    try:
        return Enrolment(_instance(), name)
    except store.DeckError:
        abort(404)


def _sheet(name: str):
    try:
        return get_sheet(name)
    except KeyError:
        abort(404)


@bp.get("/")
def index() -> str:
    decks = store.list_decks(_instance())
    jobs = {d.name: deck_jobs.status(current_app, d.name) for d in decks}
    return render_template(
        "decks/index.html", decks=decks, jobs=jobs, chosen=store.chosen_version(_instance()),
        training=finetune.training_available(), install_hint=finetune.INSTALL_HINT,
        shipped=store.SHIPPED)


@bp.post("/new")
def new() -> Response:
    name = request.form.get("name", "").strip().lower()
    try:
        store.check_name(name)
    except store.DeckError as error:
        flash(str(error), "error")
        return redirect(url_for("decks.index"))
    return redirect(url_for("decks.enrol", name=name))


def _enrol_page(enrolment: Enrolment, errors: dict[str, str] | None = None, status: int = 200):
    return render_template(
        "decks/enrol.html", name=enrolment.name, sheets=SHEETS, state=enrolment.status(),
        warnings={sheet.name: enrolment.warnings(sheet.name) for sheet in SHEETS},
        errors=errors or {}, exists=any(d.name == enrolment.name
                                        for d in store.list_decks(_instance())),
    ), status


@bp.get("/enrol/<name>")
def enrol(name: str):
    return _enrol_page(_enrolment(name))


@bp.post("/enrol/<name>/<sheet>")
def upload(name: str, sheet: str):
    enrolment, sheet_ = _enrolment(name), _sheet(sheet)
    try:
        enrolment.add_photo(sheet_.name, image_from_request(request))
    except (RetakeError, ImageError) as error:
        return _enrol_page(enrolment, {sheet_.name: str(error)}, 400)
    return redirect(url_for("decks.enrol", name=name, _anchor=f"sheet-{sheet_.name}"))


@bp.post("/enrol/<name>/<sheet>/confirm")
def confirm(name: str, sheet: str):
    enrolment, sheet_ = _enrolment(name), _sheet(sheet)
    try:
        enrolment.confirm(sheet_.name)
    except store.DeckError as error:
        return _enrol_page(enrolment, {sheet_.name: str(error)}, 409)
    return redirect(url_for("decks.enrol", name=name, _anchor=f"sheet-{sheet_.name}"))


@bp.post("/enrol/<name>/<sheet>/retake")
def retake(name: str, sheet: str) -> Response:
    _enrolment(name).retake(_sheet(sheet).name)
    return redirect(url_for("decks.enrol", name=name, _anchor=f"sheet-{sheet}"))


@bp.post("/enrol/<name>/finish")
def finish(name: str):
    enrolment = _enrolment(name)
    try:
        info = enrolment.finish({"source": "web"})
    except store.DeckError as error:
        return _enrol_page(enrolment, {"finish": str(error)}, 409)
    flash(_("Deck %(name)s saved. Let the app learn it to read it better.",
            name=info.name), "ok")
    return redirect(url_for("decks.index"))


@bp.get("/enrol/<name>/<sheet>/preview.jpg")
def preview(name: str, sheet: str):
    return _image(_enrolment(name).preview_path(_sheet(sheet).name), "image/jpeg")


@bp.get("/enrol/<name>/<sheet>/<card>.png")
def staged_face(name: str, sheet: str, card: str):
    try:
        path = _enrolment(name).face_path(_sheet(sheet).name, card)
    except (store.DeckError, NotationError):
        abort(404)
    return _image(path, "image/png")


@bp.get("/<name>/faces/<card>.png")
def face(name: str, card: str):
    try:
        path = store.deck_folder(_instance(), name) / f"{parse_card(card)}.png"
    except (store.DeckError, NotationError):
        abort(404)
    return _image(path, "image/png")


@bp.post("/<name>/train")
def train(name: str) -> Response:
    try:
        store.deck_folder(_instance(), name)
    except store.DeckError as error:
        flash(str(error), "error")
        return redirect(url_for("decks.index"))
    if not finetune.training_available():
        flash(finetune.INSTALL_HINT, "error")
        return redirect(url_for("decks.index"))
    try:
        deck_jobs.start(current_app, name, current_app.config.get("DECK_TRAIN_MINUTES"))
    except deck_jobs.JobRunning as error:
        flash(str(error), "error")
    return redirect(url_for("decks.index", _anchor=f"deck-{name}"))


@bp.get("/<name>/train/status")
def train_status(name: str) -> Response:
    try:
        store.check_name(name)
    except store.DeckError:
        abort(404)
    return jsonify(deck_jobs.status(current_app, name) or {"state": "none"})


@bp.post("/use")
def use() -> Response:
    try:
        version = store.choose_model(_instance(), request.form.get("model") or store.SHIPPED)
    except store.DeckError as error:
        flash(str(error), "error")
        return redirect(url_for("decks.index"))
    flash(_("Now reading cards with the app's own card reader.") if version == store.SHIPPED
          else _("Now reading cards with %(version)s.", version=version), "ok")
    return redirect(url_for("decks.index"))
