"""The OpenAPI 3.1 document of every JSON route, served at ``/api/openapi.json``.

Request bodies come from the pydantic models that validate them (:mod:`web.schema`), answers
from the models below; :data:`OPERATIONS` is the route table that ties each route of the API
blueprint, and the JSON routes of the share, live and deck pages, to them (a test checks that
every ``/api/`` route is in it).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, Response, jsonify
from pydantic import BaseModel, ConfigDict
from pydantic.json_schema import models_json_schema

from scorer.numbers import INT64_MAX
from web import schema

bp = Blueprint("openapi", __name__, url_prefix="/api")


class Answer(BaseModel):
    """An answer's documented fields; it may carry more."""

    model_config = ConfigDict(extra="allow")


class Error(Answer):
    """Every error: a message, and for the engine's errors what it concerns."""

    error: str
    code: str | None = None
    field: str | None = None
    path: str | None = None
    player: str | None = None
    params: dict[str, Any] | None = None
    more: list[dict[str, Any]] | None = None
    version: int | None = None


class Game(Answer):
    """A game: setup, rounds as checked, standings and version (the JSON export's shape)."""

    id: int
    name: str
    setup: dict[str, Any]
    version: int
    archived: bool
    created: str
    updated: str
    rounds: list[dict[str, Any]]
    standings: dict[str, Any]
    last_change: dict[str, Any] | None
    redo_change: dict[str, Any] | None = None


class Conflict(Error):
    """A 409: ``code`` says why (``stale_version``: the game changed since the version the
    write names; ``round_taken``: the round ``number`` was already saved; ``nothing_to_undo``,
    ``nothing_to_redo``); for the first two ``game`` is the game's current state."""

    number: int | None = None
    game: Game | None = None


class GameSummary(Answer):
    id: int
    name: str
    version: int
    archived: bool
    players: list[str]
    variant: str
    round_number: int
    leader: list[str] | str | None
    winner: str | None
    url: str


class Games(Answer):
    games: list[GameSummary]


class Version(Answer):
    version: int


class Players(Answer):
    players: list[dict[str, Any]]


class Rounds(Answer):
    version: int
    rounds: list[dict[str, Any]]


class NumberedRound(Answer):
    number: int
    results: list[dict[str, Any]]


class PlayerFigures(Answer):
    player: str
    games: int
    finished: int
    won: int
    rounds: int
    points: int
    phases_completed: int
    average_penalty: float | None
    phases_per_round: float | None
    longest_streak: int
    best_game: dict[str, Any] | None


class Group(Answer):
    players: list[str]
    games: int


class Stats(Answer):
    """Statistics per player over every game (``group`` null) or one group's games."""

    group: list[str] | None
    games: int
    finished: int
    players: list[PlayerFigures]
    groups: list[Group]
    left_out: int


class ReadCard(Answer):
    card: str
    confidence: float
    box: list[float]
    unsure: bool


class Detection(Answer):
    cards: list[ReadCard]
    count: int
    points: int
    width: int
    height: int
    no_cards: bool


class Verdict(Answer):
    cards: list[str]
    count: int
    points: int


IMAGE = {"type": "string", "format": "binary"}
IMAGE_FORM = {"type": "object", "required": ["image"], "properties": {
    "image": IMAGE, "phase": {"type": "string"}, "game": {"type": "string"},
    "player": {"type": "string"}, "natural_per_group": {"type": "string"}}}
IMAGE_BODIES = {"multipart/form-data": {"schema": IMAGE_FORM},
                "image/jpeg": {"schema": IMAGE}, "image/png": {"schema": IMAGE},
                "application/octet-stream": {"schema": IMAGE}}
READ_ERRORS = (400, 404)
WRITE_ERRORS = (400, 403, 404, 409, 413, 415, 428)
IMAGE_ERRORS = (400, 403, 404, 413, 415, 503)


@dataclass(frozen=True)
class Operation:
    """One route of the API: its answer on success, its request body and its errors."""

    method: str
    path: str
    summary: str
    ok: tuple[int, type[BaseModel] | None]
    body: type[BaseModel] | None = None
    body_required: bool = True
    images: bool = False
    errors: tuple[int, ...] = READ_ERRORS
    query: dict[str, dict[str, Any]] = field(default_factory=dict)
    headers: tuple[dict[str, Any], ...] = ()
    """Request headers beside :data:`HEADERS` (which every write takes)."""
    answer_headers: dict[str, str] = field(default_factory=dict)
    """Headers of the success answer: name -> what it says."""


