"""Languages: the locale chooser, and translated text for what the engine describes in English.

Phase requirements are rendered from ``PhaseSpec.parts()``; validator reasons and engine errors
from their ``code`` and ``params``. An unknown code falls back to the engine's English message.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, current_app, request
from flask_babel import Babel, get_locale, gettext, lazy_gettext, ngettext
from werkzeug.exceptions import HTTPException

from web import messages, reasons

LANGUAGE_NAMES = {"en": "English", "pl": "Polski", "uk": "Українська", "sv": "Svenska"}
LANG_COOKIE = "lang"


def select_locale() -> str | None:
    """The ``lang`` cookie when set to a known language, else the best Accept-Language match."""
    languages = current_app.config["LANGUAGES"]
    chosen = request.cookies.get(LANG_COOKIE)
    if chosen in languages:
        return chosen
    return request.accept_languages.best_match(languages) or current_app.config[
        "BABEL_DEFAULT_LOCALE"
    ]


def phase_part(kind: str, size: int, count: int) -> str:
    """One translated requirement, e.g. ``"2 sets of 3"``."""
    if kind == "set":
        return ngettext("%(num)d set of %(size)d", "%(num)d sets of %(size)d", count, size=size)
    if kind == "run":
        return ngettext("%(num)d run of %(size)d", "%(num)d runs of %(size)d", count, size=size)
    text = ngettext(
        "%(num)d card of one colour", "%(num)d cards of one colour", size
    )
    if count == 1:
        return text
    return gettext("%(count)d groups of %(group)s", count=count, group=text)


def describe_phase(spec: Any) -> str:
    """A ``PhaseSpec``'s requirement in the page's language: ``"1 set of 3 + 1 run of 4"``."""
    return " + ".join(phase_part(p["kind"], p["size"], p["count"]) for p in spec.parts())


def rules_label(rules: Any) -> str:
    """A game's rules in a few words: ``"Shorter game, 3 phases, natural card in every group"``."""
    name = messages.VARIANT_NAMES.get(rules.variant)
    parts = [str(name) if name is not None else rules.variant]
    parts.append(ngettext("%(num)d phase", "%(num)d phases", len(rules.phases)))
    if rules.natural_per_group:
        parts.append(gettext("a natural card in every group"))
    return ", ".join(parts)


def variant_label(name: str) -> str:
    label = messages.VARIANTS.get(name)
    return str(label) if label is not None else name


def reason_message(reason: Any) -> str:
    """A validator reason (``code``, ``params``, English ``text``) in the page's language."""
    if reason is None:
        return ""
    if isinstance(reason, dict):
        code, params, text = reason.get("code"), reason.get("params"), reason.get("text", "")
    else:
        code, params, text = reason.code, reason.params, str(reason)
    return reasons.validator_reason(code, params) or text


def error_message(error: BaseException) -> str:
    """Any error the app answers with, as a message in the page's language."""
    fixed = messages.ERRORS.get(type(error).__name__)
    if fixed is not None:
        return str(fixed)
    if type(error).__name__ == "ImageError":
        return gettext("This is not a usable image: %(detail)s", detail=str(error))
    if type(error).__name__ == "BrokenGame":
        reason = error_message(error.error)  # type: ignore[attr-defined]
        return gettext(
            "The saved rounds of this game no longer fit the rules: %(reason)s Undo the last "
            "change or delete the game.", reason=reason)
    if type(error).__name__ == "RoundTaken":
        return gettext(
            "Round %(number)d is already saved (by another device, or by an earlier try of "
            "this request).", number=error.number)  # type: ignore[attr-defined]
    if type(error).__name__ == "ReaderUnavailable":
        return gettext("The card reader is not available on this server.")
    translated = reasons.game_error(getattr(error, "code", None), getattr(error, "params", None))
    return translated or str(error)


def change_label(change: dict[str, Any] | None) -> str:
    """The last change in words: ``"round 3 added"``."""
    if change is None:
        return ""
    number = change["round_number"]
    if change["action"] == "add":
        return gettext("round %(number)d added", number=number)
    if change["action"] == "edit":
        return gettext("round %(number)d edited", number=number)
    return gettext("round %(number)d deleted", number=number)


def undone_message(change: dict[str, Any]) -> str:
    return gettext("Undone: %(change)s. Redo brings it back.", change=change_label(change))


def redone_message(change: dict[str, Any]) -> str:
    return gettext("Redone: %(change)s.", change=change_label(change))


def http_message(error: HTTPException) -> str:
    """The error's own description when the app gave one, else the status's generic text."""
    custom = error.description and error.description != type(error).description
    template = messages.HTTP.get(error.code or 0)
    if custom or template is None:
        return str(error.description or error.name)
    return str(template)


def current_language() -> str:
    return str(get_locale() or "en")


def init_app(app: Flask) -> None:
    Babel(app, locale_selector=select_locale)
    app.jinja_env.globals.update(
        describe_phase=describe_phase,
        reason_message=reason_message,
        variant_label=variant_label,
        change_label=change_label,
        rules_label=rules_label,
        current_language=current_language,
        language_names=LANGUAGE_NAMES,
    )
    app.jinja_env.policies["ext.i18n.trimmed"] = True


__all__ = ["lazy_gettext", "select_locale", "describe_phase", "reason_message", "error_message"]
