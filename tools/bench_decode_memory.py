"""Peak memory of the web app under parallel decompression bombs, for pixel budgets.

A bomb is a 7200x5500 one-colour PNG: about 135 KB on the wire, 119 MB once decoded, inside the
40-megapixel cap. ``--parallel`` clients POST it to ``/api/detect`` at once, ``--rounds`` times;
each setting runs in a fresh process so its peak resident memory (``ru_maxrss``) is its own.
``--budget`` lists the ``DECODE_PIXEL_BUDGET`` settings to compare (0: the app's default);
``--full`` decodes at full resolution (``DECODE_MAX_SIDE`` None), as before reduced decoding.
The card reader is the shipped ONNX model when present (``--reader model``) or a stand-in that
reads nothing (``--reader none``), so the figure is the decode's and the detector's memory.

Usage, from the repo root:
    .venv/bin/python tools/bench_decode_memory.py [--parallel 8] [--rounds 2] [--budget 0]
        [--full] [--reader model|none] [--json]
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

BOMB_SIZE = (7200, 5500)


def bomb_png(size: tuple[int, int] = BOMB_SIZE) -> bytes:
    """An all-black PNG of ``size`` (width, height): tiny encoded, huge decoded."""
    import cv2
    import numpy as np

    ok, data = cv2.imencode(".png", np.zeros((size[1], size[0], 3), np.uint8),
                            [cv2.IMWRITE_PNG_COMPRESSION, 9])
    if not ok:
        raise RuntimeError("OpenCV could not encode the PNG")
    return data.tobytes()


def peak_mb() -> float:
    """This process's peak resident memory so far, in MB (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


class EmptyReader:
    """Stands in for the detector: reads no card (the decode alone is measured)."""

    def __call__(self, image, conf: float = 0.25):
        from scorer.vision.card_reading import CardReading

        return CardReading((), image.shape[:2])


def measure(budget: int, parallel: int, rounds: int, reader: str, full: bool) -> dict:
    """One setting in this process: the app, a warm-up photo, then the bombs."""
    from web import create_app

    folder = tempfile.mkdtemp(prefix="phase10-bombs-")
    config = {"TESTING": True, "SECRET_KEY": "bench", "DECODE_WAIT": 300.0,
              "DATABASE": str(Path(folder) / "bench.sqlite")}
    if budget:
        config["DECODE_PIXEL_BUDGET"] = budget
    if full:
        config["DECODE_MAX_SIDE"] = None
    if reader == "none":
        config["CARD_READER"] = EmptyReader()
    app = create_app(config)
    bomb = bomb_png()
    headers = {"X-Requested-With": "bench"}
    small = bomb_png((640, 480))
    app.test_client().post("/api/detect", data=small, content_type="image/png", headers=headers)
    before = peak_mb()
    statuses: list[int] = []

    def send() -> None:
        response = app.test_client().post("/api/detect", data=bomb, content_type="image/png",
                                          headers=headers)
        statuses.append(response.status_code)

    for _ in range(rounds):
        threads = [threading.Thread(target=send) for _ in range(parallel)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    app.extensions["phase10_live"].stop()
    return {"budget": app.config["DECODE_PIXEL_BUDGET"], "full": full, "parallel": parallel,
            "rounds": rounds, "reader": reader,
            "bomb_bytes": len(bomb), "warm_mb": round(before), "peak_mb": round(peak_mb()),
            "statuses": sorted(set(statuses))}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--parallel", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--budget", type=int, nargs="+", default=[0],
                        help="DECODE_PIXEL_BUDGET settings to compare (0: the app's default)")
    parser.add_argument("--full", action="store_true",
                        help="decode at full resolution (DECODE_MAX_SIDE None)")
    parser.add_argument("--reader", choices=("model", "none"), default="model")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--one", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.one:
        print(json.dumps(measure(args.budget[0], args.parallel, args.rounds, args.reader,
                                 args.full)))
        return 0
    results = []
    for budget in args.budget:
        done = subprocess.run(
            [sys.executable, __file__, "--one", "--budget", str(budget), "--parallel",
             str(args.parallel), "--rounds", str(args.rounds), "--reader", args.reader,
             *(["--full"] if args.full else [])],
            capture_output=True, text=True, check=True,
        )
        results.append(json.loads(done.stdout.strip().splitlines()[-1]))
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    print(f"{args.parallel} parallel {BOMB_SIZE[0]}x{BOMB_SIZE[1]} PNG bombs "
          f"({results[0]['bomb_bytes'] // 1024} KB each), {args.rounds} rounds, "
          f"reader: {args.reader}, decoded {'at full resolution' if args.full else 'reduced'}")
    for row in results:
        print(f"  DECODE_PIXEL_BUDGET={row['budget']}: warm {row['warm_mb']} MB, "
              f"peak {row['peak_mb']} MB RSS, answers {row['statuses']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
