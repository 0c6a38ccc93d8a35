"""Game operations for the views: read or change a saved game through the rules engine.

Every change is checked by the engine (:mod:`scorer.game.replay`) before it is stored, and
standings are always recomputed from the stored records; this module holds no rule of its own.

A request replays the game once: :func:`state_of` replays the stored rounds into a
:class:`~scorer.game.replay.Replay` that gives both the checked rounds and the standings, and a
change goes on from that replay (an added round is checked alone; an edit or a delete checks the
rounds from the changed one on) and returns the game after it, so nothing is replayed again.

Rounds are stored as entered (``RoundRecord.to_dict()`` of what the players said), not in the
engine's normalised form: the phase a player attempted and similar derived fields are worked out
again on every replay, so deleting or editing an early round moves the later ones along.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scorer.errors import GameNotationError, GameRulesError, NotationError, RulesError
from scorer.game.records import MAX_GAME_NAME
from scorer.game.replay import Replay, replay
from scorer.game.standings import (
    GameSetup,
    PlayerStanding,
    RoundRecord,
    Standings,
    standings_of,
)
from scorer.game.variants import make_rules
from scorer.numbers import parse_whole
from scorer.rules.phases import PhaseSpec
from scorer.text import clean_text
from web import keeper, store


class PlayerNotFound(LookupError):
    """The game has no player of that name."""


class RoundTaken(Exception):
    """A new round numbered ``number`` came in, but the game already has a round ``number``
    (another device saved it meanwhile, or this request is a retry)."""

    def __init__(self, number: int, rounds: int) -> None:
        super().__init__(f"round {number} is already saved (the game has {rounds} rounds)")
        self.number = number
        self.rounds = rounds


class BrokenGame(Exception):
    """The stored rounds no longer replay under the rules (an older rules engine saved them).

    ``game`` is the stored game and ``error`` the engine's reason; undoing the last change or
    deleting the game are the ways out.
    """

    def __init__(self, game: store.Game, error: Exception) -> None:
        super().__init__(str(error))
        self.game = game
        self.error = error


@dataclass(frozen=True)
class GameState:
    """A saved game with its setup, checked rounds and standings, all from one replay."""

    game: store.Game
    setup: GameSetup
    entered: tuple[RoundRecord, ...]
    played: Replay
    """The replay of ``entered``: the checked rounds and the state after each."""
    last_change: dict[str, Any] | None = None
    """The change undo would revert (``{"action", "round_number"}``), read with the rounds."""
    redo_change: dict[str, Any] | None = None
    """The undone change redo would restore, in the same form."""
    standings: Standings = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "standings", standings_of(self.played))

    @property
    def rounds(self) -> tuple[RoundRecord, ...]:
        """The rounds as the engine checked them (normalised)."""
        return self.played.rounds

    @property
    def version(self) -> int:
        return self.game.version

    def to_dict(self) -> dict[str, Any]:
        """The one JSON shape of a game: what the API returns and the JSON export holds."""
        return {
            **self.game.to_dict(),
            "setup": self.setup.to_dict(),
            "rounds": [record.to_dict() for record in self.rounds],
            "standings": self.standings.to_dict(),
            "last_change": self.last_change,
            "redo_change": self.redo_change,
        }


def load(game_id: int) -> GameState:
    """The game with its standings; raises :class:`store.GameNotFound`."""
    return state_of(store.read_game(game_id))


def load_shared(token: str) -> GameState:
    return state_of(store.read_shared(token))


def list_states(archived: bool = False) -> list[GameState]:
    """Every (archived) game with its standings, newest change first, read at one moment."""
    return [state_of(snapshot) for snapshot in store.read_games(archived)]


def state_of(snapshot: store.Snapshot) -> GameState:
    """The game as read in one transaction (version, rounds and last change agree)."""
    game = snapshot.game
    try:
        setup = GameSetup.from_dict(game.setup)
        entered = tuple(RoundRecord.from_dict(data) for data in snapshot.rounds)
        return GameState(game, setup, entered, replay(setup, entered), snapshot.last_change,
                         snapshot.redo_change)
    except (GameRulesError, GameNotationError, NotationError) as error:
        raise BrokenGame(game, error) from None


def new_setup(
    players: list[str],
    *,
    first_dealer: int = 0,
    variant: str = "standard",
    phases_count: int | None = None,
    natural_per_group: bool = False,
) -> GameSetup:
    """A checked game setup; raises the engine's errors for bad players, dealer or variant
    (the first, with every other one in its ``more``)."""
    try:
        rules = make_rules(variant, phases_count=phases_count,
                           natural_per_group=natural_per_group)
    except (NotationError, RulesError) as rules_error:
        try:  # the players are checked too, so one answer names every problem
            GameSetup(players, make_rules(), first_dealer)  # type: ignore[arg-type]
        except (GameNotationError, GameRulesError) as error:
            error.more = (*error.more, rules_error)
            raise error from None
        raise
    return GameSetup(players, rules, first_dealer)  # type: ignore[arg-type]  # it checks


def create(name: str, setup: GameSetup) -> GameState:
    """Store a new game kept by this device; ``name`` (checked by
    :func:`scorer.text.clean_text`, cut at :data:`MAX_GAME_NAME`) defaults to the players."""
    name = clean_text(name, "name", limit=None)[:MAX_GAME_NAME] or " · ".join(setup.players)
    game = store.create_game(name, setup.to_dict())
    keeper.remember(game)  # this device keeps the game (see web.keeper)
    return load(game.id)


def parse_round(data: Any) -> RoundRecord:
    """A round record from JSON-like data; raises the engine's notation or rules errors."""
    if not isinstance(data, dict):
        raise GameNotationError(
            "a round must be a JSON object with results and went_out", code="bad_result",
            field="results",
        )
    return RoundRecord.from_dict(data)


