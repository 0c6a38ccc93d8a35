"""scorer.numbers: the one whole-number parser for everything that comes from outside."""

from __future__ import annotations

import pytest

from scorer.errors import GameNotationError
from scorer.numbers import INT64_MAX, is_whole, parse_whole


@pytest.mark.parametrize("text, number", [("0", 0), ("42", 42), (" 7 ", 7), ("-5", -5),
                                          (str(INT64_MAX), INT64_MAX), (12, 12)])
def test_ascii_digits_and_ints_are_read(text, number):
    assert parse_whole(text, "points") == number


@pytest.mark.parametrize("value", ["²", "٣", "", "-", "1.5", "1e3", "0x10", "+5", "5 5", True,
                                   1.0, None, [1], "9" * 5000])
def test_anything_but_ascii_digits_is_a_bad_number_naming_the_field(value):
    with pytest.raises(GameNotationError) as caught:
        parse_whole(value, "points", player="Ann")
    assert caught.value.code == "bad_number"
    assert caught.value.field == "points" and caught.value.player == "Ann"
    assert len(str(caught.value)) < 120  # a 5,000-digit input is not echoed back


@pytest.mark.parametrize("value", [2**63, str(2**63), -(2**63) - 1,
                                   pytest.param(10**5000, id="5000-digits")])
def test_numbers_sqlite_cannot_store_are_out_of_range(value):
    with pytest.raises(GameNotationError) as caught:
        parse_whole(value, "version")
    assert caught.value.code == "number_out_of_range"
    assert len(str(caught.value)) < 120


def test_callers_narrow_the_range():
    assert is_whole("10", minimum=1, maximum=10)
    assert not is_whole("11", minimum=1, maximum=10)
    assert not is_whole("²")
    with pytest.raises(GameNotationError, match="phase must be from 1 to 10, got '0'"):
        parse_whole("0", "phase", minimum=1, maximum=10)
