"""The API's OpenAPI document covers every JSON route, and schemathesis fuzzes every operation
of it through the app in-process: no answer is a 5xx, and every answer matches the document.

``PHASE10_SCHEMA_EXAMPLES`` sets the examples per operation (a longer run outside CI).
"""

from __future__ import annotations

import os
import re

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tests.conftest import FakeReader
from web import create_app, openapi

EXAMPLES = int(os.environ.get("PHASE10_SCHEMA_EXAMPLES", "15"))
"""Examples per operation: about 260 requests, well under a minute on two cores."""


def _app(folder):
    app = create_app({"TESTING": True, "SECRET_KEY": "schema", "CARD_READER": FakeReader(),
                      "DATABASE": str(folder / "schema.sqlite"), "DECODE_WAIT": 1.0})
    client = app.test_client()
    for players, variant in ((["Ann", "Bob"], "standard"), (["Ann", "Bob", "Cy"], "choose")):
        body = client.post("/api/games", json={"players": players, "variant": variant}).get_json()
        client.post(f"/api/games/{body['id']}/rounds", json={
            "version": body["version"], "went_out": "Ann",
            "results": [{"player": "Ann", "completed": True, "phase": 1}]
            + [{"player": name, "completed": False, "points": 25} for name in players[1:]]})
    return app


@pytest.fixture(scope="module")
def api_app(tmp_path_factory):
    app = _app(tmp_path_factory.mktemp("schema"))
    yield app
    app.extensions["phase10_live"].stop()


JSON_PAGES = {("GET", "/s/{token}/version"), ("POST", "/live/frame"), ("POST", "/live/reset"),
              ("GET", "/live/camera/reading"), ("GET", "/decks/{name}/train/status")}


def test_every_json_route_is_in_the_document(api_app):
    documented = {(op.method.upper(), op.path) for op in openapi.OPERATIONS}
    routes = {(method, re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule))
              for rule in api_app.url_map.iter_rules() if rule.rule.startswith("/api/")
              and rule.endpoint != "openapi.openapi_json"
              for method in rule.methods - {"HEAD", "OPTIONS"}}
    assert routes | JSON_PAGES == documented


def test_the_document_is_served_and_valid_openapi(api_app):
    document = api_app.test_client().get("/api/openapi.json").get_json()
    assert document["openapi"].startswith("3.1")
    assert len([op for path in document["paths"].values() for op in path]) == 24
    assert {"NewGame", "Round", "NewRound", "Result", "Check", "Error", "Conflict",
            "Stats"} <= set(document["components"]["schemas"])


def test_the_document_describes_round_numbers_idempotency_and_conflicts(api_app):
    """What a client needs to store a round once: ``number``, the Idempotency-Key, the 409
    with ``code`` and the game, the 422; and redo and the statistics."""
    document = api_app.test_client().get("/api/openapi.json").get_json()
    schemas = document["components"]["schemas"]
    number = schemas["NewRound"]["properties"]["number"]
    assert {"type": "integer", "minimum": 1, "maximum": 2**63 - 1} in number["anyOf"][0]["oneOf"]
    add = document["paths"]["/api/games/{game_id}/rounds"]["post"]
    assert add["requestBody"]["content"]["application/json"]["schema"]["$ref"].endswith(
        "/NewRound")
    assert "Idempotency-Key" in {p["name"] for p in add["parameters"]}
    assert "Idempotent-Replayed" in add["responses"]["201"]["headers"]
    assert add["responses"]["409"]["content"]["application/json"]["schema"]["$ref"].endswith(
        "/Conflict")
    assert "422" in add["responses"]
    assert {"code", "game", "version", "number"} <= set(schemas["Conflict"]["properties"])
    redo = document["paths"]["/api/games/{game_id}/redo"]["post"]
    assert "X-Redone" in redo["responses"]["200"]["headers"]
    stats = document["paths"]["/api/stats"]["get"]
    assert [p["name"] for p in stats["parameters"]] == ["player"]
    assert "number" not in schemas["Round"]["properties"]  # an edit's number is in its path


@pytest.fixture(scope="module")
def api_schema(api_app):
    """The document as the app serves it, loaded by schemathesis against the app itself."""
    return schemathesis.openapi.from_wsgi("/api/openapi.json", api_app)


CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_schema_conformance]
OPERATIONS = [(op.method.upper(), op.path) for op in openapi.OPERATIONS]


@pytest.mark.parametrize("method, path", OPERATIONS, ids=[f"{m} {p}" for m, p in OPERATIONS])
@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE],
                         ids=["valid", "invalid"])
def test_every_operation_answers_as_documented_and_never_5xx(api_schema, method, path, mode):
    """Valid and invalid requests that schemathesis derives from the document."""
    operation = api_schema[path][method]

    @settings(max_examples=EXAMPLES, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(case=operation.as_strategy(generation_mode=mode))
    def run(case) -> None:
        case.call_and_validate(headers={"X-Requested-With": "schemathesis"}, checks=CHECKS)

    try:
        run()
    except Unsatisfiable:  # a route with only free text in it has no invalid request
        assert mode == GenerationMode.NEGATIVE
        pytest.skip("the document allows every request of this route")


@pytest.mark.parametrize("result, field", [
    ({"points": float("nan")}, "points"), ({"points": float("inf")}, "points"),
    ({"points": 1.5}, "points"), ({"points": [5]}, "points"), ({"phase": True}, "phase"),
    ({"completed": "yes"}, "completed"), ({"hand": 5}, "hand"), ({"hand": [["R5"]]}, "hand"),
    ({"hand": "R5\ud800"}, "hand")])
def test_a_bad_value_in_a_round_is_a_400_naming_the_field_and_player(client, result, field):
    game = client.post("/api/games", json={"players": ["Ann", "Bob"]}).get_json()
    body = {"version": game["version"], "went_out": "Ann", "results": [
        {"player": "Ann", "completed": True},
        {"player": "Bob", "completed": False, **result}]}
    response = client.post(f"/api/games/{game['id']}/rounds", json=body)
    assert response.status_code == 400
    answer = response.get_json()
    assert answer["field"] == field and answer["player"] == "Bob"
    assert answer["path"] == f"results.1.{field}"


@pytest.mark.parametrize("body, field", [
    ({"players": ["Ann", "Bob"], "first_dealer": float("nan")}, "first_dealer"),
    ({"players": ["Ann", "Bob"], "natural_per_group": "yes"}, "natural_per_group"),
    ({"players": ["Ann", "Bob"], "variant": ["standard"]}, "variant"),
    ({"players": "Ann, Bob"}, "players"), ({"players": ["Ann", 5]}, "players.1")])
def test_a_bad_new_game_is_a_400_naming_the_field(client, body, field):
    response = client.post("/api/games", json=body)
    assert response.status_code == 400
    assert response.get_json()["field"] == field
