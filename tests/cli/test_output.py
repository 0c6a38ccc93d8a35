"""What the command line prints when it refuses: one error line on stderr, exit code 2."""

from __future__ import annotations

from scorer.cli.output import USAGE_ERROR, fail


def test_a_refusal_names_the_command_and_returns_the_usage_exit_code(capsys):
    assert fail("detect", "no such image file: x.jpg") == USAGE_ERROR == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == "phase10 detect: error: no such image file: x.jpg\n"


def test_a_refusal_before_any_command_names_the_program_alone(capsys):
    fail(None, "unknown command")
    assert capsys.readouterr().err == "phase10: error: unknown command\n"
