"""What happened to every candidate card of one photo, for ``phase10 detect --explain``."""

from __future__ import annotations

from scorer.vision.candidates import Candidate, CandidateTable


def explain_rows(table: CandidateTable) -> list[dict]:
    """One dict per candidate, kept ones first (in the reader's order), then dropped ones, then
    those set aside while grouping: face, box, score, ``kept``, ``dropped_by``/``why`` and the
    ``(stage, note)`` list of every stage that touched it."""
    rows = sorted(table.rows, key=lambda row: not row.alive) + list(table.set_aside)
    return [_row_dict(row) for row in rows]


def _row_dict(row: Candidate) -> dict:
    card = row.card
    out = {
        "card": str(card.card if card is not None else row.face),
        "score": round(float(card.confidence if card is not None else row.score), 3),
        "box": [round(float(v), 1) for v in (card.box if card is not None else row.grouping.xyxy)],
        "indices": len(row.grouping.index_ids),
        "kept": row.alive,
        "unsure": None if card is None else card.unsure,
        "stages": [{"stage": stage, "note": note} for stage, note in row.notes],
    }
    if not row.alive:
        out["dropped_by"], out["why"] = row.dropped_by, row.why
    return out


def explain_lines(table: CandidateTable) -> list[str]:
    """The text form of :func:`explain_rows`: one line per candidate and one per stage note."""
    lines = []
    for row in explain_rows(table):
        if row["kept"]:
            verdict = "kept, unsure" if row["unsure"] else "kept"
        else:
            verdict = f"dropped by {row['dropped_by']}"
        x1, y1, x2, y2 = row["box"]
        lines.append(f"  {row['card']:>4} {row['score']:.2f}  {verdict}"
                     f"  (box {x1:.0f},{y1:.0f} to {x2:.0f},{y2:.0f}; {row['indices']} index"
                     f"{'es' if row['indices'] > 1 else ''})")
        lines.extend(f"        {note['stage']}: {note['note']}" for note in row["stages"])
    return lines or ["  (no index detected)"]
