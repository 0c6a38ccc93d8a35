"""Where does the reader miss cards? Card recall by scene kind, index visibility and index size.

`phase10 eval` gives one recall for a split; this splits it by what the manifest knows of each
face-up card with a visible index: the kind of scene it lies in (phase, hand, spread, table),
how much of its best index is visible (a card half under another), and the size of its largest
index at the reader's 640 look. A card counts as found when a card of its face was read on one
of its indices (the rule of `phase10 eval`'s card matching).

Usage, from the repo root (both looks, as photos are read):
    .venv/bin/python tools/missed_cards.py --data datasets/eval1280k --split test --limit 400
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from scorer.training.calibration import label_cards
from scorer.training.evaluate import read_split
from scorer.vision.reading import read_cards

VISIBLE_EDGES = (0.0, 0.7, 0.9, 2.0)  # share of the index's area in view
SIZE_EDGES = (0, 10, 15, 22, 35, 1e9)  # longest side of the index at the 640 look, pixels


def _centre(box: list[float]) -> tuple[float, float]:
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


def _inside(point: tuple[float, float], box: tuple[float, ...]) -> bool:
    return box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3]


def truth_cards(record: dict[str, Any], found_boxes: list[tuple[str, tuple[float, ...]]]
                ) -> Iterable[dict[str, Any]]:
    """Each face-up card of ``record`` with a visible index: its scene kind, best visibility,
    largest index side at the 640 look, and whether a card of its face was read on an index."""
    scale = 640 / max(record.get("width", 640), record.get("height", 640))
    for card in record.get("cards", ()):
        indices = card.get("indices") or []
        if not indices:
            continue
        centres = [_centre(i["box"]) for i in indices]
        yield {
            "scene": record.get("scene") or "?",
            "visible": max(float(i.get("visible", 1.0)) for i in indices),
            "size": scale * max(max(i["box"][2] - i["box"][0], i["box"][3] - i["box"][1])
                                for i in indices),
            "found": any(face == card["face"] and any(_inside(c, box) for c in centres)
                         for face, box in found_boxes),
        }


def _bin(value: float, edges: tuple[float, ...]) -> str:
    """The name of ``value``'s bin: ``low-high``, the last ``low+``."""
    for low, high in zip(edges, edges[1:], strict=False):
        if low <= value < high:
            return f"{low:g}+" if high == edges[-1] else f"{low:g}-{high:g}"
    return "?"


def table(rows: list[dict[str, Any]], title: str, key: Callable[[dict[str, Any]], str]) -> str:
    """Recall per group of ``rows``, one line each."""
    groups: dict[str, list[bool]] = defaultdict(list)
    for row in rows:
        groups[key(row)].append(row["found"])
    lines = [f"{title}:"]
    for name in sorted(groups):
        found = groups[name]
        lines.append(f"  {name:>10}  {len(found):5d} cards  recall {sum(found) / len(found):.3f}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=Path("datasets/eval1280k"))
    parser.add_argument("--split", default="test")
    parser.add_argument("--limit", type=int, default=None)
    args = parser.parse_args(argv)
    rows: list[dict[str, Any]] = []
    scenes = 0
    for record, reading in read_split(args.data, args.split, read_cards, limit=args.limit):
        scenes += 1
        right = [(str(card.card), card.box) for card, outcome in label_cards(record, reading.cards)
                 if outcome == "right"]
        rows.extend(truth_cards(record, right))
    if not rows:
        print("no face-up card with a visible index in this split")
        return 1
    print(f"{len(rows)} cards in {scenes} scenes, recall "
          f"{sum(r['found'] for r in rows) / len(rows):.3f}")
    print(table(rows, "by scene", lambda r: r["scene"]))
    print(table(rows, "by the index's visible share", lambda r: _bin(r["visible"], VISIBLE_EDGES)))
    print(table(rows, "fully visible (0.9+), by index size at 640 (px)",
                lambda r: f"{r['scene']} {_bin(r['size'], SIZE_EDGES)}"
                if r["visible"] >= 0.9 else "partly covered"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
