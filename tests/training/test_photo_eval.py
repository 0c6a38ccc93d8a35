"""``phase10 eval --photos``: scoring a folder of labelled real photos."""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from scorer.cards import parse_cards
from scorer.cli import main
from scorer.training.photo_eval import evaluate_photos, load_truth, symbol_of
from scorer.vision import reading as reading_module
from scorer.vision.card_reading import CardReading, DetectedCard


def _folder(tmp_path, truth=None, labels=None, names=("a.jpg", "b.jpg", "empty.jpg")):
    (tmp_path / "images").mkdir()
    for name in names:
        cv2.imwrite(str(tmp_path / "images" / name), np.full((200, 400, 3), 128, np.uint8))
    if truth is not None:
        (tmp_path / "truth.json").write_text(json.dumps(truth))
    if labels is not None:
        (tmp_path / "labels").mkdir()
        for stem, text in labels.items():
            (tmp_path / "labels" / f"{stem}.txt").write_text(text)
    return tmp_path


def _reader(answers):
    """A reader that gives, photo after photo, the cards in ``answers``."""
    queue = list(answers)

    def read(image):
        cards = tuple(DetectedCard(c, 0.9, (0, 0, 1, 1)) for c in parse_cards(queue.pop(0)))
        return CardReading(cards, image.shape[:2])

    return read


def test_symbols_ignore_colour():
    assert [symbol_of(x) for x in ("R5", "5", "b12", "W", "S")] == ["5", "5", "12", "W", "S"]


def test_symbol_truth_scores_symbols_and_false_cards_on_empty_photos(tmp_path):
    folder = _folder(tmp_path, truth={"a.jpg": ["1", "2", "W"], "b.jpg": ["5"], "empty.jpg": []})
    figures = evaluate_photos(folder, _reader(["R1 G2 W", "B7", "W S"])).to_dict()
    assert figures["symbol_precision"] == pytest.approx(3 / 4)
    assert figures["symbol_recall"] == pytest.approx(3 / 4)
    assert figures["exact_symbols"] == 0.5
    assert figures["empty_with_a_card"] == 1.0
    assert figures["false_cards_per_empty_photo"] == 2.0
    assert figures["empty_with_a_sure_card"] == 1.0  # its phantoms were read at 0.9, unmarked
    assert "card_f1" not in figures  # the truth names no colours


def test_coloured_truth_scores_cards_and_colour(tmp_path):
    folder = _folder(tmp_path, truth={"a.jpg": ["R1", "G2"], "b.jpg": ["B5"]},
                     names=("a.jpg", "b.jpg"))
    figures = evaluate_photos(folder, _reader(["R1 B2", "B5"])).to_dict()
    assert figures["card_f1"] == pytest.approx(2 / 3, abs=1e-4)
    assert figures["symbol_f1"] == 1.0
    assert figures["colour_accuracy"] == pytest.approx(2 / 3, abs=1e-4)
    assert figures["exact_hand"] == 0.5


def test_yolo_labels_give_recall_by_index_size_at_640(tmp_path):
    # 400 px wide photo: a box 0.05 wide is 20 px there, 32 px at 640; 0.2 wide is 128 px at 640
    folder = _folder(tmp_path, labels={"a": "3 0.2 0.2 0.05 0.05\n9 0.7 0.5 0.2 0.1\n"},
                     names=("a.jpg",))
    assert load_truth(folder)[0].sizes == pytest.approx((32.0, 128.0))
    figures = evaluate_photos(folder, _reader(["R3"])).to_dict()
    assert figures["recall_by_index_px"] == {
        "30-45": {"indices": 1, "recall": 1.0}, "100-150": {"indices": 1, "recall": 0.0},
    }


def test_cli_runs_on_a_photo_folder_and_refuses_one_without_truth(tmp_path, monkeypatch, capsys):
    (tmp_path / "set").mkdir()
    folder = _folder(tmp_path / "set", truth={"a.jpg": ["7"]}, names=("a.jpg",))
    monkeypatch.setattr(reading_module, "get_detector", lambda *a, **k: object())
    monkeypatch.setattr(
        reading_module, "read_cards",
        lambda image, **kw: CardReading((DetectedCard(parse_cards("Y7")[0], 0.9, (0, 0, 1, 1)),),
                                        image.shape[:2]),
    )
    assert main(["eval", "--photos", str(folder), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["symbol_f1"] == 1.0
    (tmp_path / "bare" / "images").mkdir(parents=True)
    assert main(["eval", "--photos", str(tmp_path / "bare")]) == 2
    assert "no truth" in capsys.readouterr().err


def test_table_truth_scores_cards_with_wilds_and_counts_cards_read_on_foreign_objects(tmp_path):
    """The uno-table form: cards (Wilds and Skips among coloured numbers), their boxes, and the
    UNO-only objects on which any card read is a false card."""
    truth = {"a.jpg": {"cards": ["R1", "W"], "boxes": [],
                       "not_phase10": [{"uno": "reverse", "xywh": [100, 50, 80, 100]}]},
             "b.jpg": {"cards": ["S"], "not_phase10": []}}
    folder = _folder(tmp_path, truth=truth, names=("a.jpg", "b.jpg"))
    assert load_truth(folder)[0].foreign == ((100.0, 50.0, 80.0, 100.0),)
    queue = [[("R1", (0, 0, 10, 10)), ("W", (0, 0, 10, 10)), ("B4", (120, 90, 140, 110))],
             [("S", (0, 0, 10, 10))]]

    def read(image):
        cards = tuple(DetectedCard(c, 0.9, box) for c, box in
                      ((parse_cards(name)[0], box) for name, box in queue.pop(0)))
        return CardReading(cards, image.shape[:2])

    figures = evaluate_photos(folder, read).to_dict()
    assert figures["card_recall"] == 1.0 and figures["card_precision"] == 0.75
    assert figures["exact_hand"] == 0.5
    assert figures["not_phase10_objects"] == 1 and figures["cards_read_on_not_phase10"] == 1


def test_a_malformed_foreign_box_is_refused_with_its_entry(tmp_path):
    folder = _folder(tmp_path, truth={"a.jpg": {"cards": ["R1"], "not_phase10": [{"uno": 1}]}},
                     names=("a.jpg",))
    with pytest.raises(ValueError, match="needs \"xywh\""):
        load_truth(folder)