def next_number(state: GameState) -> int:
    """The number the next new round gets."""
    return len(state.entered) + 1


def check_number(state: GameState, number: int | None) -> None:
    """Refuse a new round that says it is round ``number`` unless that is the next one:
    :class:`RoundTaken` when the game already has that round, a ``round_number_ahead`` rules
    error when rounds before it are missing. ``None`` (no number given) passes."""
    if number is None:
        return
    following = next_number(state)
    if number < following:
        raise RoundTaken(number, len(state.entered))
    if number > following:
        raise GameRulesError(
            f"round {number} cannot be added yet: the next round is round {following}",
            code="round_number_ahead", params={"number": number, "next": following},
            field="number",
        )


def add_round(state: GameState, record: RoundRecord, number: int | None = None) -> GameState:
    """Check and append a round (the rounds before it stand as checked); the game after it.

    ``number``: the round number the client means (see :func:`check_number`).
    """
    check_number(state, number)
    played = state.played.then(record)
    records = (*state.entered, record)
    version = store.change_rounds(
        state.game.id, state.version, "add", len(records), [r.to_dict() for r in records]
    )
    return _changed(state, records, played, version)


def _changed(state: GameState, records: tuple[RoundRecord, ...], played: Replay,
             version: int) -> GameState:
    """The game after a change stored as ``version``, from the replay that checked it."""
    snapshot = store.read_game(state.game.id)
    if snapshot.game.version != version:  # another write came in since: show the game as it is
        return state_of(snapshot)
    return GameState(snapshot.game, state.setup, records, played, snapshot.last_change,
                     snapshot.redo_change)


def _round_index(state: GameState, number: int) -> int:
    if not 1 <= number <= len(state.rounds):
        raise store.RoundNotFound(f"game {state.game.id} has no round {number}")
    return number - 1


def edit_round(state: GameState, number: int, record: RoundRecord) -> GameState:
    """Replace round ``number`` (1-based); it and every later round are checked again. Returns
    the game after the change."""
    index = _round_index(state, number)
    later = state.entered[index + 1:]
    played = replay(state.setup, (record, *later), start=state.played.upto(index))
    records = (*state.entered[:index], record, *later)
    version = store.change_rounds(
        state.game.id, state.version, "edit", number, [r.to_dict() for r in records]
    )
    return _changed(state, records, played, version)


def relabelled(before: GameState, after: GameState, number: int) -> list[dict[str, Any]]:
    """After an edit of round ``number``: each later completed phase whose number changed
    (the rounds follow from the edited one), as ``{"round", "name", "was", "now"}``."""
    changes = []
    for index in range(number, min(len(before.rounds), len(after.rounds))):
        for old, new in zip(before.rounds[index].results, after.rounds[index].results,
                            strict=False):
            if new.completed and old.phase is not None and new.phase is not None and (
                    old.phase != new.phase):
                changes.append({"round": index + 1, "name": new.player, "was": old.phase,
                                "now": new.phase})
    return changes


