"""The ``phase10 detect`` and ``check --image`` commands and their JSON contract, on a fake
detector (no model needed); ``read_cards`` itself is tested in ``tests/vision/test_reading.py``."""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from scorer.cli import main
from scorer.vision import reading as reading_module
from scorer.vision.doubt import load_doubt_model
from scorer.vision.settings import UNSURE_BELOW
from tests.vision.test_reading import FakeDetector, table_image


@pytest.fixture
def fake(monkeypatch):
    detector = FakeDetector()
    def get_detector(path=None, imgsz=None):
        detector.imgsz = imgsz
        return detector

    monkeypatch.setattr(reading_module, "get_detector", get_detector)
    return detector


@pytest.fixture
def photo(tmp_path):
    path = tmp_path / "table.jpg"
    cv2.imwrite(str(path), table_image(), [cv2.IMWRITE_JPEG_QUALITY, 95])
    return path


def test_detect_json_contract(fake, photo, capsys):
    assert main(["detect", str(photo), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert list(out) == ["cards", "count", "points"]
    assert out["count"] == 3 and out["points"] == 40
    first = out["cards"][0]
    assert list(first)[:4] == ["card", "confidence", "box", "unsure"]
    assert set(first) <= {"card", "confidence", "box", "unsure", "chance", "or"}
    assert first["card"] == "R5" and 0 < first["confidence"] <= 1
    doubt = load_doubt_model()  # the calibrated chance decides; without a doubt model, the score
    if doubt is None:
        assert first["unsure"] is (first["confidence"] < UNSURE_BELOW)
    else:
        assert first["unsure"] is (first["chance"] < doubt.unsure_below)
    assert len(first["box"]) == 4 and all(isinstance(v, float) for v in first["box"])


def test_detect_passes_the_input_size_to_the_detector(fake, photo, capsys):
    assert main(["detect", str(photo), "--json", "--imgsz", "960"]) == 0
    assert fake.imgsz == 960
    assert json.loads(capsys.readouterr().out)["count"] == 3


def test_detect_several_images_prints_one_json_object_per_line(fake, photo, capsys):
    assert main(["detect", str(photo), str(photo), "--json", "--conf", "0.5"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert [json.loads(line)["count"] for line in lines] == [2, 2]


def test_detect_text_marks_the_cards_read_with_little_confidence(fake, photo, capsys):
    assert main(["detect", str(photo)]) == 0
    lines = {line.split()[0]: line for line in capsys.readouterr().out.splitlines()[1:]}
    assert "0.48 (unsure: check it" in lines["B11"]  # a lone index at 0.48
    assert "unsure" not in lines["R5"]  # both corners read alike, at 0.9 and 0.8


def test_detect_text_counts_the_cards_in_plain_english(fake, photo, capsys):
    assert main(["detect", str(photo), "--conf", "0.75"]) == 0  # the R5 alone
    assert capsys.readouterr().out.splitlines()[0].endswith("R5  [1 card, 5 points]")
    assert main(["detect", str(photo)]) == 0
    assert capsys.readouterr().out.splitlines()[0].endswith("R5 W B11  [3 cards, 40 points]")


def test_detect_annotates_a_copy(fake, photo, tmp_path, capsys):
    out = tmp_path / "boxed.jpg"
    assert main(["detect", str(photo), "--annotate", str(out)]) == 0
    assert "R5 W B11" in capsys.readouterr().out
    boxed = cv2.imread(str(out))
    assert boxed.shape == (300, 400, 3)
    assert not np.array_equal(boxed, cv2.imread(str(photo)))


@pytest.mark.parametrize("content", [None, b"", b"not a jpeg at all"])
def test_detect_unreadable_image_exits_2_without_traceback(fake, tmp_path, capsys, content):
    path = tmp_path / "bad.jpg"
    if content is not None:
        path.write_bytes(content)
    assert main(["detect", str(path), "--json"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "phase10 detect: error:" in captured.err and "Traceback" not in captured.err


def test_detect_without_a_model_exits_2(monkeypatch, photo, tmp_path, capsys):
    monkeypatch.setenv("PHASE10_MODEL", str(tmp_path / "none.onnx"))
    assert main(["detect", str(photo)]) == 2
    assert "no detector model" in capsys.readouterr().err


def test_detect_rejects_a_bad_confidence(capsys, photo):
    with pytest.raises(SystemExit) as info:
        main(["detect", str(photo), "--conf", "2"])
    assert info.value.code == 2
    assert "between 0 and 1" in capsys.readouterr().err


def test_check_reads_the_cards_from_an_image(fake, photo, capsys):
    """phase10 check --image: detect, then validate (R5 W B11 is no phase 1)."""
    assert main(["check", "--phase", "1", "--image", str(photo), "--json"]) == 1
    captured = capsys.readouterr()
    assert json.loads(captured.out)["verdict"]["valid"] is False
    read = captured.err.split(": ", 1)[1].split()  # unsure cards marked: "W?/B11"
    assert [token.split("?")[0] for token in read] == ["R5", "W", "B11"]


def test_check_with_an_unreadable_image_exits_2(fake, tmp_path, capsys):
    assert main(["check", "--phase", "1", "--image", str(tmp_path / "none.jpg")]) == 2
    assert "no such image file" in capsys.readouterr().err
    assert main(["check", "--phase", "1", "R5", "--image", str(tmp_path / "x.jpg")]) == 2
    assert "not both" in capsys.readouterr().err


def test_detect_explain_lists_every_candidate_with_its_stages(fake, photo, capsys):
    assert main(["detect", str(photo), "--explain"]) == 0
    out = capsys.readouterr().out
    assert "pair: two corners paired" in out and "weigh: chance" in out
    assert main(["detect", str(photo), "--explain", "--json"]) == 0
    candidates = json.loads(capsys.readouterr().out)["candidates"]
    assert {row["card"] for row in candidates if row["kept"]} == {"R5", "W", "B11"}
    assert all("dropped_by" in row for row in candidates if not row["kept"])


def test_detect_without_a_stage_changes_the_reading(fake, photo, capsys):
    assert main(["detect", str(photo), "--json", "--without", "pair"]) == 0
    assert json.loads(capsys.readouterr().out)["count"] == 4  # R5's two corners read apart


def test_a_misspelt_stage_exits_2_with_a_suggestion(fake, photo, capsys):
    with pytest.raises(SystemExit) as exited:
        main(["detect", str(photo), "--without", "vanishd"])
    assert exited.value.code == 2
    assert "did you mean vanished?" in capsys.readouterr().err
