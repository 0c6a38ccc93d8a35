"""The game store: every write claims the next version or fails as stale, and every round
change is logged so it can be undone and redone."""

from __future__ import annotations

import pytest

from web import store

SETUP = {"players": ["Ann", "Bob"]}
ROUND = {"results": [], "went_out": "Ann"}


@pytest.fixture
def stored(app):
    """A new stored game, inside the app."""
    with app.app_context():
        yield store.create_game("Friday", SETUP)


def test_a_new_game_starts_at_version_one_with_its_own_share_and_keeper_tokens(stored):
    other = store.create_game("Saturday", SETUP)
    assert stored.version == 1 and stored.setup == SETUP
    assert stored.share_token != other.share_token and stored.keeper_token != stored.share_token
    assert store.get_shared(stored.share_token).id == stored.id
    with pytest.raises(store.GameNotFound):
        store.get_shared("no-such-token")


def test_a_write_based_on_an_old_version_is_stale_and_changes_nothing(stored):
    assert store.change_rounds(stored.id, 1, "add", 1, [ROUND]) == 2
    with pytest.raises(store.StaleVersion) as info:
        store.change_rounds(stored.id, 1, "add", 2, [ROUND, ROUND])
    assert info.value.current == 2
    assert store.read_game(stored.id).rounds == [ROUND]
    with pytest.raises(store.GameNotFound):
        store.change_rounds(stored.id + 1, 1, "add", 1, [ROUND])


def test_undo_brings_back_the_rounds_before_and_redo_the_rounds_after(stored):
    store.change_rounds(stored.id, 1, "add", 1, [ROUND])
    version, change = store.undo(stored.id, 2)
    assert (version, change) == (3, {"action": "add", "round_number": 1})
    assert store.read_game(stored.id).rounds == []
    version, _change = store.redo(stored.id, version)
    assert store.read_game(stored.id).rounds == [ROUND] and version == 4


def test_nothing_to_undo_or_redo_leaves_the_version_alone(stored):
    with pytest.raises(store.NothingToUndo):
        store.undo(stored.id, 1)
    with pytest.raises(store.NothingToRedo):
        store.redo(stored.id, 1)
    assert store.version_of(stored.id) == 1


def test_a_new_change_after_an_undo_cannot_be_followed_by_a_redo(stored):
    store.change_rounds(stored.id, 1, "add", 1, [ROUND])
    version, _ = store.undo(stored.id, 2)
    store.change_rounds(stored.id, version, "add", 1, [ROUND])
    with pytest.raises(store.NothingToRedo):
        store.redo(stored.id, version + 1)


def test_archived_games_are_listed_apart_and_a_deleted_game_is_gone(stored):
    version = store.set_archived(stored.id, 1, True)
    assert [game.id for game in store.list_games(archived=True)] == [stored.id]
    assert store.list_games() == []
    store.delete_game(stored.id, version)
    with pytest.raises(store.GameNotFound):
        store.get_game(stored.id)