ERRORS = {400: "bad input, or a round the rules forbid", 403: "not the game's keeper, or "
          "another site", 404: "no such game, round or player", 409: "a conflict: see code",
          413: "upload or photo too large", 415: "send JSON", 422: "an Idempotency-Key sent "
          "before with another round", 428: "no version given", 503: "no reader, or busy"}
GAME = "/api/games/{game_id}"
IDEMPOTENCY_KEY = {
    "name": "Idempotency-Key", "in": "header", "required": False,
    "description": "Any 1-255 printable ASCII characters: the same key again on this game gets "
                   "the first answer back (with Idempotent-Replayed: true); the same key with "
                   "another round is a 422",
    "schema": {"type": "string", "minLength": 1, "maxLength": 255, "pattern": "^[ -~]+$"}}
STATS_QUERY = {"type": "array", "maxItems": 6,
               "items": {"type": "string", "minLength": 1, "maxLength": 40}}
LIVE_QUERY = {"stream": {"type": "string", "minLength": 1, "maxLength": 64},
              "phase": {"type": "string"}, "game": {"type": "string"},
              "seat": {"type": "string"}}
OPERATIONS: tuple[Operation, ...] = (
    Operation("get", "/api/games", "The games (archived ones with ?archived=1)", (200, Games),
              query={"archived": {"type": "string", "enum": ["0", "1"]}}),
    Operation("post", "/api/games", "Start a game", (201, Game), schema.NewGame,
              errors=WRITE_ERRORS),
    Operation("get", GAME, "A game: setup, rounds, standings, version", (200, Game)),
    Operation("patch", GAME, "Archive or restore a game", (200, Game), schema.Archive,
              errors=WRITE_ERRORS),
    Operation("delete", GAME, "Delete a game", (204, None), schema.Versioned, False,
              errors=WRITE_ERRORS),
    Operation("get", GAME + "/version", "The game's version", (200, Version)),
    Operation("get", GAME + "/players", "Every player's standing", (200, Players)),
    Operation("get", GAME + "/players/{name}", "One player's standing", (200, Answer)),
    Operation("get", GAME + "/standings", "Round, dealer, leader, winner, tie-breaker",
              (200, Version)),
    Operation("get", GAME + "/rounds", "The round records", (200, Rounds)),
    Operation("post", GAME + "/rounds", "Add a round (saying which round it is: number)",
              (201, Game), schema.NewRound, errors=WRITE_ERRORS + (422,),
              headers=(IDEMPOTENCY_KEY,),
              answer_headers={"Idempotent-Replayed": "true: the first answer to this "
                                                     "Idempotency-Key, sent again"}),
    Operation("get", GAME + "/rounds/{number}", "One round record", (200, NumberedRound)),
    Operation("put", GAME + "/rounds/{number}", "Replace a round (later ones are checked again)",
              (200, Game), schema.Round, errors=WRITE_ERRORS),
    Operation("delete", GAME + "/rounds/{number}", "Delete a round", (200, Game),
              schema.Versioned, False, errors=WRITE_ERRORS),
    Operation("post", GAME + "/undo", "Undo the last add, edit or delete", (200, Game),
              schema.Versioned, False, errors=WRITE_ERRORS,
              answer_headers={"X-Undone": "the change undone: <action> round <n>"}),
    Operation("post", GAME + "/redo", "Redo the change undone most recently", (200, Game),
              schema.Versioned, False, errors=WRITE_ERRORS,
              answer_headers={"X-Redone": "the change made again: <action> round <n>"}),
    Operation("post", "/api/detect", "The cards in a photo, with boxes", (200, Detection),
              images=True, errors=IMAGE_ERRORS),
    Operation("post", "/api/check", "A phase verdict for typed cards or a photo",
              (200, Verdict), schema.Check, images=True, errors=IMAGE_ERRORS + (409, 415)),
    Operation("get", "/api/stats", "Statistics per player over every game, or the games of "
              "exactly the players named", (200, Stats), query={"player": STATS_QUERY}),
    Operation("get", "/s/{token}/version", "A shared game's version (the share page polls it)",
              (200, Version)),
    Operation("post", "/live/frame", "One camera frame in, the live reading out", (200, Answer),
              images=True, errors=IMAGE_ERRORS, query=LIVE_QUERY),
    Operation("post", "/live/reset", "Forget a live stream's frames", (200, Answer),
              errors=(400, 403), query={"stream": LIVE_QUERY["stream"]}),
    Operation("get", "/live/camera/reading", "The server webcam's newest reading", (200, Answer),
              errors=(400, 404, 503), query=LIVE_QUERY),
    Operation("get", "/decks/{name}/train/status", "A deck's fine-tuning job", (200, Answer)),
)
"""Every JSON route: the API in the README's order, then the share, live and deck pages'."""

