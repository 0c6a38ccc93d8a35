"""Card-level evaluation: multiset precision/recall, exact hands, points, colour, verdicts."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from collections import Counter

import pytest

from scorer.cards import parse_cards
from scorer.cli import main
from scorer.render.dataset import Settings, build
from scorer.training.evaluate import (
    EvalReport,
    ImageScore,
    evaluate,
    load_manifest,
    phase_truth,
    read_split,
    truth_of,
)
from scorer.vision import reading as reading_module
from scorer.vision.card_reading import CardReading, DetectedCard
from scorer.vision.detections import Detections
from scorer.vision.image_io import read_image


def score_lists(pairs) -> EvalReport:
    """The report over ``(truth_cards, read_cards)`` pairs, one image each."""
    report = EvalReport()
    for truth, read in pairs:
        report.add(ImageScore(Counter(truth), Counter(read)))
    return report


def test_perfect_reading_scores_one():
    hand = parse_cards("R5 R5 W B11")
    figures = score_lists([(hand, hand)]).to_dict()
    for key in ("precision", "recall", "f1", "exact_count", "exact_hand", "exact_points",
                "number_f1", "colour_accuracy"):
        assert figures[key] == 1.0, key


def test_a_wrong_colour_counts_against_cards_and_colour_but_not_numbers():
    figures = score_lists([(parse_cards("R5 B7 W"), parse_cards("R5 G7 W"))]).to_dict()
    assert figures["precision"] == pytest.approx(2 / 3, abs=1e-4)
    assert figures["recall"] == pytest.approx(2 / 3, abs=1e-4)
    assert figures["number_f1"] == 1.0
    assert figures["colour_accuracy"] == pytest.approx(1 / 2, abs=1e-4)
    assert figures["exact_count"] == 1.0 and figures["exact_points"] == 1.0
    assert figures["exact_hand"] == 0.0


def test_a_missed_and_a_doubled_card():
    figures = score_lists([
        (parse_cards("R5 R5 W"), parse_cards("R5 W")),        # one R5 missed
        (parse_cards("Y12"), parse_cards("Y12 Y12")),         # one card counted twice
    ]).to_dict()
    assert figures["precision"] == pytest.approx(3 / 4, abs=1e-4)
    assert figures["recall"] == pytest.approx(3 / 4, abs=1e-4)
    assert figures["exact_count"] == 0.0 and figures["exact_points"] == 0.0


def test_truth_counts_only_cards_with_a_visible_index():
    record = {"scene": "phase", "cards": [
        {"face": "R5", "indices": [{"class_id": 4}]},
        {"face": "W", "indices": []},
    ], "phases": [{"phase": 1, "valid": False}]}
    assert truth_of(record) == Counter(parse_cards("R5"))
    assert phase_truth(record) == (1, False)
    assert phase_truth({**record, "scene": "hand"}) is None


@pytest.fixture(scope="module")
def tiny_dataset(tmp_path_factory):
    """Four rendered full scenes (seeded) with their manifest."""
    from scorer.render.dataset import Settings, build

    out = tmp_path_factory.mktemp("eval_ds")
    build(out, {"test": 4}, Settings(seed=7), workers=1, progress=False)
    return out


def test_an_oracle_reader_scores_one_on_a_rendered_split(tiny_dataset):
    records = iter(load_manifest(tiny_dataset, "test"))

    def oracle(image):
        record = next(records)
        cards = tuple(DetectedCard(c, 1.0, (0, 0, 1, 1)) for c in truth_of(record).elements())
        return CardReading(cards, image.shape[:2])

    figures = evaluate(tiny_dataset, "test", oracle).to_dict()
    assert figures["images"] == 4 and figures["f1"] == 1.0 and figures["exact_hand"] == 1.0
    if figures["phase_scenes"]:  # a phase card under another card caps any reader's verdict
        assert figures["phase_verdict_vs_visible"] == 1.0
        assert figures["phase_verdict_accuracy"] == figures["phase_verdict_ceiling"]


def test_read_split_gives_each_record_with_its_own_images_reading(tiny_dataset, capsys):
    records = load_manifest(tiny_dataset, "test")[:3]
    sums = [int(read_image(tiny_dataset / "images" / "test" / r["file"]).sum()) for r in records]
    pairs = list(read_split(tiny_dataset, "test", lambda image: int(image.sum()), limit=3,
                            every=2))
    assert [record["file"] for record, _ in pairs] == [record["file"] for record in records]
    assert [total for _, total in pairs] == sums
    assert capsys.readouterr().err.strip() == "2/3 images"


def test_eval_cli_prints_the_figures(tiny_dataset, monkeypatch, capsys):
    class Blind:
        def detect(self, image, conf=0.25, iou=0.7):
            return Detections.empty()

    monkeypatch.setattr(reading_module, "get_detector", lambda path=None, imgsz=None: Blind())
    assert main(["eval", "--data", str(tiny_dataset), "--split", "test", "--json",
                 "--no-map"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["images"] == 4 and figures["recall"] == 0.0 and figures["read_cards"] == 0


@pytest.mark.slow
@pytest.mark.skipif(importlib.util.find_spec("ultralytics") is None,
                    reason="the mAP needs the [train] extra; CI installs it")
def test_eval_json_with_the_map_is_pure_json(tiny_dataset):
    """ultralytics' val logs on stdout; with --json, stdout must still be one JSON object."""
    command = ["eval", "--data", str(tiny_dataset), "--split", "test", "--json"]
    done = subprocess.run(
        [sys.executable, "-c", "import sys; from scorer.cli import main; sys.exit(main())",
         *command], capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    figures = json.loads(done.stdout)
    assert figures["images"] == 4 and 0 <= figures["map50"] <= 1
    assert "mAP50" in done.stderr  # the log went to stderr instead


def test_eval_cli_without_a_dataset_exits_2(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(reading_module, "get_detector", lambda path=None, imgsz=None: None)
    assert main(["eval", "--data", str(tmp_path / "none"), "--no-map"]) == 2
    assert "no manifest" in capsys.readouterr().err


def test_empty_tables_count_the_scenes_that_got_a_false_card(tmp_path):
    """``--empty 1`` scenes have no card: a reader that sees one in every other scene scores
    half of them with a false card."""
    build(tmp_path, {"test": 4}, Settings(seed=3, imgsz=160, empty=1.0), workers=1,
          progress=False)
    calls = iter(range(4))

    def phantom_every_other(image):
        k = next(calls)
        chance = 0.3 if k == 3 else 0.95  # the last phantom is marked unsure
        cards = (DetectedCard(parse_cards("W")[0], 0.9, (0, 0, 5, 5), chance=chance,
                              unsure_below=0.8),) if k % 2 else ()
        return CardReading(cards, image.shape[:2])

    figures = evaluate(tmp_path, "test", phantom_every_other).to_dict()
    assert figures["empty_scenes"] == 4
    assert figures["empty_with_a_card"] == 0.5 and figures["cards_per_empty_scene"] == 0.5
    assert figures["empty_with_a_sure_card"] == 0.25  # the unsure one still says "no cards"
