"""Text that may be stored and shown: the one rule for names and other free text.

Every name or text field that reaches the database passes :func:`clean_text` (the engine's
player names, the API's request bodies, the forms, the import of stored games): text in NFC,
with no lone surrogate (it cannot be encoded as UTF-8, so a page showing it would fail), no
control character and no private-use or unassigned code point, white space collapsed to single
spaces, and at most ``limit`` characters. :func:`repair_text` makes such text out of anything
already stored.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from scorer.errors import GameNotationError

REFUSED_CATEGORIES = frozenset({"Cc", "Cs", "Co", "Cn"})
"""Control characters, surrogates, private use and unassigned code points."""
REPLACEMENT = "\ufffd"


class TextError(GameNotationError):
    """Text that cannot be stored: not text, a refused character, or too long.

    ``field`` names the field, ``code`` is ``bad_text`` or ``text_too_long`` and ``params``
    holds ``field``, and ``limit`` and ``length`` for a text that is too long.
    """


def refused_character(text: str) -> str | None:
    """The first character of ``text`` that may not be stored, or None."""
    for char in text:
        if unicodedata.category(char) in REFUSED_CATEGORIES and char not in "\t\n\r":
            return char
    return None


def clean_text(value: Any, field: str, *, limit: int | None, multiline: bool = False) -> str:
    """``value`` as storable text: NFC, spaces collapsed (``multiline``: per line), stripped.

    Raises :class:`TextError` when ``value`` is not a ``str``, holds a surrogate, a control,
    private-use or unassigned character (tab and line breaks count as spaces), or is longer
    than ``limit`` characters once cleaned (``None``: no limit here; the caller has its own).
    """
    if not isinstance(value, str):
        raise TextError(f"{field} must be text, got {type(value).__name__}", code="bad_text",
                        field=field, params={"field": field})
    bad = refused_character(value)
    if bad is not None:
        raise TextError(f"{field} holds the character U+{ord(bad):04X}, which cannot be stored",
                        code="bad_text", field=field, params={"field": field})
    text = unicodedata.normalize("NFC", value)
    if multiline:
        text = "\n".join(" ".join(line.split()) for line in text.splitlines()).strip()
    else:
        text = " ".join(text.split())
    if limit is not None and len(text) > limit:
        raise TextError(f"{field} is {len(text)} characters long; the limit is {limit}",
                        code="text_too_long", field=field,
                        params={"field": field, "limit": limit, "length": len(text)})
    return text


def repair_text(value: Any, *, limit: int) -> str:
    """Storable text made from anything: refused characters become U+FFFD, then NFC,
    collapsed spaces and at most ``limit`` characters (what a migration writes back)."""
    text = replace_refused(value if isinstance(value, str) else str(value))
    return " ".join(unicodedata.normalize("NFC", text).split())[:limit]


def replace_refused(text: str) -> str:
    """``text`` with every character :func:`refused_character` would name as U+FFFD."""
    return "".join(
        char if char in "\t\n\r" or unicodedata.category(char) not in REFUSED_CATEGORIES
        else REPLACEMENT for char in text
    )
