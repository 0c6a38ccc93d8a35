"""``phase10 bench stages``: what each look and stage of the reader buys, and what it costs.

Every evaluation set is read with the whole reader, then once without each look or stage
(``read_cards(..., without={name})``). A row says, for each set, how the figures move when
that one part is left out (a negative F1 change: the part was helping) and how many
milliseconds per photo the part took with the whole reader. The sets are the held-out ones:
rendered scenes in held-out designs, real photos of fans and tables, empty tables.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scorer.training.evaluate import evaluate
from scorer.training.photo_eval import evaluate_photos
from scorer.vision.pipeline import REQUIRED, STAGE_NAMES
from scorer.vision.reading import LOOKS, get_detector, read_cards
from scorer.vision.timings import Timings

CHANGES = ("f1", "exact", "wrong_marked", "empty_with_a_card")
"""The figures whose change a part's row gives."""
PARTS: tuple[str, ...] = (*LOOKS, *(name for name in STAGE_NAMES if name not in REQUIRED))


@dataclass(frozen=True)
class EvalSet:
    """One evaluation set: a rendered split (``split`` given) or a folder of labelled photos."""

    name: str
    path: Path
    split: str | None = None
    limit: int | None = None

    def figures(self, read: Callable[[Any], Any]) -> dict[str, float]:
        """The set's headline figures for ``read``: F1, exact hands, the share of wrong cards
        marked unsure, and the share of empty scenes with a card (where it has some)."""
        if self.split is not None:
            found = evaluate(self.path, self.split, read, limit=self.limit).to_dict()
            f1, exact = found.get("f1", 0.0), found.get("exact_hand", 0.0)
        else:
            found = evaluate_photos(self.path, read, limit=self.limit).to_dict()
            f1 = found.get("card_f1", found.get("symbol_f1", 0.0))
            exact = found.get("exact_hand", found.get("exact_symbols", 0.0))
        return {"f1": f1, "exact": exact, "wrong_marked": found.get("wrong_marked", 0.0),
                "empty_with_a_card": found.get("empty_with_a_card", 0.0),
                "cards": found.get("truth_cards", 0),
                "photos": found.get("images", found.get("photos", 0))}


def parse_set(text: str) -> EvalSet:
    """``NAME=DIR`` (photos) or ``NAME=DIR:SPLIT`` (rendered), with an optional ``@LIMIT``."""
    name, _, rest = text.partition("=")
    if not name or not rest:
        raise ValueError(f"expected NAME=DIR[:SPLIT][@LIMIT], got {text!r}")
    rest, _, limit = rest.partition("@")
    folder, _, split = rest.partition(":")
    return EvalSet(name, Path(folder), split or None, int(limit) if limit else None)


def stage_table(sets: Sequence[EvalSet], parts: Sequence[str] = PARTS, model: str | None = None,
                progress: Callable[[str], None] = lambda _: None) -> dict[str, Any]:
    """The whole reader's figures on each set, then each part's change when left out and its
    milliseconds per photo: ``{"whole": {set: figures}, "parts": {part: {set: changes}}}``."""
    detector = get_detector(model)
    whole: dict[str, dict[str, float]] = {}
    ms: dict[str, dict[str, float]] = {}
    for eval_set in sets:
        clock = Timings()
        found = eval_set.figures(
            lambda image, clock=clock: read_cards(image, detector=detector, timings=clock))
        whole[eval_set.name] = found
        ms[eval_set.name] = {name: 1000 * s / max(found["photos"], 1) for name, s in clock.items()}
        progress(f"{eval_set.name}: whole reader {whole[eval_set.name]}")
    rows: dict[str, dict[str, dict[str, float]]] = {}
    for part in parts:
        rows[part] = {}
        for eval_set in sets:
            without = eval_set.figures(
                lambda image, part=part: read_cards(image, detector=detector, without=(part,)))
            change = {key: round(without[key] - whole[eval_set.name][key], 4) for key in CHANGES}
            change["ms"] = round(ms[eval_set.name].get(part, 0.0), 1)
            rows[part][eval_set.name] = change
        progress(f"without {part}: {rows[part]}")
    return {"whole": whole, "parts": rows}


def markdown(table: dict[str, Any]) -> str:
    """The stage table as Markdown: one row per part, per set "ΔF1 / Δexact / Δmarked / ms"
    (Δmarked: the change in the share of wrong cards marked unsure); for a set of empty scenes
    "Δfalse / ms" (the change in the share of scenes with a false card)."""
    names = list(table["whole"])
    whole = table["whole"]
    empty = {n for n in names if whole[n].get("cards", 1) == 0}

    def head(n: str) -> str:
        return f"{n}: Δfalse / ms" if n in empty else f"{n}: ΔF1 / Δexact / Δmarked / ms"

    def total(n: str) -> str:
        if n in empty:
            return f"false {100 * whole[n]['empty_with_a_card']:.1f} %"
        return (f"F1 {whole[n]['f1']:.3f} / exact {whole[n]['exact']:.3f} / "
                f"marked {whole[n]['wrong_marked']:.2f}")

    def cell(n: str, c: dict[str, float]) -> str:
        if n in empty:
            return f"{100 * c['empty_with_a_card']:+.1f} % / {c['ms']:.1f}"
        return f"{c['f1']:+.3f} / {c['exact']:+.3f} / {c['wrong_marked']:+.2f} / {c['ms']:.1f}"

    lines = ["| left out | " + " | ".join(head(n) for n in names) + " |",
             "|---|" + "---|" * len(names),
             "| (whole reader) | " + " | ".join(total(n) for n in names) + " |"]
    for part, cells in table["parts"].items():
        lines.append(f"| {part} | " + " | ".join(cell(n, cells[n]) for n in names) + " |")
    return "\n".join(lines)
