"""``phase10 serve``: the scoreboard web app on a production WSGI server."""

from __future__ import annotations

import argparse
import ipaddress
import os
import signal
import socket
import threading
from pathlib import Path
from typing import Any

import waitress

from scorer.cli.arg_types import port, positive_int
from web import create_app, https_server
from web.tls import ensure_certificate, local_addresses

EXAMPLES = """examples:
  phase10 serve                          # http://127.0.0.1:5000 on this computer
  phase10 serve --host 0.0.0.0           # phones on the LAN (file upload for photos)
  phase10 serve --host 0.0.0.0 --https   # live camera on phones (self-signed certificate)
  phase10 serve --db games.sqlite --port 8080
  phase10 serve --camera 0               # the table webcam feeds the live page
"""


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "serve",
        help="run the scoreboard web app",
        description="Run the scoreboard web app with waitress (with --https: hypercorn and TLS).",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (0.0.0.0: the whole LAN)"
    )
    parser.add_argument("--port", type=port, default=5000, help="port (default 5000)")
    parser.add_argument(
        "--db", type=Path, default=None, help="SQLite file (default: in the instance folder)"
    )
    parser.add_argument(
        "--https", action="store_true",
        help="serve HTTPS with a self-signed certificate kept in the instance folder",
    )
    parser.add_argument(
        "--camera", default=None, metavar="SOURCE",
        help="a webcam on this computer for the live page: a device index (0) or a video file",
    )
    parser.add_argument(
        "--threads", type=positive_int, default=8, help="worker threads (default 8)"
    )
    parser.set_defaults(func=serve)


WAITRESS_CONNECTIONS = 500
"""Connections waitress holds at once (its default, 100, let 110 idle sockets lock phones out)."""

WAITRESS_IDLE_SECONDS = 30
"""Seconds waitress keeps a connection that sends and receives nothing."""


def served_names(host: str) -> list[str]:
    """The host names and addresses the server answers to (Host and Origin are checked).

    ``127.0.0.1`` and ``localhost`` always; under ``--host 0.0.0.0`` (or ``::``) also this
    computer's LAN address and name; otherwise the given address or name.
    """
    names = ["127.0.0.1", "localhost", "::1"]
    if host in ("0.0.0.0", "::"):
        hostname = socket.gethostname()
        names += [*local_addresses(), hostname, f"{hostname}.local"]
    else:
        names.append(host)
    return list(dict.fromkeys(name for name in names if name))


def _on_lan(host: str) -> bool:
    try:
        return not ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host != "localhost"


def serve(args: argparse.Namespace) -> int:
    names = served_names(args.host)
    config: dict[str, object] = {
        "LIVE_CAMERA": args.camera,
        "TRUSTED_HOSTS": names,  # other Host or Origin names: refused (DNS rebinding)
        "KEEPER_REQUIRED": _on_lan(args.host),  # on the LAN only a game's keeper changes it
    }
    if args.https:
        config["SESSION_COOKIE_SECURE"] = True
    if args.db is not None:
        config["DATABASE"] = os.fspath(args.db.resolve())
    app = create_app(config)
    scheme = "https" if args.https else "http"
    shown = ["127.0.0.1"] if args.host in ("0.0.0.0", "::") else [args.host]
    if args.host in ("0.0.0.0", "::"):
        shown += local_addresses()  # what phones on the LAN type in
    for host in shown:
        print(f"phase10: serving on {scheme}://{host}:{args.port}/", flush=True)
    print("phase10: Ctrl+C to stop", flush=True)
    try:
        if args.https:
            cert, key = ensure_certificate(app.instance_path, [args.host, *names])
            https_server.serve_https(app, args.host, args.port, args.threads, cert, key,
                        max_body=int(app.config["MAX_CONTENT_LENGTH"]) + 1024 * 1024)
            print("phase10: stopped", flush=True)
            return 0
        previous = _stop_on_sigterm()
        try:
            waitress.serve(
                app, host=args.host, port=args.port, threads=args.threads,
                connection_limit=WAITRESS_CONNECTIONS, channel_timeout=WAITRESS_IDLE_SECONDS,
            )
        finally:
            if previous is not None:
                signal.signal(signal.SIGTERM, previous)
        print("phase10: stopped", flush=True)
    finally:
        app.extensions["phase10_live"].stop()
    return 0


def _stop_on_sigterm() -> Any:
    """SIGTERM stops waitress as Ctrl+C does (it closes its sockets on KeyboardInterrupt).

    Returns the handler it replaced (None off the main thread, where none is installed).
    """
    def interrupt(_signum: int, _frame: object) -> None:
        raise KeyboardInterrupt

    if threading.current_thread() is not threading.main_thread():
        return None
    return signal.signal(signal.SIGTERM, interrupt)
