"""The recogniser's crops and opinions, and the second_opinion stage that asks it."""

from __future__ import annotations

import numpy as np
import pytest

from scorer.cards import parse_card
from scorer.vision.detections import DEFAULT_CLASS_NAMES, Detections
from scorer.vision.doubt import load_doubt_model
from scorer.vision.pipeline import Photo, run
from scorer.vision.recogniser import (
    RECOGNISER_FILE,
    SYMBOLS,
    Opinion,
    crop_index,
    load_recogniser,
)
from scorer.vision.settings import READER
from tests.vision.test_held_card import _card, _table

CROP = READER.recogniser.crop


def test_a_crop_is_square_around_the_index_and_padded_at_the_frame():
    image = np.zeros((100, 200, 3), np.uint8)
    image[40:60, 90:110] = 255  # a 20 px white index
    crop = crop_index(image, (90, 40, 110, 60), margin=2.0)
    assert crop.shape == (CROP, CROP, 3)
    assert crop[CROP // 2, CROP // 2].tolist() == [255, 255, 255]
    assert crop[0, 0].tolist() == [0, 0, 0]  # the margin shows the table around it
    assert crop_index(image, (-10, -10, 10, 10)).shape == (CROP, CROP, 3)  # off the frame


def test_an_opinion_doubts_another_symbol_colour_or_no_card():
    r5 = parse_card("R5")
    assert not Opinion.reading("5", 0.9, "R", 0.9).doubts(r5, 0.6)
    assert Opinion.reading("6", 0.9, "R", 0.9).doubts(r5, 0.6)
    assert not Opinion.reading("6", 0.5, "R", 0.9).doubts(r5, 0.6)  # not sure enough to say
    assert Opinion.reading("5", 0.9, "G", 0.8).doubts(r5, 0.6)
    assert Opinion.reading("none", 0.9, "none", 0.9).doubts(r5, 0.6)
    assert not Opinion.reading("W", 0.9, "none", 0.9).doubts(parse_card("W"), 0.6)
    assert Opinion.reading("6", 0.9, "G", 0.9).card == parse_card("G6")
    assert Opinion.reading("none", 0.9, "none", 0.9).card is None


def test_an_opinion_gives_the_chances_of_a_face_symbol_and_colour():
    opinion = Opinion.reading("5", 0.86, "R", 0.6)
    assert opinion.chances_of(parse_card("R5")) == pytest.approx((0.86, 0.6))
    assert opinion.chances_of(parse_card("G6")) == pytest.approx((0.01, 0.1))
    assert opinion.chances_of(parse_card("W")) == pytest.approx((0.01, 1.0))  # no colour
    assert sum(opinion.symbols) == pytest.approx(1.0) and sum(opinion.colours) == pytest.approx(1)


class FixedRecogniser:
    """Reads every card as ``opinion``."""

    def __init__(self, opinion: Opinion) -> None:
        self.opinion = opinion
        self.cards: list = []

    def opinions(self, image, cards):
        self.cards = cards
        return [self.opinion] * len(cards)



def test_without_a_fitted_weight_a_card_the_recogniser_reads_otherwise_is_marked():
    agrees = FixedRecogniser(Opinion.reading("W", 0.95, "none", 0.9))
    (card,) = _wild(agrees)
    assert len(agrees.cards) == 1 and len(agrees.cards[0]) == 2  # one card, its two indices
    assert not card.unsure
    (card,) = _wild(FixedRecogniser(Opinion.reading("S", 0.9, "none", 0.9)))
    assert card.unsure and card.alternative == parse_card("S")
    assert card.chance is not None and card.chance <= 0.5


def test_the_shipped_doubt_model_trusts_a_card_more_when_the_recogniser_agrees():
    doubt = load_doubt_model()
    assert doubt is not None and doubt.weighs_recogniser
    scores = (0.6,)
    (agreed,) = _wild(FixedRecogniser(Opinion.reading("W", 0.99, "none", 0.9)), doubt, scores)
    (alone,) = _wild(None, doubt, scores)
    (disputed,) = _wild(FixedRecogniser(Opinion.reading("S", 0.99, "none", 0.9)), doubt, scores)
    assert disputed.chance < alone.chance < agreed.chance
    assert agreed.unsure is False and disputed.unsure and disputed.alternative == parse_card("S")


def _wild_table(recogniser, doubt, scores=(0.95, 0.9)):
    """A Wild read at one index per score (top-left first), through every stage."""
    image = _table()
    boxes = _card(image, 100, 80)[:len(scores)]
    dets = Detections(np.array(boxes, np.float32), np.array(scores, np.float32),
                      np.full(len(scores), DEFAULT_CLASS_NAMES.index("W")))
    return run(Photo(image, dets, colour_check=False, recogniser=recogniser, doubt=doubt))


def _wild(recogniser, doubt=None, scores=(0.95, 0.9)) -> tuple:
    return _wild_table(recogniser, doubt, scores).cards


WEAK = (0.3,)  # one index read weakly: the detector itself is unsure


def test_a_card_both_models_doubt_is_dropped_where_the_recogniser_sees_no_card():
    table = _wild_table(FixedRecogniser(Opinion.reading("none", 0.999, "none", 0.9)),
                        load_doubt_model(), WEAK)
    assert table.cards == ()
    (row,) = table.rows
    assert row.dropped_by == "both_doubt" and "no card" in row.why


def test_a_card_both_models_doubt_is_read_as_the_recogniser_reads_it_where_it_is_sure():
    doubt = load_doubt_model()
    (card,) = _wild(FixedRecogniser(Opinion.reading("S", 0.999, "none", 0.9)), doubt, WEAK)
    assert card.card == parse_card("S") and card.alternative == parse_card("W")
    assert card.unsure  # two models disagreed: the player is asked
    (card,) = _wild(FixedRecogniser(Opinion.reading("S", 0.6, "none", 0.9)), doubt, WEAK)
    assert card.card == parse_card("W") and card.unsure  # not sure enough to replace it


def test_a_card_the_recogniser_agrees_with_is_never_dropped_nor_reread():
    table = _wild_table(FixedRecogniser(Opinion.reading("W", 0.999, "none", 0.9)),
                        load_doubt_model(), WEAK)
    (card,) = table.cards
    assert card.card == parse_card("W") and not any(
        stage == "both_doubt" for stage, _ in table.rows[0].notes)


def test_without_a_model_file_there_is_no_recogniser(tmp_path):
    assert load_recogniser(tmp_path / "none.onnx") is None


@pytest.mark.slow
def test_the_trained_recogniser_reads_rendered_indices_it_never_saw(tmp_path):
    """Crops of the labelled indices of freshly rendered scenes (a seed no training used): the
    shipped recogniser reads most of them as labelled, and most table squares as no card."""
    from scorer.render.dataset import Settings, build
    from scorer.training.recogniser_data import dataset_crops

    build(tmp_path, {"test": 6}, Settings(seed=977, imgsz=1280), workers=1, progress=False)
    crops = dataset_crops(tmp_path, "test", copies=1, rng=np.random.default_rng(0))
    symbols, _colours = load_recogniser(RECOGNISER_FILE).probabilities(list(crops.crops))
    read = symbols.argmax(axis=1)
    cards = crops.symbols != SYMBOLS.index("none")
    # 0.895 on 150 held-out scenes; far above chance (1 in 15) here too, on a few scenes
    assert (read[cards] == crops.symbols[cards]).mean() >= 0.5
    assert (read[~cards] == SYMBOLS.index("none")).mean() >= 0.8
