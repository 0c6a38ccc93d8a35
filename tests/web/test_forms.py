"""Page forms read into engine input and back: seats, the dealer among filled seats, a round's
fields per seat, and each engine error placed beside its field."""

from __future__ import annotations

import pytest
from werkzeug.datastructures import MultiDict
from werkzeug.exceptions import BadRequest

from scorer.errors import GameNotationError
from scorer.game.records import GameSetup, PlayerResult, RoundRecord
from scorer.game.variants import make_rules
from web.forms import (
    field_key,
    new_game_values,
    round_from_record,
    round_number,
    seats_named,
    seats_too_long,
    setup_arguments,
    submitted_round,
)

SETUP = GameSetup(("Ann", "Bob", "Cy"))


def test_the_dealer_is_counted_among_the_filled_seats():
    """Seats 0 and 2 filled, seat 2 deals: the second player deals first."""
    values = new_game_values(MultiDict({"player-0": " Ann ", "player-2": "Cy", "dealer": "2",
                                        "phases_count": "3", "variant": "short"}))
    assert values["seats"][:3] == ["Ann", "", "Cy"]
    arguments = setup_arguments(values)
    assert arguments["players"] == ["Ann", "Cy"] and arguments["first_dealer"] == 1
    assert arguments["phases_count"] == 3 and arguments["natural_per_group"] is False


def test_a_name_given_twice_or_too_long_marks_its_seats():
    values = new_game_values(MultiDict({"player-0": "Ann", "player-1": "x" * 100,
                                        "player-3": "  ANN "}))
    assert seats_named(values, "ann") == [0, 3]
    assert seats_too_long(values) == [1]


def test_a_submitted_round_reads_each_seats_fields_and_who_went_out():
    data = MultiDict({"completed-0": "yes", "points-0": "", "completed-1": "no",
                      "points-1": " 55 ", "completed-2": "no", "points-2": "60",
                      "went_out": "0"})
    form, record = submitted_round(SETUP, ["Ann", "Bob", "Cy"], False, data)
    assert record["went_out"] == "Ann"
    assert record["results"][1] == {"player": "Bob", "completed": False, "points": "55"}
    assert form.value("points-1") == "55" and form.value("went_out") == "0"


def test_going_out_from_a_seat_not_in_this_round_is_refused():
    """A tie-breaker between Ann and Cy: Bob's seat cannot be the one who went out."""
    with pytest.raises(GameNotationError) as info:
        submitted_round(SETUP, ["Ann", "Cy"], True, MultiDict({"went_out": "1"}))
    assert info.value.field == "went_out"
    _form, record = submitted_round(SETUP, ["Ann", "Cy"], True, MultiDict({"went_out": "2"}))
    assert record["results"] == [{"player": "Ann", "completed": False},
                                 {"player": "Cy", "completed": True}]


def test_a_stored_round_fills_the_edit_form_seat_by_seat():
    setup = GameSetup(("Ann", "Bob"), make_rules("choose"))
    record = RoundRecord((PlayerResult("Ann", True, 0, phase=4),
                          PlayerResult("Bob", False, 50)), "Ann")
    form = round_from_record(setup, record)
    assert form.values == {"completed-0": "yes", "points-0": "0", "phase-0": "4",
                           "went_out": "0", "completed-1": "no", "points-1": "50"}


@pytest.mark.parametrize(("player", "field", "key"), [
    ("Bob", "points", "points-1"), ("Bob", "hand", "points-1"), ("Cy", "phase", "phase-2"),
    ("Ann", "went_out", "went_out"), (None, "went_out", "went_out"), ("Ann", "name", "player-0"),
    ("Zed", "points", "general"), (None, None, "general")])
def test_an_engine_error_is_placed_beside_its_field(player, field, key):
    assert field_key(SETUP, player, field) == key


def test_the_hidden_round_number_is_read_or_refused():
    assert round_number(MultiDict({"number": " 3 "})) == 3
    assert round_number(MultiDict()) is None
    with pytest.raises(BadRequest, match="reload the page"):
        round_number(MultiDict({"number": "3x"}))
