"""``phase10 check``, ``score``, ``hit`` and ``bench rules``: the exact CLI contract."""

import json

import pytest

from scorer.cli import build_parser, main


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_check_valid_exits_0(capsys):
    code, out, _ = run(capsys, "check", "--phase", "1", "R5", "B5", "G5", "Y7", "Y7", "W")
    assert code == 0
    assert out.startswith("valid: phase 1")


def test_check_accepts_one_quoted_string(capsys):
    code, out, _ = run(capsys, "check", "--phase", "1", "R5 B5 G5 Y7 Y7 W")
    assert code == 0


def test_check_invalid_exits_1_with_the_reason(capsys):
    code, out, _ = run(capsys, "check", "--phase", "4", "R3 B4 G5 W Y7 R8")
    assert code == 1
    assert "the longest run is 6 cards (3 4 5 6 7 8, one of them a wild)" in out


def test_check_json_shape(capsys):
    code, out, _ = run(capsys, "check", "--phase", "1", "R5 B5 G5 Y7 Y7 W", "--json")
    body = json.loads(out)
    data = body["verdict"]
    assert code == 0
    assert body["cards"] == ["R5", "B5", "G5", "Y7", "Y7", "W"] and body["points"] == 50
    assert body["phase"] == {"number": 1, "description": "2 sets of 3"}
    assert data["valid"] is True and data["phase"] == 1 and data["reason"] is None
    assert data["message"] == "" and data["doubtful"] is False and data["doubt"] is None
    groups = sorted(data["groups"], key=lambda g: g["cards"])
    assert groups[0] == {"kind": "set", "size": 3, "requirement": "set of 3",
                         "cards": ["R5", "B5", "G5"], "wilds": {}}
    assert groups[1]["cards"] == ["Y7", "Y7", "W"] and groups[1]["wilds"] == {"2": "7"}


def test_check_json_invalid(capsys):
    code, out, _ = run(capsys, "check", "--phase", "4", "R3 B4 G5 W Y7 R8", "--json")
    data = json.loads(out)["verdict"]
    assert code == 1
    assert data["valid"] is False and data["groups"] == [] and "run of 7" in data["reason"]
    assert data["code"] == "group_short"
    assert data["message"][0].isupper() and data["message"].endswith(".")


def test_check_natural_per_group(capsys):
    assert run(capsys, "check", "--phase", "1", "W W W W W R7")[0] == 0
    assert run(capsys, "check", "--phase", "1", "W W W W W R7", "--natural-per-group")[0] == 1


@pytest.mark.parametrize(
    "argv",
    [
        ("check", "--phase", "1", "R5", "X5"),
        ("check", "--phase", "1"),
        ("check", "--phase", "11", "R5"),
        ("check", "--phase", "one", "R5"),
        ("check", "R5"),
        ("hit", "pile", "R5 B5", "G5"),
        ("hit", "run", "R4 R6 R5", "R7"),
        ("hit", "set", "R5 B5", "Q5"),
        ("score", "R5", "R13"),
    ],
)
def test_bad_input_exits_2(capsys, argv):
    try:
        code = main(list(argv))
    except SystemExit as exit_:
        code = exit_.code
    assert code == 2
    assert capsys.readouterr().err


def test_score_prints_the_penalty_points(capsys):
    assert run(capsys, "score", "R5", "W", "S", "B11") == (0, "55\n", "")
    code, out, _ = run(capsys, "score", "R5 W S B11", "--json")
    assert json.loads(out) == {"points": 55, "cards": ["R5", "W", "S", "B11"]}


def test_hit_fits_exits_0(capsys):
    code, out, _ = run(capsys, "hit", "run", "R4 B5 G6", "Y7")
    assert code == 0 and "fits" in out


def test_hit_does_not_fit_exits_1(capsys):
    code, out, _ = run(capsys, "hit", "set", "R5 B5 W", "G6")
    assert code == 1


def test_hit_reads_a_wild_by_its_position_in_a_laid_run(capsys):
    assert run(capsys, "hit", "run", "W R5 G6", "Y3")[0] == 0
    assert run(capsys, "hit", "run", "W R5 G6", "Y8")[0] == 1


def test_hit_json(capsys):
    code, out, _ = run(capsys, "hit", "colour", "G1 G7 W", "G12", "--json")
    assert code == 0 and json.loads(out)["fits"] is True


@pytest.mark.parametrize("command", ["check", "score", "hit"])
def test_help_ends_with_worked_examples(command):
    parser = build_parser()
    sub = parser._subparsers._group_actions[0].choices[command]  # noqa: SLF001
    text = sub.format_help().rstrip()
    examples = text[text.rindex("examples:"):]
    last = examples.splitlines()[-1].strip()
    assert last.startswith(f"phase10 {command}")


def test_bench_without_a_benchmark_shows_help(capsys):
    code, out, _ = run(capsys, "bench")
    assert code == 2 and "rules" in out


def test_a_reader_that_stops_early_gets_no_traceback():
    """``phase10 check ... | head -c 0``: the pipe closes before the answer is written."""
    import subprocess
    import sys

    child = subprocess.Popen(
        [sys.executable, "-m", "scorer", "check", "--phase", "1", "R5 B5 G5 Y7 Y7 W"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    child.stdout.close()  # long before the interpreter has started and imported the CLI
    with child.stderr:
        errors = child.stderr.read().decode()
    assert child.wait(timeout=60) == 141
    assert errors == ""


def test_a_rules_command_loads_neither_the_web_app_nor_the_trainer():
    """``phase10 score`` answers at once: it loads only its own command module."""
    import subprocess
    import sys

    code = ("import sys; from scorer.cli import main; main(['score', 'R5']); "
            "print(sorted(m for m in ('web', 'flask', 'scorer.training', 'scorer.bench') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["5", "[]"]
