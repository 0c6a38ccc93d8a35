"""``phase10 serve``: options, waitress by default, HTTPS on cheroot with a self-signed cert."""

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
from web.tls import ensure_certificate


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


def test_the_certificate_is_made_once_and_reused(tmp_path):
    cert, key = ensure_certificate(tmp_path, ["192.168.1.20"])
    assert cert.read_bytes().startswith(b"-----BEGIN CERTIFICATE-----")
    assert oct(key.stat().st_mode & 0o777) == "0o600"
    from cryptography import x509

    names = x509.load_pem_x509_certificate(cert.read_bytes()).extensions.get_extension_for_class(
        x509.SubjectAlternativeName).value
    assert "localhost" in names.get_values_for_type(x509.DNSName)
    assert "192.168.1.20" in [str(ip) for ip in names.get_values_for_type(x509.IPAddress)]
    first = cert.read_bytes()
    ensure_certificate(tmp_path, ["192.168.1.20"])
    assert cert.read_bytes() == first


def test_serve_https_uses_cheroot_with_the_certificate_and_stops_on_ctrl_c(monkeypatch, tmp_path,
                                                                           capsys):
    """HTTPS runs on cheroot (a production server), never werkzeug's development server."""
    from cheroot import wsgi
    from cheroot.ssl.builtin import BuiltinSSLAdapter

    started = []

    def interrupted(server):
        started.append(server)
        raise KeyboardInterrupt

    monkeypatch.setattr(wsgi.Server, "start", interrupted)
    monkeypatch.setattr(wsgi.Server, "stop", lambda server: started.append("stopped"))
    args = build_parser().parse_args(["serve", "--https", "--port", "5056", "--threads", "3",
                                      "--db", str(tmp_path / "x.sqlite")])
    assert args.func(args) == 0
    server, stopped = started
    assert stopped == "stopped"
    assert server.bind_addr == ("127.0.0.1", 5056) and server.numthreads == 3
    assert isinstance(server.ssl_adapter, BuiltinSSLAdapter)
    assert server.ssl_adapter.certificate.endswith("selfsigned-cert.pem")
    assert server.ssl_adapter.private_key.endswith("selfsigned-key.pem")
    assert "phase10: stopped" in capsys.readouterr().out


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
