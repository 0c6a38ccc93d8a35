"""Which cards does the reader get wrong, and which of them does the unsure mark miss?

`phase10 eval` counts the wrong cards (misreads and phantoms) and the share marked unsure; this
sorts them by kind, the way to find a mechanism worth fixing in the reader rather than a feature
for the doubt model. A wrong card is, by what the manifest has under its box:

- ``read twice``: a phantom over an index of its own face, whose card a surer reading took
  (one card counted twice: its two corners, or an index paired with another card's);
- ``phantom``: no index of any card under it (clutter, a card's print, an index out of labels);
- ``on a card read``: a phantom over another face's index whose card was already read;
- ``colour``, ``number``, ``colour and number``: a misread, of the colour only, of the number
  only, or of both;
- ``wild or skip``: a misread where the reading or the card is a Wild or a Skip.

Usage, from the repo root (both looks, as photos are read):
    .venv/bin/python tools/wrong_cards.py --data datasets/eval-g --split test [--list]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from scorer.cards import parse_card
from scorer.training.calibration import label_cards
from scorer.training.evaluate import read_split
from scorer.vision.reading import read_cards

KINDS = ("read twice", "phantom", "on a card read", "colour", "number", "colour and number",
         "wild or skip")


def faces_under(record: dict[str, Any], box: tuple[float, ...]) -> list[str]:
    """The faces of ``record``'s cards with a visible index centred inside ``box``."""
    faces = []
    for card in record.get("cards", ()):
        for index in card.get("indices") or ():
            x = (index["box"][0] + index["box"][2]) / 2
            y = (index["box"][1] + index["box"][3]) / 2
            if box[0] <= x <= box[2] and box[1] <= y <= box[3]:
                faces.append(card["face"])
                break
    return faces


def wrong_kind(face: str, outcome: str, under: list[str]) -> str | None:
    """The kind (one of :data:`KINDS`) of a card read as ``face`` with ``outcome`` (as
    :func:`~scorer.training.calibration.label_cards` gives it) over the faces ``under`` its box;
    None for a card read right."""
    if outcome == "right":
        return None
    others = [other for other in under if other != face]
    if outcome == "phantom":
        if face in under:
            return "read twice"
        return "on a card read" if others else "phantom"
    if not others:  # a misread with no other face under it: labels disagree, count it plainly
        return "phantom"
    read, truth = parse_card(face), parse_card(others[0])
    if not (read.is_natural and truth.is_natural):
        return "wild or skip"
    if read.value == truth.value:
        return "colour"
    return "number" if read.colour is truth.colour else "colour and number"


def table(rows: list[tuple[str, bool]]) -> str:
    """Wrong cards per kind, marked unsure and not, one line each."""
    wrong, marked = Counter(kind for kind, _ in rows), Counter(kind for kind, m in rows if m)
    lines = [f"{'kind':>18} {'wrong':>6} {'marked':>7} {'unmarked':>9}"]
    for kind in KINDS:
        if wrong[kind]:
            lines.append(f"{kind:>18} {wrong[kind]:6d} {marked[kind]:7d} "
                         f"{wrong[kind] - marked[kind]:9d}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=Path("datasets/eval-g"))
    parser.add_argument("--split", default="test")
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--list", action="store_true", help="list the unmarked wrong cards")
    args = parser.parse_args(argv)
    rows: list[tuple[str, bool]] = []
    unmarked: list[str] = []
    read = marked_cards = scenes = 0
    for record, reading in read_split(args.data, args.split, read_cards, limit=args.limit):
        scenes += 1
        for card, outcome in label_cards(record, reading.cards):
            read += 1
            marked_cards += card.unsure
            under = faces_under(record, card.box)
            kind = wrong_kind(str(card.card), outcome, under)
            if kind is None:
                continue
            rows.append((kind, card.unsure))
            if not card.unsure:
                chance = "-" if card.chance is None else f"{card.chance:.2f}"
                unmarked.append(f"  {record['file']}  {kind:>18}  read {card.card} over "
                                f"{', '.join(under) or 'nothing'}  score {card.confidence:.2f}"
                                f"  chance {chance}")
    if not read:
        print("no card read in this split")
        return 1
    print(f"{read} cards read in {scenes} scenes, {len(rows)} wrong, "
          f"{marked_cards} marked unsure ({marked_cards / read:.1%})")
    print(table(rows))
    if args.list and unmarked:
        print("unmarked wrong cards:")
        print("\n".join(unmarked))
    return 0


if __name__ == "__main__":
    sys.exit(main())
