"""The game service: a saved game replayed into its standings, and each round change checked
against the rounds before it."""

from __future__ import annotations

import pytest

from scorer.errors import GameNotationError, GameRulesError
from tests.web.conftest import round_of
from web import service, store


def test_a_new_game_is_named_as_typed_with_its_spacing_tidied(app, saved_game):
    assert saved_game.game.name == "Friday night" and saved_game.version == 1
    with app.test_request_context():
        unnamed = service.create("", service.new_setup(["Ann", "Bob"]))
    assert unnamed.game.name == "Ann · Bob"


def test_a_setup_with_bad_players_and_a_bad_variant_names_both_problems(app):
    with pytest.raises((GameNotationError, GameRulesError)) as info:
        service.new_setup(["Ann", "Ann"], variant="nonsense")
    assert len((info.value, *info.value.more)) == 2


def test_a_round_added_moves_the_standings_and_the_version(app, saved_game):
    after = service.add_round(saved_game, round_of(bob_points=65))
    assert after.version == saved_game.version + 1
    ann, bob = after.standings.players
    assert (ann.phase, ann.total, bob.phase, bob.total) == (2, 0, 1, 65)
    with app.test_request_context():
        assert service.load(saved_game.game.id).standings == after.standings


def test_a_round_number_must_be_the_next_one(app, saved_game):
    after = service.add_round(saved_game, round_of(), number=1)
    with pytest.raises(service.RoundTaken):
        service.add_round(after, round_of(), number=1)
    with pytest.raises(GameRulesError, match="the next round is round 2"):
        service.add_round(after, round_of(), number=3)


def test_an_edited_round_checks_every_later_round_again(app, saved_game):
    """Round 1 changed so Bob completed too: round 2's phases follow, and say which changed."""
    two = service.add_round(service.add_round(saved_game, round_of()), round_of(bob_done=True))
    edited = service.edit_round(two, 1, round_of(bob_done=True, bob_points=15))
    assert [p.phase for p in edited.standings.players] == [3, 3]
    assert service.relabelled(two, edited, 1) == [{"round": 2, "name": "Bob", "was": 1, "now": 2}]


def test_a_removed_round_is_gone_and_a_missing_one_cannot_be_changed(app, saved_game):
    one = service.add_round(saved_game, round_of())
    removed = service.remove_round(one, 1)
    assert removed.rounds == () and removed.standings.players[0].phase == 1
    with pytest.raises(store.RoundNotFound):
        service.edit_round(removed, 1, round_of())


def test_a_player_is_found_by_name_whatever_the_case_and_spacing(app, saved_game):
    assert service.standing_of(saved_game, " ann ").player == "Ann"
    with pytest.raises(service.PlayerNotFound, match="the players are Ann, Bob"):
        service.standing_of(saved_game, "Cy")
    with pytest.raises(service.PlayerNotFound, match="no seat 2"):
        service.player_at(saved_game, 2)


def test_a_round_that_is_not_an_object_is_a_notation_error():
    with pytest.raises(GameNotationError, match="JSON object") as info:
        service.parse_round(["Ann"])
    assert info.value.field == "results"


def _played(rules: dict, results: list[dict]) -> service.GameState:
    """A game of Ann and Bob under ``rules`` after one round of ``results`` (Ann went out)."""
    state = service.create("", service.new_setup(["Ann", "Bob"], **rules))
    return service.add_round(state, service.parse_round({"results": results,
                                                          "went_out": "Ann"}))


ANN_DID_3 = [{"player": "Ann", "completed": True, "phase": 3},
             {"player": "Bob", "completed": False, "points": 50}]
ANN_DID_1 = [{"player": "Ann", "completed": True},
             {"player": "Bob", "completed": False, "points": 50}]


def test_a_seat_checks_its_current_phase_unless_it_chooses(app):
    with app.test_request_context():
        state = _played({}, ANN_DID_1)
        ann, bob = state.standings.players
        assert service.seat_phase(state, ann).number == 2
        assert service.seat_phase(state, bob, "").number == 1
        assert service.seat_phase(state, ann, "2").number == 2  # its own phase, named
        assert service.phase_choices(state, ann) == ()


@pytest.mark.parametrize("chosen", [1, "3", 11])
def test_a_phase_other_than_the_current_one_is_refused_when_the_rules_give_no_choice(
        app, chosen):
    with app.test_request_context():
        state = _played({}, ANN_DID_1)
        ann = state.standings.players[0]
        with pytest.raises(GameRulesError) as caught:
            service.seat_phase(state, ann, chosen)
    assert caught.value.code == "wrong_phase" and caught.value.field == "phase"
    assert caught.value.params == {"given": int(chosen), "expected": 2}


def test_a_chosen_phase_must_be_one_the_player_still_needs(app):
    with app.test_request_context():
        state = _played({"variant": "choose"}, ANN_DID_3)
        ann = state.standings.players[0]
        assert service.seat_phase(state, ann, "5").number == 5
        assert service.phase_choices(state, ann) == (1, 2, 4, 5, 6, 7, 8, 9, 10)
        for done_or_absent in (3, 11):
            with pytest.raises(GameRulesError) as caught:
                service.seat_phase(state, ann, done_or_absent)
            assert caught.value.code == "phase_not_available"
            assert caught.value.params == {"given": done_or_absent,
                                           "remaining": [1, 2, 4, 5, 6, 7, 8, 9, 10]}


def test_a_phase_outside_the_variant_is_refused(app):
    with app.test_request_context():
        state = service.create("", service.new_setup(["Ann", "Bob"], variant="even"))
        ann = state.standings.players[0]
        assert service.seat_phase(state, ann).number == 2
        with pytest.raises(GameRulesError, match="not phase 1"):
            service.seat_phase(state, ann, 1)


def test_an_unreadable_phase_is_a_notation_error(app, saved_game):
    with app.test_request_context():
        state = service.load(saved_game.game.id)
        with pytest.raises(GameNotationError) as caught:
            service.seat_phase(state, state.standings.players[0], "two")
    assert caught.value.code == "bad_number"
