"""A round saved twice: a plain retry told from a real conflict, and the two versions side by
side for the keeper to choose."""

from __future__ import annotations

from tests.web.conftest import round_of
from web import service
from web.conflict import Side, compare, normalised, same_round


def test_the_very_same_round_sent_again_is_a_retry(app, saved_game):
    state = service.add_round(saved_game, round_of(50))
    assert same_round(state, 1, round_of(50))
    assert not same_round(state, 1, round_of(60))


def test_the_two_versions_are_shown_player_by_player_marking_what_differs(app, saved_game):
    state = service.add_round(saved_game, round_of(50))
    ann, bob = compare(state, 1, round_of(70))
    assert ann.player == "Ann" and not ann.differs
    assert ann.theirs == Side(completed=True, points=0, went_out=True, phase=1)
    assert bob.differs and (bob.theirs.points, bob.mine.points) == (50, 70)


def test_a_round_that_cannot_follow_the_rounds_before_it_is_shown_as_typed(app, saved_game):
    """Bob out without laying down is no round; the keeper still sees what was typed."""
    state = service.add_round(saved_game, round_of(50))
    impossible = round_of(0, went_out="Bob")
    assert normalised(state, 1, impossible) is None
    rows = compare(state, 1, impossible)
    assert [row.differs for row in rows] == [True, True]
