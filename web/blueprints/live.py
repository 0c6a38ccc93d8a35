"""Live camera mode: the page, the frame endpoint for browser cameras, the server webcam feed.

Browser cameras POST one JPEG frame at a time to ``/live/frame`` (the body is the image itself,
``Content-Type: image/jpeg``) and get the live reading back as JSON; the page draws the overlay
from it and sends the next, newest frame only after the answer (one in flight). A server
webcam (``phase10 serve --camera 0``, config ``LIVE_CAMERA``) is read in the background by
:class:`scorer.live.camera.CameraFeed`; viewers poll ``/live/camera/reading`` and
``/live/camera/frame.jpg`` or watch ``/live/camera.mjpg``.

At most ``LIVE_SLOTS`` detections run at once (browser frames and the webcam together) and at
most ``LIVE_QUEUE`` frames wait, each at most ``LIVE_WAIT`` seconds, stalest stream first; any
other frame is answered at once with 503 ``{"busy": true, "reading": last}``. So a slow server
never builds a queue, viewers take turns, and the scoreboard keeps its worker threads.

The frame endpoint is exempt from the CSRF token: it changes nothing stored, and a cross-site
form cannot send an ``image/*`` body without a CORS preflight that this app never grants.
"""

from __future__ import annotations

import functools
import threading
import time
from collections.abc import Iterator, Mapping
from typing import Any
from urllib.parse import urlencode

import numpy as np
from flask import (
    Blueprint,
    Flask,
    Response,
    current_app,
    jsonify,
    render_template,
    request,
    url_for,
)

from scorer.errors import NotationError
from scorer.live.camera import CameraError, CameraFeed, parse_source
from scorer.live.feed import LiveFeed, LiveReading, StreamRegistry
from scorer.live.limiter import Busy, DetectionLimiter
from scorer.live.stability import StableTracker
from scorer.numbers import is_whole
from scorer.rules.phases import STANDARD_PHASES, PhaseSpec
from scorer.vision.card_reading import CardReading
from web import checking, doubt, i18n, reader, service
from web.images import ImageError, image_from_request

bp = Blueprint("live", __name__)

CAMERA_RETRY_S = 5.0
"""Seconds between attempts to reopen a server camera that stopped delivering frames."""


class LiveState:
    """The live mode's per-app state: detection slots, browser streams, the server webcam."""

    def __init__(self, app: Flask):
        self.app = app
        queue = app.config["LIVE_QUEUE"]
        self.limiter = DetectionLimiter(
            int(app.config["LIVE_SLOTS"]), float(app.config["LIVE_WAIT"]),
            None if queue is None else int(queue),
        )
        self.window = int(app.config["LIVE_WINDOW"])
        self.streams = StreamRegistry(self._new_feed, int(app.config["LIVE_MAX_STREAMS"]))
        self.mjpeg_clients = threading.BoundedSemaphore(int(app.config["LIVE_MJPEG_CLIENTS"]))
        self._camera: CameraFeed | None = None
        self._camera_started = 0.0
        self._camera_error: str | None = None
        self._camera_lock = threading.Lock()

    def _new_feed(self) -> LiveFeed:
        # one look per frame: frames come too fast for the second, closer one
        return LiveFeed(
            functools.partial(reader.read, second_look=False), StableTracker(self.window),
            self.limiter,
        )

    def _read_in_app(self, image: np.ndarray) -> CardReading:
        with self.app.app_context():
            return reader.read(image, second_look=False)

    def camera(self) -> CameraFeed | None:
        """The server webcam, started on first use; None when none is configured.

        Raises :class:`CameraError` when it cannot be opened.
        """
        source = self.app.config.get("LIVE_CAMERA")
        if source is None or source == "":
            return None
        with self._camera_lock:
            if self._camera is not None and not self._camera.running:
                # the camera stopped (unplugged, file ended): reopen it, at most every few s
                if time.monotonic() - self._camera_started < CAMERA_RETRY_S:
                    return self._camera
                self._camera.stop()
                self._camera = None
            if self._camera is None:
                now = time.monotonic()
                if self._camera_error and now - self._camera_started < CAMERA_RETRY_S:
                    raise CameraError(self._camera_error)  # do not reopen on every poll
                self._camera_started = now
                try:
                    camera = CameraFeed(
                        parse_source(source), self._read_in_app,
                        max_fps=float(self.app.config["LIVE_CAMERA_FPS"]),
                        limiter=self.limiter, tracker=StableTracker(self.window),
                    )
                    camera.start()
                except CameraError as error:
                    self._camera_error = str(error)
                    raise
                self._camera_error = None
                self._camera = camera
            return self._camera

    def stop(self) -> None:
        """Stop the webcam threads (tests, shutdown)."""
        with self._camera_lock:
            if self._camera is not None:
                self._camera.stop()
                self._camera = None


