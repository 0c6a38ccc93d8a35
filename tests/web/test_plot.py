"""The totals chart: one line per player over the rounds, told apart by colour and dash."""

from __future__ import annotations

import re

from tests.web.conftest import round_of
from web import service
from web.export import history_rows
from web.plot import COLOURS, DASHES, player_colour, totals_svg


def _polylines(svg: str) -> list[str]:
    return re.findall(r"<polyline [^>]*>", svg)


def test_each_player_gets_a_line_from_the_start_through_every_round(app, saved_game):
    state = service.add_round(service.add_round(saved_game, round_of(50)), round_of(60))
    svg = totals_svg(state, history_rows(state), "Totals")
    lines = _polylines(svg)
    assert len(lines) == 2
    assert [len(re.search(r'points="([^"]*)"', line)[1].split()) for line in lines] == [3, 3]
    assert "<title>Ann</title>" in svg and "<title>Bob</title>" in svg


def test_players_with_equal_totals_are_told_apart_by_colour_and_dash(app, saved_game):
    svg = totals_svg(saved_game, history_rows(saved_game))
    first, second = _polylines(svg)
    assert f'stroke="{COLOURS[0]}"' in first and f'stroke="{COLOURS[1]}"' in second
    assert f'stroke-dasharray="{DASHES[1]}"' in second
    assert player_colour(len(COLOURS)) == COLOURS[0]  # a seventh player takes the first colour


def test_the_scale_rounds_the_highest_total_up_to_fifty(app, saved_game):
    state = service.add_round(saved_game, round_of(110))
    labels = re.findall(r'text-anchor="end"[^>]*>(\d+)</text>', totals_svg(state,
                                                                         history_rows(state)))
    assert labels[-1] == "150"


def test_a_title_with_markup_is_escaped(app, saved_game):
    svg = totals_svg(saved_game, [], '<b>"x"</b>')
    assert "<b>" not in svg and "&lt;b&gt;" in svg
