"""Every reason code the rules give is typed: its params' names are declared for the API."""

from __future__ import annotations

from scorer.rules.reason_codes import PARAMS
from tests.rules.test_reasons import HANDS


def test_every_code_is_worded_and_typed():
    assert sorted(PARAMS) == sorted(code for code, _ in HANDS)
    for code, params in PARAMS.items():
        assert params.__annotations__, code
