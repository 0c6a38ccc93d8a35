"""The game's records: who plays under which rules, and what happened in each round.

All are frozen dataclasses with ``to_dict()``/``from_dict()``; they check that their own fields
are readable (types, names, cards) and raise :class:`~scorer.errors.GameNotationError`.
Whether a round could have happened is checked by the replay (:mod:`scorer.game.replay`).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from typing import Any

from scorer.cards import Card, parse_cards
from scorer.errors import GameNotationError, GameRulesError, NotationError
from scorer.game.variants import Rules, make_rules
from scorer.numbers import parse_whole
from scorer.text import clean_text

MIN_PLAYERS = 2
MAX_PLAYERS = 6
MAX_NAME_LENGTH = 40
"""Characters in a player's name (after spaces are collapsed): the form and the API alike."""
MAX_GAME_NAME = 80
"""Characters in a game's name (a longer one is cut)."""


def player_name(name: Any, field: str = "players") -> str:
    """A player's name as stored: non-empty text cleaned by :func:`scorer.text.clean_text`,
    at most :data:`MAX_NAME_LENGTH` characters; raises :class:`GameNotationError` (codes
    ``bad_player_name``, ``bad_text``, ``name_too_long``) for ``field``."""
    cleaned = _clean_name(name, field)
    if len(cleaned) > MAX_NAME_LENGTH:
        shown = cleaned[:20] + "..."
        raise GameNotationError(
            f"player names are at most {MAX_NAME_LENGTH} characters; {shown!r} has "
            f"{len(cleaned)}",
            code="name_too_long",
            params={"name": shown, "limit": MAX_NAME_LENGTH, "length": len(cleaned)},
            field=field,
        )
    return cleaned


def _clean_name(name: Any, field: str) -> str:
    """Non-empty text cleaned by :func:`scorer.text.clean_text` (its length is checked by the
    caller); raises :class:`GameNotationError` (``bad_player_name`` or ``bad_text``)."""
    if not isinstance(name, str) or not name.strip():
        raise GameNotationError(
            f"player names must be non-empty text, got {name!r}"[:200],
            code="bad_player_name", params={"name": repr(name)[:60]}, field=field,
        )
    return clean_text(name, field, limit=None) if len(name) <= 4096 else name


