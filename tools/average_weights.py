"""Average two ultralytics checkpoints of one architecture, weight by weight ("model soup").

Interpolating a fine-tuned model with the model it started from often keeps most of what the
fine-tuning gained on its own data and loses less on data unlike it (real photos, here).

    .venv/bin/python tools/average_weights.py models/phase10-cards.pt \\
        runs/train/stage14/weights/best.pt --share 0.5 --out runs/train/soup/weights/best.pt
    phase10 export runs/train/soup/weights/best.pt --no-install
"""

from __future__ import annotations

import argparse
import copy
from pathlib import Path

import torch


def average(first: dict, second: dict, share: float) -> dict:
    """A copy of checkpoint ``second`` whose model holds ``(1 - share) * first + share *
    second`` for every floating-point tensor (integer buffers come from ``second``)."""
    out = copy.deepcopy(second)
    a, b = first["model"].float().state_dict(), out["model"].float().state_dict()
    if a.keys() != b.keys():
        raise ValueError("the checkpoints hold different architectures")
    mixed = {k: (1 - share) * a[k] + share * b[k] if b[k].is_floating_point() else b[k]
             for k in b}
    out["model"].load_state_dict(mixed)
    out["model"] = out["model"].half()  # as ultralytics stores its final checkpoints
    for key in ("ema", "optimizer", "updates"):
        out[key] = None
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first", type=Path, help="the model fine-tuning started from (.pt)")
    parser.add_argument("second", type=Path, help="the fine-tuned model (.pt)")
    parser.add_argument("--share", type=float, default=0.5, help="weight of the second (0.5)")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    load = {"map_location": "cpu", "weights_only": False}
    soup = average(torch.load(args.first, **load), torch.load(args.second, **load), args.share)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    torch.save(soup, args.out)
    print(f"wrote {args.out}: {1 - args.share:.2f} x {args.first}"
          f" + {args.share:.2f} x {args.second}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
