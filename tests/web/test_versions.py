"""The game version a write is based on: a form's hidden field or the API's If-Match/version."""

from __future__ import annotations

import pytest
from flask import request
from werkzeug.exceptions import BadRequest, PreconditionRequired

from web.store import StaleVersion
from web.versions import api_version, form_version, require_current


@pytest.mark.parametrize("header", ['"7"', 'W/"7"', "7", ' "7" '])
def test_the_api_reads_the_version_from_if_match_in_any_common_form(app, header):
    with app.test_request_context(headers={"If-Match": header}):
        assert api_version(request, {"version": 3}) == 7  # the header wins over the body


def test_without_if_match_the_body_version_is_used_and_without_either_428(app):
    with app.test_request_context():
        assert api_version(request, {"version": 3}) == 3
        with pytest.raises(PreconditionRequired, match="If-Match"):
            api_version(request, {"cards": []})


@pytest.mark.parametrize("value", ["-1", "1.5", "x", "9" * 30, True])
def test_a_version_that_is_not_a_whole_number_is_a_bad_request(app, value):
    with app.test_request_context():
        with pytest.raises(BadRequest, match="whole number"):
            api_version(request, {"version": value})


def test_a_form_without_its_hidden_version_asks_for_a_reload(app):
    with app.test_request_context(method="POST", data={"version": "4"}):
        assert form_version(request) == 4
    with app.test_request_context(method="POST", data={}):
        with pytest.raises(BadRequest, match="reload the page"):
            form_version(request)


def test_a_write_based_on_an_old_version_is_stale_and_says_the_current_one():
    require_current(5, 5)
    with pytest.raises(StaleVersion) as info:
        require_current(4, 5)
    assert info.value.current == 5
