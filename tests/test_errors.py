"""The two families of failure: a caller catching ValueError catches both, and the game's
errors say which player and field they concern, as JSON."""

from __future__ import annotations

import pytest

from scorer.errors import GameNotationError, GameRulesError, NotationError, RulesError


@pytest.mark.parametrize(("error", "family"), [(GameRulesError, RulesError),
                                               (GameNotationError, NotationError)])
def test_a_game_error_is_caught_as_its_family_and_as_a_value_error(error, family):
    with pytest.raises(family):
        raise error("bad", code="x")
    assert issubclass(family, ValueError)
    assert not issubclass(RulesError, NotationError) and not issubclass(NotationError, RulesError)


def test_a_game_error_as_json_names_its_player_field_and_params():
    error = GameRulesError("Ann scored 60 points", code="points_too_high",
                           params={"points": 60}, player="Ann", field="points")
    assert error.to_dict() == {"error": "Ann scored 60 points", "code": "points_too_high",
                               "params": {"points": 60}, "player": "Ann", "field": "points"}


def test_the_other_players_problems_ride_along_in_more():
    first = GameRulesError("Ann: too high", code="points_too_high", player="Ann")
    first.more = (GameNotationError("Bo: unreadable", code="bad_points", player="Bo"),)
    assert [row["player"] for row in first.to_dict()["more"]] == ["Bo"]


def test_an_error_keeps_its_own_copy_of_the_params():
    params = {"points": 60}
    error = GameNotationError("x", code="bad_points", params=params)
    params["points"] = 0
    assert error.params == {"points": 60} and GameNotationError("y", code="z").params == {}
