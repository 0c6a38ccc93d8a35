"""``phase10 bench live``: readings per second through the whole live path, measured.

A real waitress server runs the web app in this process; each client thread plays a browser
viewer: it POSTs a 1280x720 JPEG frame to ``/live/frame``, waits for the JSON reading, and only
then sends the next frame (one in flight, as ``live.js`` does). Meanwhile one more thread asks for
the scoreboard page to show whether the server stays responsive. The frames are encoded once
beforehand (the browser encodes its own); everything the server does per frame is measured:
HTTP, JPEG decoding, detection, tracking and the JSON answer.

Readers: ``fake`` decodes a barcode and answers with scripted cards (the pipeline's own cost),
optionally sleeping ``delay_ms`` to stand in for a detector of known speed; ``model`` runs the
shipped detector (``scorer.vision.read_cards``) on frames made by the project's renderer.
"""

from __future__ import annotations

import http.client
import os
import statistics
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np
from waitress import wasyncore
from waitress.server import create_server

from scorer.bench.synthetic import ScriptedReader, draw_frame, layout, rendered_frames
from scorer.vision import CardReading, read_cards

BENCH_HAND = ("R5", "R5", "B7", "G8", "Y9", "W", "S")


@dataclass(frozen=True)
class BenchResult:
    """What one benchmark run measured. Rates are readings per second; latencies milliseconds."""

    reader: str
    clients: int
    seconds: float
    frame_size: tuple[int, int]
    frame_bytes: int
    readings: int
    busy: int
    errors: int
    per_client: tuple[float, ...]
    latency_ms: dict[str, float]
    scoreboard_ms: dict[str, float]
    notes: list[str] = field(default_factory=list)

    @property
    def rate(self) -> float:
        """Updated readings per second over all clients."""
        return self.readings / self.seconds if self.seconds else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "reader": self.reader, "clients": self.clients, "seconds": round(self.seconds, 2),
            "frame_size": list(self.frame_size), "frame_bytes": self.frame_bytes,
            "readings": self.readings, "readings_per_s": round(self.rate, 2),
            "per_client_readings_per_s": [round(r, 2) for r in self.per_client],
            "busy": self.busy, "errors": self.errors, "latency_ms": self.latency_ms,
            "scoreboard_ms": self.scoreboard_ms, "notes": self.notes,
        }

    def summary(self) -> str:
        """A few lines for people."""
        lines = [
            f"live bench: reader={self.reader}, {self.clients} client(s), "
            f"{self.frame_size[0]}x{self.frame_size[1]} JPEG frames "
            f"(~{self.frame_bytes // 1024} kB)",
            f"  {self.rate:.1f} updated readings/s in total over {self.seconds:.1f} s "
            f"({', '.join(f'{r:.1f}' for r in self.per_client)} per client); "
            f"{self.busy} busy answers, {self.errors} errors",
            "  round trip ms: " + _fmt(self.latency_ms),
            "  scoreboard page ms meanwhile: " + _fmt(self.scoreboard_ms),
        ]
        return "\n".join(lines + [f"  note: {note}" for note in self.notes])


def _fmt(stats: dict[str, float]) -> str:
    return ", ".join(f"{k} {v:.1f}" for k, v in stats.items()) or "none"


def _percentiles(values: list[float]) -> dict[str, float]:
    if not values:
        return {}
    ordered = sorted(values)
    return {
        "median": statistics.median(ordered),
        "p95": ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))],
        "max": ordered[-1],
    }


def bench_frames(count: int = 8, size: tuple[int, int] = (1280, 720), quality: int = 80,
                 ) -> tuple[list[bytes], ScriptedReader]:
    """``count`` stamped JPEG frames of :data:`BENCH_HAND` and the fake reader that reads them."""
    placed = layout(BENCH_HAND, size)
    rng = np.random.default_rng(0)
    frames = []
    for i in range(count):
        image = draw_frame(i, placed, size)
        noise = rng.integers(-6, 7, image.shape, dtype=np.int16)  # camera noise: honest JPEGs
        image = np.clip(image.astype(np.int16) + noise, 0, 255).astype(np.uint8)
        frames.append(_jpeg(image, quality))
    return frames, ScriptedReader([placed] * count, size)