def remove_round(state: GameState, number: int) -> GameState:
    """Delete round ``number`` (1-based); the rounds after it are checked again. Returns the
    game after the change."""
    index = _round_index(state, number)
    later = state.entered[index + 1:]
    played = replay(state.setup, later, start=state.played.upto(index))
    records = (*state.entered[:index], *later)
    version = store.change_rounds(
        state.game.id, state.version, "delete", number, [r.to_dict() for r in records]
    )
    return _changed(state, records, played, version)


def undo(game: store.Game) -> tuple[int, dict[str, Any]]:
    """Revert the last round change (add, edit or delete); works on a broken game too."""
    return store.undo(game.id, game.version)


def redo(game: store.Game) -> tuple[int, dict[str, Any]]:
    """Make the change undone most recently again (nothing is checked: it was checked when it
    was made, on the very rounds it now follows again)."""
    return store.redo(game.id, game.version)


def standing_of(state: GameState, name: str) -> PlayerStanding:
    """A player's standing by name (case and spacing ignored); :class:`PlayerNotFound`."""
    try:
        return state.standings.player(state.setup.player(name))
    except (GameRulesError, KeyError):
        raise PlayerNotFound(
            f"{name!r} is not playing; the players are " + ", ".join(state.setup.players)
        ) from None


def player_at(state: GameState, seat: int) -> PlayerStanding:
    """The standing of the player in ``seat`` (0-based); :class:`PlayerNotFound` if no one sits
    there."""
    if not 0 <= seat < len(state.setup.players):
        raise PlayerNotFound(f"game {state.game.id} has no seat {seat}")
    return state.standings.players[seat]


def seat_phase(state: GameState, standing: PlayerStanding, chosen: Any = None
               ) -> PhaseSpec | None:
    """The one answer to "which phase does this seat check?": the phase the player tries now
    (the tie-breaker's goal while one is pending for them; their current phase, or under rules
    that let players choose, the first they still need), or ``None`` when they need none.

    ``chosen`` (a phase number, as int or digit text; ``None`` or ``""``: not chosen) must be a
    phase the player may play now, else a :class:`GameRulesError` for the field ``phase``:
    ``phase_not_available`` {given, remaining} when the rules let players choose (a phase
    already completed, or not in the game's variant), ``wrong_phase`` {given, expected} when they
    do not (or a tie-breaker is pending). Unreadable ``chosen``: a ``bad_number``
    :class:`GameNotationError`.
    """
    rules = state.setup.rules
    tie_breaker = standing.player in state.standings.tie_breaker
    goal = state.standings.tie_breaker_phase if tie_breaker else standing.phase_spec
    if chosen is None or (isinstance(chosen, str) and not chosen.strip()):
        return goal
    given = parse_whole(chosen, "phase", minimum=0, player=standing.player)
    if rules.choose_phase and not tie_breaker:
        if given not in standing.remaining:
            raise GameRulesError(
                f"phase {given} is not open to {standing.player}; remaining: "
                + (", ".join(map(str, standing.remaining)) or "none"),
                code="phase_not_available", field="phase", player=standing.player,
                params={"given": given, "remaining": list(standing.remaining)})
        return rules.phase(given)
    if goal is None or given != goal.number:
        expected = None if goal is None else goal.number
        raise GameRulesError(
            f"{standing.player} plays phase {expected} now, not phase {given}",
            code="wrong_phase" if goal is not None else "phase_not_available",
            field="phase", player=standing.player,
            params={"given": given, "expected": expected} if goal is not None
            else {"given": given, "remaining": []})
    return goal


def phase_choices(state: GameState, standing: PlayerStanding) -> tuple[int, ...]:
    """The phases this player may pick from now (what :func:`seat_phase` accepts as
    ``chosen``), or ``()`` when the rules (or a pending tie-breaker) leave no choice."""
    if not state.setup.rules.choose_phase or standing.player in state.standings.tie_breaker:
        return ()
    return standing.remaining
