"""Whether laid cards form their phase, for the manifest.

The verdict comes from the project's validator, ``scorer.rules.validate.validate(phase, cards)``,
imported lazily. Until that module exists, the generator's intent is reported instead and
the manifest says so in ``verdict_source``.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence

from scorer.cards import Card


def _validator():
    try:
        module = importlib.import_module("scorer.rules.validate")
    except ModuleNotFoundError as error:
        if error.name != "scorer.rules.validate":
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


def phase_verdict(phase: int, cards: Sequence[Card], intended: bool) -> dict:
    """``{"valid", "verdict_source", "reason"}``: the source is ``"validator"``, or
    ``"construction"`` (the generator's intent) while ``scorer.rules.validate`` is missing."""
    validate = _validator()
    if validate is None:
        return {"valid": intended, "verdict_source": "construction", "reason": None}
    try:
        result = validate(phase, tuple(cards))
    except ValueError as error:  # a validator that says no by raising
        return {"valid": False, "verdict_source": "validator", "reason": str(error)}
    reason = getattr(getattr(result, "reason", None), "code", None)
    return {"valid": _as_bool(result), "verdict_source": "validator", "reason": reason}