@bp.record_once
def _setup(state: Any) -> None:
    app = state.app
    app.extensions["phase10_live"] = LiveState(app)
    source = app.config.get("LIVE_CAMERA")
    if source not in (None, ""):
        try:
            parse_source(source)  # a missing video file is reported now; a device when opened
        except CameraError as error:
            app.logger.warning("live camera: %s", error)
    csrf = app.extensions.get("csrf")
    if csrf is not None:
        csrf.exempt(bp)


def live_state() -> LiveState:
    return current_app.extensions["phase10_live"]


def _phase_target(args: Mapping[str, str]) -> tuple[PhaseSpec | None, bool]:
    """The phase to check and whether the game wants a natural card per group.

    ``game`` and ``seat``: that player's phase under the game's rules
    (:func:`web.service.seat_phase`, which refuses a ``phase`` they may not play now);
    ``phase``: a standard phase 1..10; neither: no verdict. Raises :class:`NotationError` for a
    bad phase, a rules error for a phase not open to the player and the store's errors for a
    missing game.
    """
    game, seat = args.get("game", ""), args.get("seat", "")
    if game or seat:
        if not (is_whole(game, minimum=0) and is_whole(seat, minimum=0)):
            raise NotationError("game and seat must be whole numbers")
        state = service.load(int(game))
        standing = service.player_at(state, int(seat))
        return (service.seat_phase(state, standing, args.get("phase")),
                state.setup.rules.natural_per_group)
    if args.get("phase", "").strip():
        return checking.phase_from(args["phase"]), False
    return None, False


def _with_verdict(live: LiveReading | None, args: Mapping[str, str]) -> dict[str, Any] | None:
    """The live reading's JSON with the one check's answer on its stable cards
    (:func:`web.checking.answer`: ``verdict``, ``phase``, ``unsure``: stable cards read unsure
    now, ``unsure_points``) and ``no_cards``: no stable card is read sure (no verdict then)."""
    if live is None:
        return None
    phase, natural = _phase_target(args)
    read, no_cards = doubt.live_doubt(live)
    # never a verdict on no cards, or on unsure ones alone
    answer = checking.answer(read, None if no_cards else phase, natural)
    return {**live.to_dict(), **answer, "no_cards": no_cards}


def _error(message: str, status: int, **extra: Any) -> tuple[Response, int]:
    return jsonify({"error": message, **extra}), status


@bp.get("/live/")
def page() -> str:
    """The live page on its own: pick a standard phase, freeze to check and correct the cards."""
    phase = request.args.get("phase", "1")
    phases = [(spec.number, i18n.describe_phase(spec)) for spec in STANDARD_PHASES]
    last = len(STANDARD_PHASES)
    return render_template(
        "live.html", phase=int(phase) if is_whole(phase, minimum=1, maximum=last) else 1,
        phases=phases, player="", phase_label="", query="", photo_url="", game_id=None,
        server_camera=_has_camera(),
    )


@bp.get("/games/<int:game_id>/players/<int:seat>/live")
def player_page(game_id: int, seat: int) -> str:
    """The live page for one player of a game: their current phase (or, when the rules let
    players choose, the one picked); freezing opens the photo check's confirm-and-correct step
    with the frozen cards (``.../check?cards=R5+B5+W``)."""
    state = service.load(game_id)
    standing = service.player_at(state, seat)
    phase = service.seat_phase(state, standing, request.args.get("phase"))
    rules = state.setup.rules
    choices = [(n, i18n.describe_phase(rules.phase(n)))
               for n in service.phase_choices(state, standing)]
    label = i18n.describe_phase(phase) if phase is not None and not choices else ""
    return render_template(
        "live.html", phase=phase.number if phase is not None else 1, phases=choices,
        player=standing.player, phase_label=label,
        query=urlencode({"game": game_id, "seat": seat}), game_id=game_id,
        photo_url=url_for("photo.check", game_id=game_id, seat=seat),
        server_camera=_has_camera(),
    )


