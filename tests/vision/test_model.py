"""End to end on the shipped model: models/phase10-cards.onnx on rendered, seeded scenes.

Marked slow (still run in CI). The model is committed with the project, so these tests require
it: a missing model is a failure, not a skip.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from scorer.training.evaluate import evaluate, truth_of
from scorer.vision import read_cards
from scorer.vision.detections import DEFAULT_CLASS_NAMES
from scorer.vision.onnx_detector import OnnxDetector
from scorer.vision.reading import DEFAULT_MODEL, get_detector, model_path

pytestmark = pytest.mark.slow

N_SCENES = 8
SEED = 21  # the renderer's test split uses held-out deck designs
# The scenes the floors were set on: format 4 adds other games' cards, which the shipped
# detector still reads as cards (models/README.md, known limits).
SCENE_FORMAT = 3
# Floors, not targets: the shipped model's measured figures are in models/README.md
# (phase10 eval on datasets/eval). Raise them with a better model.
MIN_PRECISION = 0.80
MIN_RECALL = 0.75


@pytest.fixture(scope="module")
def model():
    """The shipped model (``$PHASE10_MODEL`` overrides it, as everywhere)."""
    path = model_path()
    assert path.is_file(), (
        f"{path} is missing: the shipped model {DEFAULT_MODEL.name} is part of the project "
        "(train it with the commands in docs/training.md)"
    )
    return path


@pytest.fixture(scope="module")
def scenes(tmp_path_factory):
    """Rendered full 640x640 scenes (test designs) with their manifest."""
    from scorer.render.dataset import Settings, build

    out = tmp_path_factory.mktemp("scenes")
    build(out, {"test": N_SCENES}, Settings(seed=SEED, version=SCENE_FORMAT), workers=1,
          progress=False)
    return out


def test_the_model_describes_itself(model):
    meta = OnnxDetector(model).metadata
    assert meta.class_names == DEFAULT_CLASS_NAMES
    assert meta.input_hw == (640, 640)
    assert meta.dynamic_input  # exported with dynamic=True: 4:3 frames run at 640x480
    assert meta.input_size_for((960, 1280)) == (480, 640)
    assert get_detector(str(model)) is get_detector(str(model))  # one session per process


def test_cards_are_read_from_rendered_scenes(model, scenes):
    figures = evaluate(scenes, "test", lambda image: read_cards(image, model=model)).to_dict()
    assert figures["truth_cards"] > 20
    assert figures["precision"] >= MIN_PRECISION, figures
    assert figures["recall"] >= MIN_RECALL, figures


def _scene(scenes, k: int = 0) -> np.ndarray:
    return cv2.imread(str(sorted((scenes / "images" / "test").glob("*.jpg"))[k]))


def test_a_non_square_frame_reads_the_same_cards_in_the_right_place(model, scenes):
    """A 640x480 band cut from a 640x640 scene letterboxes to the same pixels as the scene, with
    grey above and below: the cards inside the band are read again, their boxes shifted up by the
    cut (a height/width swap in the letterbox or the box mapping would move or lose them)."""
    top, bottom = 80, 560
    images = [_scene(scenes, k) for k in range(N_SCENES)]
    readings = [(image, _inside(read_cards(image, model=model), top, bottom)) for image in images]
    scene, square = max(readings, key=lambda pair: len(pair[1]))
    assert square, "no scene with a confidently read card inside the band"
    band = scene[top:bottom]
    assert band.shape == (480, 640, 3)
    wide = read_cards(band, model=model)
    matched = 0
    for card in square:
        expected = np.array(card.box) - np.array([0, top, 0, top])
        same = [c for c in wide.cards if c.card == card.card]
        if same:
            matched += min(np.abs(np.array(c.box) - expected).max() for c in same) < 6
    assert matched >= 0.7 * len(square), (matched, len(square))


def test_a_larger_input_reads_the_cards_in_the_same_place(model, scenes):
    """At ``imgsz=960`` a 640 scene is enlarged, not cropped: the confident cards read at 640
    are read again with boxes in the same source pixels (a scale left out of the box mapping
    would move them by half their coordinates)."""
    assert get_detector(str(model), 960).metadata.input_size_for((640, 640), 960) == (960, 960)
    confident = matched = 0
    for k in range(N_SCENES):
        image = _scene(scenes, k)
        large = read_cards(image, model=model, imgsz=960)
        for card in read_cards(image, model=model).cards:
            if card.confidence < 0.5:
                continue
            confident += 1
            same = [c for c in large.cards if c.card == card.card]
            matched += any(np.abs(np.array(c.box) - card.box).max() < 8 for c in same)
    assert confident >= 5
    assert matched >= 0.7 * confident, (matched, confident)


def test_another_input_size_must_fit_the_stride(model):
    from scorer.vision.onnx_detector import ModelError, OnnxDetector

    with pytest.raises(ModelError, match="multiple of 32, got 1000"):
        OnnxDetector(model, imgsz=1000)


def _inside(reading, top: int, bottom: int, margin: int = 40, threshold: float = 0.5):
    """The confident cards of ``reading`` lying well inside the rows ``top..bottom``."""
    return [
        card for card in reading.cards
        if card.confidence >= threshold
        and card.box[1] >= top + margin and card.box[3] <= bottom - margin
    ]


def test_reading_is_deterministic_and_bytes_match_arrays(model, scenes):
    path = sorted((scenes / "images" / "test").glob("*.jpg"))[1]
    data = path.read_bytes()
    first = read_cards(data, model=model).to_dict()
    assert read_cards(data, model=model).to_dict() == first
    assert read_cards(cv2.imread(str(path)), model=model).to_dict() == first


def test_truth_helper_matches_the_manifest(scenes):
    from scorer.training.evaluate import load_manifest

    records = load_manifest(scenes, "test")
    assert len(records) == N_SCENES
    assert sum(sum(truth_of(r).values()) for r in records) > 0


def test_bench_detect_reports_the_onnx_timing(model):
    from scorer.bench.detect import bench_detect

    result = bench_detect(n_frames=1, repeat=2, model=str(model), compare=False)
    assert result["onnx"]["runs"] == 2 and result["onnx"]["median_ms"] > 0
    assert result["onnx_second_look"]["runs"] == 2
    assert result["frame"] == "1280x960 JPEG"
    one, every = result["stage_ms_one_look"], result["stage_ms_every_look"]
    assert {"decode", "first_look", "pair", "weigh"} <= set(one)  # every look and stage timed
    assert "closer_look" in every and all(ms >= 0 for ms in every.values())


def test_a_batch_of_windows_reads_as_each_window_alone(model, scenes):
    """``detect_batch`` (the closer look's one run) gives what one ``detect`` per window gives."""
    image = cv2.imread(str(scenes / "images" / "test" / "test_000000.jpg"))
    crops = [np.ascontiguousarray(image[y:y + 160, x:x + 160]) for x, y in ((0, 0), (200, 240))]
    detector = OnnxDetector(model, imgsz=160)
    for alone, batched in zip([detector.detect(c, conf=0.1) for c in crops],
                              detector.detect_batch(crops, conf=0.1), strict=True):
        assert batched.names == alone.names
        np.testing.assert_allclose(batched.xyxy, alone.xyxy, atol=0.05)
    with pytest.raises(ValueError):
        detector.detect_batch([crops[0], image[:96, :64]])