def _jpeg(image: np.ndarray, quality: int = 80) -> bytes:
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
    if not ok:
        raise RuntimeError("OpenCV could not encode a JPEG")
    return data.tobytes()


@contextmanager
def serve_app(app: Any, threads: int = 8) -> Iterator[tuple[str, int]]:
    """Serve ``app`` with waitress on 127.0.0.1 (a free port) in a thread; yields the address."""
    server = create_server(app, host="127.0.0.1", port=0, threads=threads)
    port = server.effective_port
    thread = threading.Thread(target=server.run, name="bench-waitress", daemon=True)
    thread.start()
    try:
        yield "127.0.0.1", int(port)
    finally:  # close every socket from inside the server's own loop, which then ends
        try:
            server.trigger.pull_trigger(lambda: wasyncore.close_all(server._map))
        except OSError:  # the loop's wake-up pipe is already gone: close from here instead
            wasyncore.close_all(server._map)
        thread.join(5)
        server.task_dispatcher.shutdown()


def drive(address: tuple[str, int], frames: list[bytes], clients: int, seconds: float,
          query: str = "", scoreboard_path: str | None = "/") -> dict[str, Any]:
    """Play ``clients`` live viewers (one frame in flight each) against a running server.

    Returns the raw counts: ``readings`` per client, ``busy``, ``errors``, round-trip
    ``latencies`` and ``busy_latencies`` (s), ``scoreboard`` page latencies (s) and each
    client's ``last`` answer body.
    """
    host, port = address
    stop = threading.Event()
    lock = threading.Lock()
    out: dict[str, Any] = {"readings": [0] * clients, "busy": 0, "errors": 0,
                           "latencies": [], "busy_latencies": [], "scoreboard": [],
                           "last": [None] * clients}

    def viewer(index: int) -> None:
        conn = http.client.HTTPConnection(host, port, timeout=30)
        n = 0
        while not stop.is_set():
            body = frames[n % len(frames)]
            n += 1
            start = time.perf_counter()
            try:
                conn.request("POST", f"/live/frame?stream=bench{index}{query}", body,
                             {"Content-Type": "image/jpeg", "Accept": "application/json"})
                response = conn.getresponse()
                data = response.read()
            except (OSError, http.client.HTTPException):
                with lock:
                    out["errors"] += 1
                conn.close()
                conn = http.client.HTTPConnection(host, port, timeout=30)
                continue
            elapsed = time.perf_counter() - start
            with lock:
                if response.status == 200:
                    out["readings"][index] += 1
                    out["latencies"].append(elapsed)
                    out["last"][index] = data
                elif response.status == 503:
                    out["busy"] += 1
                    out["busy_latencies"].append(elapsed)
                else:
                    out["errors"] += 1
            if response.status == 503:
                stop.wait(0.04 + 0.02 * (index % 3))  # as live.js: back off, send a newer frame
        conn.close()

    def scoreboard() -> None:
        conn = http.client.HTTPConnection(host, port, timeout=30)
        while not stop.wait(0.25):
            start = time.perf_counter()
            conn.request("GET", scoreboard_path or "/")
            conn.getresponse().read()
            with lock:
                out["scoreboard"].append(time.perf_counter() - start)
        conn.close()

    workers = [threading.Thread(target=viewer, args=(i,), daemon=True) for i in range(clients)]
    if scoreboard_path:
        workers.append(threading.Thread(target=scoreboard, daemon=True))
    begin = time.perf_counter()
    for worker in workers:
        worker.start()
    stop.wait(seconds)
    stop.set()
    for worker in workers:
        worker.join(35)
    out["seconds"] = time.perf_counter() - begin
    return out


