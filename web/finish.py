"""The end of a game: the final ranking, and the setup of a rematch with the same players."""

from __future__ import annotations

from dataclasses import dataclass, replace

from scorer.game.standings import GameSetup, PlayerStanding, Standings


@dataclass(frozen=True)
class Place:
    """One line of the final ranking: ``place`` is 1-based and shared by tied players."""

    place: int
    standing: PlayerStanding


def final_ranking(standings: Standings) -> list[Place]:
    """Every player ranked as the rules rank them: the winner first, then fewest phases left,
    then the lowest total; players equal on both share a place."""
    def key(player: PlayerStanding) -> tuple[bool, int, int]:
        return player.player != standings.winner, len(player.remaining), player.total

    ranked = sorted(standings.players, key=key)
    places: list[Place] = []
    for index, player in enumerate(ranked):
        tied = places and key(places[-1].standing) == key(player)
        places.append(Place(places[-1].place if tied else index + 1, player))
    return places


def rematch_setup(setup: GameSetup, standings: Standings) -> GameSetup:
    """The same players and rules; the deal passes on to whoever would have dealt next."""
    return replace(setup, first_dealer=setup.players.index(standings.dealer))
