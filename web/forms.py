"""Page forms: read the new-game and round forms into engine input, and back into field values.

Round form fields are keyed by seat number: ``completed-<seat>`` (``yes``/``no``),
``points-<seat>``, ``phase-<seat>`` (choose-your-phase games) and ``went_out`` (a seat).
Nothing here checks a rule; the engine does when the record is saved.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from flask_babel import gettext as _
from werkzeug.datastructures import MultiDict
from werkzeug.exceptions import BadRequest

from scorer.errors import GameNotationError
from scorer.game.records import MAX_NAME_LENGTH, MAX_PLAYERS
from scorer.game.standings import GameSetup, RoundRecord, Standings
from scorer.numbers import INT64_MAX, is_whole, parse_whole

ROUND_FIELDS = ("completed", "points", "phase")


@dataclass
class RoundForm:
    """What the round form shows: one row per player playing this round, values and errors."""

    players: list[str]
    tie_breaker: bool
    values: dict[str, str] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)
    fixes: dict[str, str] = field(default_factory=dict)
    """Field name -> a fix the page offers beside its error (``"completed"``: they laid down)."""

    def value(self, name: str, default: str = "") -> str:
        return self.values.get(name, default)

    def error(self, name: str) -> str | None:
        return self.errors.get(name)

    def fix(self, name: str) -> str | None:
        return self.fixes.get(name)


def playing(setup: GameSetup, standings: Standings) -> list[str]:
    """The players of the next round: everyone, or only the tied players in a tie-breaker."""
    return list(standings.tie_breaker) or list(setup.players)


def blank_round(setup: GameSetup, standings: Standings, prefill: MultiDict) -> RoundForm:
    """A new round's form, pre-filled from query parameters (a checked phase, scanned points)."""
    form = RoundForm(playing(setup, standings), bool(standings.tie_breaker))
    for seat, _name in _seats(setup, form.players):
        for key in ROUND_FIELDS:
            value = prefill.get(f"{key}-{seat}")
            if value is not None:
                form.values[f"{key}-{seat}"] = value[:8]
    if prefill.get("went_out") is not None:
        form.values["went_out"] = prefill.get("went_out", "")[:4]
    return form


def round_from_record(setup: GameSetup, record: RoundRecord) -> RoundForm:
    """The form for editing a stored round."""
    players = [result.player for result in record.results]
    form = RoundForm(players, record.tie_breaker)
    for seat, name in _seats(setup, players):
        result = record.result(name)
        if result is None:
            continue
        form.values[f"completed-{seat}"] = "yes" if result.completed else "no"
        if result.points is not None and not record.tie_breaker:
            form.values[f"points-{seat}"] = str(result.points)
        if result.phase is not None and setup.rules.choose_phase:
            form.values[f"phase-{seat}"] = str(result.phase)
        if name == record.went_out:
            form.values["went_out"] = str(seat)
    return form


def submitted_round(
    setup: GameSetup, players: list[str], tie_breaker: bool, data: MultiDict
) -> tuple[RoundForm, dict[str, Any]]:
    """``(form, record_data)``: the form as submitted and the round as engine input (a dict)."""
    form = RoundForm(players, tie_breaker)
    results: list[dict[str, Any]] = []
    went_out_seat = data.get("went_out", "").strip()
    form.values["went_out"] = went_out_seat[:4]
    went_out = None
    for seat, name in _seats(setup, players):
        if went_out_seat == str(seat):
            went_out = name
        for key in ROUND_FIELDS:
            form.values[f"{key}-{seat}"] = data.get(f"{key}-{seat}", "").strip()[:8]
        if tie_breaker:
            results.append({"player": name, "completed": went_out == name})
            continue
        result: dict[str, Any] = {
            "player": name,
            "completed": form.values[f"completed-{seat}"] == "yes",
            "points": form.values[f"points-{seat}"] or None,
        }
        if setup.rules.choose_phase and form.values[f"phase-{seat}"]:
            result["phase"] = form.values[f"phase-{seat}"]
        results.append(result)
    if went_out_seat and went_out is None:
        raise GameNotationError(
            "choose who went out from the players of this round", code="bad_value",
            params={"value": went_out_seat}, field="went_out",
        )
    return form, {"results": results, "went_out": went_out, "tie_breaker": tie_breaker}


