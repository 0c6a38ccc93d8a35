"""Why cards are not a phase, or a card fits no hit: a :class:`Reason` is a code and its params.

The codes and their typed params are in :mod:`scorer.rules.reason_codes`. :func:`explain` is the
one wording of every reason: English by default, or the page's language when the web app passes
flask-babel's ``gettext`` and ``ngettext`` (the catalogues in ``web/translations`` hold the
sentences below as their msgids).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from scorer.cards import MAX_NUMBER, MIN_NUMBER
from scorer.errors import NotationError
from scorer.rules.phases import PhaseSpec
from scorer.rules.reason_codes import ShortGroup


class GetText(Protocol):
    """flask-babel's ``gettext``: the message translated, its ``%(name)s`` filled in."""

    def __call__(self, string: str, /, **variables: Any) -> str: ...


class NGetText(Protocol):
    """flask-babel's ``ngettext``: the form for ``num`` translated, ``%(num)d`` filled in too."""

    def __call__(self, singular: str, plural: str, num: int, /, **variables: Any) -> str: ...


def identity(string: str, /, **variables: Any) -> str:
    """English: the message itself, its placeholders filled in."""
    return string % variables if variables else string


def english_plural(singular: str, plural: str, num: int, /, **variables: Any) -> str:
    """English plural: ``singular`` for 1, else ``plural``; ``%(num)d`` is ``num``."""
    variables.setdefault("num", num)
    return (singular if num == 1 else plural) % variables


@dataclass(frozen=True)
class Reason:
    """A verdict's explanation: a stable ``code`` and its JSON-able ``params``.

    Each code's params are its TypedDict in :data:`scorer.rules.reason_codes.PARAMS`.
    """

    code: str
    params: Mapping[str, Any] = field(default_factory=dict)

    @property
    def text(self) -> str:
        """The English wording (:func:`explain`)."""
        return explain(self)

    def __str__(self) -> str:
        return self.text

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "params": self.params, "text": self.text}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Reason:
        """A reason from ``{"code", "params"}`` (as :meth:`to_dict` gives, ``text`` ignored)."""
        return cls(str(data["code"]), dict(data.get("params") or {}))


# -- the one wording ------------------------------------------------------------------------

def explain(reason: Reason, gettext: GetText = identity,
            ngettext: NGetText = english_plural) -> str:
    """The reason in words: English, or the language of the ``gettext``/``ngettext`` given.

    An unknown code is its own text. Raises ``KeyError`` or ``TypeError`` for params that do
    not match the code's TypedDict.
    """
    wording = _WORDING.get(reason.code)
    if wording is None:
        return reason.code
    return wording(dict(reason.params), gettext, ngettext)


def colour_name(letter: str | None, gettext: GetText = identity) -> str | None:
    """``"R"`` -> ``"red"`` (translated); ``None`` for anything but a colour letter."""
    names = {"R": gettext("red"), "B": gettext("blue"), "G": gettext("green"),
             "Y": gettext("yellow")}
    return names.get(letter or "")


def card_name(text: str, gettext: GetText = identity) -> str:
    """One card's notation in words: ``"W"`` a Wild, ``"S"`` a Skip, ``"Y8"`` a yellow 8."""
    if text == "W":
        return gettext("a Wild")
    if text == "S":
        return gettext("a Skip")
    colour = colour_name(text[:1], gettext)
    if colour is None:
        return text
    return gettext("a %(colour)s %(number)s", colour=colour, number=text[1:])


def requirement_text(kind: str, size: int, gettext: GetText = identity,
                     ngettext: NGetText = english_plural) -> str:
    """One group's requirement (``GroupSpec.describe()``): ``"set of 3"``."""
    if kind == "set":
        return gettext("set of %(size)d", size=size)
    if kind == "run":
        return gettext("run of %(size)d", size=size)
    return ngettext("%(num)d cards of one colour", "%(num)d cards of one colour", size)


def phase_text(text: str, gettext: GetText = identity,
               ngettext: NGetText = english_plural) -> str:
    """A phase's requirement (``PhaseSpec.describe()``, e.g. ``"2 sets of 3"``) in words."""
    try:
        spec = PhaseSpec.parse(text)
    except NotationError:
        return text
    parts = []
    for part in spec.parts():
        count, kind, size = part["count"], part["kind"], part["size"]
        if kind == "set":
            parts.append(ngettext("%(num)d set of %(size)d", "%(num)d sets of %(size)d", count,
                                  size=size))
        elif kind == "run":
            parts.append(ngettext("%(num)d run of %(size)d", "%(num)d runs of %(size)d", count,
                                  size=size))
        else:
            group = requirement_text(kind, size, gettext, ngettext)
            parts.append(group if count == 1 else gettext(
                "%(count)d groups of %(group)s", count=count, group=group))
    return " + ".join(parts)


