"""Statistics across games: the page ``/stats`` and the JSON ``/api/stats``.

Both take the group as repeated ``player`` parameters (``/stats?player=Ann&player=Ben``: the
games played by exactly Ann and Ben); without one they count every game. The figures come from
:mod:`web.statistics` (the engine's :mod:`scorer.game.stats`).
"""

from __future__ import annotations

from flask import Blueprint, Response, current_app, render_template, request
from flask_babel import gettext as _

from scorer.game import stats
from web import plot, statistics

bp = Blueprint("stats", __name__)


@bp.get("/stats")
def page() -> str:
    figures = statistics.compute(request.args.getlist("player"))
    names, series = stats.wins_over_games(figures.games)
    chart = None
    if any(stats.finished(game) for game in figures.games):
        chart = plot.line_chart(names, series, _("Games won after each finished game"), unit=1,
                                first_x=1)
    return render_template("stats/index.html", figures=figures, chart=chart, names=names,
                           colours=plot.COLOURS)


@bp.get("/api/stats")
def api() -> Response:
    """``{"group", "games", "finished", "players": [...], "groups": [...], "left_out"}``."""
    return current_app.json.response(statistics.compute(request.args.getlist("player")).to_dict())
