"""Idempotency-Key: the key's form, what makes two round requests the same, and the first
answer kept per game."""

from __future__ import annotations

import pytest
from flask import request
from werkzeug.exceptions import BadRequest

from web import idempotency
from web.db import get_db

ROUND = {"results": [{"player": "Ann", "completed": True}], "went_out": "Ann"}


@pytest.mark.parametrize(("header", "key"), [(None, None), ("  abc-123  ", "abc-123")])
def test_the_key_is_read_from_its_header_trimmed(app, header, key):
    headers = {} if header is None else {idempotency.HEADER: header}
    with app.test_request_context(headers=headers):
        assert idempotency.key_of(request) == key


@pytest.mark.parametrize("header", ["   ", "x" * 256, "caf\u00e9"])
def test_an_empty_overlong_or_non_ascii_key_is_a_bad_request(app, header):
    with app.test_request_context(headers={idempotency.HEADER: header.encode().decode("latin-1")}):
        with pytest.raises(BadRequest, match="Idempotency-Key"):
            idempotency.key_of(request)


def test_the_same_round_based_on_another_version_is_the_same_request():
    assert idempotency.fingerprint({**ROUND, "version": 1}) == \
        idempotency.fingerprint({**ROUND, "version": 7})
    assert idempotency.fingerprint(ROUND) != idempotency.fingerprint({**ROUND, "went_out": "Bo"})


def test_the_first_answer_comes_back_and_another_round_with_the_key_is_refused(
        app, saved_game):
    game_id = saved_game.game.id
    digest = idempotency.fingerprint(ROUND)
    assert idempotency.answered(game_id, "k1", digest) is None
    idempotency.remember(game_id, "k1", digest, 201, {"version": 2})
    get_db().commit()
    assert idempotency.answered(game_id, "k1", digest) == (201, {"version": 2})
    with pytest.raises(idempotency.KeyReused, match="k1"):
        idempotency.answered(game_id, "k1", idempotency.fingerprint({**ROUND, "went_out": "Bo"}))
