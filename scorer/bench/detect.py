"""``phase10 bench detect``: how long a 1280x960 JPEG takes from bytes to the card list.

The ONNX path (decode, letterbox, onnxruntime, NMS, pairing, colour check) is timed in this
process, with one look (live camera frames: the target) and with the second, closer look that
photos get (:mod:`scorer.vision.second_look`). ultralytics' own torch predict on the same model
(``.pt``) and the same JPEG bytes is timed in a subprocess, so torch never loads into the timing
process (a process that has run torch runs onnxruntime about twice as slowly).
"""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import cv2
import numpy as np

from scorer.render.dataset import Settings, build
from scorer.training.offline import import_ultralytics
from scorer.vision.reading import get_detector, read_cards
from scorer.vision.settings import DEFAULT_CONF, EXPORTED_IMGSZ
from scorer.vision.timings import Timings

FRAME_W, FRAME_H = 1280, 960
TARGET_MEDIAN_MS = 40.0  # one look (live frames)
TARGET_PHOTO_MEDIAN_MS = 150.0  # a photo with every look
TARGET_RATIO = 0.45  # one look against ultralytics' torch predict on the same frames
BENCH_FORMAT = 3  # the renderer's dataset format of the bench frames


def bench_frames(n: int = 8, seed: int = 0) -> list[bytes]:
    """``n`` deterministic 1280x960 JPEGs: rendered 960-pixel scenes widened with a mirrored
    border (the renderer's public ``build`` into a temporary folder). The dataset format is
    pinned so that a new renderer format never changes what the figures were measured on."""
    frames = []
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(seed=seed, imgsz=FRAME_H, version=BENCH_FORMAT)
        build(Path(tmp), {"test": n}, settings, workers=1, progress=False)
        for path in sorted((Path(tmp) / "images" / "test").glob("*.jpg")):
            scene = cv2.imread(str(path))
            side = (FRAME_W - scene.shape[1]) // 2
            frame = cv2.copyMakeBorder(scene, 0, 0, side, FRAME_W - scene.shape[1] - side,
                                       cv2.BORDER_REFLECT)
            ok, jpg = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, 90])
            frames.append(jpg.tobytes())
    return frames


def summarise(ms: list[float]) -> dict[str, float]:
    """Median, p90, min and max of a list of milliseconds."""
    values = np.asarray(ms, dtype=float)
    return {
        "median_ms": round(float(np.median(values)), 1),
        "p90_ms": round(float(np.percentile(values, 90)), 1),
        "min_ms": round(float(values.min()), 1),
        "max_ms": round(float(values.max()), 1),
        "runs": int(values.size),
    }


def time_onnx(
    frames: list[bytes],
    repeat: int = 5,
    model: str | None = None,
    cpu: list[float] | None = None,
    second_look: bool = False,
    stages: Timings | None = None,
) -> list[float]:
    """Milliseconds per frame for ``read_cards(jpeg_bytes, second_look=...)``, after a warm-up.

    When ``cpu`` is a list, the CPU milliseconds of each call (all threads of this process)
    are appended to it: unlike wall time they barely change when other processes share the cores.
    ``stages``, when given, gets the seconds of each look and stage added, over every timed call.
    """
    detector = get_detector(model)
    read = functools.partial(read_cards, detector=detector, second_look=second_look,
                             timings=stages)
    read(frames[0], timings=None)  # warm-up: session creation, first-run allocations
    times = []
    for _ in range(repeat):
        for data in frames:
            started, started_cpu = time.perf_counter(), time.process_time()
            read(data)
            times.append((time.perf_counter() - started) * 1000)
            if cpu is not None:
                cpu.append((time.process_time() - started_cpu) * 1000)
    return times


