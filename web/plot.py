"""Inline SVG line charts drawn on the server: a game's totals over its rounds, and the
statistics' wins over the games.

Every line carries the class ``seat-N`` (its colour and dash pattern), grid lines ``grid`` and
labels ``axis``, so the style sheet can set their colours for dark mode and their size for a
phone's screen.
"""

from __future__ import annotations

from collections.abc import Sequence

from markupsafe import Markup, escape

from web.export import Row
from web.service import GameState

COLOURS = ("#1f5fbf", "#d32f2f", "#2e7d32", "#a67c00", "#7b1fa2", "#00838f")
DASHES = ("", "12 6", "4 5", "16 4 4 4", "3 6", "9 3 2 3")
"""One dash pattern per seat, so players with equal totals still show on top of each other."""
WIDTH, HEIGHT = 640, 300
LEFT, RIGHT, TOP, BOTTOM = 60, 16, 16, 40


def player_colour(seat: int) -> str:
    return COLOURS[seat % len(COLOURS)]


def y_axis(largest: int, unit: int) -> tuple[int, int]:
    """(top, step) of the y axis: the top a multiple of ``unit`` at or above ``largest`` (at
    least one unit), at most about five steps."""
    top = max(unit, -(-largest // unit) * unit)
    step = unit * max(1, -(-(top // unit) // 5))
    return -(-top // step) * step, step


def line_chart(names: Sequence[str], series: Sequence[Sequence[int | None]], title: str, *,
               unit: int, first_x: int = 0) -> Markup:
    """``<svg>`` markup: one line per name over x = ``first_x``, ``first_x + 1``, ...; a None
    value leaves a gap in that line."""
    points_count = max((len(values) for values in series), default=1)
    steps = max(points_count - 1, 1)
    top, step = y_axis(max([v for values in series for v in values if v is not None] + [0]),
                       unit)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(i: int) -> float:
        return LEFT + plot_w * i / steps

    def y(v: int) -> float:
        return TOP + plot_h * (1 - v / top)

    parts = [
        f'<svg class="plot" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'xmlns="http://www.w3.org/2000/svg" aria-label="{escape(title)}">',
        f"<title>{escape(title)}</title>",
    ]
    for v in range(0, top + 1, step):
        parts.append(
            f'<line class="grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(v):.1f}" '
            f'y2="{y(v):.1f}" stroke="#e3ded2"/><text class="axis" x="{LEFT - 8}" '
            f'y="{y(v) + 5:.1f}" text-anchor="end" font-size="14" fill="#5b6475">{v}</text>'
        )
    label_every = max(1, -(-steps // 10))
    for i in range(0, points_count, label_every):
        parts.append(
            f'<text class="axis" x="{x(i):.1f}" y="{HEIGHT - 12}" text-anchor="middle" '
            f'font-size="14" fill="#5b6475">{i + first_x}</text>'
        )
    for seat, values in enumerate(series):
        colour, dash = player_colour(seat), DASHES[seat % len(DASHES)]
        for segment in _segments(values):
            points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in segment)
            parts.append(
                f'<polyline class="line seat-{seat % len(COLOURS)}" fill="none" '
                f'stroke="{colour}" stroke-width="3" stroke-linecap="round" points="{points}" '
                f'stroke-dasharray="{dash}"><title>{escape(names[seat])}</title></polyline>'
            )
        for i, v in enumerate(values):
            if v is not None:
                parts.append(f'<circle class="dot seat-{seat % len(COLOURS)}" cx="{x(i):.1f}" '
                             f'cy="{y(v):.1f}" r="4" fill="{colour}"/>')
    parts.append("</svg>")
    return Markup("".join(parts))


def _segments(values: Sequence[int | None]) -> list[list[tuple[int, int]]]:
    """The runs of values without a gap, as (index, value) pairs."""
    runs: list[list[tuple[int, int]]] = [[]]
    for i, v in enumerate(values):
        if v is None:
            runs.append([])
        else:
            runs[-1].append((i, v))
    return [run for run in runs if run]


def totals_svg(state: GameState, rows: list[Row], title: str = "") -> Markup:
    """A game's chart: x = round (0 = start), y = total penalty points, one line per player."""
    players = state.setup.players
    series = [[0] + [row.cells[seat].total for row in rows] for seat in range(len(players))]
    return line_chart(players, series, title, unit=50)
