"""``phase10 bench stages``: each part of the reader left out in turn, on labelled sets."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorer.bench.stages import EvalSet, markdown, parse_set, stage_table
from scorer.cli import main
from scorer.render.dataset import Settings, build


def test_a_set_is_named_with_its_folder_split_and_limit():
    assert parse_set("fans=photos/uno-fans") == EvalSet("fans", Path("photos/uno-fans"))
    assert parse_set("g=datasets/eval-g:test@300") == EvalSet(
        "g", Path("datasets/eval-g"), "test", 300)
    with pytest.raises(ValueError, match="NAME=DIR"):
        parse_set("datasets/eval-g")


def test_the_markdown_table_has_a_row_per_part_and_a_column_per_set():
    whole = {"f1": 0.9, "exact": 0.5, "wrong_marked": 0.75}
    change = {"f1": -0.01, "exact": 0.0, "wrong_marked": -0.25, "ms": 1.25}
    table = {"whole": {"a": whole, "b": whole}, "parts": {"vanished": {"a": change, "b": change}}}
    lines = markdown(table).splitlines()
    assert len(lines) == 4 and lines[2].startswith("| (whole reader) | F1 0.900 / exact 0.500")
    cell = "-0.010 / +0.000 / -0.25 / 1.2"
    assert lines[3] == f"| vanished | {cell} | {cell} |"


def test_a_set_of_empty_scenes_shows_the_share_with_a_false_card():
    whole = {"f1": 0.0, "exact": 1.0, "wrong_marked": 0.0, "empty_with_a_card": 0.01, "cards": 0}
    change = {"f1": 0.0, "exact": -0.01, "wrong_marked": 0.7, "empty_with_a_card": 0.01, "ms": 0.2}
    lines = markdown({"whole": {"e": whole}, "parts": {"vanished": {"e": change}}})
    assert lines.splitlines()[0] == "| left out | e: Δfalse / ms |"
    assert lines.splitlines()[2:] == ["| (whole reader) | false 1.0 % |",
                                      "| vanished | +1.0 % / 0.2 |"]


@pytest.fixture(scope="module")
def rendered(tmp_path_factory):
    out = tmp_path_factory.mktemp("stages")
    build(out, {"test": 2}, Settings(seed=3), workers=1, progress=False)
    return out


@pytest.mark.slow
def test_leaving_out_the_pairing_costs_cards_on_rendered_scenes(rendered):
    """Without pairing every index is a card of its own: many more cards than there are."""
    table = stage_table([EvalSet("r", rendered, "test")], ["pair", "vanished"])
    assert table["parts"]["pair"]["r"]["f1"] < 0 and table["parts"]["pair"]["r"]["ms"] > 0
    assert set(table["parts"]) == {"pair", "vanished"}


@pytest.mark.slow
def test_the_command_prints_json_and_refuses_a_bad_set(rendered, capsys):
    assert main(["bench", "stages", "--set", f"r={rendered}:test@1", "--part", "vanished",
                 "--json"]) == 0
    assert "vanished" in json.loads(capsys.readouterr().out)["parts"]
    assert main(["bench", "stages", "--set", "nothing"]) == 2
