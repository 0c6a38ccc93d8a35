"""The API's request bodies as pydantic models: the one place a JSON body is checked.

:func:`json_body` reads a request's JSON object and validates it against a model: a value of
the wrong type, a number that is not whole or not finite, text that is not storable
(:func:`scorer.text.clean_text`) or a missing field is a 400 ``{"error", "field"}`` naming the
field (``"results.0.hand"``). The same models give the OpenAPI document (:mod:`web.openapi`).
What a value means (a player of this game, a phase that exists) is still the engine's to say.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, TypeVar, get_origin

from flask import request
from flask_babel import gettext as _
from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    PlainValidator,
    StrictBool,
    ValidationError,
    WithJsonSchema,
)
from werkzeug.exceptions import BadRequest, UnsupportedMediaType

from scorer.errors import GameNotationError
from scorer.game.records import (
    MAX_GAME_NAME,
    MAX_NAME_LENGTH,
    MAX_PLAYERS,
    MIN_PLAYERS,
    player_name,
)
from scorer.game.variants import VARIANTS
from scorer.numbers import INT64_MAX, is_whole
from scorer.text import clean_text

Model = TypeVar("Model", bound=BaseModel)

MAX_CARD_TEXT = 400
"""Characters of typed cards (a deck's 108 cards written out fit)."""
MAX_CARD_ITEMS = 108


def _whole(value: Any) -> int:
    if isinstance(value, bool) or not is_whole(value, minimum=0, maximum=INT64_MAX):
        raise ValueError("must be a whole number from 0 to 2**63-1 (an integer or ASCII digits)")
    return int(value)


WholeNumber = Annotated[
    int, PlainValidator(_whole),
    WithJsonSchema({"oneOf": [{"type": "integer", "minimum": 0, "maximum": INT64_MAX},
                              {"type": "string", "pattern": "^[0-9]{1,19}$"}]}),
]
"""A whole number as JSON integer or ASCII digit text, within SQLite's integers."""


def _positive(value: Any) -> int:
    if isinstance(value, bool) or not is_whole(value, minimum=1, maximum=INT64_MAX):
        raise ValueError("must be a whole number from 1 to 2**63-1 (an integer or ASCII digits)")
    return int(value)


PositiveNumber = Annotated[
    int, PlainValidator(_positive),
    WithJsonSchema({"oneOf": [{"type": "integer", "minimum": 1, "maximum": INT64_MAX},
                              {"type": "string", "pattern": "^[0-9]{1,19}$"}]}),
]
"""A whole number from 1, as JSON integer or ASCII digit text (a round's number)."""


def _text(limit: int | None, field: str) -> AfterValidator:
    return AfterValidator(lambda value: clean_text(value, field, limit=limit))


def _name(field: str) -> Any:
    """A player's name checked by the engine's one rule (its error, code and message)."""
    return Annotated[str, AfterValidator(lambda value: player_name(value, field)),
                     WithJsonSchema({"type": "string", "minLength": 1,
                                     "maxLength": MAX_NAME_LENGTH})]


Name = _name("player")
"""A player's name: storable text of at most 40 characters once spaces are collapsed."""
CardText = Annotated[str, Field(max_length=MAX_CARD_TEXT), _text(MAX_CARD_TEXT, "cards")]
Cards = CardText | Annotated[list[CardText], Field(max_length=MAX_CARD_ITEMS)]
"""Cards as one text (``"R5 B5 W"``) or a list of card names."""


class Body(BaseModel):
    """A JSON request body: unknown fields are ignored, numbers must be finite."""

    model_config = ConfigDict(extra="ignore", allow_inf_nan=False)


class Versioned(Body):
    """A write based on a game version (or send ``If-Match: "<version>"``)."""

    version: WholeNumber | None = None


class NewGame(Body):
    """``POST /api/games``."""

    players: Annotated[list[_name("players")],  # type: ignore[valid-type]
                       Field(min_length=MIN_PLAYERS, max_length=MAX_PLAYERS)]
    first_dealer: WholeNumber = 0
    variant: Literal[tuple(VARIANTS)] = "standard"  # type: ignore[valid-type]
    phases_count: WholeNumber | None = None
    natural_per_group: StrictBool = False
    name: Annotated[str, Field(max_length=MAX_GAME_NAME * 5), _text(None, "name")] = ""


class Archive(Versioned):
    """``PATCH /api/games/<id>``."""

    archived: StrictBool


class Result(Body):
    """One player's result in a round: ``points`` or the ``hand`` left, and the ``phase``
    attempted (choose-your-phase games)."""

    player: Name
    completed: StrictBool = False
    points: WholeNumber | None = None
    hand: Cards | None = None
    phase: WholeNumber | None = None


class Round(Versioned):
    """A round's results: ``PUT /api/games/<id>/rounds/<n>`` (and :class:`NewRound`)."""

    results: Annotated[list[Result], Field(max_length=MAX_PLAYERS)]
    went_out: (_name("went_out")  # type: ignore[valid-type]
               | Annotated[list[_name("went_out")], Field(max_length=MAX_PLAYERS)] | None) = None
    tie_breaker: StrictBool = False


class NewRound(Round):
    """``POST /api/games/<id>/rounds``: a round that may say which round it is (``number``):
    a round already saved is a 409 ``round_taken``, one past the next round a 400."""

    number: PositiveNumber | None = None


class Check(Body):
    """``POST /api/check`` with typed cards: a ``phase`` (1-10), or a ``game`` and ``player``
    to check that player's phase; cards may carry ``?`` marks (``"W?"``, ``"Y8?/Y9"``)."""

    cards: Cards
    phase: WholeNumber | None = None
    natural_per_group: StrictBool = False
    game: WholeNumber | None = None
    player: Name | None = None


class StatsQuery(Body):
    """``GET /api/stats`` (and the ``/stats`` page): the group as repeated ``player``
    parameters, 2-6 names (blank ones are ignored); none: every game."""

    player: Annotated[list[Name], Field(max_length=MAX_PLAYERS)] = []


def validate(model: type[Model], data: Any) -> Model:
    """``data`` checked against ``model``; a 400 naming the first bad field otherwise."""
    try:
        return model.model_validate(data)
    except ValidationError as error:
        problem = error.errors(include_url=False, include_input=False)[0]
        location = tuple(part for part in problem["loc"] if isinstance(part, int)
                         or (part.isidentifier() and part not in TYPE_TAGS))
        cause = (problem.get("ctx") or {}).get("error")
        if isinstance(cause, GameNotationError) and location[:1] != ("results",):
            raise cause from None  # the engine's own rule for names: its code and message
        raise InvalidBody(location, problem["msg"], data) from None


TYPE_TAGS = frozenset({"str", "int", "bool", "list", "dict", "none"})
"""Names pydantic puts in an error's location for the member of a union that failed."""


class InvalidBody(BadRequest):
    """A 400 whose JSON answer names the bad field: ``path`` (``"results.1.points"``), and as
    the engine's errors do, ``field`` (``"points"``) and the result's ``player``."""

    def __init__(self, location: tuple[int | str, ...], problem: str, data: Any) -> None:
        self.path = ".".join(str(part) for part in location) or "body"
        super().__init__(_("%(field)s: %(problem)s", field=self.path, problem=problem))
        self.field = self.path
        self.player: str | None = None
        if len(location) >= 3 and location[0] == "results" and isinstance(location[1], int):
            self.field = str(location[2])
            try:
                player = data["results"][location[1]]["player"]
            except (KeyError, IndexError, TypeError):
                player = None
            self.player = player if isinstance(player, str) else None


def json_body(model: type[Model], *, required: bool = True) -> Model:
    """The request's JSON object checked against ``model``: 415 for another content type,
    400 for malformed JSON, a body that is not an object, or a bad field. Without ``required``
    a missing or non-JSON body is an empty one."""
    if not request.is_json:
        if not required:
            return model.model_validate({})
        raise UnsupportedMediaType(_("Send JSON with Content-Type: application/json."))
    data = request.get_json(silent=True)
    if data is None:
        if not required and not request.get_data(cache=True):
            return model.model_validate({})
        raise BadRequest(_("The body is not valid JSON."))
    if not isinstance(data, dict):
        raise BadRequest(_("The body must be a JSON object."))
    return validate(model, data)


def query_args(model: type[Model]) -> Model:
    """The request's query parameters checked against ``model`` (a list field takes every
    value of its parameter, blank ones left out): a 400 naming the bad parameter otherwise."""
    data: dict[str, Any] = {}
    for name, info in model.model_fields.items():
        if name not in request.args:
            continue
        if get_origin(info.annotation) is list:
            data[name] = [value for value in request.args.getlist(name) if value.strip()]
        else:
            data[name] = request.args[name]
    return validate(model, data)
