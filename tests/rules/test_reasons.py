"""Every reason is worded once, by explain(): English by default, any language through gettext."""

from __future__ import annotations

import pytest

from scorer.rules.doubt import weigh
from scorer.rules.hits import can_hit
from scorer.rules.reason_codes import PARAMS
from scorer.rules.reasons import Reason, explain, identity
from scorer.rules.validate import validate, validate_groups


class _Given:
    """A verdict-like holder of a reason made by hand (for codes no short hand reaches)."""

    def __init__(self, reason: Reason) -> None:
        self.reason = reason


class _Detail(_Given):
    """The reason for one group inside a ``group_invalid`` verdict."""

    def __init__(self, verdict) -> None:
        super().__init__(Reason.from_dict(verdict.reason.params["detail"]))


MIXED = "1 set of 3 + 1 run of 4 + 5 cards of one colour"
HANDS = [
    ("skip_in_phase", lambda: validate(1, "R5 B5 G5 Y7 Y7 W S")),
    ("no_natural", lambda: validate(1, "W W W W W W")),
    ("group_short", lambda: validate(1, "R5 B5 G5 Y7 Y8 W")),
    ("cards_left_over", lambda: validate(1, "R5 B5 G5 Y7 B7 G7 Y9")),
    ("wrong_group_count", lambda: validate_groups(1, ["R5 B5 G5"])),
    ("group_invalid", lambda: validate_groups(1, ["R5 B5 G5", "Y7 B8 G7"])),
    ("too_few_cards", lambda: _Detail(validate_groups(2, ["R5 B5 G5", "W W"]))),
    ("no_grouping", lambda: _Given(Reason("no_grouping", {"requirement": MIXED}))),
    ("valid_if_sure", lambda: weigh(1, "R5 B5 G5 Y7 B7 W?")),
    ("invalid_check", lambda: weigh(1, "R5 B5 G5 Y7 B7 Y8?/G7")),
    ("skip_never_fits", lambda: can_hit("set", "R5 B5 G5", "S")),
    ("wrong_number", lambda: can_hit("set", "R5 B5 G5", "G6")),
    ("wrong_colour", lambda: can_hit("colour", "R5 R7 R9", "B3")),
    ("not_next_in_run", lambda: can_hit("run", "R3 R4 R5", "B9")),
    ("run_complete", lambda: can_hit("run", "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12", "W")),
]


def marked(string: str, /, **variables) -> str:
    """A 'language' that brackets every message it translates."""
    return "[" + identity(string, **variables) + "]"


def marked_plural(singular: str, plural: str, num: int, /, **variables) -> str:
    variables.setdefault("num", num)
    return "[" + ((singular if num == 1 else plural) % variables) + "]"


@pytest.mark.parametrize("code, make", HANDS, ids=[code for code, _ in HANDS])
def test_every_reason_is_worded_by_explain(code, make):
    reason = make().reason
    assert reason.code == code
    assert reason.text == explain(reason) == str(reason)
    assert set(reason.params) <= set(PARAMS[code].__annotations__)


@pytest.mark.parametrize("code, make", HANDS, ids=[code for code, _ in HANDS])
def test_every_reason_goes_through_the_gettext_it_is_given(code, make):
    """A translated page words the whole reason in its language: no English is left outside."""
    text = explain(make().reason, marked, marked_plural)
    assert text.startswith("[") and text.endswith("]")


def test_a_hit_verdict_speaks_the_reason_text():
    verdict = can_hit("set", "R5 B5 G5", "G6")
    assert verdict.text == verdict.reason.text == "G6 does not fit: the set is of 5s"
    assert verdict.to_dict()["reason"] == verdict.text


def test_a_group_the_others_left_empty_says_so_and_asks_for_no_particular_card():
    text = validate(2, "G3").reason.text
    assert "set of 3: no card is left for it; 3 more cards are needed;" in text
    assert "0 cards" not in text and "(wilds)" not in text


def test_a_group_of_wilds_alone_shows_the_wilds_not_the_numbers_they_stand_for():
    text = validate(1, "G3 G3 G3 W W").reason.text
    assert text.endswith("set of 3: only 2 cards of a kind (W W); "
                         "any number card or another wild would complete it")
    run = validate(3, "G5 G5 G5 W W W").reason
    assert run.text.endswith("run of 4: the longest run is 2 cards (W W); 2 more cards are needed")
    assert run.params["short"][0]["completions"] == ["W"]  # not the 3 after their stand-ins 1 2


def test_an_unknown_code_is_its_own_text():
    assert explain(Reason("not_a_code", {})) == "not_a_code"


def test_a_reason_round_trips_through_its_dict():
    reason = validate(1, "R5 B5 G5 Y7 Y8 W").reason
    assert Reason.from_dict(reason.to_dict()) == reason
