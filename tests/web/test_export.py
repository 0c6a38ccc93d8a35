"""A game's rounds as rows: running totals from the engine, and a CSV a spreadsheet can't run."""

from __future__ import annotations

import csv
import io

import pytest

from tests.web.conftest import round_of
from web import service
from web.export import CSV_COLUMNS, csv_text, history_rows


def test_each_round_gives_each_player_a_cell_with_the_running_total(app, saved_game):
    state = service.add_round(service.add_round(saved_game, round_of(bob_points=50)),
                              round_of(bob_points=60))
    rows = history_rows(state)
    assert [row.number for row in rows] == [1, 2]
    assert [[cell.total for cell in row.cells] for row in rows] == [[0, 50], [0, 110]]
    ann, bob = rows[1].cells
    assert (ann.went_out, ann.completed, ann.phase) == (True, True, 2)
    assert (bob.went_out, bob.completed, bob.points) == (False, False, 60)


def test_the_csv_has_a_header_and_one_line_per_player_and_round(app, saved_game):
    state = service.add_round(saved_game, round_of(bob_points=55))
    lines = list(csv.reader(io.StringIO(csv_text(state))))
    assert tuple(lines[0]) == CSV_COLUMNS
    assert lines[1:] == [["1", "Ann", "1", "1", "0", "1", "0", "0"],
                         ["1", "Bob", "1", "0", "55", "0", "55", "0"]]


@pytest.mark.parametrize("name", ["=SUM(A1)", "+1", "-1", "@cmd"])
def test_a_name_a_spreadsheet_would_run_as_a_formula_is_quoted(app, name):
    with app.test_request_context():
        state = service.add_round(service.create("", service.new_setup([name, "Bob"])),
                                  service.parse_round({"results": [
                                      {"player": name, "completed": True},
                                      {"player": "Bob", "completed": False, "points": 50}],
                                      "went_out": name}))
    player = list(csv.DictReader(io.StringIO(csv_text(state))))[0]["player"]
    assert player == "'" + name


def test_a_game_without_rounds_exports_the_header_alone(app, saved_game):
    assert csv_text(saved_game).splitlines() == [",".join(CSV_COLUMNS)]
    assert history_rows(saved_game) == []