@dataclass(frozen=True)
class GameSetup:
    """The players in seat order (clockwise), the rules, and who deals the first round.

    Names are cleaned by :func:`scorer.text.clean_text` (NFC, spaces collapsed, no control
    character or surrogate); 2-6 unique (ignoring case), non-empty names of at most
    :data:`MAX_NAME_LENGTH` characters. Raises :class:`GameRulesError` or
    :class:`GameNotationError` (field ``"players"`` or ``"first_dealer"``).
    """

    players: tuple[str, ...]
    rules: Rules = field(default_factory=make_rules)
    first_dealer: int = 0

    def __post_init__(self) -> None:
        if isinstance(self.players, str) or not hasattr(self.players, "__iter__"):
            raise GameNotationError(
                "players must be a list of names", code="bad_players", field="players"
            )
        names = tuple(_clean_name(name, "players") for name in self.players)
        _raise_all(_name_problems(names))
        object.__setattr__(self, "players", names)
        if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
            raise GameRulesError(
                f"Phase 10 is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(names)}",
                code="player_count", params={"count": len(names)}, field="players",
            )
        if not isinstance(self.rules, Rules):
            raise GameNotationError("rules must be a Rules value", code="bad_rules", field="rules")
        if (
            isinstance(self.first_dealer, bool)
            or not isinstance(self.first_dealer, int)
            or not 0 <= self.first_dealer < len(names)
        ):
            raise GameRulesError(
                f"first_dealer must be a seat from 0 to {len(names) - 1}, "
                f"got {self.first_dealer!r}",
                code="bad_dealer", params={"first_dealer": repr(self.first_dealer)},
                field="first_dealer",
            )

    def player(self, name: str) -> str:
        """The seated player's canonical name (matching ignores case and spacing).

        Raises :class:`GameRulesError` (code ``unknown_player``) naming the players.
        """
        key = " ".join(unicodedata.normalize("NFC", str(name)).split()).casefold()
        for seated in self.players:
            if seated.casefold() == key:
                return seated
        raise GameRulesError(
            f"{name!r} is not playing; the players are " + ", ".join(self.players),
            code="unknown_player", params={"name": str(name), "players": list(self.players)},
            player=str(name), field="player",
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": list(self.players),
            "rules": self.rules.to_dict(),
            "first_dealer": self.first_dealer,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameSetup:
        try:
            players = tuple(data["players"])
        except (KeyError, TypeError):
            raise GameNotationError(
                "a game needs a list of players", code="bad_players", field="players"
            ) from None
        rules = Rules.from_dict(data["rules"]) if data.get("rules") else make_rules()
        return cls(players, rules, _whole(data.get("first_dealer", 0), "first_dealer", None))


def _name_problems(names: tuple[str, ...]) -> list[GameNotationError | GameRulesError]:
    """Every name too long, and every name given twice (ignoring case), in seat order; a name
    given twice is the error's ``player``, so a form can mark its seats."""
    problems: list[GameNotationError | GameRulesError] = []
    seen: set[str] = set()
    for name in names:
        if len(name) > MAX_NAME_LENGTH:
            shown = name[:20] + "..."
            problems.append(GameNotationError(
                f"player names are at most {MAX_NAME_LENGTH} characters; {shown!r} has "
                f"{len(name)}",
                code="name_too_long",
                params={"name": shown, "limit": MAX_NAME_LENGTH, "length": len(name)},
                field="players",  # no player: a huge name is not echoed back
            ))
        elif name.casefold() in seen and not any(
                problem.code == "duplicate_player" and problem.player.casefold() == name.casefold()
                for problem in problems if problem.player):
            problems.append(GameRulesError(
                f"two players are called {name!r}; give each player a different name",
                code="duplicate_player", params={"name": name}, player=name, field="players",
            ))
        seen.add(name.casefold())
    return problems


def _raise_all(problems: list[GameNotationError | GameRulesError]) -> None:
    """Raise the first problem with the others in its ``more``; nothing when there is none."""
    if problems:
        problems[0].more = tuple(problems[1:])
        raise problems[0]


@dataclass(frozen=True)
class PlayerResult:
    """One player's round: did they complete their phase, and their penalty.

    Give ``points`` or the ``hand`` left at the end (cards, or card text such as ``"R5 W"``);
    when a hand is given the points come from the cards. ``phase`` is the phase number
    attempted: required under choose-your-phase for a player who completed, otherwise filled in
    by the replay (:meth:`scorer.game.replay.Replay.check`).
    """

    player: str
    completed: bool
    points: int | None = None
    hand: tuple[Card, ...] | None = None
    phase: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.player, str) or not self.player.strip():
            raise GameNotationError(
                f"a result needs a player name, got {self.player!r}",
                code="bad_player_name", params={"name": repr(self.player)}, field="player",
            )
        object.__setattr__(self, "player", clean_text(self.player, "player", limit=None))
        who = self.player
        if not isinstance(self.completed, bool):
            raise GameNotationError(
                f"{who}: completed must be true or false, got {self.completed!r}",
                code="bad_value", params={"value": repr(self.completed)}, player=who,
                field="completed",
            )
        if self.points is not None:
            object.__setattr__(self, "points", _whole(self.points, "points", who))
        if self.phase is not None:
            object.__setattr__(self, "phase", _whole(self.phase, "phase", who))
        if self.hand is not None:
            try:
                hand = parse_cards(self.hand)
            except NotationError as error:
                raise GameNotationError(
                    f"{who}: hand: {error}", code="bad_card", params={"error": str(error)},
                    player=who, field="hand",
                ) from None
            object.__setattr__(self, "hand", hand)

    def to_dict(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "completed": self.completed,
            "points": self.points,
            "hand": None if self.hand is None else [str(card) for card in self.hand],
            "phase": self.phase,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PlayerResult:
        if not isinstance(data, dict) or "player" not in data:
            raise GameNotationError(
                f"a result needs a player, got {data!r}", code="bad_result", field="results"
            )
        completed = data.get("completed", False)
        return cls(
            player=data["player"],
            completed=completed,
            points=data.get("points"),
            hand=data.get("hand"),
            phase=data.get("phase"),
        )


@dataclass(frozen=True)
class RoundRecord:
    """One round: a result per player, who went out, and whether it was a tie-breaker round.

    In a tie-breaker round only the tied players have results, ``went_out`` is the one who laid
    phase 10's goal down first (the winner), and points are not counted.
    """

    results: tuple[PlayerResult, ...]
    went_out: str | None
    tie_breaker: bool = False

    def __post_init__(self) -> None:
        if isinstance(self.results, (str, dict)) or not hasattr(self.results, "__iter__"):
            raise GameNotationError(
                "a round needs a list of player results", code="bad_result", field="results"
            )
        results = tuple(self.results)
        for result in results:
            if not isinstance(result, PlayerResult):
                raise GameNotationError(
                    f"round results must be PlayerResult values, got {result!r}",
                    code="bad_result", field="results",
                )
        object.__setattr__(self, "results", results)
        if self.went_out is not None and (
            not isinstance(self.went_out, str) or not self.went_out.strip()
        ):
            raise GameNotationError(
                f"went_out must be one player's name, got {self.went_out!r}",
                code="bad_player_name", params={"name": repr(self.went_out)}, field="went_out",
            )
        if self.went_out is not None:
            object.__setattr__(self, "went_out", clean_text(self.went_out, "went_out", limit=None))
        if not isinstance(self.tie_breaker, bool):
            raise GameNotationError(
                f"tie_breaker must be true or false, got {self.tie_breaker!r}",
                code="bad_value", params={"value": repr(self.tie_breaker)}, field="tie_breaker",
            )

    def result(self, player: str) -> PlayerResult | None:
        for result in self.results:
            if result.player == player:
                return result
        return None

    def to_dict(self) -> dict[str, Any]:
        return {
            "results": [result.to_dict() for result in self.results],
            "went_out": self.went_out,
            "tie_breaker": self.tie_breaker,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RoundRecord:
        """Read a round; ``went_out`` may be a name or a list holding one name."""
        if not isinstance(data, dict):
            raise GameNotationError(f"a round must be a mapping, got {data!r}", code="bad_result",
                                    field="results")
        went_out = data.get("went_out")
        if isinstance(went_out, (list, tuple)):
            names = [str(name) for name in went_out]
            if len(names) > 1:
                raise GameRulesError(
                    "exactly one player goes out, but " + " and ".join(names) + " are marked",
                    code="several_went_out", params={"players": names}, field="went_out",
                )
            went_out = names[0] if names else None
        results = data.get("results")
        if not isinstance(results, (list, tuple)):
            raise GameNotationError("a round needs a list of results", code="bad_result",
                                    field="results")
        return cls(
            results=tuple(PlayerResult.from_dict(r) for r in results),
            went_out=went_out,
            tie_breaker=data.get("tie_breaker", False),
        )


def _whole(value: Any, field_name: str, player: str | None) -> int:
    """A whole number from an int or ASCII digit text, within SQLite's integers (see
    :func:`scorer.numbers.parse_whole`); raises :class:`GameNotationError`."""
    return parse_whole(value, field_name, player=player)
