"""Fuzzing every route: hostile numbers, text and JSON never answer 5xx.

The routes come from ``app.url_map``, so a new route is fuzzed as soon as it exists. API routes
get JSON bodies and ``If-Match`` headers, page routes form fields with a valid CSRF token and
query strings; every URL argument, field and header takes values such as ``'²'``, a 5,000-digit
number, ``2**63``, negatives, floats, JSON nested 10,000 deep and very long text.
"""

from __future__ import annotations

import os
import re
import sys
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import FakeReader, png_bytes
from web import create_app

EXAMPLES = int(os.environ.get("PHASE10_FUZZ_EXAMPLES", "12"))
"""Examples per route and method: about 700 requests in all, under a minute on two cores
(``PHASE10_FUZZ_EXAMPLES`` raises it for a longer run)."""

NASTY_TEXT = ["²", "٣", "9" * 5000, str(2**63), str(2**64), "-1", "-9223372036854775809",
              "1.5", "1e309", "NaN", "", " ", "\x00", "0x10", "W/\"7\"", "A" * 100_000,
              "<script>", "../../etc/passwd", "R5 B5 W", "Ann", "1", "2", "yes", "on", "true"]
NESTED = "[" * 10_000 + "]" * 10_000

nasty_text = st.sampled_from(NASTY_TEXT) | st.text(max_size=50)
leaves = (nasty_text | st.integers() | st.sampled_from([2**63, -(2**63) - 1, 10**30])
          | st.floats(allow_nan=True) | st.booleans() | st.none())
json_values = st.recursive(leaves, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(nasty_text, inner, max_size=4), max_leaves=12)

FIELDS = ["players", "version", "archived", "results", "went_out", "phase", "game", "player",
          "cards", "natural_per_group", "first_dealer", "variant", "phases_count", "name",
          "points", "tie_breaker", "completed", "hand", "seat", "stream", "dealer", "language",
          "model", "player-0", "player-1", "completed-0", "points-0", "phase-0", "completed-1",
          "points-1", "phase-1", "archived", "next", "lang", "sheet", "number", "resolve"]
fields = st.sampled_from(FIELDS) | nasty_text
url_ints = st.sampled_from(["1", "2", "3", "0", "99999999999999999999", "9" * 5000,
                            str(2**63), "٣", "²", "-1"])
url_text = st.sampled_from(["home", "Ann", "1", "²", "9" * 5000, "%00", "a" * 5000, "R5",
                            "sheet-1", "..%2F.."]) | st.text(min_size=1, max_size=20)
images = st.sampled_from([b"", b"\x00\xff garbage", b"\x89PNG\r\n\x1a\n" + b"\x00" * 40,
                          png_bytes(64, 48), png_bytes(8, 8, "JPEG")])


def _rules() -> list[tuple[str, str]]:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE": f"{folder}/r.sqlite"})
        rules = sorted({(rule.rule, method) for rule in app.url_map.iter_rules()
                        for method in rule.methods - {"HEAD", "OPTIONS"}})
        app.extensions["phase10_live"].stop()
    return rules


ROUTES = _rules()


@pytest.fixture(scope="module")
def fuzz_app(tmp_path_factory):
    """The app as served (CSRF on) with a few games that have rounds, and a fake reader."""
    folder = tmp_path_factory.mktemp("fuzz")
    app = create_app({"TESTING": True, "SECRET_KEY": "fuzz", "DATABASE": str(folder / "f.sqlite"),
                      "CARD_READER": FakeReader(), "DECODE_WAIT": 1.0,
                      "DECK_TRAIN_COMMAND": [sys.executable, "-c", "pass"]})
    app.instance_path = str(folder / "instance")
    client = app.test_client()
    for players, variant in ((["Ann", "Bob"], "standard"), (["Ann", "Bob", "Cy"], "choose")):
        game = client.post("/api/games", json={"players": players, "variant": variant})
        assert game.status_code == 201
        body = game.get_json()
        client.post(f"/api/games/{body['id']}/rounds", json={
            "version": body["version"], "went_out": "Ann",
            "results": [{"player": "Ann", "completed": True, "phase": 1}]
            + [{"player": name, "completed": False, "points": 25} for name in players[1:]]})
    yield app
    app.extensions["phase10_live"].stop()


