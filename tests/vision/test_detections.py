"""The one detections type: shapes checked, empty is an object, filtering returns a new one."""

from __future__ import annotations

import numpy as np
import pytest

from scorer.vision.detections import DEFAULT_CLASS_NAMES, Detections


def make(n: int = 3) -> Detections:
    xyxy = np.array([[10 * k, 0, 10 * k + 8, 12] for k in range(n)], np.float32)
    return Detections(xyxy, np.linspace(0.3, 0.9, n), np.arange(n))


def test_filtering_returns_a_new_object():
    dets = make()
    strong = dets[dets.confidence >= 0.5]
    assert isinstance(strong, Detections) and len(strong) == 2 and len(dets) == 3
    assert strong.names == ["R2", "R3"]
    assert dets[0].names == ["R1"]


def test_arrays_are_read_only_and_typed():
    dets = make()
    assert dets.xyxy.dtype == np.float32 and dets.class_id.dtype == np.int64
    with pytest.raises(ValueError):
        dets.xyxy[0, 0] = 5
    for computed in (dets.centers, dets.sizes):  # computed once and shared by every caller
        with pytest.raises(ValueError):
            computed[0] = 0
    assert dets.centers[0, 0] == 4


def test_empty_is_an_empty_object():
    empty = Detections.empty()
    assert len(empty) == 0 and empty.xyxy.shape == (0, 4)
    assert len(make()[make().confidence > 2]) == 0
    assert Detections([], [], []).xyxy.shape == (0, 4)
    assert empty.class_names == DEFAULT_CLASS_NAMES


@pytest.mark.parametrize(
    ("xyxy", "confidence", "class_id", "message"),
    [
        (np.zeros((2, 3)), np.zeros(2), np.zeros(2), r"shape \(N, 4\)"),
        (np.zeros((2, 4)), np.zeros(3), np.zeros(2), "must both be"),
        (np.zeros((1, 4)), np.zeros(1), np.array([50]), "class ids"),
        (np.array([[5, 0, 1, 1]]), np.zeros(1), np.zeros(1), "x1 <= x2"),
        (np.zeros((1, 4)), np.zeros(1), np.array([0.5]), "whole numbers"),
    ],
)
def test_shapes_and_values_are_checked(xyxy, confidence, class_id, message):
    with pytest.raises(ValueError, match=message):
        Detections(xyxy, confidence, class_id)


def test_centres_sizes_and_merge():
    dets = make(2)
    np.testing.assert_allclose(dets.centers, [[4, 6], [14, 6]])
    np.testing.assert_allclose(dets.sizes, [np.sqrt(96)] * 2, rtol=1e-6)
    assert len(Detections.merge([dets, dets])) == 4
