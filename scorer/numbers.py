"""The one parser for whole numbers that arrive from outside: forms, JSON, headers, URLs.

Only ASCII digits count (``str.isdigit()`` also accepts ``'²'``, which ``int()`` refuses), the
text is capped at :data:`MAX_DIGITS` digits (Python refuses to convert more than 4,300) and the
value is range-checked before it can reach SQLite, whose integers stop at ``2**63 - 1``.
"""

from __future__ import annotations

from typing import Any

from scorer.errors import GameNotationError

INT64_MAX = 2**63 - 1
"""The largest integer SQLite stores."""

INT64_MIN = -(2**63)

MAX_DIGITS = 19
"""Digits in ``INT64_MAX``; longer text is refused before ``int()`` sees it."""

_ASCII_DIGITS = frozenset("0123456789")


def parse_whole(
    value: Any,
    field: str,
    *,
    minimum: int = INT64_MIN,
    maximum: int = INT64_MAX,
    player: str | None = None,
) -> int:
    """A whole number from an ``int`` or text of ASCII digits (an optional leading ``-``).

    Surrounding spaces are ignored; ``bool``, ``float`` and anything else is refused. Raises
    :class:`~scorer.errors.GameNotationError` naming ``field`` (and ``player``): code
    ``bad_number`` for unreadable input, ``number_out_of_range`` outside
    ``minimum..maximum``.
    """
    number = _read(value)
    prefix = f"{player}: " if player else ""
    shown = _shown(value)
    if number is None:
        raise GameNotationError(
            f"{prefix}{field} must be a whole number, got {shown}",
            code="bad_number", params={"value": shown}, player=player, field=field,
        )
    if not minimum <= number <= maximum:
        raise GameNotationError(
            f"{prefix}{field} must be from {minimum} to {maximum}, got {shown}",
            code="number_out_of_range",
            params={"value": shown, "minimum": minimum, "maximum": maximum},
            player=player, field=field,
        )
    return number


def is_whole(value: Any, *, minimum: int = INT64_MIN, maximum: int = INT64_MAX) -> bool:
    """Whether :func:`parse_whole` would accept ``value`` within ``minimum..maximum``."""
    number = _read(value)
    return number is not None and minimum <= number <= maximum


def _read(value: Any) -> int | None:
    """The integer ``value`` spells, or None; never converts more than ``MAX_DIGITS`` digits."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if not isinstance(value, str):
        return None
    text = value.strip()
    digits = text[1:] if text.startswith("-") else text
    if not digits or len(digits) > MAX_DIGITS or not set(digits) <= _ASCII_DIGITS:
        return None
    return int(text)


def _shown(value: Any, limit: int = 40) -> str:
    """A short ``repr`` of the input for messages (a 5,000-digit number is not echoed)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return f"a number of {value.bit_length()} bits"  # repr() of a huge int may raise
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."
