"""The statistics across games for the pages and the API: every stored game (archived ones
too) replayed by the engine and handed to :mod:`scorer.game.stats`.

A game whose rounds no longer replay under the rules (:class:`web.service.BrokenGame`) is left
out and counted, so the page can say so.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from scorer.game import stats
from web import service, store


@dataclass(frozen=True)
class Statistics:
    """The figures over every game or one group's games, and the groups to choose from."""

    group: tuple[str, ...] | None
    """The chosen group's players, None for every game."""
    players: list[stats.PlayerStats]
    groups: list[stats.Group]
    games: list[stats.PlayedGame]
    """The games counted, oldest first."""
    broken: int
    """Stored games left out: their rounds no longer replay under the rules."""

    def to_dict(self) -> dict[str, Any]:
        """What ``/api/stats`` returns."""
        return {
            "group": None if self.group is None else list(self.group),
            "games": len(self.games),
            "finished": sum(1 for g in self.games if stats.finished(g)),
            "players": [player.to_dict() for player in self.players],
            "groups": [group.to_dict() for group in self.groups],
            "left_out": self.broken,
        }


def played_games() -> tuple[list[stats.PlayedGame], int]:
    """Every stored game as the statistics see it, and how many were left out (broken)."""
    games, broken = [], 0
    for snapshot in (*store.read_games(archived=False), *store.read_games(archived=True)):
        try:
            state = service.state_of(snapshot)
        except service.BrokenGame:
            broken += 1
            continue
        games.append(stats.PlayedGame(state.game.id, state.game.name, state.game.created,
                                      state.played))
    return games, broken


def compute(names: Iterable[str] = ()) -> Statistics:
    """The statistics over every game, or, when ``names`` are given, over the games played by
    exactly those players (names matched ignoring case and spacing)."""
    games, broken = played_games()
    groups = stats.groups(games)
    wanted = stats.group_key(name for name in names if name.strip()) or None
    group = None
    if wanted is not None:
        match = next((g for g in groups if g.key == wanted), None)
        group = match.players if match else tuple(n for n in names if n.strip())
    counted = stats.of_group(games, wanted)
    return Statistics(group, stats.player_stats(counted), groups, counted, broken)
