"""``phase10 serve``: options, waitress by default, HTTPS on hypercorn with a self-signed cert."""

from __future__ import annotations

import signal
import socket
import ssl
import subprocess
import sys
import time
import urllib.request

import pytest

from scorer.cli import build_parser


def test_serve_options_and_defaults():
    args = build_parser().parse_args(["serve"])
    assert (args.host, args.port, args.db, args.https) == ("127.0.0.1", 5000, None, False)
    args = build_parser().parse_args(["serve", "--host", "0.0.0.0", "--port", "8080",
                                      "--db", "g.sqlite", "--https"])
    assert (args.host, args.port, str(args.db), args.https) == ("0.0.0.0", 8080, "g.sqlite",
                                                                True)


def test_serve_uses_waitress_with_the_chosen_database(monkeypatch, tmp_path):
    calls = {}
    import waitress

    monkeypatch.setattr(waitress, "serve", lambda app, **kw: calls.update(app=app, **kw))
    args = build_parser().parse_args(["serve", "--port", "5055", "--db",
                                      str(tmp_path / "x.sqlite")])
    assert args.func(args) == 0
    assert calls["port"] == 5055 and calls["host"] == "127.0.0.1"
    assert calls["app"].config["DATABASE"] == str(tmp_path / "x.sqlite")
    assert (tmp_path / "x.sqlite").exists()
    assert calls["app"].config["LIVE_CAMERA"] is None
    calls["app"].extensions["phase10_live"].stop()


def test_serve_https_uses_hypercorn_with_the_certificate_and_a_secure_cookie(monkeypatch,
                                                                            tmp_path, capsys):
    """HTTPS runs on hypercorn (TLS in asyncio), never werkzeug's development server."""
    from web import https_server

    calls = {}

    def served(app, host, port, threads, cert, key, max_body):
        calls.update(app=app, host=host, port=port, threads=threads, cert=cert, key=key)

    monkeypatch.setattr(https_server, "serve_https", served)
    args = build_parser().parse_args(["serve", "--https", "--port", "5056", "--threads", "3",
                                      "--db", str(tmp_path / "x.sqlite")])
    assert args.func(args) == 0
    assert (calls["host"], calls["port"], calls["threads"]) == ("127.0.0.1", 5056, 3)
    assert calls["cert"].name == "selfsigned-cert.pem"
    assert calls["key"].name == "selfsigned-key.pem"
    assert "phase10: stopped" in capsys.readouterr().out
    page = calls["app"].test_client().get("/games/new", base_url="https://127.0.0.1:5056")
    assert "Secure" in page.headers["Set-Cookie"]


def test_plain_http_keeps_the_session_cookie_without_secure(monkeypatch, tmp_path):
    import waitress

    calls = {}
    monkeypatch.setattr(waitress, "serve", lambda app, **kw: calls.update(app=app, **kw))
    args = build_parser().parse_args(["serve", "--db", str(tmp_path / "x.sqlite")])
    assert args.func(args) == 0
    assert calls["connection_limit"] > 110  # 110 idle sockets no longer lock phones out
    page = calls["app"].test_client().get("/games/new", base_url="http://127.0.0.1:5000")
    assert "Secure" not in page.headers["Set-Cookie"]


def test_serve_trusts_only_the_names_it_serves(monkeypatch, tmp_path):
    import waitress

    from scorer.cli import serve_command

    monkeypatch.setattr(serve_command, "served_names",
                        lambda host: ["127.0.0.1", "localhost", "192.168.1.20"])
    calls = {}
    monkeypatch.setattr(waitress, "serve", lambda app, **kw: calls.update(app=app, **kw))
    args = build_parser().parse_args(["serve", "--host", "0.0.0.0",
                                      "--db", str(tmp_path / "x.sqlite")])
    assert args.func(args) == 0
    client = calls["app"].test_client()
    assert calls["app"].config["KEEPER_REQUIRED"] is True
    lan = "http://192.168.1.20:5000"
    assert client.get("/api/games", base_url=lan).status_code == 200
    assert client.get("/api/games", base_url="http://evil.example:5000").status_code == 400
    assert client.post("/api/games", json={"players": ["Ann", "Bob"]}, base_url=lan,
                       headers={"Origin": "http://evil.example"}).status_code == 403


@pytest.mark.slow
def test_serve_https_answers_over_tls(tmp_path):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "scorer", "serve", "--https", "--port", str(port),
         "--db", str(tmp_path / "tls.sqlite")],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
    )
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE  # self-signed: a phone shows one warning
    try:
        deadline, body = time.monotonic() + 30, None
        while time.monotonic() < deadline and body is None:
            try:
                with urllib.request.urlopen(f"https://127.0.0.1:{port}/api/games",
                                            context=context, timeout=2) as response:
                    body = response.read()
            except OSError:
                time.sleep(0.3)
        assert body == b'{"games":[]}\n'
        server.send_signal(signal.SIGINT)  # Ctrl+C
        assert server.wait(15) == 0
        output = server.stdout.read().decode()
        assert "phase10: stopped" in output
        assert "Traceback" not in output
        assert "development server" not in output  # werkzeug's warning
    finally:
        if server.poll() is None:
            server.kill()
            server.wait(10)
        server.stdout.close()


def _start_serve(tmp_path, *flags: str) -> tuple[subprocess.Popen, int, str]:
    """``phase10 serve`` in a subprocess on a free loopback port, answering; its base URL."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    scheme = "https" if "--https" in flags else "http"
    server = subprocess.Popen(
        [sys.executable, "-m", "scorer", "serve", "--port", str(port),
         "--db", str(tmp_path / f"{scheme}.sqlite"), *flags],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
    )
    base = f"{scheme}://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            _get(base + "/api/games", timeout=2)
            return server, port, base
        except OSError:
            time.sleep(0.3)
    server.kill()
    raise AssertionError(server.communicate(timeout=10)[0].decode()[-2000:])


def _get(url: str, timeout: float) -> bytes:
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    with urllib.request.urlopen(url, context=context, timeout=timeout) as response:
        return response.read()


def _stop(server: subprocess.Popen, sig: int = signal.SIGINT) -> str:
    server.send_signal(sig)
    try:
        assert server.wait(15) == 0
    finally:
        if server.poll() is None:
            server.kill()
            server.wait(10)
    output = server.stdout.read().decode()
    server.stdout.close()
    return output


@pytest.mark.slow
@pytest.mark.parametrize("flags, idle_count", [(("--https",), 5), ((), 5), (("--https",), 110),
                                               ((), 110)])
def test_idle_sockets_do_not_stall_other_clients(tmp_path, flags, idle_count):
    """A port scanner's silent connections (no TLS hello, no request) delay no one: with
    ``idle_count`` of them open, a request still answers within 1 s, over HTTPS and HTTP."""
    server, port, base = _start_serve(tmp_path, *flags)
    idle = []
    try:
        for _ in range(idle_count):
            idle.append(socket.create_connection(("127.0.0.1", port), timeout=5))
        time.sleep(0.2)  # the server has accepted them
        for _ in range(3):
            assert _get(base + "/api/games", timeout=1.0) == b'{"games":[]}\n'
    finally:
        for sock in idle:
            sock.close()
        output = _stop(server, signal.SIGTERM)
    assert "Traceback" not in output
