"""web.https_server: TLS per connection in asyncio; a stream stops when its client leaves."""

from __future__ import annotations

import socket
import ssl
import threading
import time

from web.https_server import serve_https
from web.tls import ensure_certificate


def test_a_stream_stops_when_its_client_leaves(tmp_path):
    """The MJPEG camera view holds one of a few slots: it must end when the phone goes."""
    closed = threading.Event()

    def streaming_app(environ, start_response):
        start_response("200 OK", [("Content-Type", "text/plain")])

        def chunks():
            try:
                while True:
                    yield b"frame\n" * 100
                    time.sleep(0.01)
            finally:
                closed.set()

        return chunks()

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    cert, key = ensure_certificate(tmp_path, ["127.0.0.1"])
    stop = threading.Event()
    server = threading.Thread(target=serve_https, daemon=True,
                              args=(streaming_app, "127.0.0.1", port, 2, cert, key),
                              kwargs={"stop": stop})
    server.start()
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                raw = socket.create_connection(("127.0.0.1", port), timeout=5)
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)
        with context.wrap_socket(raw, server_hostname="127.0.0.1") as tls:
            tls.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            assert tls.recv(4096).startswith(b"HTTP/1.1 200")
            assert not closed.is_set()
        assert closed.wait(10), "the stream kept running after its client left"
    finally:
        stop.set()
        server.join(15)
