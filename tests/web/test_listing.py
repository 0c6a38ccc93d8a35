"""The games list's titles and dates (web.listing)."""

from __future__ import annotations

import pytest

from web import listing

SIX = ("Anna", "Ben", "Chloe", "Dmytro", "Ewa", "Filip")


def test_an_unnamed_game_of_many_players_is_titled_with_two_and_a_count(app):
    with app.test_request_context():
        assert listing.short_title(" · ".join(SIX), SIX) == "Anna, Ben +4"
        assert listing.short_title("Anna · Ben · Chloe", SIX[:3]) == "Anna, Ben, Chloe"
        assert listing.short_title("Friday night", SIX) == "Friday night"


@pytest.mark.parametrize(("lang", "day"), [("en", "2026"), ("pl", "gru"), ("sv", "dec"),
                                           ("uk", "груд")])
def test_the_time_played_is_in_the_pages_language(app, lang, day):
    with app.test_request_context(headers={"Accept-Language": lang}):
        text = listing.played_at("2026-12-07T12:15:00Z")
    assert day in text and ":15" in text
    with app.test_request_context():
        assert listing.played_at("not a time") == "not a time"
