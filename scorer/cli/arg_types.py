"""Argument types shared by the ``phase10`` commands: text in, a checked value out.

Each function is an argparse ``type=``: it parses one command-line string (never evaluates it)
and raises :class:`argparse.ArgumentTypeError` with a message that quotes the bad value; argparse
prefixes the option's name and exits with code 2.
"""

from __future__ import annotations

import argparse
import difflib
import math

__all__ = ["confidence", "input_size", "look_or_stage", "non_negative_int", "phase_number", "port",
           "positive_float", "positive_int"]


def _whole_number(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None


def _finite_number(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"expected a number, got {text!r}")
    return value


def positive_int(text: str) -> int:
    """A whole number of 1 or more (counts, sizes, repeats, threads).

    Raises ``ArgumentTypeError``: "expected a whole number, got '1.5'" or
    "expected a positive number, got '0'".
    """
    value = _whole_number(text)
    if value <= 0:
        raise argparse.ArgumentTypeError(f"expected a positive number, got {text!r}")
    return value


def non_negative_int(text: str) -> int:
    """A whole number of 0 or more (image counts where none is allowed).

    Raises ``ArgumentTypeError``: "expected a whole number, got 'x'" or
    "expected a count of 0 or more, got '-1'".
    """
    value = _whole_number(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a count of 0 or more, got {text!r}")
    return value


def positive_float(text: str) -> float:
    """A finite number above 0 (durations such as hours of training).

    Raises ``ArgumentTypeError``: "expected a number, got 'soon'" (also for nan and inf) or
    "expected a positive number, got '0'".
    """
    value = _finite_number(text)
    if value <= 0:
        raise argparse.ArgumentTypeError(f"expected a positive number, got {text!r}")
    return value


def _unit_interval(text: str, what: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number from 0 to 1, got {text!r}") from None
    if not 0.0 <= value <= 1.0:  # nan fails this too
        raise argparse.ArgumentTypeError(f"{what} must be between 0 and 1, got {text!r}")
    return value


def confidence(text: str) -> float:
    """A detection confidence from 0 to 1 inclusive.

    Raises ``ArgumentTypeError``: "expected a number from 0 to 1, got 'high'" or
    "confidence must be between 0 and 1, got '1.5'".
    """
    return _unit_interval(text, "confidence")


def share(text: str) -> float:
    """A share from 0 to 1 inclusive ("a share must be between 0 and 1, got '2'")."""
    return _unit_interval(text, "a share")


def input_size(text: str) -> int:
    """A detector input side in pixels: a multiple of 32 from 256 to 1920 (256 reads cards
    that fill the frame).

    Raises ``ArgumentTypeError``: "expected a whole number, got 'big'" or
    "input size must be a multiple of 32 from 256 to 1920, got '1000'".
    """
    value = _whole_number(text)
    if not 256 <= value <= 1920 or value % 32:
        raise argparse.ArgumentTypeError(
            f"input size must be a multiple of 32 from 256 to 1920, got {text!r}"
        )
    return value


def phase_number(text: str) -> int:
    """A standard phase number, 1 to 10.

    Raises ``ArgumentTypeError``: "phase must be a number from 1 to 10, got '11'" (also for text
    that is not a whole number).
    """
    try:
        value = int(text)
    except ValueError:
        value = 0
    if not 1 <= value <= 10:
        raise argparse.ArgumentTypeError(f"phase must be a number from 1 to 10, got {text!r}")
    return value


def port(text: str) -> int:
    """A TCP port to listen on, 1 to 65535.

    Raises ``ArgumentTypeError``: "expected a whole number, got 'http'" or
    "port must be from 1 to 65535, got '70000'".
    """
    value = _whole_number(text)
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"port must be from 1 to 65535, got {text!r}")
    return value


def look_or_stage(text: str) -> str:
    """The name of a look or a stage of the card reader that ``--without`` may leave out.

    Raises ``ArgumentTypeError``: "no stage 'vanishd' to leave out: ... (did you mean vanished?)".
    """
    from scorer.vision.reading import check_without  # the reader's names, imported when used

    try:
        check_without([text])
    except ValueError as error:
        from scorer.vision.pipeline import REQUIRED, STAGE_NAMES
        from scorer.vision.reading import LOOKS

        names = [*LOOKS, *(name for name in STAGE_NAMES if name not in REQUIRED)]
        close = difflib.get_close_matches(text, names, n=1)
        hint = f" (did you mean {close[0]}?)" if close else ""
        raise argparse.ArgumentTypeError(f"{error}{hint}") from None
    return text
