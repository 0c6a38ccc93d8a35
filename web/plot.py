"""An inline SVG line chart of each player's total over the rounds, drawn on the server."""

from __future__ import annotations

from markupsafe import Markup, escape

from web.export import Row
from web.service import GameState

COLOURS = ("#1f5fbf", "#d32f2f", "#2e7d32", "#c79100", "#7b1fa2", "#00838f")
DASHES = ("", "12 6", "4 5", "16 4 4 4", "2 7", "9 3 2 3")
"""One dash pattern per seat, so players with equal totals still show on top of each other."""
WIDTH, HEIGHT = 640, 300
LEFT, RIGHT, TOP, BOTTOM = 52, 16, 16, 40


def player_colour(seat: int) -> str:
    return COLOURS[seat % len(COLOURS)]


def totals_svg(state: GameState, rows: list[Row], title: str = "") -> Markup:
    """``<svg>`` markup: x = round (0 = start), y = total penalty points, one line per player."""
    players = state.setup.players
    series = [[0] + [row.cells[seat].total for row in rows] for seat in range(len(players))]
    top = max([max(s) for s in series] + [50])
    top = ((top + 49) // 50) * 50
    rounds = max(len(rows), 1)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(i: int) -> float:
        return LEFT + plot_w * i / rounds

    def y(v: int) -> float:
        return TOP + plot_h * (1 - v / top)

    parts = [
        f'<svg class="plot" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'xmlns="http://www.w3.org/2000/svg" aria-label="{escape(title)}">',
        f"<title>{escape(title)}</title>",
    ]
    step = top // 5
    for v in range(0, top + 1, step):
        parts.append(
            f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(v):.1f}" y2="{y(v):.1f}" '
            f'stroke="#e3ded2"/><text x="{LEFT - 6}" y="{y(v) + 4:.1f}" text-anchor="end" '
            f'font-size="14" fill="#5b6475">{v}</text>'
        )
    label_every = max(1, rounds // 10)
    for i in range(0, rounds + 1, label_every):
        parts.append(
            f'<text x="{x(i):.1f}" y="{HEIGHT - 14}" text-anchor="middle" font-size="14" '
            f'fill="#5b6475">{i}</text>'
        )
    for seat, values in enumerate(series):
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values))
        colour = player_colour(seat)
        parts.append(
            f'<polyline fill="none" stroke="{colour}" stroke-width="3" points="{points}" '
            f'stroke-dasharray="{DASHES[seat % len(DASHES)]}">'
            f"<title>{escape(players[seat])}</title></polyline>"
        )
        for i, v in enumerate(values):
            parts.append(f'<circle cx="{x(i):.1f}" cy="{y(v):.1f}" r="4" fill="{colour}"/>')
    parts.append("</svg>")
    return Markup("".join(parts))
