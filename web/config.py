"""Default configuration of the web app and the secret key kept in the instance folder."""

from __future__ import annotations

import os
import secrets

from flask import Flask

from scorer.vision.settings import DEFAULT_CONF, MAX_PIXELS


class Defaults:
    """Defaults; instance ``config.py`` and ``PHASE10_*`` environment variables override them."""

    SECRET_KEY: str | None = None
    MAX_CONTENT_LENGTH = 12 * 1024 * 1024  # bytes in one request (a phone photo fits)
    MAX_IMAGE_PIXELS = MAX_PIXELS  # decoded width x height an upload may have
    DECODE_MAX_SIDE: int | None = 2560  # longer photos decode at 1/2, 1/4, 1/8 (None: never)
    LARGE_IMAGE_PIXELS = 4_000_000  # uploads decoding more pixels than this need the budget
    DECODE_PIXEL_BUDGET = 60_000_000  # pixels being decoded and read at once (3 bytes each); a
    # photo needing more on its own is a 413 (a 7200x5500 PNG needs 42 M: 39.6 M + 1/4 of it)
    DECODE_WAIT = 30.0  # seconds a large upload waits for room in the budget before a 503
    DETECT_CONFIDENCE = DEFAULT_CONF  # the least confidence a card is read with
    DETECT_IMGSZ: int | None = None  # detector input side; None: 640 (960: smaller cards, 2x time)
    CARD_READER = None  # a callable(image_bytes, conf=...) -> reading; None: scorer.vision
    MODEL_PATH = None  # the ONNX model file; None: $PHASE10_MODEL or models/phase10-cards.onnx
    LANGUAGES = ("en", "pl", "uk", "sv")
    BABEL_DEFAULT_LOCALE = "en"
    BABEL_TRANSLATION_DIRECTORIES = "translations"
    SHARE_POLL_SECONDS = 3
    WTF_CSRF_TIME_LIMIT = None  # a game page may stay open all evening
    SESSION_COOKIE_SAMESITE = "Lax"
    # live camera mode (web.blueprints.live)
    LIVE_CAMERA: str | None = None  # a device index ("0") or a video file; None: no server webcam
    LIVE_SLOTS = max(1, (os.cpu_count() or 2) // 2)  # detections running at once
    LIVE_QUEUE: int | None = None  # frames that may wait for a slot (None: as many as slots)
    LIVE_WAIT = 0.5  # seconds a waiting frame waits before the 503 "busy" answer
    LIVE_WINDOW = 5  # frames in the stability window
    LIVE_CAMERA_FPS = 10.0  # most webcam detections per second
    LIVE_MAX_STREAMS = 32  # browser streams tracked at once
    LIVE_MJPEG_CLIENTS = 2  # MJPEG streams at once (each holds a server thread)
    LIVE_FRAME_MAX_BYTES = 2 * 1024 * 1024  # one live frame (a 1280x720 JPEG is ~100 kB)


def ensure_secret_key(app: Flask) -> None:
    """Use the configured secret key, or one generated once and kept in the instance folder."""
    if app.config.get("SECRET_KEY"):
        return
    path = os.path.join(app.instance_path, "secret_key")
    try:
        with open(path, encoding="ascii") as handle:
            key = handle.read().strip()
    except FileNotFoundError:
        key = ""
    if not key:
        key = secrets.token_hex(32)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="ascii") as handle:
            handle.write(key)
    app.config["SECRET_KEY"] = key
