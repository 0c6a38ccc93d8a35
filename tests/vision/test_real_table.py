"""Real phone photos of cards on a table (``../shared/realdata/uno-table``, evaluation only):
the fine look finds cards in plain view that the 640 look misses. Slow; skipped where the
folder is absent."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from scorer.training.photo_eval import load_truth
from scorer.vision.image_io import read_image
from scorer.vision.reading import read_cards

TABLE = Path(__file__).resolve().parents[2].parent / "shared" / "realdata" / "uno-table"

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not TABLE.is_dir(), reason="no ../shared/realdata/uno-table")]


def _right(without: tuple[str, ...]) -> int:
    right = 0
    for truth in load_truth(TABLE)[:3]:
        cards = read_cards(read_image(TABLE / "images" / truth.file), without=without).cards
        right += sum((Counter(truth.labels) & Counter(str(c.card) for c in cards)).values())
    return right


def test_the_fine_look_reads_more_of_a_real_table_than_the_640_look():
    assert _right(()) > _right(("fine_look",))


def test_lime_greens_under_a_phone_light_are_read_green():
    """uno-test-10: three lime-green cards whose paper the phone's light clips in blue."""
    cards = read_cards(read_image(TABLE / "images" / "uno-test-10.jpg")).cards
    read = Counter(str(card.card) for card in cards)
    assert read["G2"] == 2 and read["G5"] == 1