def _has_camera() -> bool:
    return current_app.config.get("LIVE_CAMERA") not in (None, "")


@bp.post("/live/frame")
def frame() -> tuple[Response, int] | Response:
    """One browser frame in, the live reading (with the verdict) out; 503 when busy."""
    stream = request.args.get("stream", "")
    if not 1 <= len(stream) <= 64:
        return _error("give the stream id: /live/frame?stream=ID (1 to 64 characters)", 400)
    _phase_target(request.args)  # a bad phase fails before any detection (web.errors answers)
    if not request.mimetype.startswith("image/"):
        return _error("send the frame itself as the body with Content-Type image/jpeg", 415)
    if (request.content_length or 0) > current_app.config["LIVE_FRAME_MAX_BYTES"]:
        return _error("the frame is too large: send a 1280x720 JPEG", 413)
    feed = live_state().streams.get(stream)
    try:
        image = image_from_request(request)
        reading = feed.process(image)
    except ImageError as error:
        return _error(str(error), 400)
    except Busy:
        return jsonify({"busy": True, "reading": _with_verdict(feed.last, request.args)}), 503
    except reader.ReaderUnavailable as error:
        return _error(str(error), 503)
    return jsonify(_with_verdict(reading, request.args))


@bp.post("/live/reset")
def reset() -> tuple[Response, int] | Response:
    """Forget a browser stream's frames (a new hand)."""
    stream = request.args.get("stream", "")
    if not 1 <= len(stream) <= 64:
        return _error("give the stream id: /live/reset?stream=ID (1 to 64 characters)", 400)
    live_state().streams.get(stream).reset()
    return jsonify({"reset": True})


def _camera_or_error() -> CameraFeed | tuple[Response, int]:
    try:
        camera = live_state().camera()
    except CameraError as error:
        return _error(str(error), 503)
    if camera is None:
        return _error("no server camera: start the server with phase10 serve --camera 0", 404)
    return camera


@bp.get("/live/camera/reading")
def camera_reading() -> tuple[Response, int] | Response:
    """The server webcam's newest reading, at once (viewers poll; nothing holds a thread)."""
    camera = _camera_or_error()
    if isinstance(camera, tuple):
        return camera
    snap = camera.snapshot()
    reading = _with_verdict(snap.live if snap else None, request.args)
    body = {"reading": reading,
            "error": camera.error, "running": camera.running}
    return jsonify(body)


@bp.get("/live/camera/frame.jpg")
def camera_frame() -> tuple[Response, int] | Response:
    """The server webcam's newest annotated frame as a JPEG (503 before the first one)."""
    camera = _camera_or_error()
    if isinstance(camera, tuple):
        return camera
    snap = camera.snapshot()
    if snap is None:
        return _error(camera.error or "the camera has not delivered a frame yet", 503)
    response = Response(snap.jpeg, mimetype="image/jpeg")
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Live-Seq"] = str(snap.seq)
    return response


@bp.get("/live/camera.mjpg")
def camera_mjpeg() -> tuple[Response, int] | Response:
    """The server webcam as an MJPEG stream of annotated frames (a few clients at most)."""
    camera = _camera_or_error()
    if isinstance(camera, tuple):
        return camera
    slots = live_state().mjpeg_clients
    if not slots.acquire(blocking=False):
        return _error("too many MJPEG viewers: use the live page instead", 503)

    def frames() -> Iterator[bytes]:
        seq = 0
        while True:
            snap = camera.wait_newer(seq, timeout=5.0)
            if snap is None:
                if not camera.running:
                    return
                continue
            seq = snap.seq
            yield (b"--frame\r\nContent-Type: image/jpeg\r\nContent-Length: "
                   + str(len(snap.jpeg)).encode() + b"\r\n\r\n" + snap.jpeg + b"\r\n")

    response = Response(frames(), mimetype="multipart/x-mixed-replace; boundary=frame",
                        headers={"Cache-Control": "no-store"})
    response.call_on_close(slots.release)  # also when the client leaves before the first frame
    return response