PATH_PARAMETERS = {
    "game_id": {"type": "integer", "minimum": 0, "maximum": INT64_MAX},
    "number": {"type": "integer", "minimum": 0, "maximum": INT64_MAX},
    "name": {"type": "string", "minLength": 1},
    "token": {"type": "string", "minLength": 1},
}
HEADERS = (
    {"name": "If-Match", "in": "header", "required": False,
     "description": 'The game version the write is based on: "<version>"',
     "schema": {"type": "string"}},
    {"name": "X-Keeper-Token", "in": "header", "required": False,
     "description": "The game's keeper token (served on the LAN)", "schema": {"type": "string"}},
)


def _ref(model: type[BaseModel]) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{model.__name__}"}


def _operation(op: Operation) -> dict[str, Any]:
    names = [part[1:-1] for part in op.path.split("/") if part.startswith("{")]
    parameters: list[dict[str, Any]] = [
        {"name": name, "in": "path", "required": True, "schema": PATH_PARAMETERS[name]}
        for name in names
    ]
    parameters += [{"name": key, "in": "query", "required": False, "schema": value}
                   for key, value in op.query.items()]
    if op.method != "get":
        parameters += [*HEADERS, *op.headers]
    status, answer = op.ok
    content = {"application/json": {"schema": _ref(answer)}} if answer else None
    responses: dict[str, Any] = {str(status): {"description": op.summary}}
    if content:
        responses[str(status)]["content"] = content
    if op.answer_headers:
        responses[str(status)]["headers"] = {
            name: {"description": text, "schema": {"type": "string"}}
            for name, text in op.answer_headers.items()}
    for code in sorted({*op.errors, 405}):  # 405: an id past 2**63-1 matches no route
        model = Conflict if code == 409 else Error
        responses[str(code)] = {"description": ERRORS.get(code, "error"),
                                "content": {"application/json": {"schema": _ref(model)}}}
    document: dict[str, Any] = {"summary": op.summary, "operationId": _operation_id(op),
                                "parameters": parameters, "responses": responses}
    bodies: dict[str, Any] = {}
    if op.body is not None:
        bodies["application/json"] = {"schema": _ref(op.body)}
    if op.images and op.path.startswith("/live/"):
        bodies.update({"image/jpeg": {"schema": IMAGE}})  # a frame is the body itself
    elif op.images:
        bodies.update(IMAGE_BODIES if op.body is None else
                      {"multipart/form-data": IMAGE_BODIES["multipart/form-data"]})
    if bodies:
        document["requestBody"] = {"required": op.body_required, "content": bodies}
    return document


def _operation_id(op: Operation) -> str:
    words = [part.strip("{}").replace(".", "_") for part in op.path.split("/")[1:]
             if part != "api"]
    return "_".join([op.method, *words])


@functools.cache
def document() -> dict[str, Any]:
    """The OpenAPI 3.1 document of every operation in :data:`OPERATIONS`."""
    models = {op.body for op in OPERATIONS if op.body} | {
        op.ok[1] for op in OPERATIONS if op.ok[1]} | {Error, Conflict}
    _, definitions = models_json_schema(
        [(model, "validation") for model in sorted(models, key=lambda m: m.__name__)],
        ref_template="#/components/schemas/{model}",
    )
    paths: dict[str, dict[str, Any]] = {}
    for op in OPERATIONS:
        paths.setdefault(op.path, {})[op.method] = _operation(op)
    return {
        "openapi": "3.1.0",
        "info": {"title": "Phase 10 scoreboard API", "version": "1",
                 "description": "Writes send JSON (or an X-Requested-With header) and name "
                                "the game version they are based on."},
        "paths": paths,
        "components": {"schemas": definitions.get("$defs", {})},
    }


@functools.cache
def _documented() -> frozenset[str]:
    return frozenset(op.path for op in OPERATIONS)


def is_json_route(rule: str | None) -> bool:
    """Whether a URL rule (``/s/<token>/version``) is one of the documented JSON routes, whose
    errors are JSON too."""
    return rule is not None and re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule) in _documented()


@bp.get("/openapi.json")
def openapi_json() -> Response:
    """The document (built once per process)."""
    return jsonify(document())
