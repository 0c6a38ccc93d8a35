"""The engine's codes in the page's language: worded as sentences, with the round named, and
left to the engine's English when a code or its params are unknown here."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from scorer.errors import GameNotationError
from scorer.game.records import GameSetup, RoundRecord
from scorer.numbers import parse_whole
from web.i18n import error_message
from web.reasons import GAME, game_error, sentence, validator_reason


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



def test_a_name_too_long_is_worded_in_the_pages_language(app):
    with app.test_request_context(headers={"Accept-Language": "pl"}):
        assert game_error("name_too_long", {"length": 60, "limit": 40, "name": "B"}) == \
            "Imię gracza może mieć najwyżej 40 znaków; B ma 60."


ROOT = Path(__file__).resolve().parents[2]


def _raised_codes() -> dict[str, str]:
    """Every literal code the engine and the app raise, with the file that raises it: the
    ``code="..."`` of a call to an ``...Error`` class, and the second argument of the replay's
    ``refuse(message, code, ...)``. (Validator reasons are worded by the engine itself.)"""
    codes: dict[str, str] = {}
    for path in [*sorted((ROOT / "scorer").rglob("*.py")), *sorted((ROOT / "web").rglob("*.py"))]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", "")
            found = [keyword.value for keyword in node.keywords
                     if keyword.arg == "code" and name.endswith("Error")]
            if name == "refuse" and len(node.args) > 1:
                found.append(node.args[1])
            for value in found:
                if isinstance(value, ast.Constant) and isinstance(value.value, str):
                    codes.setdefault(value.value, str(path.relative_to(ROOT)))
    return codes


def test_every_code_the_engine_raises_has_a_wording():
    codes = _raised_codes()
    assert {"name_too_long", "game_over", "bad_text", "number_out_of_range",
            "round_number_ahead"} <= codes.keys(), "the search no longer finds the codes"
    missing = {code: path for code, path in codes.items() if code not in GAME}
    assert not missing, f"add a wording to web/reasons.GAME for {missing}"


def _raise(make):
    with pytest.raises(GameNotationError) as caught:
        make()
    return caught.value


@pytest.mark.parametrize(("make", "polish"), [
    (lambda: GameSetup(("Ann", "B" * 50)), "Imię gracza może mieć najwyżej 40 znaków;"),
    (lambda: GameSetup(("Ann", "  ")), "Brakuje imienia gracza"),
    (lambda: GameSetup("Ann"), "Podaj graczy jako listę imion."),
    (lambda: GameSetup(("Ann", "Bob"), rules="standard"), "Nie można odczytać zasad tej gry."),
    (lambda: RoundRecord.from_dict({"results": "Ann"}), "Nie można odczytać wyników rundy"),
    (lambda: parse_whole(99, "phase", minimum=1, maximum=10),
     "Wpisz liczbę od 1 do 10, a nie 99."),
])
def test_an_unreadable_entry_is_worded_in_the_pages_language(app, make, polish):
    error = _raise(make)
    with app.test_request_context(headers={"Accept-Language": "pl"}):
        assert polish in error_message(error)
    with app.test_request_context():
        assert error_message(error) != str(error)
