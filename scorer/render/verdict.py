"""Whether laid cards form their phase, for the manifest.

The verdict comes from the project's validator, ``scorer.validate.validate(phase, cards)``,
imported lazily. Until that module exists, the generator's intent is reported instead and
the manifest says so in ``verdict_source``.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence

from scorer.cards import Card


def _validator():
    try:
        module = importlib.import_module("scorer.validate")
    except ModuleNotFoundError as error:
        if error.name != "scorer.validate":
            raise
        return None
    return getattr(module, "validate", None)


def _as_bool(result: object) -> bool:
    """Read a validator result: a bool, or an object with ``valid``/``ok``/``is_valid``."""
    if isinstance(result, bool):
        return result
    for name in ("valid", "ok", "is_valid"):
        value = getattr(result, name, None)
        if isinstance(value, bool):
            return value
    return bool(result)


def phase_verdict(phase: int, cards: Sequence[Card], intended: bool) -> tuple[bool, str]:
    """``(valid, source)``: source is ``"validator"`` or ``"construction"`` (fallback)."""
    validate = _validator()
    if validate is None:
        return intended, "construction"
    try:
        result = validate(phase, tuple(cards))
    except ValueError:  # RulesError: the validator says no by raising
        return False, "validator"
    return _as_bool(result), "validator"
