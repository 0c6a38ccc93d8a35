"""How players move through the phase list under each variant's policy."""

from __future__ import annotations

from scorer.game.progress import Progress, policy_for
from scorer.game.records import PlayerResult
from scorer.game.variants import make_rules

DONE = PlayerResult("Ann", True, 0, phase=1)
FAILED = PlayerResult("Ann", False, 45, phase=1)


def test_in_the_standard_game_only_a_completed_phase_moves_a_player_on():
    rules = make_rules("standard")
    policy = policy_for(rules)
    start = Progress()
    assert policy.expected_phase(rules, start) == 1
    stayed = policy.advance(rules, start, FAILED)
    assert (stayed.position, stayed.total, stayed.phases_completed) == (0, 45, 0)
    moved = policy.advance(rules, stayed, DONE)
    assert policy.expected_phase(rules, moved) == 2 and moved.phases_completed == 1
    assert policy.remaining(rules, moved) == tuple(range(2, 11))


def test_when_everyone_advances_a_failed_phase_moves_the_player_on_too():
    rules = make_rules("everyone-advances")
    after = policy_for(rules).advance(rules, Progress(), FAILED)
    assert after.position == 1 and after.phases_completed == 0 and after.done == frozenset()


def test_after_the_last_phase_there_is_none_to_play():
    rules = make_rules("short", phases_count=1)
    policy = policy_for(rules)
    finished = policy.advance(rules, Progress(), DONE)
    assert policy.expected_phase(rules, finished) is None
    assert policy.remaining(rules, finished) == ()


def test_choosing_phases_leaves_every_phase_not_yet_done_open():
    rules = make_rules("choose")
    policy = policy_for(rules)
    after = policy.advance(rules, Progress(), PlayerResult("Ann", True, 0, phase=7))
    assert policy.expected_phase(rules, after) is None  # the round record names it
    assert 7 not in policy.remaining(rules, after) and len(policy.remaining(rules, after)) == 9
    assert after.position == 1
