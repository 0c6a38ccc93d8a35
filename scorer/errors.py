"""The project's two families of failure: unreadable input, and input the rules forbid.

:class:`NotationError` and :class:`RulesError` are both :class:`ValueError`. The game's errors
(:class:`GameNotationError`, :class:`GameRulesError`) subclass them and also say which player and
which field they concern, with a ``code`` (a short stable identifier), ``params`` (a JSON-able
dict the message is built from), ``player`` (a name or ``None``) and ``field`` (``"points"``,
``"hand"``, ``"completed"``, ``"phase"``, ``"went_out"``, ``"player"``, ``"players"``,
``"results"``, ``"tie_breaker"``, ``"round"`` or ``None``). The codes are listed in
:mod:`scorer.game.standings`. When one check finds problems in several players' results, the
first is raised and the others ride along in its ``more`` (so a form can mark every bad field
at once).
"""

from __future__ import annotations

from typing import Any


class NotationError(ValueError):
    """Input that cannot be read: a card name, a phase number, a player's name."""


class RulesError(ValueError):
    """Readable input that the rules forbid, such as a round that cannot have happened."""


class _Detailed(Exception):
    """The shared part of both game errors: the details and their dict form."""

    def __init__(
        self,
        message: str,
        *,
        code: str,
        params: dict[str, Any] | None = None,
        player: str | None = None,
        field: str | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.params: dict[str, Any] = dict(params or {})
        self.player = player
        self.field = field
        self.more: tuple[_Detailed, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """``{"error": message, "code", "params", "player", "field"}``, plus ``"more"`` (a list
        of the same) when other players' results are wrong too."""
        body: dict[str, Any] = {
            "error": str(self),
            "code": self.code,
            "params": self.params,
            "player": self.player,
            "field": self.field,
        }
        if self.more:
            body["more"] = [error.to_dict() for error in self.more]
        return body


class GameRulesError(_Detailed, RulesError):
    """A round (or game set-up) that the rules forbid; says which player and field."""


class GameNotationError(_Detailed, NotationError):
    """Round or set-up input that cannot be read; says which player and field."""