class _DelayedReader:
    """The fake reader plus a fixed sleep standing in for a detector's inference time."""

    def __init__(self, inner: ScriptedReader, delay_s: float):
        self.inner, self.delay_s = inner, delay_s

    def __call__(self, image: np.ndarray, conf: float = 0.5) -> CardReading:
        time.sleep(self.delay_s)
        return self.inner(image, conf=conf)


def bench_live(
    make_app: Callable[[dict[str, Any]], Any],
    reader: str = "fake",
    seconds: float = 5.0,
    clients: int = 1,
    size: tuple[int, int] = (1280, 720),
    delay_ms: float = 0.0,
    model: str | None = None,
    slots: int | None = None,
) -> BenchResult:
    """Measure updated live readings per second end to end over HTTP (see the module docstring).

    ``make_app(config)`` builds the WSGI app to serve (the CLI passes ``web.create_app``: the lab
    never imports the app). Raises :class:`ValueError` for an unknown reader and whatever the
    real reader raises when its model is missing.
    """
    frames, fake = bench_frames(size=size)
    notes = []
    if reader == "model":  # real cards for the real detector: pairing and colour checks run too
        frames = [_jpeg(f) for f in rendered_frames(BENCH_HAND, count=4, seed=1, size=size)]
        notes.append(f"frames: {len(frames)} renderer scenes of {' '.join(BENCH_HAND)}")
    if reader == "fake":
        card_reader: Any = _DelayedReader(fake, delay_ms / 1000) if delay_ms > 0 else fake
        if delay_ms > 0:
            notes.append(f"fake reader sleeps {delay_ms:g} ms per frame to stand in for a detector")
    elif reader == "model":
        card_reader = None
        warm = cv2.imdecode(np.frombuffer(frames[0], np.uint8), cv2.IMREAD_COLOR)
        start = time.perf_counter()
        read_cards(warm, **({"model": model} if model else {}))  # load the model once
        notes.append(f"model load + first frame: {(time.perf_counter() - start) * 1000:.0f} ms")
    else:
        raise ValueError(f"unknown reader {reader!r}: use 'fake' or 'model'")
    with tempfile.TemporaryDirectory() as tmp:
        config: dict[str, Any] = {"DATABASE": f"{tmp}/bench.sqlite", "SECRET_KEY": "bench",
                                  "CARD_READER": card_reader}
        if model:
            config["MODEL_PATH"] = model
        if slots:
            config["LIVE_SLOTS"] = slots
        app = make_app(config)
        with serve_app(app) as address:
            cpu_start = time.process_time()
            raw = drive(address, frames, clients, seconds)
            cpu = time.process_time() - cpu_start
        app.extensions["phase10_live"].stop()
    readings = sum(raw["readings"])
    if readings and not delay_ms:  # (a sleeping stand-in costs no CPU)
        per = cpu / readings * 1000
        notes.append(
            f"CPU time of this process (server and clients) per reading: {per:.0f} ms; on 2 idle "
            f"cores that allows about {1000 / per:.1f} to {2000 / per:.1f} readings/s")
    load = os.getloadavg()[0]
    if load > (os.cpu_count() or 1):
        notes.append(f"load average {load:.1f} on {os.cpu_count()} cores: other processes "
                     "compete for the CPU, so the rate above is lower than on an idle machine")
    return BenchResult(
        reader=reader if not delay_ms else f"{reader}+{delay_ms:g}ms",
        clients=clients, seconds=raw["seconds"], frame_size=size,
        frame_bytes=sum(map(len, frames)) // len(frames), readings=sum(raw["readings"]),
        busy=raw["busy"], errors=raw["errors"],
        per_client=tuple(n / raw["seconds"] for n in raw["readings"]),
        latency_ms={k: v * 1000 for k, v in _percentiles(raw["latencies"]).items()},
        scoreboard_ms={k: v * 1000 for k, v in _percentiles(raw["scoreboard"]).items()},
        notes=notes,
    )
