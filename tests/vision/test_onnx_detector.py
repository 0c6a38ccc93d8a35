"""The ONNX adapter: YOLOv8's metadata and output layout, read into detections in source pixels.

A tiny ONNX graph whose output is a fixed tensor stands in for the detector (it needs the
``onnx`` package, from the ``train`` extra); the shipped model is tested in ``test_model.py``.
"""

from __future__ import annotations

import numpy as np
import pytest

from scorer.vision.onnx_detector import (
    ModelError,
    ModelMetadata,
    ModelNotFoundError,
    OnnxDetector,
    _checked_imgsz,
    decode_output,
    parse_metadata,
    preprocess,
)

NAMES = ("R1", "R2", "W")


def test_only_a_dynamic_model_gets_a_rectangular_input():
    fixed = ModelMetadata(("R1",), (640, 640), 32, False, "")
    free = ModelMetadata(("R1",), (640, 640), 32, False, "", dynamic_input=True)
    assert fixed.input_size_for((960, 1280)) == (640, 640)
    assert free.input_size_for((960, 1280)) == (480, 640)
    assert fixed.input_size_for((960, 1280), limit=960) == (640, 640)
    assert free.input_size_for((960, 1280), limit=960) == (736, 960)  # 720 rounded up to 32
    assert free.input_size_for((640, 640), limit=960) == (960, 960)  # small frames are enlarged


def test_a_fixed_input_model_refuses_another_input_size(tmp_path):
    fixed = ModelMetadata(("R1",), (640, 640), 32, False, "")
    assert _checked_imgsz(None, fixed, tmp_path / "m.onnx") is None
    assert _checked_imgsz(640, fixed, tmp_path / "m.onnx") is None  # its own size is fine
    with pytest.raises(ModelError, match="m.onnx was exported with a fixed 640x640 input"):
        _checked_imgsz(960, fixed, tmp_path / "m.onnx")


def _meta(**extra: str) -> dict[str, str]:
    return {"names": "{0: 'R1', 1: 'R2', 2: 'W'}", "imgsz": "[640, 640]", "stride": "32",
            **extra}


def test_metadata_is_read_from_ultralytics_literals():
    meta = parse_metadata(_meta(description="phase10 cards"))
    assert (meta.class_names, meta.input_hw, meta.stride, meta.end2end) == (
        NAMES, (640, 640), 32, False)
    assert meta.description == "phase10 cards"
    assert parse_metadata(_meta(imgsz="480", names="['R1']")).input_hw == (480, 480)


@pytest.mark.parametrize(("meta", "message"), [
    ({"imgsz": "640"}, "lacks readable 'names'"),
    (_meta(names="{0: 'R1', 2: 'W'}"), "not 0..n-1"),
    (_meta(names="[1, 2]"), "not a list or dict of class names"),
    (_meta(imgsz="[640, 0]"), "is not \\[height, width\\]"),
    (_meta(stride="'x'"), "malformed"),
    (_meta(names="__import__('os').getcwd()"), "lacks readable"),  # never evaluated
])
def test_unreadable_metadata_is_a_model_error(meta, message):
    with pytest.raises(ModelError, match=message):
        parse_metadata(meta)


def _raw(rows: list[tuple[float, float, float, float, int, float]], n_classes: int = 3,
         anchors: int = 8) -> np.ndarray:
    """A raw ``(1, 4 + nc, anchors)`` output holding ``(cx, cy, w, h, class, score)`` rows."""
    out = np.zeros((1, 4 + n_classes, anchors), np.float32)
    for k, (cx, cy, w, h, cls, score) in enumerate(rows):
        out[0, :4, k] = (cx, cy, w, h)
        out[0, 4 + cls, k] = score
    return out


