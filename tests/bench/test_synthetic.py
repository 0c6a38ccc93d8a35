"""Synthetic live streams: frames that carry their own index through resizing and JPEG, and a
fake reader that answers each frame's scripted cards."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from scorer.bench.synthetic import (
    ScriptedReader,
    draw_frame,
    layout,
    read_stamp,
    stamp,
    write_video,
)


@pytest.mark.parametrize("index", [0, 1, 517, 1023])
def test_a_frames_index_survives_a_smaller_jpeg(index):
    frame = draw_frame(index, layout(["R5", "W"]))
    small = cv2.resize(frame, (640, 360), interpolation=cv2.INTER_AREA)
    jpeg = cv2.imdecode(cv2.imencode(".jpg", small, [cv2.IMWRITE_JPEG_QUALITY, 60])[1],
                        cv2.IMREAD_COLOR)
    assert read_stamp(jpeg) == index


def test_an_unstamped_image_has_no_index_and_an_index_out_of_range_is_refused():
    assert read_stamp(np.full((360, 640, 3), 128, np.uint8)) is None
    with pytest.raises(ValueError, match="0..1023"):
        stamp(np.zeros((360, 640, 3), np.uint8), 1024)


def test_cards_are_laid_side_by_side_inside_the_frame():
    placed = layout(["r5", "b7", "wild"], (1280, 720))
    assert [name for name, _box in placed] == ["R5", "B7", "W"]
    boxes = [box for _name, box in placed]
    assert all(0 <= x1 < x2 <= 1280 and 0 <= y1 < y2 <= 720 for x1, y1, x2, y2 in boxes)
    assert all(a[2] < b[0] for a, b in zip(boxes, boxes[1:], strict=False))


def test_the_scripted_reader_answers_each_frames_cards_scaled_to_the_image():
    script = [layout(["R5"]), layout(["W", "S"])]
    reader = ScriptedReader(script)
    second = cv2.resize(draw_frame(1, script[1]), (640, 360))
    reading = reader(second)
    assert [str(card.card) for card in reading.cards] == ["W", "S"]
    assert reading.cards[0].box[2] == pytest.approx(script[1][0][1][2] / 2)
    assert [str(c.card) for c in reader(draw_frame(2, script[0])).cards] == ["R5"]  # it loops
    assert reader(np.zeros((360, 640, 3), np.uint8)).cards == () and reader.calls == 3


def test_a_written_video_reads_back_frame_by_frame(tmp_path):
    frames = [draw_frame(k, layout(["G9"]), (320, 240)) for k in range(3)]
    path = write_video(tmp_path / "stream.avi", frames)
    capture = cv2.VideoCapture(str(path))
    read = []
    while True:
        ok, image = capture.read()
        if not ok:
            break
        read.append(read_stamp(image))
    capture.release()
    assert read == [0, 1, 2]
