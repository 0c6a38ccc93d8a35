"""Letterbox, box conversion, IoU and NMS: small pure numpy functions."""

from __future__ import annotations

import numpy as np
import pytest

from scorer.vision.geometry import (
    box_iou,
    fitted_size,
    letterbox,
    nms,
    unletterbox_boxes,
    xywh_to_xyxy,
)
from scorer.vision.settings import READER

PAD_VALUE = READER.detector.pad_value


def test_letterbox_of_a_wide_image_pads_top_and_bottom():
    """A 1280x960 (w x h) frame into 640x640: scale 0.5, 480 rows of image, 80 rows of padding
    above and below. Swapping height and width (the classic bug) would pad left and right."""
    image = np.zeros((960, 1280, 3), np.uint8)
    boxed, box = letterbox(image, (640, 640))
    assert boxed.shape == (640, 640, 3)
    assert box.scale == pytest.approx(0.5)
    assert (box.pad_x, box.pad_y) == (0.0, 80.0)
    assert box.source_hw == (960, 1280)
    assert (boxed[:80] == PAD_VALUE).all() and (boxed[-80:] == PAD_VALUE).all()
    assert (boxed[80:560] == 0).all()


def test_letterbox_of_a_tall_image_pads_left_and_right():
    image = np.zeros((800, 400, 3), np.uint8)
    boxed, box = letterbox(image, (640, 640))
    assert box.scale == pytest.approx(0.8)
    assert (box.pad_x, box.pad_y) == (160.0, 0.0)
    assert (boxed[:, :160] == PAD_VALUE).all() and (boxed[:, 160:480] == 0).all()


def test_letterbox_to_a_non_square_input():
    boxed, box = letterbox(np.zeros((100, 300, 3), np.uint8), (480, 640))
    assert boxed.shape == (480, 640, 3)
    assert box.scale == pytest.approx(640 / 300)


@pytest.mark.parametrize(("source", "expected"), [
    ((960, 1280), (480, 640)),   # a 4:3 webcam frame: no padding at all
    ((1280, 960), (640, 480)),   # the same phone photo held upright
    ((720, 1280), (384, 640)),   # 16:9: 360 rows padded up to the stride
    ((640, 640), (640, 640)),
    ((100, 200), (320, 640)),    # small frames are enlarged to the limit, as with a fixed input
])
def test_a_dynamic_input_fits_the_frame_in_stride_multiples(source, expected):
    assert fitted_size(source, (640, 640)) == expected
    padded, box = letterbox(np.zeros((*source, 3), np.uint8), expected)
    assert padded.shape[:2] == expected and box.scale == pytest.approx(
        min(640 / source[0], 640 / source[1]))


def test_boxes_round_trip_through_the_letterbox():
    """A box drawn on a non-square source maps into the input and back to the same pixels."""
    image = np.zeros((720, 1280, 3), np.uint8)
    image[100:200, 900:1000] = 255
    boxed, box = letterbox(image, (640, 640))
    ys, xs = np.nonzero(boxed[..., 0] == 255)
    found = np.array([[xs.min(), ys.min(), xs.max() + 1, ys.max() + 1]], np.float32)
    back = unletterbox_boxes(found, box)
    np.testing.assert_allclose(back, [[900, 100, 1000, 200]], atol=2.5)


def test_unletterbox_clips_to_the_source():
    _, box = letterbox(np.zeros((100, 200, 3), np.uint8), (64, 64))
    out = unletterbox_boxes(np.array([[-10, -10, 100, 100]], np.float32), box)
    assert out.min() >= 0 and out[0, 2] <= 200 and out[0, 3] <= 100


def test_letterbox_refuses_an_empty_image():
    with pytest.raises(ValueError, match="empty"):
        letterbox(np.zeros((0, 10, 3), np.uint8), (64, 64))


def test_centre_boxes_become_corner_boxes():
    xywh = np.array([[50, 40, 20, 10], [0, 0, 2, 2]], np.float32)
    np.testing.assert_allclose(xywh_to_xyxy(xywh), [[40, 35, 60, 45], [-1, -1, 1, 1]])


def test_iou_values():
    a = np.array([[0, 0, 10, 10]], np.float32)
    b = np.array([[0, 0, 10, 10], [5, 0, 15, 10], [20, 20, 30, 30], [0, 0, 0, 0]], np.float32)
    np.testing.assert_allclose(box_iou(a, b), [[1.0, 1 / 3, 0.0, 0.0]], atol=1e-6)
    assert box_iou(a, np.zeros((0, 4))).shape == (1, 0)


def test_nms_keeps_the_best_of_overlapping_boxes():
    boxes = np.array([[0, 0, 10, 10], [1, 0, 11, 10], [50, 50, 60, 60]], np.float32)
    scores = np.array([0.8, 0.9, 0.7], np.float32)
    np.testing.assert_array_equal(nms(boxes, scores, 0.5), [1, 2])


def test_nms_by_class_keeps_overlapping_boxes_of_different_classes():
    boxes = np.array([[0, 0, 10, 10], [1, 0, 11, 10]], np.float32)
    scores = np.array([0.8, 0.9], np.float32)
    np.testing.assert_array_equal(nms(boxes, scores, 0.5, class_ids=np.array([3, 4])), [1, 0])
    np.testing.assert_array_equal(nms(boxes, scores, 0.5, class_ids=np.array([3, 3])), [1])


def test_nms_of_nothing_and_bad_shapes():
    assert nms(np.zeros((0, 4)), np.zeros(0)).shape == (0,)
    with pytest.raises(ValueError, match="2 boxes but 1 scores"):
        nms(np.zeros((2, 4)), np.zeros(1))
