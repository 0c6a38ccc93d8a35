"""Why cards are not a phase: a :class:`Reason` is a code, its params, and English text.

The codes and their params are listed in :mod:`scorer.rules.validate`; :func:`explain` builds the
English text from a code and its params, so a translated page can do the same in its language.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scorer.cards import Colour

_COLOUR_NAMES = {c.value: str(c) for c in Colour}


@dataclass(frozen=True)
class Reason:
    """A verdict's explanation: stable ``code``, JSON-able ``params``, English ``text``."""

    code: str
    params: dict[str, Any] = field(default_factory=dict)

    @property
    def text(self) -> str:
        return explain(self.code, self.params)

    def __str__(self) -> str:
        return self.text

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "params": self.params, "text": self.text}


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def _either(options: list[str]) -> str:
    if len(options) == 1:
        return options[0]
    return ", ".join(options[:-1]) + " or " + options[-1]


def _option_words(kind: str, completions: list[str], missing: int, has_wild: bool) -> str:
    words = []
    for value in completions:
        if value == "W":
            one = "another wild" if has_wild else "a wild"
            words.append(one if missing == 1 else "wilds")
        elif kind == "colour":
            name = _COLOUR_NAMES.get(value, value)
            words.append(f"another {name} card" if missing == 1 else f"{name} cards")
        elif kind == "set":
            words.append(f"another {value}" if missing == 1 else f"{value}s")
        else:
            words.append(f"a {value}")
    return _either(words)


def _short_text(item: dict[str, Any]) -> str:
    kind, missing, wilds = item["kind"], item["missing"], item["wilds"]
    shown = " ".join(item["cards"] if kind == "colour" else item["values"]) or "no natural card"
    with_wilds = f" with {_plural(wilds, 'wild')}" if wilds else ""
    length = item["length"]
    if kind == "run":
        if item["holes"]:
            missing_numbers = ", ".join(map(str, item["holes"]))
            best = f"closest run is {shown}{with_wilds}, missing {missing_numbers}"
        else:
            best = f"longest run possible is {length} ({shown}){with_wilds}"
    elif kind == "set":
        best = f"largest set possible is {length} ({shown}){with_wilds}"
    else:
        colour = _COLOUR_NAMES.get(item.get("colour") or "", "one colour")
        best = f"most {colour} cards possible is {length} ({shown}){with_wilds}"
    options = _option_words(kind, item["completions"], missing, wilds > 0)
    if missing == 1:
        fix = f"{options} would complete it"
    else:
        fix = f"{missing} more cards are needed ({options})"
    return f"{item['requirement']}: {best}; {fix}"


def _cards_text(cards: list[str]) -> str:
    verb = "fits" if len(cards) == 1 else "fit"
    return f"{' '.join(cards)} {verb} no group"


def explain(code: str, params: dict[str, Any]) -> str:
    """English text for a reason code and its params."""
    if code == "skip_in_phase":
        return "a Skip is never part of a phase: take " + " ".join(params["cards"]) + " away"
    if code == "no_natural":
        if params.get("group") is None:
            return "a phase needs at least one natural (non-Wild) card"
        return (f"{params['requirement']} has no natural card: the house rule asks for a "
                "natural card in every group")
    if code == "too_few_cards":
        return (f"phase needs at least {_plural(params['needed'], 'card')}; "
                f"{params['given']} given")
    if code == "group_short":
        text = "; ".join(_short_text(item) for item in params["short"])
        if params.get("left_over"):
            text += "; " + _cards_text(params["left_over"])
        return text
    if code == "cards_left_over":
        return (_cards_text(params["cards"]) + ": every card laid down must belong to one of "
                "the phase's groups")
    if code == "wrong_group_count":
        return (f"the phase has {_plural(params['expected'], 'group')}, "
                f"not {params['given']}")
    if code == "group_invalid":
        detail = explain(params["detail"]["code"], params["detail"]["params"])
        prefix = f"{params['requirement']}: "
        detail = detail[len(prefix):] if detail.startswith(prefix) else detail
        return (f"group {params['group'] + 1} ({' '.join(params['cards'])}) is not a "
                f"{params['requirement']}: {detail}")
    if code == "no_grouping":
        return f"these cards cannot be split into {params['requirement']}"
    if code in ("valid_if_sure", "invalid_check"):
        return _doubt_text(code, params)
    return code


def card_name(text: str) -> str:
    """English for one card's notation: ``"W"`` a Wild, ``"S"`` a Skip, ``"Y8"`` a yellow 8."""
    if text == "W":
        return "a Wild"
    if text == "S":
        return "a Skip"
    colour = _COLOUR_NAMES.get(text[:1])
    return f"a {colour} {text[1:]}" if colour else text


def _doubt_text(code: str, params: dict[str, Any]) -> str:
    """The doubt codes of :mod:`scorer.rules.doubt`: a verdict that hangs on unsure cards."""
    if code == "valid_if_sure":
        parts = [f"{card}? is {card_name(card)}" for card in params["cards"]]
        return "valid if " + " and ".join(parts) + " on the table"
    inner = params.get("reason") or {}
    why = explain(inner["code"], inner.get("params") or {}) if inner.get("code") else ""
    checks = []
    for item in params["check"]:
        if item["fix"] == "remove":
            checks.append(f"{item['card']}? (valid without it)")
        else:
            checks.append(f"{item['card']}? (valid if it is {item['fix']})")
    return "not valid" + (f": {why}" if why else "") + "; check " + ", ".join(checks)
