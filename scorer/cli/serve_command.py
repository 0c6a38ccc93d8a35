"""``phase10 serve``: the scoreboard web app on a production WSGI server."""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from scorer.cli.arg_types import port, positive_int

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
        description="Run the scoreboard web app with waitress (with --https: cheroot and TLS).",
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


def serve(args: argparse.Namespace) -> int:
    from web import create_app

    config: dict[str, object] = {"LIVE_CAMERA": args.camera}
    if args.db is not None:
        config["DATABASE"] = os.fspath(args.db.resolve())
    app = create_app(config)
    scheme = "https" if args.https else "http"
    shown = ["127.0.0.1"] if args.host in ("0.0.0.0", "::") else [args.host]
    if args.host in ("0.0.0.0", "::"):
        from web.tls import local_addresses

        shown += local_addresses()  # what phones on the LAN type in
    for host in shown:
        print(f"phase10: serving on {scheme}://{host}:{args.port}/", flush=True)
    print("phase10: Ctrl+C to stop", flush=True)
    if args.https:
        from web.tls import ensure_certificate

        cert, key = ensure_certificate(app.instance_path, [args.host])
        try:
            _serve_tls(app, args.host, args.port, args.threads, cert, key)
        finally:
            app.extensions["phase10_live"].stop()
        return 0
    from waitress import serve as waitress_serve

    waitress_serve(app, host=args.host, port=args.port, threads=args.threads)
    return 0


def _serve_tls(
    app: Callable[..., Any], host: str, port: int, threads: int, cert: Path, key: Path
) -> None:
    """Serve ``app`` over HTTPS with cheroot (a production WSGI server) until Ctrl+C.

    Ctrl+C stops the listener and lets the worker threads finish their requests; it is a normal
    end, not an error. Raises ``OSError`` when the address cannot be bound.
    """
    from cheroot.ssl.builtin import BuiltinSSLAdapter
    from cheroot.wsgi import Server

    server = Server((host, port), app, numthreads=threads)
    server.ssl_adapter = BuiltinSSLAdapter(str(cert), str(key))
    try:
        server.start()
    except KeyboardInterrupt:
        print("phase10: stopped", flush=True)
    finally:
        server.stop()
