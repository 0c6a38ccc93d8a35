"""The engine's codes in the page's language: validator reasons and round/set-up errors.

Each function takes a ``code`` and its ``params`` (see :mod:`scorer.rules.reasons` and
:mod:`scorer.game.standings`) and returns translated text, or ``None`` for a code it does not
know (the caller then shows the engine's English message). Every code the engine and the app
raise has a wording in :data:`GAME` (``tests/web/test_reasons.py`` collects them from the
source). Validator reasons are worded once, by the engine's
:func:`~scorer.rules.reasons.explain`, here given flask-babel's ``gettext``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask_babel import gettext, ngettext

from scorer.rules.check import sentence
from scorer.rules.reason_codes import PARAMS
from scorer.rules.reasons import Reason, explain


def _join(values: Any) -> str:
    if isinstance(values, (list, tuple)):
        return ", ".join(str(v) for v in values)
    return str(values)


def validator_reason(code: str | None, params: dict[str, Any] | None) -> str | None:
    """A validator, hit or doubt reason in the page's language (``None`` for an unknown code).

    The wording is the engine's own (:func:`scorer.rules.reasons.explain`) through flask-babel,
    as a sentence: capital first letter, full stop.
    """
    if not code or code not in PARAMS:
        return None
    try:
        text = explain(Reason(code, dict(params or {})), gettext, ngettext)
    except (KeyError, TypeError, ValueError):
        return None
    return sentence(text)


GAME: dict[str, Callable[[dict[str, Any]], str]] = {
    "player_count": lambda p: gettext(
        "Phase 10 is played by 2 to 6 players, not %(count)s.", count=p["count"]),
    "name_too_long": lambda p: gettext(
        "A player's name can be at most %(limit)s characters; %(name)s has %(length)s.",
        limit=p["limit"], name=p["name"], length=p["length"]),
    "bad_player_name": lambda p: gettext("A player's name is missing or cannot be read."),
    "bad_players": lambda p: gettext("Give the players as a list of names."),
    "bad_rules": lambda p: gettext("The rules of this game cannot be read."),
    "bad_result": lambda p: gettext(
        "A round's results cannot be read: give each player's result and who went out."),
    "no_such_round": lambda p: gettext("There is no round %(number)s.", number=p["index"]),
    "duplicate_player": lambda p: gettext(
        "%(name)s appears twice: every player needs a different name and one result.",
        name=p["name"]),
    "bad_dealer": lambda p: gettext("Choose the first dealer among the players."),
    "unknown_player": lambda p: gettext(
        "%(name)s is not playing; the players are %(players)s.",
        name=p["name"], players=_join(p["players"])),
    "missing_player": lambda p: gettext("%(name)s has no result in this round.", name=p["name"]),
    "extra_result": lambda p: gettext("%(name)s does not play in this round.", name=p["name"]),
    "game_over": lambda p: gettext("The game is over: %(winner)s won.", winner=p["winner"]),
    "tie_breaker_pending": lambda p: gettext(
        "A tie-breaker round between %(players)s comes next.", players=_join(p["players"])),
    "no_tie_breaker": lambda p: gettext("No tie-breaker round is due."),
    "round_number_ahead": lambda p: gettext(
        "Round %(number)s cannot be added yet: the next round is round %(next)s.",
        number=p["number"], next=p["next"]),
    "nobody_went_out": lambda p: gettext(
        "Nobody went out: choose the one player who went out and ended the round."),
    "several_went_out": lambda p: gettext(
        "Only one player goes out, but %(players)s are marked.", players=_join(p["players"])),
    "went_out_without_phase": lambda p: gettext(
        "The player who went out completed their phase: choose Yes."),
    "went_out_with_cards": lambda p: gettext(
        "The player who went out scores 0 and holds no cards (got %(points)s points).",
        points=p["points"]),
    "points_missing": lambda p: gettext("Give the penalty points (or scan the hand)."),
    "points_or_went_out": lambda p: gettext(
        "Give the penalty points, or mark this player as the one who went out."),
    "negative_points": lambda p: gettext(
        "Points cannot be negative (%(points)s).", points=p["points"]),
    "points_not_multiple_of_5": lambda p: gettext(
        "Every card scores a multiple of 5, so %(points)s cannot be right.", points=p["points"]),
    "points_too_high": lambda p: gettext(
        "%(points)s points is more than a hand can score (%(max)s).",
        points=p["points"], max=p["max"]),
    "zero_points": lambda p: gettext(
        "Only the player who went out (%(name)s) scores 0.", name=p["went_out"]),
    "points_below_50": lambda p: gettext(
        "Did not lay down, so still holds 10 cards: at least 50 points, not %(points)s.",
        points=p["points"]),
    "points_mismatch": lambda p: gettext(
        "%(points)s points do not match the hand, which scores %(hand)s.",
        points=p["points"], hand=p["hand_points"]),
    "hand_size": lambda p: gettext(
        "Did not lay down, so holds 10 cards; the hand has %(cards)s.", cards=p["cards"]),
    "hand_not_in_deck": lambda p: gettext(
        "The hand has more copies of a card than a deck holds."),
    "phase_missing": lambda p: gettext(
        "Say which phase was completed (one of %(phases)s).", phases=_join(p["remaining"])),
    "wrong_phase": lambda p: gettext(
        "Plays phase %(expected)s this round, not phase %(given)s.",
        expected=p["expected"], given=p["given"]),
    "phase_not_available": lambda p: gettext(
        "Phase %(given)s is not open to this player; remaining: %(phases)s.",
        given=p["given"], phases=_join(p["remaining"])),
    "bad_number": lambda p: gettext("Write a whole number, not %(value)s.", value=p["value"]),
    "number_out_of_range": lambda p: gettext(
        "Write a number from %(minimum)s to %(maximum)s, not %(value)s.",
        minimum=p["minimum"], maximum=p["maximum"], value=p["value"]),
    "bad_value": lambda p: gettext("This value cannot be read: %(value)s.", value=p["value"]),
    "bad_card": lambda p: gettext("A card cannot be read: %(error)s", error=p["error"]),
    "bad_text": lambda p: gettext(
        "Write plain text: control characters and broken characters cannot be saved."),
    "text_too_long": lambda p: gettext(
        "At most %(limit)s characters, not %(length)s.", limit=p["limit"], length=p["length"]),
}


def _lookup(table: dict[str, Callable[[dict[str, Any]], str]], code: str | None,
            params: dict[str, Any] | None) -> str | None:
    if not code or code not in table:
        return None
    try:
        return table[code](dict(params or {}))
    except (KeyError, TypeError, ValueError):
        return None


def game_error(code: str | None, params: dict[str, Any] | None) -> str | None:
    """An engine round/set-up error in the page's language, with the round when it names one."""
    text = _lookup(GAME, code, params)
    if text is not None and params and params.get("round"):
        text = gettext("Round %(number)s: %(reason)s", number=params["round"], reason=text)
    return text
