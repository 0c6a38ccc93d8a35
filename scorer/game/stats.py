"""Statistics across games: per player, over every game or over one group's games.

Everything is read off the engine's replays (:class:`~scorer.game.replay.Replay`): the checked
rounds and the standings after them, never totals kept aside. A player is known by their name,
ignoring case and spacing, as :meth:`GameSetup.player <scorer.game.records.GameSetup.player>`
matches names; a group is the set of players of a game (the same people around the table).

Tie-breaker rounds decide a tied game and score no points: they count for the win, not as a
round played.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from scorer.game.replay import Replay
from scorer.game.standings import standings_of


def player_key(name: str) -> str:
    """The name as players are matched: case and spacing ignored."""
    return " ".join(name.split()).casefold()


def group_key(names: Iterable[str]) -> frozenset[str]:
    """A group of players as matched: their :func:`player_key` set."""
    return frozenset(player_key(name) for name in names)


@dataclass(frozen=True)
class PlayedGame:
    """One stored game as the statistics see it: ``key`` identifies it (the game's id),
    ``when`` orders games in time (ISO 8601 text, e.g. ``"2026-12-07T20:15:00Z"``)."""

    key: int
    name: str
    when: str
    played: Replay

    @property
    def players(self) -> tuple[str, ...]:
        return self.played.setup.players


@dataclass(frozen=True)
class BestGame:
    """A player's lowest total in a finished game, and which game it was."""

    key: int
    name: str
    when: str
    total: int
    won: bool

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.key, "name": self.name, "when": self.when, "total": self.total,
                "won": self.won}


@dataclass(frozen=True)
class PlayerStats:
    """One player's figures over the games counted.

    ``games``: games they sat in, finished or not; ``finished`` and ``won`` of those.
    ``rounds``: scored rounds they played (tie-breaker rounds left out); ``points``: their
    penalty points in them; ``phases``: phases they completed in them. The averages are per
    scored round, None before the first. ``streak``: the most finished games in a row, in the
    order they were played, that they won.
    """

    player: str
    games: int
    finished: int
    won: int
    rounds: int
    points: int
    phases: int
    streak: int
    best: BestGame | None

    @property
    def average_penalty(self) -> float | None:
        return self.points / self.rounds if self.rounds else None

    @property
    def phases_per_round(self) -> float | None:
        return self.phases / self.rounds if self.rounds else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "player": self.player, "games": self.games, "finished": self.finished,
            "won": self.won, "rounds": self.rounds, "points": self.points,
            "phases_completed": self.phases,
            "average_penalty": _rounded(self.average_penalty),
            "phases_per_round": _rounded(self.phases_per_round),
            "longest_streak": self.streak,
            "best_game": None if self.best is None else self.best.to_dict(),
        }


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 2)


@dataclass
class _Tally:
    """A player's running figures while the games are read, oldest first."""

    player: str
    games: int = 0
    finished: int = 0
    won: int = 0
    rounds: int = 0
    points: int = 0
    phases: int = 0
    run: int = 0
    streak: int = 0
    best: BestGame | None = None

    def frozen(self) -> PlayerStats:
        return PlayerStats(self.player, self.games, self.finished, self.won, self.rounds,
                           self.points, self.phases, self.streak, self.best)


def finished(game: PlayedGame) -> bool:
    """Whether the game has a winner."""
    return game.played.state.winner is not None


def in_time_order(games: Iterable[PlayedGame]) -> list[PlayedGame]:
    """The games oldest first (ties by key, the order they were stored)."""
    return sorted(games, key=lambda game: (game.when, game.key))


def of_group(games: Iterable[PlayedGame], group: frozenset[str] | None) -> list[PlayedGame]:
    """The games whose players are exactly ``group`` (a :func:`group_key`; None: every game),
    oldest first."""
    return [game for game in in_time_order(games)
            if group is None or group_key(game.players) == group]


def player_stats(games: Iterable[PlayedGame]) -> list[PlayerStats]:
    """Every player's figures over ``games``, most games won first, then most games, then by
    name. A player's name is shown as in their latest game.
    """
    tallies: dict[str, _Tally] = {}
    for game in in_time_order(games):
        standings = standings_of(game.played)
        for standing in standings.players:
            tally = tallies.setdefault(player_key(standing.player), _Tally(standing.player))
            tally.player = standing.player
            tally.games += 1
            for record in game.played.rounds:
                result = record.result(standing.player)
                if record.tie_breaker or result is None:
                    continue
                tally.rounds += 1
                tally.points += result.points or 0
                tally.phases += int(result.completed)
            if standings.winner is None:
                continue
            won = standings.winner == standing.player
            tally.finished += 1
            tally.won += int(won)
            tally.run = tally.run + 1 if won else 0
            tally.streak = max(tally.streak, tally.run)
            if tally.best is None or standing.total < tally.best.total:
                tally.best = BestGame(game.key, game.name, game.when, standing.total, won)
    ranked = sorted(tallies.values(), key=lambda t: (-t.won, -t.games, player_key(t.player)))
    return [tally.frozen() for tally in ranked]


@dataclass(frozen=True)
class Group:
    """Players who played together: the names (as in their latest game) and how many games."""

    players: tuple[str, ...]
    games: int

    @property
    def key(self) -> frozenset[str]:
        return group_key(self.players)

    def to_dict(self) -> dict[str, Any]:
        return {"players": list(self.players), "games": self.games}


def groups(games: Sequence[PlayedGame]) -> list[Group]:
    """Each distinct set of players, most games first; names in seat order of their latest
    game."""
    found: dict[frozenset[str], Group] = {}
    for game in in_time_order(games):
        key = group_key(game.players)
        count = found[key].games + 1 if key in found else 1
        found[key] = Group(game.players, count)
    return sorted(found.values(), key=lambda g: (-g.games, [player_key(n) for n in g.players]))


def wins_over_games(games: Iterable[PlayedGame]) -> tuple[list[str], list[list[int | None]]]:
    """Each player's wins so far after each finished game (oldest first; None before their
    first game): the names, and one list per name. What the statistics page plots."""
    chosen = [game for game in in_time_order(games) if finished(game)]
    names: dict[str, str] = {}
    wins: dict[str, int] = {}
    series: dict[str, list[int | None]] = {}
    for index, game in enumerate(chosen):
        for name in game.players:
            key = player_key(name)
            names[key] = name
            wins[key] = wins.get(key, 0) + int(name == game.played.state.winner)
            series.setdefault(key, [None] * len(chosen))
        for key, count in wins.items():  # a player who sat this game out keeps their wins
            series[key][index] = count
    return [names[key] for key in series], list(series.values())
