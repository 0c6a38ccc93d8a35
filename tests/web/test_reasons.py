"""The engine's codes in the page's language: worded as sentences, with the round named, and
left to the engine's English when a code or its params are unknown here."""

from __future__ import annotations

import pytest

from web.reasons import game_error, sentence, validator_reason


@pytest.mark.parametrize(("text", "expected"), [("a set of 5s", "A set of 5s."),
                                                ("Done!", "Done!"), ("", "")])
def test_a_reason_is_shown_as_a_sentence(text, expected):
    assert sentence(text) == expected


def test_a_round_error_names_its_round_in_the_pages_language(app):
    params = {"went_out": "Ann", "round": 3}
    with app.test_request_context(headers={"Accept-Language": "pl"}):
        assert game_error("zero_points", params) == \
            "Runda 3: Tylko gracz, który zakończył rundę (Ann), dostaje 0 pkt."
    with app.test_request_context():
        assert game_error("zero_points", {"went_out": "Ann"}) == \
            "Only the player who went out (Ann) scores 0."


def test_a_list_of_players_is_joined_for_reading(app):
    with app.test_request_context():
        assert game_error("several_went_out", {"players": ["Ann", "Bob"]}) == \
            "Only one player goes out, but Ann, Bob are marked."


@pytest.mark.parametrize(("code", "params"), [(None, {}), ("no_such_code", {}),
                                              ("zero_points", {}), ("points_too_high", None)])
def test_an_unknown_code_or_missing_params_leave_the_engines_message(app, code, params):
    with app.test_request_context():
        assert game_error(code, params) is None
        assert validator_reason(code, params) is None


def test_a_validator_reason_is_worded_by_the_engine_as_a_sentence(app):
    with app.test_request_context():
        text = validator_reason("too_few_cards", {"needed": 7, "given": 5})
    assert text is not None and text[0].isupper() and text.endswith(".")



@pytest.mark.xfail(strict=True, reason="web/reasons.GAME has no wording for name_too_long (nor "
                   "bad_player_name, bad_players, bad_rules, bad_result): a Polish page shows the "
                   "engine's English 'player names are at most 40 characters; ...'")
def test_a_name_too_long_is_worded_in_the_pages_language(app):
    with app.test_request_context(headers={"Accept-Language": "pl"}):
        assert game_error("name_too_long", {"length": 60, "limit": 40, "name": "B"}) is not None
