"""How a game is named and dated in the games list: when it was played, and a short title for
a game nobody named (its players, the first two and how many more)."""

from __future__ import annotations

from datetime import datetime

from babel.dates import format_skeleton
from flask_babel import get_locale, gettext

NAMED_IN_FULL = 3
"""An unnamed game of at most this many players is titled with every name."""


def played_at(iso: str) -> str:
    """A stored UTC time (``"2026-12-07T20:15:00Z"``) as this computer's local day and time in
    the page's language: ``"Mon, 7 Dec 2026, 20:15"``; the text as given if unreadable."""
    try:
        moment = datetime.fromisoformat(iso.replace("Z", "+00:00")).astimezone()
    except ValueError:
        return iso
    locale = get_locale() or "en"
    day = format_skeleton("yMMMEd", moment, locale=locale)
    return f"{day}, {format_skeleton('Hm', moment, locale=locale)}"


def is_unnamed(name: str, players: tuple[str, ...]) -> bool:
    """Whether the game kept the name it gets without one: its players joined by " · "."""
    return name == " · ".join(players)


def short_title(name: str, players: tuple[str, ...]) -> str:
    """The game's name, or for an unnamed game of many players ``"Anna, Ben +4"``."""
    if not is_unnamed(name, players):
        return name
    if len(players) <= NAMED_IN_FULL:
        return ", ".join(players)
    return gettext("%(names)s +%(more)d", names=", ".join(players[:2]), more=len(players) - 2)