def _requirement(params: Mapping[str, Any], gettext: GetText, ngettext: NGetText) -> str:
    if "kind" in params and "size" in params:
        return requirement_text(params["kind"], int(params["size"]), gettext, ngettext)
    return str(params["requirement"])


def _either(options: list[str], gettext: GetText) -> str:
    if len(options) == 1:
        return options[0]
    first = ", ".join(options[:-1])
    return gettext("%(options)s or %(last)s", options=first, last=options[-1])


def _both(items: list[str], gettext: GetText) -> str:
    text = items[0]
    for item in items[1:]:
        text = gettext("%(first)s and %(second)s", first=text, second=item)
    return text


def _cards_fit_no_group(cards: list[str], ngettext: NGetText) -> str:
    shown = " ".join(cards)
    return ngettext("%(cards)s fits no group", "%(cards)s fit no group", len(cards), cards=shown)


def _option(kind: str, value: str, one: bool, has_wild: bool, gettext: GetText) -> str:
    if value == "W":
        if not one:
            return gettext("wilds")
        return gettext("another wild") if has_wild else gettext("a wild")
    if kind == "colour":
        colour = colour_name(value, gettext) or value
        if one:
            return gettext("another %(colour)s card", colour=colour)
        return gettext("%(colour)s cards", colour=colour)
    if kind == "set":
        if one:
            return gettext("another %(number)s", number=value)
        return gettext("%(number)ss", number=value)
    return gettext("a %(number)s", number=value)


def _closest(item: ShortGroup, gettext: GetText, ngettext: NGetText) -> str:
    kind, wilds, length = item["kind"], item["wilds"], item["length"]
    if length == 0:  # the other groups took every card
        return gettext("no card is left for it")
    if wilds == length:  # wilds alone: the numbers they would stand for mean nothing yet
        shown, with_wilds = " ".join(item["cards"]), ""
    else:
        shown = " ".join(item["cards"] if kind == "colour" else item["values"])
        # as a person says it: "only 2 cards of a kind (2 2, one of them a wild)"
        with_wilds = ngettext("one of them a wild", "%(num)d of them wilds", wilds) if wilds else ""
        with_wilds = with_wilds and f", {with_wilds}"
    if kind == "run":
        if item["holes"]:
            holes = ", ".join(map(str, item["holes"]))
            return gettext("closest run is %(cards)s%(wilds)s, missing %(numbers)s",
                           cards=shown, wilds=with_wilds, numbers=holes)
        return ngettext("the longest run is %(num)d card (%(cards)s%(wilds)s)",
                        "the longest run is %(num)d cards (%(cards)s%(wilds)s)", length,
                        cards=shown, wilds=with_wilds)
    if kind == "set":
        return ngettext("only %(num)d card of a kind (%(cards)s%(wilds)s)",
                        "only %(num)d cards of a kind (%(cards)s%(wilds)s)", length,
                        cards=shown, wilds=with_wilds)
    colour = colour_name(item.get("colour"), gettext)
    if colour is None:
        return ngettext("only %(num)d card of one colour (%(cards)s%(wilds)s)",
                        "only %(num)d cards of one colour (%(cards)s%(wilds)s)", length,
                        cards=shown, wilds=with_wilds)
    return ngettext("only %(num)d %(colour)s card (%(cards)s%(wilds)s)",
                    "only %(num)d %(colour)s cards (%(cards)s%(wilds)s)", length,
                    colour=colour, cards=shown, wilds=with_wilds)


def _short_group(item: ShortGroup, gettext: GetText, ngettext: NGetText) -> str:
    missing = item["missing"]
    options = _either([_option(item["kind"], str(value), missing == 1, item["wilds"] > 0,
                               gettext) for value in item["completions"]], gettext)
    wilds_only = 0 < item["length"] == item["wilds"]
    if item["length"] == 0 or (wilds_only and missing > 1):  # any cards that form it will do
        fix = ngettext("%(num)d more card is needed", "%(num)d more cards are needed", missing)
    elif wilds_only:
        fix = gettext("any number card or another wild would complete it")
    elif missing == 1:
        fix = gettext("%(options)s would complete it", options=options)
    else:
        fix = ngettext("%(num)d more card is needed (%(options)s)",
                       "%(num)d more cards are needed (%(options)s)", missing, options=options)
    requirement = _requirement(item, gettext, ngettext)
    closest = _closest(item, gettext, ngettext)
    return gettext("%(requirement)s: %(closest)s; %(fix)s", requirement=requirement,
                   closest=closest, fix=fix)


def _skip_in_phase(p: Any, gettext: GetText, ngettext: NGetText) -> str:
    skips = " ".join(p["cards"])
    return gettext("a Skip is never part of a phase: take %(cards)s away", cards=skips)


def _no_natural(p: Any, gettext: GetText, ngettext: NGetText) -> str:
    if p.get("group") is None:
        return gettext("a phase needs at least one natural (non-Wild) card")
    requirement = _requirement(p, gettext, ngettext)
    return gettext("%(requirement)s has no natural card: the house rule asks for a natural card "
                   "in every group", requirement=requirement)


