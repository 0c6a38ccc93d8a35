"""Where outside input enters Flask: URL integers past SQLite's are unknown pages, and JSON
nested too deep for the parser is a bad request, never a 500."""

from __future__ import annotations

import pytest
from werkzeug.exceptions import BadRequest
from werkzeug.routing import Map, ValidationError

from scorer.numbers import INT64_MAX
from web.boundaries import BoundedRequest, WholeNumberConverter

DEEP = b"[" * 100_000 + b"]" * 100_000


@pytest.mark.parametrize("value", [str(INT64_MAX + 1), "9" * 400])
def test_an_id_past_sqlites_integers_is_no_route(value):
    with pytest.raises(ValidationError):
        WholeNumberConverter(Map()).to_python(value)


def test_an_id_with_leading_zeros_is_read_as_its_number():
    assert WholeNumberConverter(Map()).to_python("0" * 50 + "7") == 7


def test_every_game_url_past_the_limit_is_a_404_like_any_unknown_game(client):
    assert client.get(f"/api/games/{INT64_MAX + 1}").status_code == 404
    assert client.get("/api/games/-1").status_code == 404


def test_json_nested_too_deep_is_a_bad_request_or_nothing_when_silent(app):
    with app.test_request_context(method="POST", data=DEEP, content_type="application/json"):
        request = BoundedRequest.from_values(data=DEEP, content_type="application/json",
                                             method="POST")
        with pytest.raises(BadRequest, match="nested too deeply"):
            request.get_json()
        assert BoundedRequest.from_values(data=DEEP, content_type="application/json",
                                          method="POST").get_json(silent=True) is None
