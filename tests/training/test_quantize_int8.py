"""tools/quantize_int8.py: which nodes of the shipped detector stay float in its int8 copy."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

onnx = pytest.importorskip("onnx")
pytest.importorskip("onnxruntime.quantization")

ROOT = Path(__file__).resolve().parents[2]
MODEL = ROOT / "models" / "phase10-cards.onnx"
spec = importlib.util.spec_from_file_location("quantize_int8", ROOT / "tools" / "quantize_int8.py")
quantize_int8 = importlib.util.module_from_spec(spec)
spec.loader.exec_module(quantize_int8)


@pytest.fixture(scope="module")
def graph():
    if not MODEL.is_file():
        pytest.skip("no shipped model")
    return onnx.load(str(MODEL), load_external_data=False)


def test_the_heads_output_convolutions_stay_float_and_the_body_does_not(graph):
    kept = set(quantize_int8.float_nodes(graph))
    convs = [node.name for node in graph.graph.node if node.op_type == "Conv"]
    outputs = [name for name in convs if name.startswith("/model.22/") and
               name.endswith(".2/Conv")]
    assert len(outputs) == 6  # box and class convolutions at three strides
    assert set(outputs) <= kept  # one int8 scale for boxes and scores reads no card at all
    assert "/model.0/conv/Conv" not in kept
    assert not any(name.startswith("/model.9/") for name in kept)


def test_a_prefix_keeps_more_of_the_network_float(graph):
    kept = set(quantize_int8.float_nodes(graph, ("/model.0/",)))
    assert "/model.0/conv/Conv" in kept
    assert "/model.1/conv/Conv" not in kept
