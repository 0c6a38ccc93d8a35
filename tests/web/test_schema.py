"""The API's request bodies and queries (:mod:`web.schema`): one model each, a 400 naming the
field, unknown fields dropped, and the engine's own rule for names."""

from __future__ import annotations

import pytest

from scorer.errors import GameNotationError
from web import schema


def test_a_new_round_keeps_its_number_and_drops_unknown_fields():
    body = schema.validate(schema.NewRound, {"results": [], "number": "3", "colour": "red"})
    assert body.number == 3
    assert body.model_dump(exclude_unset=True) == {"results": [], "number": 3}
    assert "number" not in schema.Round.model_fields  # an edit's number is in its path


@pytest.mark.parametrize("number", [0, -1, True, 1.5, "two", "²", 2**63, float("nan")])
def test_a_round_number_is_a_whole_number_from_1(number):
    with pytest.raises(schema.InvalidBody) as caught:
        schema.validate(schema.NewRound, {"results": [], "number": number})
    assert caught.value.field == "number" and caught.value.code == 400


def test_a_bad_result_names_its_path_field_and_player():
    data = {"results": [{"player": "Ann"}, {"player": "Bob", "points": 1.5}]}
    with pytest.raises(schema.InvalidBody) as caught:
        schema.validate(schema.Round, data)
    error = caught.value
    assert (error.path, error.field, error.player) == ("results.1.points", "points", "Bob")


def test_a_bad_name_is_the_engines_error():
    with pytest.raises(GameNotationError) as caught:
        schema.validate(schema.NewGame, {"players": ["Ann", "x" * 41]})
    assert caught.value.code == "name_too_long"


def test_the_stats_query_takes_every_player_and_leaves_blank_ones_out(app):
    with app.test_request_context("/api/stats?player=Ann&player=%20&player=Zoe%CC%81"):
        assert schema.query_args(schema.StatsQuery).player == ["Ann", "Zoé"]
    with app.test_request_context("/api/stats"):
        assert schema.query_args(schema.StatsQuery).player == []
    many = "&".join(f"player=P{i}" for i in range(7))
    with app.test_request_context(f"/api/stats?{many}"), pytest.raises(schema.InvalidBody):
        schema.query_args(schema.StatsQuery)
