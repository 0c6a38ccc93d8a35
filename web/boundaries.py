"""Where outside input enters Flask: URL integers and JSON bodies, both bounded.

:class:`WholeNumberConverter` replaces werkzeug's ``int`` converter, so ``/api/games/<id>``
with an id past SQLite's integers is a 404 like any unknown game; :class:`BoundedRequest`
turns JSON nested too deep for the parser (a ``RecursionError``) into a 400.
"""

from __future__ import annotations

from typing import Any

from flask import Request
from werkzeug.exceptions import BadRequest
from werkzeug.routing import IntegerConverter, ValidationError

from scorer.numbers import INT64_MAX, MAX_DIGITS


class WholeNumberConverter(IntegerConverter):
    """``<int:...>`` of ASCII digits only, at most ``INT64_MAX`` (otherwise the route misses)."""

    regex = r"[0-9]+"

    def __init__(self, map: Any, fixed_digits: int = 0, min: int | None = None,  # noqa: A002
                 max: int | None = INT64_MAX, signed: bool = False) -> None:  # noqa: A002
        super().__init__(map, fixed_digits=fixed_digits, min=min, max=max, signed=signed)

    def to_python(self, value: str) -> Any:
        if len(value.lstrip("0")) > MAX_DIGITS:
            raise ValidationError()
        return super().to_python(value)


class BoundedRequest(Request):
    """Flask's request, except that JSON nested too deep is a 400 (or None when silent)."""

    def get_json(self, force: bool = False, silent: bool = False, cache: bool = True) -> Any:
        try:
            return super().get_json(force=force, silent=silent, cache=cache)
        except RecursionError:
            if silent:
                return None
            raise BadRequest("The JSON body is nested too deeply.") from None