def test_raw_output_is_decoded_to_boxes_above_the_threshold_one_per_overlap_and_class():
    raw = _raw([(50, 50, 20, 20, 0, 0.9), (51, 50, 20, 20, 0, 0.6),  # one R1 read twice
                (51, 50, 20, 20, 1, 0.5),  # an R2 on the same spot: another class, kept
                (200, 200, 10, 10, 2, 0.2)])  # below the threshold
    boxes, scores, class_ids = decode_output(raw, conf=0.25, iou=0.7, n_classes=3)
    np.testing.assert_allclose(boxes[0], [40, 40, 60, 60])
    assert scores.tolist() == pytest.approx([0.9, 0.5]) and class_ids.tolist() == [0, 1]


def test_an_output_of_another_class_count_is_a_model_error():
    with pytest.raises(ModelError, match=r"expected output \(1, 7, anchors\)"):
        decode_output(_raw([], n_classes=5), 0.25, 0.7, n_classes=3)


def test_preprocessing_gives_an_rgb_tensor_in_0_to_1_letterboxed_to_the_input():
    image = np.zeros((60, 120, 3), np.uint8)
    image[..., 2] = 255  # pure red in BGR
    tensor, _box = preprocess(image, (64, 64))
    assert tensor.shape == (1, 3, 64, 64) and tensor.dtype == np.float32
    assert tensor[0, 0, 32, 32] == pytest.approx(1.0) and tensor[0, 2, 32, 32] == 0.0
    assert tensor.max() <= 1.0


def _tiny_model(path, raw: np.ndarray, dynamic: bool = True, side: int = 64) -> str:
    """An ONNX file with ultralytics' metadata whose output is ``raw`` whatever it is shown."""
    onnx = pytest.importorskip("onnx")
    from onnx import TensorProto, helper, numpy_helper

    dims = [1, 3, "h", "w"] if dynamic else [1, 3, side, side]
    graph = helper.make_graph(
        [helper.make_node("Constant", [], ["output0"],
                          value=numpy_helper.from_array(raw, "raw"))],
        "tiny", [helper.make_tensor_value_info("images", TensorProto.FLOAT, dims)],
        [helper.make_tensor_value_info("output0", TensorProto.FLOAT, list(raw.shape))])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    model.ir_version = 8
    for key, value in _meta(imgsz=f"[{side}, {side}]").items():
        model.metadata_props.add(key=key, value=value)
    onnx.save(model, str(path))
    return str(path)


def test_a_detection_comes_back_in_the_photos_own_pixels(tmp_path):
    """A 4:3 photo four times a dynamic model's 128-pixel input runs at 96x128, unpadded: the
    input box (32, 24)-(48, 40) is the photo's (128, 96)-(192, 160), named from the file."""
    model = _tiny_model(tmp_path / "m.onnx", _raw([(40, 32, 16, 16, 2, 0.9)]), side=128)
    detector = OnnxDetector(model)
    found = detector.detect(np.zeros((384, 512, 3), np.uint8))
    np.testing.assert_allclose(found.xyxy, [[128, 96, 192, 160]], atol=0.5)
    assert [found.class_names[c] for c in found.class_id] == ["W"]
    assert detector.input_side == 128 and detector.class_names == NAMES


def test_a_fixed_input_model_reads_no_crops_of_another_size(tmp_path):
    detector = OnnxDetector(_tiny_model(tmp_path / "m.onnx", _raw([]), dynamic=False))
    with pytest.raises(ModelError, match="fixed input"):
        detector.detect_batch([np.zeros((32, 32, 3), np.uint8)])
    with pytest.raises(ValueError, match="multiples of 32"):
        detector.detect_batch([np.zeros((30, 32, 3), np.uint8)])
    assert detector.detect_batch([]) == []


def test_a_missing_or_unreadable_model_file_says_what_to_do(tmp_path):
    with pytest.raises(ModelNotFoundError, match="PHASE10_MODEL"):
        OnnxDetector(tmp_path / "none.onnx")
    (tmp_path / "bad.onnx").write_bytes(b"not a model")
    with pytest.raises(ModelError, match="cannot load the ONNX model"):
        OnnxDetector(tmp_path / "bad.onnx")
