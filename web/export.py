"""A game's rounds as rows: the history table, and the CSV export.

Running totals and phases after each round come from the engine's standings of the rounds so
far (read off the game's one replay), never from arithmetic here.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from scorer.game.standings import standings_of
from web.service import GameState


@dataclass(frozen=True)
class Cell:
    player: str
    phase: int | None
    completed: bool
    points: int | None
    went_out: bool
    total: int


@dataclass(frozen=True)
class Row:
    number: int
    tie_breaker: bool
    cells: tuple[Cell, ...]


def history_rows(state: GameState) -> list[Row]:
    """One row per round, one cell per seated player (absent from a tie-breaker: no result)."""
    rows = []
    for index, record in enumerate(state.rounds):
        after = standings_of(state.played.upto(index + 1))
        cells = []
        for standing in after.players:
            result = record.result(standing.player)
            cells.append(Cell(
                player=standing.player,
                phase=None if result is None else result.phase,
                completed=bool(result and result.completed),
                points=None if result is None else result.points,
                went_out=record.went_out == standing.player,
                total=standing.total,
            ))
        rows.append(Row(index + 1, record.tie_breaker, tuple(cells)))
    return rows


CSV_COLUMNS = ("round", "player", "phase", "completed", "points", "went_out", "total",
               "tie_breaker")


def csv_text(state: GameState) -> str:
    """Every round as one CSV line per player, with the running total."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for row in history_rows(state):
        for cell in row.cells:
            writer.writerow([
                row.number, _safe(cell.player), "" if cell.phase is None else cell.phase,
                int(cell.completed), "" if cell.points is None else cell.points,
                int(cell.went_out), cell.total, int(row.tie_breaker),
            ])
    return out.getvalue()


def _safe(text: str) -> str:
    """Defuse spreadsheet formulas in names (CSV injection)."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text
