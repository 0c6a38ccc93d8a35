"""The JSON API: the same operations as the pages, under ``/api/``.

CSRF: the API is exempt from form tokens, so every unsafe request must carry a JSON body
(``Content-Type: application/json``) or an ``X-Requested-With`` header; a cross-site form can
send neither. Writes name the game version they are based on (``If-Match`` or ``version``).
A new round may say which round it is (``number``) and carry an ``Idempotency-Key``
(:mod:`web.idempotency`): a round already saved is a 409 with the game, never a second copy.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, jsonify, request, url_for
from flask_babel import gettext as _
from werkzeug.exceptions import BadRequest, Forbidden

from scorer.numbers import is_whole
from scorer.rules.doubt import read_cards_of
from scorer.rules.phases import PhaseSpec
from web import checking, idempotency, images, keeper, reader, schema, service, store
from web.db import transaction
from web.versions import api_version, require_current

bp = Blueprint("api", __name__, url_prefix="/api")


@bp.before_request
def refuse_cross_site() -> None:
    if request.method in ("GET", "HEAD", "OPTIONS"):
        return
    if request.is_json or request.headers.get("X-Requested-With"):
        return
    raise Forbidden(
        _("API writes need Content-Type: application/json or an X-Requested-With header.")
    )


def _with_version(response: Response, version: int) -> Response:
    response.headers["ETag"] = f'"{version}"'
    return response


def _game_summary(state: service.GameState) -> dict[str, Any]:
    return {
        "id": state.game.id,
        "name": state.game.name,
        "version": state.version,
        "archived": state.game.archived,
        "players": list(state.setup.players),
        "variant": state.setup.rules.variant,
        "round_number": state.standings.round_number,
        "leader": state.standings.leader,
        "winner": state.standings.winner,
        "url": url_for("api.game", game_id=state.game.id),
    }


def _game_response(game_id: int, status: int = 200) -> Response:
    return _state_response(service.load(game_id), status)


def _state_response(state: service.GameState, status: int = 200) -> Response:
    """The game as JSON with its version as the ETag."""
    response = jsonify(state.to_dict())
    response.status_code = status
    return _with_version(response, state.version)


@bp.get("/games")
def games() -> Response:
    archived = request.args.get("archived") == "1"
    states = service.list_states(archived=archived)
    return jsonify({"games": [_game_summary(state) for state in states]})


@bp.post("/games")
def create_game() -> tuple[Response, int, dict[str, str]]:
    body = schema.json_body(schema.NewGame)
    setup = service.new_setup(
        body.players,
        first_dealer=body.first_dealer,
        variant=body.variant,
        phases_count=body.phases_count,
        natural_per_group=body.natural_per_group,
    )
    state = service.create(body.name, setup)
    response = _game_response(state.game.id, 201)
    response.headers[keeper.HEADER] = state.game.keeper_token or ""  # send it back on writes
    return response, 201, {"Location": url_for("api.game", game_id=state.game.id)}


@bp.get("/games/<int:game_id>")
def game(game_id: int) -> Response:
    return _game_response(game_id)


@bp.patch("/games/<int:game_id>")
def update_game(game_id: int) -> Response:
    body = schema.json_body(schema.Archive)
    store.set_archived(game_id, api_version(request, _fields(body)), body.archived)
    return _game_response(game_id)


@bp.delete("/games/<int:game_id>")
def delete_game(game_id: int) -> tuple[str, int]:
    body = schema.json_body(schema.Versioned, required=False)
    store.delete_game(game_id, api_version(request, _fields(body)))
    return "", 204


@bp.get("/games/<int:game_id>/version")
def version(game_id: int) -> Response:
    current = store.version_of(game_id)
    return _with_version(jsonify({"version": current}), current)


@bp.get("/games/<int:game_id>/players")
def players(game_id: int) -> Response:
    state = service.load(game_id)
    return _with_version(
        jsonify({"players": [p.to_dict() for p in state.standings.players]}), state.version
    )


@bp.get("/games/<int:game_id>/players/<path:name>")
def player(game_id: int, name: str) -> Response:
    state = service.load(game_id)
    return _with_version(jsonify(service.standing_of(state, name).to_dict()), state.version)


@bp.get("/games/<int:game_id>/standings")
def standings(game_id: int) -> Response:
    state = service.load(game_id)
    return _with_version(
        jsonify({"version": state.version, **state.standings.to_dict()}), state.version
    )


@bp.get("/games/<int:game_id>/rounds")
def rounds(game_id: int) -> Response:
    state = service.load(game_id)
    return _with_version(
        jsonify({"version": state.version, "rounds": [r.to_dict() for r in state.rounds]}),
        state.version,
    )


@bp.get("/games/<int:game_id>/rounds/<int:number>")
def round_(game_id: int, number: int) -> Response:
    state = service.load(game_id)
    if not 1 <= number <= len(state.rounds):
        raise store.RoundNotFound(f"game {game_id} has no round {number}")
    return _with_version(
        jsonify({"number": number, **state.rounds[number - 1].to_dict()}), state.version
    )


def _fields(body: schema.Body) -> dict[str, Any]:
    """The fields the request sent (a ``version`` it left out is not ``None``)."""
    return body.model_dump(exclude_unset=True)


def _stale_check(state: service.GameState, body: schema.Body) -> None:
    require_current(api_version(request, _fields(body)), state.version)


@bp.post("/games/<int:game_id>/rounds")
def add_round(game_id: int) -> tuple[Response, int]:
    """Add a round. With ``number``, a round already saved is a 409 (:class:`RoundTaken`); with
    an ``Idempotency-Key``, the same request again gets the first answer. The key's lookup, the
    checks and the write are one transaction, so two copies racing store one round."""
    body = schema.json_body(schema.NewRound)
    fields = _fields(body)
    key = idempotency.key_of(request)
    digest = idempotency.fingerprint(fields) if key is not None else ""
    with transaction():
        if key is not None:
            first = idempotency.answered(game_id, key, digest)
            if first is not None:
                status, answer = first
                response = _with_version(jsonify(answer), answer.get("version", 0))
                response.headers[idempotency.REPLAYED_HEADER] = "true"
                return response, status
        state = service.load(game_id)
        service.check_number(state, body.number)  # a round already saved: 409 before the version
        _stale_check(state, body)
        after = service.add_round(state, service.parse_round(fields), body.number)
        if key is not None:
            idempotency.remember(game_id, key, digest, 201, after.to_dict())
    return _state_response(after), 201


@bp.put("/games/<int:game_id>/rounds/<int:number>")
def edit_round(game_id: int, number: int) -> Response:
    body = schema.json_body(schema.Round)
    state = service.load(game_id)
    _stale_check(state, body)
    return _state_response(service.edit_round(state, number,
                                              service.parse_round(_fields(body))))


@bp.delete("/games/<int:game_id>/rounds/<int:number>")
def delete_round(game_id: int, number: int) -> Response:
    body = schema.json_body(schema.Versioned, required=False)
    state = service.load(game_id)
    _stale_check(state, body)
    return _state_response(service.remove_round(state, number))


@bp.post("/games/<int:game_id>/undo")
def undo(game_id: int) -> Response:
    """Take back the last change (the ``X-Undone`` header says which)."""
    return _step_through_log(game_id, service.undo, "X-Undone")


@bp.post("/games/<int:game_id>/redo")
def redo(game_id: int) -> Response:
    """Make the change undone most recently again (409 when there is none, or a change came
    since; the ``X-Redone`` header says which)."""
    return _step_through_log(game_id, service.redo, "X-Redone")


def _step_through_log(game_id: int, step: Callable[[store.Game], tuple[int, dict]],
                      header: str) -> Response:
    """Undo or redo (``step``) on a game at the version the client saw; the game as it now
    stands, with ``header`` naming the change."""
    body = schema.json_body(schema.Versioned, required=False)
    game = store.get_game(game_id)
    require_current(api_version(request, _fields(body)), game.version)
    _version, change = step(game)
    response = _game_response(game_id)
    response.headers[header] = f"{change['action']} round {change['round_number']}"
    return response


@bp.post("/detect")
def detect() -> Response:
    """Cards in a photo: ``{"cards": [{"card", "confidence", "box", "unsure"}], "count",
    "points", "width", "height", "no_cards"}``; ``no_cards``: no card is read sure (an empty
    table's phantoms are read unsure)."""
    photo = images.photo_from_request(request)
    reading = images.in_source_pixels(reader.read(photo.pixels), photo)
    return jsonify({**reading.to_dict(), "width": photo.width, "height": photo.height,
                    "no_cards": reading.no_cards})


@bp.post("/check")
def check() -> Response:
    """A phase verdict for typed cards (JSON) or a photo (image field plus a ``phase`` field).

    JSON: ``{"cards": [...], "phase": 1..10, "natural_per_group": false}``, or ``game`` and
    ``player`` instead of ``phase`` to check that player's phase under the game's rules (with
    ``phase``: one they may play now, else a 400 with ``code`` ``wrong_phase`` or
    ``phase_not_available``; see :func:`web.service.seat_phase`). A card marked ``?`` (``"W?"``,
    ``"Y8?/Y9"``: unsure, likely Y9 otherwise) is one to confirm. The answer is the one check's
    shape (:mod:`scorer.rules.check`: ``cards``, ``count``, ``points``, ``unsure``,
    ``unsure_points``, ``verdict``, ``phase``); a photo's adds ``detections``.
    """
    detection = None
    if request.is_json:
        body = _fields(schema.json_body(schema.Check))
        read = checking.read_cards(body.get("cards"))
    else:
        body = request.form.to_dict()
        photo = images.photo_from_request(request)
        detection = images.in_source_pixels(reader.read(photo.pixels), photo)
        read = read_cards_of(detection.cards)
    phase, natural = _phase_of(body)
    result = checking.answer(read, phase, natural)
    if detection is not None:
        result["detections"] = detection.to_dict()["cards"]
    return jsonify(result)


def _phase_of(body: dict[str, Any]) -> tuple[PhaseSpec | None, bool]:
    """The phase to check and the natural-card rule: a game's player's (by name) under the
    game's rules, or a standard phase, or none."""
    if body.get("game") is not None:
        game_id = body["game"]
        if not is_whole(game_id, minimum=0):
            raise BadRequest(_("game must be a game id (a whole number)."))
        state = service.load(int(game_id))
        standing = service.standing_of(state, str(body.get("player", "")))
        return (service.seat_phase(state, standing, body.get("phase")),
                state.setup.rules.natural_per_group)
    natural = body.get("natural_per_group", False)
    natural = natural if isinstance(natural, bool) else str(natural).lower() in ("1", "true", "on")
    if body.get("phase") in (None, ""):
        return None, natural
    return checking.phase_from(body["phase"]), natural
