"""Safety: CSRF on forms, escaping, no 500 on client input, and rounds that survive a kill -9."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request

import pytest


def token(page: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)


def test_forms_without_a_csrf_token_are_refused(csrf_app):
    client = csrf_app.test_client()
    refused = client.post("/games/new", data={"player-0": "Ann", "player-1": "Bob"})
    assert refused.status_code == 400
    assert "CSRF" in refused.get_data(as_text=True)
    page = client.get("/games/new").get_data(as_text=True)
    made = client.post("/games/new", data={"player-0": "Ann", "player-1": "Bob",
                                           "csrf_token": token(page)})
    assert made.status_code == 302


def test_the_json_api_needs_no_token_but_json(csrf_app):
    client = csrf_app.test_client()
    assert client.post("/api/games", json={"players": ["A", "B"]}).status_code == 201
    assert client.post("/api/games", data={"players": "A"}).status_code == 403


def test_echoed_input_is_escaped_in_json_and_pages(client):
    evil = '<img src=x onerror="alert(1)">'
    response = client.post("/api/check", json={"cards": [evil], "phase": 1})
    assert response.status_code == 400
    assert response.mimetype == "application/json"
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert "script-src 'self'" in client.get("/").headers["Content-Security-Policy"]
    page = client.get("/games/" + "%3Cscript%3E")
    assert page.status_code == 404
    assert "<script>" not in page.get_data(as_text=True)


@pytest.mark.parametrize("url", ["/games/new", "/games/1/rounds/new", "/api/games",
                                 "/api/games/1/rounds", "/api/check", "/api/detect"])
def test_garbage_posts_never_answer_500(client, new_game, url):
    new_game()
    for body, ctype in ((b"\x00\xff garbage", "application/json"), (b"a=b", "text/plain"),
                        (b"--x\r\n", "multipart/form-data; boundary=x")):
        response = client.post(url, data=body, headers={"Content-Type": ctype,
                                                        "X-Requested-With": "t"})
        assert response.status_code < 500, (url, ctype, response.status_code)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_server(db_path, port):
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(
        [sys.executable, "-m", "scorer", "serve", "--port", str(port), "--db", str(db_path)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=1).read()
            return process
        except OSError:
            time.sleep(0.2)
    process.kill()
    raise AssertionError("the server did not start: " + process.stdout.read().decode())


def call(port, method, path, body=None):
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}", method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read() or b"null")


@pytest.mark.slow
def test_a_committed_round_survives_a_killed_server(tmp_path):
    db_path, port = tmp_path / "games.sqlite", free_port()
    server = start_server(db_path, port)
    try:
        game = call(port, "POST", "/api/games", {"players": ["Ann", "Bob"]})
        call(port, "POST", f"/api/games/{game['id']}/rounds", {
            "version": 1, "went_out": "Ann",
            "results": [{"player": "Ann", "completed": True},
                        {"player": "Bob", "completed": False, "points": 65}]})
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait(10)
        server.stdout.close()
    again = start_server(db_path, port)
    try:
        standings = call(port, "GET", f"/api/games/{game['id']}/standings")
        assert [p["total"] for p in standings["players"]] == [0, 65]
        assert standings["round_number"] == 2
    finally:
        again.terminate()
        again.wait(10)
        again.stdout.close()


def _json_values():
    from hypothesis import strategies as st

    words = st.sampled_from(["Ann", "Bob", "R5", "W", "yes", "5", "-5", "1e9", "phase"])
    scalars = st.none() | st.booleans() | st.integers(-300, 300) | st.text(max_size=8) | words
    return st.recursive(scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["players", "results", "went_out", "player", "completed", "points",
                         "hand", "phase", "version", "cards", "game", "tie_breaker",
                         "first_dealer", "variant", "phases_count", "name", "archived"]),
        inner, max_size=6), max_leaves=12)


def test_random_json_never_gets_a_500(app):
    from hypothesis import HealthCheck, given, settings

    client = app.test_client()
    game = client.post("/api/games", json={"players": ["Ann", "Bob"]}).get_json()["id"]
    urls = ["/api/games", f"/api/games/{game}/rounds", "/api/check",
            f"/api/games/{game}/undo"]

    @settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
    @given(body=_json_values())
    def check(body):
        for url in urls:
            response = client.post(url, json=body)
            assert response.status_code < 500, (url, body, response.get_json())
        edit = client.put(f"/api/games/{game}/rounds/1", json=body)
        assert edit.status_code < 500, (body, edit.get_json())

    check()


@pytest.mark.slow
def test_simultaneous_writes_on_one_version_let_exactly_one_through(app):
    """Eight phones send a round based on the same version at once: one wins, seven get 409."""
    import threading
    import urllib.error

    from werkzeug.serving import make_server

    port = free_port()
    httpd = make_server("127.0.0.1", port, app, threaded=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        game = call(port, "POST", "/api/games", {"players": ["Ann", "Bob"]})
        body = {"version": 1, "went_out": "Ann",
                "results": [{"player": "Ann", "completed": True},
                            {"player": "Bob", "completed": False, "points": 50}]}
        statuses: list[int] = []
        start = threading.Barrier(8)

        def send():
            start.wait()
            try:
                call(port, "POST", f"/api/games/{game['id']}/rounds", body)
                statuses.append(201)
            except urllib.error.HTTPError as error:
                statuses.append(error.code)
                error.close()

        threads = [threading.Thread(target=send) for _ in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(20)
        assert sorted(statuses) == [201] + [409] * 7
        rounds = call(port, "GET", f"/api/games/{game['id']}/rounds")
        assert len(rounds["rounds"]) == 1 and rounds["version"] == 2
    finally:
        httpd.shutdown()
        httpd.server_close()
