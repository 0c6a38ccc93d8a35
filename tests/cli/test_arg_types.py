"""The shared argument types of ``phase10``: round trips, and the exact message for bad input."""

from __future__ import annotations

import argparse

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.cli import arg_types, main
from scorer.cli.arg_types import (
    confidence,
    input_size,
    non_negative_int,
    phase_number,
    port,
    positive_float,
    positive_int,
)


@settings(deadline=None)  # a busy machine is slow, not wrong
@given(st.integers(min_value=1, max_value=10**12))
def test_positive_int_round_trips(value):
    assert positive_int(str(value)) == value


@settings(deadline=None)  # a busy machine is slow, not wrong
@given(st.integers(min_value=0, max_value=10**12))
def test_non_negative_int_round_trips(value):
    assert non_negative_int(str(value)) == value


@settings(deadline=None)  # a busy machine is slow, not wrong
@given(st.floats(min_value=1e-9, max_value=1e9, allow_nan=False, allow_infinity=False))
def test_positive_float_round_trips(value):
    assert positive_float(repr(value)) == value


@settings(deadline=None)  # a busy machine is slow, not wrong
@given(st.floats(min_value=0.0, max_value=1.0))
def test_confidence_round_trips(value):
    assert confidence(repr(value)) == value


@settings(deadline=None)  # a busy machine is slow, not wrong
@given(st.integers(min_value=8, max_value=60))
def test_input_size_round_trips(multiple):
    assert input_size(str(32 * multiple)) == 32 * multiple


@pytest.mark.parametrize("number", range(1, 11))
def test_every_phase_number_round_trips(number):
    assert phase_number(str(number)) == number


@pytest.mark.parametrize("number", [1, 5000, 65535])
def test_port_round_trips(number):
    assert port(str(number)) == number


@pytest.mark.parametrize(
    ("parse", "text", "message"),
    [
        (positive_int, "1.5", "expected a whole number, got '1.5'"),
        (positive_int, "three", "expected a whole number, got 'three'"),
        (positive_int, "", "expected a whole number, got ''"),
        (positive_int, "0", "expected a positive number, got '0'"),
        (positive_int, "-4", "expected a positive number, got '-4'"),
        (non_negative_int, "x", "expected a whole number, got 'x'"),
        (non_negative_int, "-1", "expected a count of 0 or more, got '-1'"),
        (positive_float, "soon", "expected a number, got 'soon'"),
        (positive_float, "nan", "expected a number, got 'nan'"),
        (positive_float, "inf", "expected a number, got 'inf'"),
        (positive_float, "0", "expected a positive number, got '0'"),
        (positive_float, "-0.5", "expected a positive number, got '-0.5'"),
        (confidence, "high", "expected a number from 0 to 1, got 'high'"),
        (confidence, "1.5", "confidence must be between 0 and 1, got '1.5'"),
        (confidence, "-0.1", "confidence must be between 0 and 1, got '-0.1'"),
        (confidence, "nan", "confidence must be between 0 and 1, got 'nan'"),
        (input_size, "big", "expected a whole number, got 'big'"),
        (input_size, "1000", "input size must be a multiple of 32 from 256 to 1920, got '1000'"),
        (input_size, "224", "input size must be a multiple of 32 from 256 to 1920, got '224'"),
        (input_size, "1952", "input size must be a multiple of 32 from 256 to 1920, got '1952'"),
        (phase_number, "0", "phase must be a number from 1 to 10, got '0'"),
        (phase_number, "11", "phase must be a number from 1 to 10, got '11'"),
        (phase_number, "two", "phase must be a number from 1 to 10, got 'two'"),
        (phase_number, "2.0", "phase must be a number from 1 to 10, got '2.0'"),
        (port, "http", "expected a whole number, got 'http'"),
        (port, "0", "port must be from 1 to 65535, got '0'"),
        (port, "70000", "port must be from 1 to 65535, got '70000'"),
    ],
)
def test_bad_input_is_refused_with_a_message_quoting_it(parse, text, message):
    with pytest.raises(argparse.ArgumentTypeError) as caught:
        parse(text)
    assert str(caught.value) == message


def test_the_commands_use_the_shared_types():
    """No command module keeps its own copy of a shared type."""
    import scorer.cli.bench_command as bench
    import scorer.cli.dataset_command as dataset
    import scorer.cli.deck_command as deck
    import scorer.cli.rules_commands as rules
    import scorer.cli.serve_command as serve
    import scorer.cli.train_command as train
    import scorer.cli.vision_commands as vision

    for module in (bench, dataset, deck, rules, serve, train, vision):
        for name in ("_positive_int", "_positive", "_positive_float", "_confidence",
                     "_phase_number", "_count"):
            assert not hasattr(module, name), f"{module.__name__}.{name}"
    assert set(arg_types.__all__) == {"confidence", "input_size", "look_or_stage",
                                      "non_negative_int", "phase_number", "port",
                                      "positive_float", "positive_int"}


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["check", "--phase", "11", "R1"],
         "argument --phase: phase must be a number from 1 to 10, got '11'"),
        (["bench", "rules", "--tables", "0"],
         "argument --tables: expected a positive number, got '0'"),
        (["detect", "x.jpg", "--imgsz", "1000"],
         "argument --imgsz: input size must be a multiple of 32 from 256 to 1920, got '1000'"),
        (["serve", "--port", "70000"],
         "argument --port: port must be from 1 to 65535, got '70000'"),
    ],
)
def test_a_bad_option_exits_2_with_the_message(capsys, argv, message):
    with pytest.raises(SystemExit) as exited:
        main(argv)
    assert exited.value.code == 2
    assert message in capsys.readouterr().err


def test_a_stage_name_is_checked_with_a_suggestion():
    assert arg_types.look_or_stage("vanished") == "vanished"
    assert arg_types.look_or_stage("fine_look") == "fine_look"
    with pytest.raises(argparse.ArgumentTypeError, match="did you mean closer_look"):
        arg_types.look_or_stage("closer_lok")
    with pytest.raises(argparse.ArgumentTypeError, match="no stage weigh"):
        arg_types.look_or_stage("weigh")