def time_ultralytics(
    frames: list[bytes], weights: Path, repeat: int = 5, timeout: float = 600
) -> list[float]:
    """Milliseconds per frame for ultralytics' predict on the .pt (bytes -> boxes), measured in
    a subprocess. Raises :class:`RuntimeError` when the subprocess fails (no [train] extra)."""
    with tempfile.TemporaryDirectory() as tmp:
        for k, data in enumerate(frames):
            (Path(tmp) / f"{k:03d}.jpg").write_bytes(data)
        command = [sys.executable, "-m", "scorer.bench.detect", str(weights), tmp, str(repeat)]
        env = {**os.environ, "OMP_NUM_THREADS": os.environ.get("OMP_NUM_THREADS", "2")}
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, env=env)
    if done.returncode != 0:
        tail = (done.stderr or done.stdout).strip().splitlines()[-3:]
        raise RuntimeError("ultralytics predict failed: " + " | ".join(tail))
    return json.loads(done.stdout.strip().splitlines()[-1])


def _ultralytics_child(weights: str, folder: str, repeat: int) -> None:
    """Subprocess body: decode each JPEG with OpenCV, run ultralytics' predict at the exported
    input size.

    It uses the reader's confidence threshold, so both sides of the ratio keep the same boxes.
    """
    ultralytics = import_ultralytics()
    import torch  # noqa: PLC0415 - torch (the [train] extra) loads only in this subprocess

    torch.set_num_threads(2)
    model = ultralytics.YOLO(weights, task="detect")
    frames = [p.read_bytes() for p in sorted(Path(folder).glob("*.jpg"))]

    def run(data: bytes) -> None:
        image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
        model.predict(image, imgsz=EXPORTED_IMGSZ, conf=DEFAULT_CONF, device="cpu", verbose=False)

    run(frames[0])
    times = []
    for _ in range(repeat):
        for data in frames:
            started = time.perf_counter()
            run(data)
            times.append((time.perf_counter() - started) * 1000)
    print(json.dumps(times))


def bench_detect(
    n_frames: int = 8,
    repeat: int = 5,
    model: str | None = None,
    weights: Path | None = None,
    compare: bool = True,
) -> dict:
    """Time the ONNX reader with one look and with two, and (when ``compare`` and the .pt
    exist) ultralytics' predict."""
    frames = bench_frames(n_frames)
    cpu: list[float] = []
    live_stages, photo_stages = Timings(), Timings()
    onnx = summarise(time_onnx(frames, repeat, model, cpu, stages=live_stages))
    photo = summarise(time_onnx(frames, repeat, model, second_look=True, stages=photo_stages))
    calls = n_frames * repeat
    result = {
        "frame": f"{FRAME_W}x{FRAME_H} JPEG",
        "frames": n_frames,
        "onnx": onnx,
        "onnx_second_look": photo,
        "onnx_cpu_ms_median": round(float(np.median(cpu)), 1),
        "target_median_ms": TARGET_MEDIAN_MS,
        "meets_target": onnx["median_ms"] <= TARGET_MEDIAN_MS,
        "target_photo_median_ms": TARGET_PHOTO_MEDIAN_MS,
        "photo_meets_target": photo["median_ms"] <= TARGET_PHOTO_MEDIAN_MS,
        "load_average": round(os.getloadavg()[0], 2),
        "stage_ms_one_look": _per_call(live_stages, calls),
        "stage_ms_every_look": _per_call(photo_stages, calls),
    }
    if compare:
        if weights is None or not Path(weights).is_file():
            result["ultralytics"] = f"skipped: no weights at {weights}"
        else:
            try:
                torch_ms = summarise(time_ultralytics(frames, Path(weights), repeat))
            except (RuntimeError, subprocess.TimeoutExpired) as error:
                result["ultralytics"] = f"skipped: {error}"
            else:
                result["ultralytics"] = torch_ms
                result["ratio_median"] = round(onnx["median_ms"] / torch_ms["median_ms"], 2)
                result["target_ratio"] = TARGET_RATIO
                result["ratio_meets_target"] = result["ratio_median"] <= TARGET_RATIO
    return result


def _per_call(stages: Timings, calls: int) -> dict[str, float]:
    """Mean milliseconds per call of each look and stage, slowest first."""
    mean = {name: round(1000 * seconds / calls, 2) for name, seconds in stages.items()}
    return dict(sorted(mean.items(), key=lambda item: -item[1]))


if __name__ == "__main__":  # the ultralytics subprocess of time_ultralytics
    _ultralytics_child(sys.argv[1], sys.argv[2], int(sys.argv[3]))
