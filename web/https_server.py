"""HTTPS for ``phase10 serve --https``: hypercorn runs the WSGI app, TLS is done in asyncio.

Each connection's TLS handshake runs on the event loop with a timeout, so a socket that opens
and then says nothing (a port scanner, a phone that went to sleep) holds no thread and delays
no one else. The WSGI app runs on a pool of ``threads`` worker threads. A response that is
still streaming when its client leaves (the MJPEG camera view) is stopped at its next chunk.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any

from hypercorn.app_wrappers import InvalidPathError, WSGIWrapper, _build_environ
from hypercorn.asyncio.run import worker_serve
from hypercorn.config import Config

HANDSHAKE_SECONDS = 10
"""How long a connection may take to finish its TLS handshake before it is dropped."""

IDLE_SECONDS = 15
"""How long a connection may sit with no request (an idle socket is closed after it)."""


class ClientGone(ConnectionError):
    """The client closed the connection while its response was being sent."""


def make_config(host: str, port: int, cert: Path, key: Path, max_body: int) -> Any:
    """The hypercorn configuration: one listener, TLS, quiet logs, bounded waits."""
    config = Config()
    config.bind = [f"[{host}]:{port}" if ":" in host else f"{host}:{port}"]
    config.certfile, config.keyfile = str(cert), str(key)
    config.ssl_handshake_timeout = HANDSHAKE_SECONDS
    config.keep_alive_timeout = IDLE_SECONDS
    config.wsgi_max_body_size = max_body
    config.alpn_protocols = ["http/1.1"]  # no HTTP/2: WSGI streams one response per request
    config.accesslog = None
    config.errorlog = "-"
    return config


def serve_https(
    app: Callable[..., Any], host: str, port: int, threads: int, cert: Path, key: Path,
    max_body: int = 16 * 1024 * 1024, stop: threading.Event | None = None,
) -> None:
    """Serve ``app`` over HTTPS until SIGINT (Ctrl+C) or SIGTERM, then finish open requests.

    With ``stop`` (a server in a thread, where signals cannot be caught) it serves until that
    event is set instead. Raises ``OSError`` when the address cannot be bound.
    """
    config = make_config(host, port, cert, key, max_body)

    async def stopped() -> None:
        while stop is not None and not stop.is_set():
            await asyncio.sleep(0.1)

    async def run() -> None:
        loop = asyncio.get_running_loop()
        loop.set_default_executor(ThreadPoolExecutor(threads, thread_name_prefix="phase10-web"))
        await worker_serve(_wrapper(app, max_body), config,
                           shutdown_trigger=None if stop is None else stopped)

    asyncio.run(run())


def _wrapper(app: Callable[..., Any], max_body: int) -> Any:
    """hypercorn's WSGI wrapper, told when the client has gone so a stream can stop."""
    class Wrapper(WSGIWrapper):
        async def handle_http(self, scope, receive, send, sync_spawn, call_soon) -> None:
            body = bytearray()
            while True:
                message = await receive()
                body.extend(message.get("body", b""))
                if len(body) > self.max_body_size:
                    await send({"type": "http.response.start", "status": 413, "headers": []})
                    await send({"type": "http.response.body", "body": b"", "more_body": False})
                    return
                if not message.get("more_body"):
                    break
            try:
                environ = _build_environ(scope, bytes(body))
            except InvalidPathError:
                await send({"type": "http.response.start", "status": 404, "headers": []})
            else:
                gone = threading.Event()
                watcher = asyncio.ensure_future(_watch(receive, gone))
                try:
                    await sync_spawn(self.run_app, environ, partial(_send, gone, call_soon, send))
                except ClientGone:
                    return
                finally:
                    watcher.cancel()
            await send({"type": "http.response.body", "body": b"", "more_body": False})

    return Wrapper(app, max_body)


async def _watch(receive: Callable[..., Any], gone: threading.Event) -> None:
    while True:
        message = await receive()
        if message.get("type") == "http.disconnect":
            gone.set()
            return


def _send(gone: threading.Event, call_soon: Callable[..., Any], send: Any, message: Any) -> None:
    """Send from a worker thread; raises :class:`ClientGone` once the client has left."""
    if gone.is_set():
        raise ClientGone("the client closed the connection")
    call_soon(send, message)
