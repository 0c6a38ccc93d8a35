"""The end of a game: the final ranking, and the setup of a rematch with the same players."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from scorer.game.standings import GameSetup, PlayerStanding, RoundRecord, Standings


@dataclass(frozen=True)
class Place:
    """One line of the final ranking: ``place`` is 1-based and shared by tied players.

    ``tie_breaker``: ``"won"`` or ``"lost"`` for a player the tie-breaker round ranked (tied
    with another on phases and points), else None.
    """

    place: int
    standing: PlayerStanding
    tie_breaker: str | None = None


def tie_breaker_players(rounds: Sequence[RoundRecord]) -> tuple[str, ...]:
    """The players of the game's tie-breaker round (tied on phases and points), or ``()``."""
    for record in reversed(rounds):
        if record.tie_breaker:
            return tuple(result.player for result in record.results)
    return ()


def final_ranking(standings: Standings, rounds: Sequence[RoundRecord] = ()) -> list[Place]:
    """Every player ranked as the rules rank them: the winner first, then fewest phases left,
    then the lowest total; players equal on both share a place. With the game's ``rounds``,
    the players a tie-breaker round ranked are marked (:attr:`Place.tie_breaker`)."""
    def key(player: PlayerStanding) -> tuple[bool, int, int]:
        return player.player != standings.winner, len(player.remaining), player.total

    tied = tie_breaker_players(rounds)
    ranked = sorted(standings.players, key=key)
    places: list[Place] = []
    for index, player in enumerate(ranked):
        same = places and key(places[-1].standing) == key(player)
        decided = None
        if player.player in tied:
            decided = "won" if player.player == standings.winner else "lost"
        places.append(Place(places[-1].place if same else index + 1, player, decided))
    return places


def rematch_setup(setup: GameSetup, standings: Standings) -> GameSetup:
    """The same players and rules; the deal passes on to whoever would have dealt next."""
    return replace(setup, first_dealer=setup.players.index(standings.dealer))