@pytest.fixture(scope="module")
def form_client(fuzz_app):
    """A client whose session holds a CSRF token, and the token."""
    client = fuzz_app.test_client()
    page = client.get("/games/new").get_data(as_text=True)
    return client, re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)


def _url(rule: str, draw) -> str:
    def fill(match: re.Match) -> str:
        converter = match.group(1) or ""
        value = draw(url_ints if converter.startswith("int") else url_text)
        return quote(value, safe="") if converter != "path" else quote(value, safe="/")

    url = re.sub(r"<(?:(\w+):)?\w+>", fill, rule)
    query = draw(st.dictionaries(fields, nasty_text, max_size=3))
    if query:
        url += "?" + "&".join(f"{quote(k, safe='')}={quote(v, safe='')}" for k, v in
                              query.items())
    return url


def _headers(draw) -> dict[str, str]:
    headers = {"X-Requested-With": "fuzz"}
    if draw(st.booleans()):
        value = "".join(char for char in draw(nasty_text) if char.isprintable())
        headers["If-Match"] = value.encode("latin-1", "replace").decode("latin-1")
    return headers


@pytest.mark.parametrize("rule, method", ROUTES, ids=[f"{m} {r}" for r, m in ROUTES])
@settings(max_examples=EXAMPLES, deadline=None, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                 HealthCheck.data_too_large])
@given(data=st.data())
def test_no_route_answers_5xx_to_hostile_input(fuzz_app, form_client, rule, method, data):
    draw = data.draw
    url = _url(rule, draw)
    headers = _headers(draw)
    if rule.startswith("/api/"):
        client = fuzz_app.test_client()
        kind = draw(st.sampled_from(["json", "nested", "image", "none"]))
        if kind == "json":
            body = draw(st.dictionaries(fields, json_values, max_size=6))
            response = client.open(url, method=method, json=body, headers=headers)
        elif kind == "nested":
            response = client.open(url, method=method, data=NESTED, headers=headers,
                                   content_type="application/json")
        elif kind == "image":
            response = client.open(url, method=method, headers=headers,
                                   data={"image": (_io(draw(images)), "p.png"),
                                         "phase": draw(nasty_text), "game": draw(nasty_text)})
        else:
            response = client.open(url, method=method, headers=headers)
    else:
        client, token = form_client
        form = {key: draw(nasty_text) for key in draw(st.lists(fields, max_size=8))}
        form["csrf_token"] = token
        if draw(st.booleans()):
            form["image"] = (_io(draw(images)), "p.png")
        response = client.open(url, method=method, data=form, headers=headers)
    assert response.status_code < 500, (method, url[:200], response.get_data(as_text=True)[:300])
    response.close()


def _io(data: bytes):
    import io

    return io.BytesIO(data)


HOSTILE_BYTES = [b"%ED%A0%80", b"%ED%B0%80", b"%C0%80", b"%FF%FE", b"%00", b"%07", b"%1B%5B31m",
                 b"%E2%80%AE", b"%EF%BF%BF", b"%F4%8F%BF%BF", b"%EE%80%80", b"Zoe%CC%81",
                 b"%D9%A3", b"%C2%B2", b"9" * 400, b"-" + b"9" * 30, b"1e309", b"NaN",
                 b"%5B" * 2000, b"A" * 5000, b"Ann", b"yes", b"0", b"1"]
"""Form values as sent on the wire: UTF-8 of surrogates, overlong and invalid sequences,
control and bidi characters, private use, noncharacters, decomposed text, Arabic and
superscript digits, huge numbers, brackets nested 2,000 deep, long text."""
FORM_ROUTES = [(rule, method) for rule, method in ROUTES
               if not rule.startswith(("/api/", "/static")) and method == "POST"]
