"""The live tracker: a card counts once seen in most recent frames and drops out the same way."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.cards import parse_cards
from scorer.errors import NotationError
from scorer.live.stability import StableTracker


def feed(tracker: StableTracker, frames: list[str]):
    reading = None
    for frame in frames:
        reading = tracker.update(parse_cards(frame))
    return reading


def names(cards) -> str:
    return " ".join(str(card) for card in cards)


def test_a_card_enters_once_seen_in_most_recent_frames():
    """With a window of 5, a card counts from its third sighting, not before."""
    tracker = StableTracker(window=5)
    assert feed(tracker, ["R5", "R5"]).cards == ()
    reading = tracker.update(parse_cards("R5"))
    assert names(reading.cards) == "R5"
    assert reading.changed


def test_one_missed_frame_does_not_make_the_list_flicker():
    """A card missing from one frame of five stays in the list."""
    tracker = StableTracker(window=5)
    feed(tracker, ["R5 B7"] * 5)
    reading = tracker.update(parse_cards("R5"))
    assert names(reading.cards) == "R5 B7"
    assert not reading.changed
    assert names(feed(tracker, ["R5 B7"]).cards) == "R5 B7"


def test_a_card_drops_out_once_missed_in_most_recent_frames():
    tracker = StableTracker(window=5)
    feed(tracker, ["R5 B7"] * 5)
    assert names(feed(tracker, ["R5", "R5"]).cards) == "R5 B7"
    reading = tracker.update(parse_cards("R5"))
    assert names(reading.cards) == "R5"
    assert reading.changed


def test_a_one_frame_false_positive_never_counts():
    tracker = StableTracker(window=5)
    frames = ["R5"] * 3 + ["R5 W"] + ["R5"] * 5
    readings = [tracker.update(parse_cards(f)) for f in frames]
    assert all("W" not in names(r.cards) for r in readings)
    assert names(readings[3].pending) == "W"


def test_two_copies_of_a_face_are_two_cards():
    """Two R5 on the table are two cards; a third seen once is not."""
    tracker = StableTracker(window=5)
    assert names(feed(tracker, ["R5 R5"] * 3).cards) == "R5 R5"
    assert names(feed(tracker, ["R5 R5 R5"]).cards) == "R5 R5"


def test_one_of_two_copies_leaving_removes_one_card():
    tracker = StableTracker(window=5)
    feed(tracker, ["R5 R5 G1"] * 5)
    assert names(feed(tracker, ["R5 G1"] * 2).cards) == "R5 R5 G1"
    assert names(feed(tracker, ["R5 G1"]).cards) == "R5 G1"


def test_hysteresis_keeps_a_card_longer_than_it_took_to_enter():
    tracker = StableTracker(window=6, enter=4, leave=5)
    feed(tracker, ["Y12"] * 4)
    assert names(tracker.cards) == "Y12"
    feed(tracker, [""] * 4)
    assert names(tracker.cards) == "Y12"
    assert feed(tracker, [""]).cards == ()


def test_reset_forgets_everything():
    tracker = StableTracker(window=3)
    feed(tracker, ["S W"] * 3)
    tracker.reset()
    assert tracker.cards == ()
    assert tracker.update([]).frames == 1


def test_card_names_are_accepted_and_bad_names_raise():
    tracker = StableTracker(window=1)
    assert names(tracker.update(["R5", "W"]).cards) == "R5 W"
    with pytest.raises(NotationError):
        tracker.update(["R13"])


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"window": 0}, "window must be at least 1"),
        ({"window": 3, "enter": 4}, "enter must lie in 1..3"),
        ({"window": 3, "leave": 0}, "leave must lie in 1..3"),
    ],
)
def test_bad_thresholds_raise(kwargs, message):
    with pytest.raises(ValueError, match=message):
        StableTracker(**kwargs)


def test_to_dict_uses_card_names():
    tracker = StableTracker(window=1)
    assert tracker.update(parse_cards("B12 B12")).to_dict() == {
        "cards": ["B12", "B12"], "pending": [], "frames": 1, "changed": True,
    }


_FACES = ["R5", "B7", "W", "S"]


@settings(deadline=None)  # a busy machine is slow, not wrong
@given(
    hand=st.lists(st.sampled_from(_FACES), max_size=6),
    drops=st.lists(st.integers(min_value=0, max_value=40), max_size=8),
)
def test_a_steady_hand_with_isolated_misses_reads_exactly(hand, drops):
    """Whatever single frames miss one card (never two misses close together), the reading holds."""
    tracker = StableTracker(window=5)
    truth = sorted(parse_cards(hand))
    dropped = {d for d in sorted(set(drops)) if all(abs(d - o) > 4 for o in set(drops) - {d})}
    for i in range(45):
        frame = list(truth)
        if i in dropped and frame:
            frame.pop(i % len(frame))
        reading = tracker.update(frame)
        if i >= 4:
            assert list(reading.cards) == truth