def round_number(data: MultiDict) -> int | None:
    """The hidden ``number`` a new round's form carries (the round it adds); None when the form
    has none (a page from before it did)."""
    value = data.get("number", "").strip()
    if not value:
        return None
    if not is_whole(value, minimum=1, maximum=INT64_MAX):
        raise BadRequest(_("The form's round number is not a number; reload the page."))
    return int(value)


def field_key(setup: GameSetup, player: str | None, field_name: str | None) -> str:
    """The form field an engine error belongs beside (``"general"`` when none fits)."""
    if field_name == "went_out":
        return "went_out"
    if player is not None and player in setup.players:
        seat = setup.players.index(player)
        if field_name in ("points", "hand"):
            return f"points-{seat}"
        if field_name in ("completed", "phase"):
            return f"{field_name}-{seat}"
        return f"player-{seat}"
    return "general"


def _seats(setup: GameSetup, players: list[str]) -> list[tuple[int, str]]:
    return [(setup.players.index(name), name) for name in players]


@dataclass
class NewGameForm:
    """The new-game form's values and errors."""

    values: dict[str, Any] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)
    bad_seats: set[int] = field(default_factory=set)
    """Seats outlined as wrong: the seats of a name given twice, or too long."""
    phase_errors: list[str] = field(default_factory=list)
    """Every bad line of the group's own phase list, in line order."""

    def value(self, name: str, default: Any = "") -> Any:
        return self.values.get(name, default)

    def error(self, name: str) -> str | None:
        return self.errors.get(name)


def seats_named(values: dict[str, Any], name: str) -> list[int]:
    """The seats (0-based) holding ``name``, ignoring case and spacing as the engine does."""
    key = " ".join(name.split()).casefold()
    return [seat for seat, held in enumerate(values["seats"])
            if held and " ".join(held.split()).casefold() == key]


def seats_too_long(values: dict[str, Any]) -> list[int]:
    """The seats whose name is longer than the engine allows."""
    return [seat for seat, held in enumerate(values["seats"])
            if len(" ".join(held.split())) > MAX_NAME_LENGTH]


def new_game_values(data: MultiDict) -> dict[str, Any]:
    """The new-game form's values: up to six seats, dealer seat, variant and house rules."""
    # longer names than the engine allows are kept (up to a bound) so its message shows
    seats = [data.get(f"player-{i}", "").strip()[:MAX_NAME_LENGTH * 5] for i in range(MAX_PLAYERS)]
    return {
        "name": data.get("name", "").strip()[:80],
        "seats": seats,
        "dealer": data.get("dealer", "0"),
        "variant": data.get("variant", "standard"),
        "phases_count": data.get("phases_count", "").strip(),
        "natural_per_group": data.get("natural_per_group") == "on",
        "phases": data.get("phases", "")[:1000],
    }


def setup_arguments(values: dict[str, Any]) -> dict[str, Any]:
    """Keyword arguments for :func:`web.service.new_setup` from the form values.

    Empty seats are skipped; the dealer is counted among the filled seats.
    """
    filled = [(i, name) for i, name in enumerate(values["seats"]) if name]
    dealer_seat = values["dealer"]
    first_dealer = next(
        (index for index, (seat, _) in enumerate(filled) if str(seat) == dealer_seat), 0
    )
    count = values["phases_count"]
    return {
        "players": [name for _, name in filled],
        "first_dealer": first_dealer,
        "variant": values["variant"],
        "phases_count": parse_whole(count, "phases_count", minimum=0) if count else None,
        "natural_per_group": values["natural_per_group"],
    }