FORM_PAGES = ["/", "/games/new", "/games/1", "/games/1/history", "/games/1/rounds/new",
              "/games/1/rounds/1/edit", "/games/1/export.csv", "/games/1/export.json"]


@pytest.mark.parametrize("rule, method", FORM_ROUTES, ids=[r for r, _ in FORM_ROUTES])
@settings(max_examples=EXAMPLES, deadline=None, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_form_routes_take_hostile_bytes_and_every_page_still_shows(fuzz_app, form_client, rule,
                                                                   method, data):
    """A form post of hostile bytes behind a valid CSRF token is never a 5xx, and whatever it
    stored leaves every page showable."""
    client, token = form_client
    keys = data.draw(st.lists(st.sampled_from(FIELDS[:31] + ["name", "phases", "number",
                                                             "resolve"]), max_size=8))
    pairs = [f"{key}=".encode() + data.draw(st.sampled_from(HOSTILE_BYTES)) for key in keys]
    pairs.append(b"csrf_token=" + quote(token, safe="").encode())
    url = re.sub(r"<(?:(\w+):)?\w+>", lambda m: "1" if (m.group(1) or "") == "int" else "home",
                 rule)
    response = client.open(url, method=method, data=b"&".join(pairs),
                           content_type="application/x-www-form-urlencoded")
    assert response.status_code < 500, (url, response.get_data(as_text=True)[:300])
    for page in FORM_PAGES:
        shown = client.get(page)
        assert shown.status_code < 500, page
        shown.get_data().decode("utf-8")  # the page encodes: no surrogate reached it


TAKEN_FORM = {"version": b"2", "number": b"1", "went_out": b"1", "completed-0": b"no",
              "points-0": b"75", "completed-1": b"yes", "resolve": b"replace"}
"""A round 1 that another device saved first, and the keeper's choice (the round-taken form)."""


@settings(max_examples=EXAMPLES * 3, deadline=None, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_the_round_taken_choice_undo_and_redo_take_hostile_bytes(fuzz_app, form_client, data):
    """The forms of a conflict: the round-taken choice with hostile bytes in some of its fields
    (the choice, the number, the version, the results), then undo and redo with hostile
    fields; never a 5xx, and the game's pages still show."""
    client, token = form_client
    game = client.post("/api/games", json={"players": ["Ann", "Bob"]}).get_json()
    saved = client.post(f"/api/games/{game['id']}/rounds", json={
        "version": 1, "number": 1, "went_out": "Ann", "results": [
            {"player": "Ann", "completed": True},
            {"player": "Bob", "completed": False, "points": 50}]})
    assert saved.status_code == 201
    values = st.sampled_from(HOSTILE_BYTES + [b"keep", b"add", b"replace", b"2", b"-1"])
    form = dict(TAKEN_FORM)
    for key in data.draw(st.lists(st.sampled_from(sorted(form)), min_size=1, max_size=3,
                                  unique=True)):
        form[key] = data.draw(values)
    csrf = b"csrf_token=" + quote(token, safe="").encode()
    for url, fields in ((f"/games/{game['id']}/rounds/new", form),
                        (f"/games/{game['id']}/undo", {"version": data.draw(values),
                                                        "next": data.draw(values)}),
                        (f"/games/{game['id']}/redo", {"version": data.draw(values),
                                                        "next": data.draw(values)})):
        body = b"&".join([key.encode() + b"=" + value for key, value in fields.items()] + [csrf])
        response = client.post(url, data=body,
                               content_type="application/x-www-form-urlencoded")
        assert response.status_code < 500, (url, response.get_data(as_text=True)[:300])
    for page in ("/", f"/games/{game['id']}", f"/games/{game['id']}/history",
                 f"/games/{game['id']}/rounds/new", "/stats"):
        shown = client.get(page)
        assert shown.status_code < 500, page
        shown.get_data().decode("utf-8")