def _too_few_cards(p: Any, gettext: GetText, ngettext: NGetText) -> str:
    return ngettext("phase needs at least %(num)d card; %(given)s given",
                    "phase needs at least %(num)d cards; %(given)s given", int(p["needed"]),
                    given=p["given"])


def _group_short(p: Any, gettext: GetText, ngettext: NGetText) -> str:
    parts = [_short_group(item, gettext, ngettext) for item in p["short"]]
    if p.get("left_over"):
        parts.append(_cards_fit_no_group(p["left_over"], ngettext))
    return "; ".join(parts)


def _cards_left_over(p: Any, gettext: GetText, ngettext: NGetText) -> str:
    cards = _cards_fit_no_group(p["cards"], ngettext)
    return gettext("%(cards)s: every card laid down must belong to one of the phase's groups",
                   cards=cards)


def _wrong_group_count(p: Any, gettext: GetText, ngettext: NGetText) -> str:
    return ngettext("the phase has %(num)d group, not %(given)s",
                    "the phase has %(num)d groups, not %(given)s", int(p["expected"]),
                    given=p["given"])


def _group_invalid(p: Any, gettext: GetText, ngettext: NGetText) -> str:
    requirement = _requirement(p, gettext, ngettext)
    detail = explain(Reason.from_dict(p["detail"]), gettext, ngettext)
    prefix = f"{requirement}: "
    detail = detail[len(prefix):] if detail.startswith(prefix) else detail
    cards = " ".join(p["cards"])
    return gettext("group %(number)d (%(cards)s) is not a %(requirement)s: %(detail)s",
                   number=int(p["group"]) + 1, cards=cards, requirement=requirement,
                   detail=detail)


def _no_grouping(p: Any, gettext: GetText, ngettext: NGetText) -> str:
    requirement = phase_text(p["requirement"], gettext, ngettext)
    return gettext("these cards cannot be split into %(requirement)s", requirement=requirement)


def _skip_never_fits(p: Any, gettext: GetText, ngettext: NGetText) -> str:
    return gettext("a Skip never fits a hit")


def _wrong_number(p: Any, gettext: GetText, ngettext: NGetText) -> str:
    return gettext("%(card)s does not fit: the set is of %(number)ss", card=p["card"],
                   number=p["number"])


def _wrong_colour(p: Any, gettext: GetText, ngettext: NGetText) -> str:
    colour = colour_name(p.get("colour"), gettext) or gettext("of one colour")
    return gettext("%(card)s does not fit: the group is %(colour)s", card=p["card"],
                   colour=colour)


def _not_next_in_run(p: Any, gettext: GetText, ngettext: NGetText) -> str:
    numbers = _either([str(n) for n in p["fits"]], gettext)
    return gettext("%(card)s does not fit: the run goes from %(low)s to %(high)s; only "
                   "%(numbers)s would extend it", card=p["card"], low=p["low"], high=p["high"],
                   numbers=numbers)


def _run_complete(p: Any, gettext: GetText, ngettext: NGetText) -> str:
    return gettext("nothing fits: the run already holds %(low)d to %(high)d", low=MIN_NUMBER,
                   high=MAX_NUMBER)


def _valid_if_sure(p: Any, gettext: GetText, ngettext: NGetText) -> str:
    cards = []
    for card in p["cards"]:
        name = card_name(card, gettext)
        cards.append(gettext("%(card)s? is %(name)s", card=card, name=name))
    both = _both(cards, gettext)
    return gettext("valid if %(cards)s on the table", cards=both)


def _invalid_check(p: Any, gettext: GetText, ngettext: NGetText) -> str:
    checks = []
    for item in p["check"]:
        if item["fix"] == "remove":
            checks.append(gettext("%(card)s? (valid without it)", card=item["card"]))
        else:
            checks.append(gettext("%(card)s? (valid if it is %(fix)s)", card=item["card"],
                                  fix=item["fix"]))
    inner, cards = p.get("reason") or {}, ", ".join(checks)
    if not inner.get("code"):
        return gettext("not valid; check %(cards)s", cards=cards)
    why = explain(Reason.from_dict(inner), gettext, ngettext)
    return gettext("not valid: %(reason)s; check %(cards)s", cards=cards, reason=why)


_WORDING = {
    "skip_in_phase": _skip_in_phase,
    "no_natural": _no_natural,
    "too_few_cards": _too_few_cards,
    "group_short": _group_short,
    "cards_left_over": _cards_left_over,
    "wrong_group_count": _wrong_group_count,
    "group_invalid": _group_invalid,
    "no_grouping": _no_grouping,
    "skip_never_fits": _skip_never_fits,
    "wrong_number": _wrong_number,
    "wrong_colour": _wrong_colour,
    "not_next_in_run": _not_next_in_run,
    "run_complete": _run_complete,
    "valid_if_sure": _valid_if_sure,
    "invalid_check": _invalid_check,
}
