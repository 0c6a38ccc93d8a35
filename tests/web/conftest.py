"""Web fixtures beyond the app's own (``tests/conftest.py``): a saved game and its rounds, for
tests of the modules that work on a game's state rather than through its pages."""

from __future__ import annotations

import pytest

from scorer.game.records import RoundRecord
from web import service


def round_of(bob_points: int = 50, went_out: str = "Ann", ann_done: bool = True,
             bob_done: bool = False) -> RoundRecord:
    """A round of Ann and Bob: Ann went out, Bob holds ``bob_points`` (or both completed)."""
    return service.parse_round({"results": [
        {"player": "Ann", "completed": ann_done},
        {"player": "Bob", "completed": bob_done, "points": bob_points}], "went_out": went_out})


@pytest.fixture
def saved_game(app):
    """A new game of Ann and Bob named "Friday night", inside a request to the app (its
    database and session)."""
    with app.test_request_context():
        yield service.create("  Friday   night ", service.new_setup(["Ann", "Bob"]))
