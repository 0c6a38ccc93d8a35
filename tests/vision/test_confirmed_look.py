"""Weak detections the recogniser confirms count as read; others, and those on a spot already
read, do not."""

from __future__ import annotations

import numpy as np
import pytest

from scorer.vision.confirmed_look import confirmed
from scorer.vision.detections import DEFAULT_CLASS_NAMES, Detections
from scorer.vision.recogniser import Opinion
from scorer.vision.settings import READER

R5 = DEFAULT_CLASS_NAMES.index("R5")
CONF = 0.45


class ReadsAs:
    """A recogniser that reads every index as ``opinion``."""

    def __init__(self, opinion: Opinion) -> None:
        self.opinion = opinion

    def opinions(self, image, cards):
        return [self.opinion] * len(cards)


def _dets(boxes, scores) -> Detections:
    return Detections(np.array(boxes, np.float32).reshape(-1, 4), np.array(scores, np.float32),
                      np.full(len(scores), R5, np.int64))


IMAGE = np.full((200, 300, 3), 128, np.uint8)
READ = _dets([(10, 10, 30, 40)], [0.9])
WEAK = _dets([(100, 100, 120, 130), (200, 100, 220, 130), (12, 12, 32, 42)], [0.3, 0.05, 0.3])


def test_a_weak_index_the_recogniser_reads_for_sure_counts_as_read():
    sure = ReadsAs(Opinion.reading("5", 0.999, "R", 0.999))
    out = confirmed(sure, IMAGE, READ, WEAK, CONF)
    # the first weak index is added with its own score; the one under confirm_from and the one
    # on the spot already read are not
    assert len(out) == 2 and out.confidence.tolist() == pytest.approx([0.9, 0.3])
    assert out.xyxy[1].tolist() == [100, 100, 120, 130]


def test_a_weak_index_read_otherwise_or_unsure_stays_out():
    for opinion in (Opinion.reading("6", 0.999, "R", 0.999),  # another number
                    Opinion.reading("5", 0.999, "G", 0.999),  # another colour
                    Opinion.reading("5", 0.95, "R", 0.95)):   # not sure enough
        assert confirmed(ReadsAs(opinion), IMAGE, READ, WEAK, CONF) is READ
    assert READER.recogniser.confirm_at > 0.95
