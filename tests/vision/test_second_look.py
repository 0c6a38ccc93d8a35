"""The second, closer look: where it looks, how its detections join the first look's."""

from __future__ import annotations

import numpy as np
import pytest

from scorer.vision import second_look
from scorer.vision.detections import DEFAULT_CLASS_NAMES, Detections
from scorer.vision.reading import coarse_detectors, read_cards
from scorer.vision.second_look import look_again, look_coarse, zoom_region
from scorer.vision.settings import READER

CLOSER = READER.zoom_check.side

R5 = DEFAULT_CLASS_NAMES.index("R5")
G7 = DEFAULT_CLASS_NAMES.index("G7")
HW = (960, 1280)


def dets(boxes, class_ids, conf=0.9) -> Detections:
    return Detections(
        np.array(boxes, np.float32), np.full(len(boxes), conf, np.float32), np.array(class_ids)
    )


class ClusterDetector:
    """Sees one R5 index at (400, 300)-(420, 320) in the full frame, and in any crop one G7
    index at a fixed place of the crop (a card only a closer look finds)."""

    def __init__(self) -> None:
        self.shapes: list[tuple[int, int]] = []

    def detect(self, image, conf=0.25, iou=0.7):
        self.shapes.append(image.shape[:2])
        if image.shape[:2] == HW:
            return dets([[400, 300, 420, 320]], [R5])
        return dets([[10, 10, 26, 26]], [G7], conf=0.7)


def test_nothing_found_means_no_second_look():
    assert zoom_region(Detections.empty(), HW) is None


def test_cards_across_the_whole_frame_need_no_second_look():
    assert zoom_region(dets([[5, 5, 25, 25], [1250, 930, 1270, 950]], [R5, R5]), HW) is None


def test_the_region_holds_the_cards_with_a_margin():
    cards = dets([[200, 150, 220, 170], [900, 700, 920, 720]], [R5, R5])
    margin = READER.second_look.margin * 20
    assert zoom_region(cards, HW) == (200 - margin, 150 - margin, 920 + margin, 720 + margin)


def test_a_lone_small_card_is_enlarged_at_most_max_zoom():
    x1, y1, x2, y2 = zoom_region(dets([[600, 400, 610, 410]], [R5]), HW)
    assert max(x2 - x1, y2 - y1) == pytest.approx(max(HW) / READER.second_look.max_zoom, abs=1)
    assert x1 < 600 and x2 > 610 and y1 < 400 and y2 > 410


def test_the_region_stays_inside_the_image():
    x1, y1, x2, y2 = zoom_region(dets([[0, 0, 10, 10]], [R5]), HW)
    assert x1 == 0 and y1 == 0 and x2 <= HW[1] and y2 <= HW[0]


def test_a_closer_look_adds_what_only_it_finds_in_image_pixels():
    detector = ClusterDetector()
    image = np.zeros((*HW, 3), np.uint8)
    first = detector.detect(image)
    merged = look_again(detector, image, first, conf=0.45, iou=0.7)
    x1, y1, _, _ = zoom_region(first, HW)
    assert sorted(merged.names) == ["G7", "R5"]
    g7 = merged.xyxy[merged.names.index("G7")]
    assert g7.tolist() == pytest.approx([x1 + 10, y1 + 10, x1 + 26, y1 + 26])


def test_an_index_both_looks_find_counts_once():
    """The crop's detection of the first look's index, in crop pixels, merges into it."""
    first = dets([[400, 300, 420, 320]], [R5])
    region = zoom_region(first, HW)
    crop_box = [400 - region[0], 300 - region[1], 420 - region[0], 320 - region[1]]

    class Crop:
        def detect(self, image, conf=0.25, iou=0.7):
            return dets([crop_box], [R5], conf=0.8)

    merged = look_again(Crop(), np.zeros((*HW, 3), np.uint8), first, 0.45, 0.7)
    assert len(merged) == 1 and merged.confidence[0] == pytest.approx(0.9)


def test_read_cards_looks_twice_at_photos_and_once_at_live_frames():
    image = np.zeros((*HW, 3), np.uint8)
    detector = ClusterDetector()
    photo = read_cards(image, detector=detector)
    looks = [shape for shape in detector.shapes if shape != (CLOSER, CLOSER)]  # not the closer look
    assert len(looks) == 2 and sorted(str(c.card) for c in photo.cards) == ["G7", "R5"]
    detector = ClusterDetector()
    frame = read_cards(image, detector=detector, second_look=False)
    assert len(detector.shapes) == 1 and [str(c.card) for c in frame.cards] == ["R5"]


WEAK_INDEX = [600, 400, 610, 410]


class DistantDetector:
    """A photo taken from too far: the full frame gives only a weak R5 (0.1) at
    :data:`WEAK_INDEX`, below the reader's confidence; the crop around it shows a G7 clearly,
    on that spot (``offset`` moves it away). Honours ``conf`` like the ONNX detector."""

    def __init__(self, offset: float = 0.0) -> None:
        self.offset = offset

    def detect(self, image, conf=0.25, iou=0.7):
        if image.shape[:2] == HW:
            found = dets([WEAK_INDEX], [R5], conf=0.1)
        else:
            x1, y1, _x2, _y2 = zoom_region(dets([WEAK_INDEX], [R5]), HW)
            spot = np.array(WEAK_INDEX, float) - [x1, y1, x1, y1] + self.offset
            found = dets([spot + [-2, -2, 2, 2]], [G7], conf=0.7)
        return found[found.confidence >= conf]


def test_weak_detections_say_where_to_look_when_nothing_was_read():
    image = np.zeros((*HW, 3), np.uint8)
    photo = read_cards(image, conf=0.45, detector=DistantDetector())
    assert [str(c.card) for c in photo.cards] == ["G7"]
    assert read_cards(image, conf=0.45, detector=DistantDetector(), second_look=False).cards == ()


def test_a_look_guided_by_weak_hints_counts_only_where_they_were():
    """Clutter enlarged reads indices where the first look sensed nothing at all: not cards."""
    image = np.zeros((*HW, 3), np.uint8)
    assert read_cards(image, conf=0.45, detector=DistantDetector(offset=40)).cards == ()


class ClutterDetector:
    """An empty table: the full frame senses a weak 'W' in the clutter (0.1); the closer look at
    it reads a Wild at 0.5, over the reader's confidence but far from sure."""

    def detect(self, image, conf=0.25, iou=0.7):
        found = dets([[600, 400, 610, 410]], [R5], conf=0.1) if image.shape[:2] == HW else (
            dets([[10, 10, 26, 26]], [G7], conf=0.5))
        return found[found.confidence >= conf]


def test_a_look_guided_only_by_weak_hints_must_read_a_sure_card():
    """Weak detections in clutter lead the second look there; what it reads counts only from
    ``second_look.hinted_conf`` up, so an empty table does not get a phantom card."""
    image = np.zeros((*HW, 3), np.uint8)
    assert READER.second_look.hinted_conf > 0.5
    assert read_cards(image, conf=0.45, detector=ClutterDetector()).cards == ()


def test_weak_detections_are_not_cards_and_do_not_move_a_found_region():
    first = dets([[400, 300, 420, 320]], [R5])
    hint = Detections.merge([first, dets([[0, 0, 8, 8]], [G7], conf=0.1)])
    shapes = []

    class Recorder:
        def detect(self, image, conf=0.25, iou=0.7):
            shapes.append(image.shape[:2])
            return Detections.empty()

    merged = look_again(Recorder(), np.zeros((*HW, 3), np.uint8), first, 0.45, 0.7, hint=hint)
    x1, y1, x2, y2 = zoom_region(first, HW)
    assert shapes == [(y2 - y1, x2 - x1)] and merged.names == ["R5"]


class CloseUpCoarse:
    """Coarse detectors (the model at a small input) that read a close-up's large index as a
    Y1; called with an input side, it records the side and gives the detector at it."""

    def __init__(self, boxes=((100, 100, 300, 320),), conf=0.8) -> None:
        self.calls = 0
        self.sides: list[int] = []
        self.found = dets(list(boxes), [DEFAULT_CLASS_NAMES.index("Y1")] * len(boxes), conf)

    def __call__(self, side: int) -> CloseUpCoarse:
        self.sides.append(side)
        return self

    def detect(self, image, conf=0.25, iou=0.7):
        self.calls += 1
        return self.found


def test_a_coarse_look_reads_a_close_up_the_first_look_missed():
    coarse = CloseUpCoarse()
    merged = look_coarse(coarse, np.zeros((*HW, 3), np.uint8), Detections.empty(), 0.45, 0.7)
    assert coarse.calls == 1 and merged.names == ["Y1"]


class FillsTheFrame(CloseUpCoarse):
    """Coarse detectors that read a card filling the frame only at input sides up to
    ``reads_up_to``."""

    def __init__(self, boxes, reads_up_to: int) -> None:
        super().__init__(boxes=boxes)
        self.reads_up_to = reads_up_to

    def detect(self, image, conf=0.25, iou=0.7):
        self.calls += 1
        return self.found if self.sides[-1] <= self.reads_up_to else Detections.empty()


@pytest.mark.parametrize("reads_up_to", READER.second_look.last_resort_imgsz)
def test_a_card_filling_the_frame_is_read_at_the_first_last_resort_input_that_reads_it(
        reads_up_to):
    coarse = FillsTheFrame(boxes=((50, 40, 450, 480),), reads_up_to=reads_up_to)
    merged = look_coarse(coarse, np.zeros((*HW, 3), np.uint8), Detections.empty(), 0.45, 0.7)
    last = READER.second_look.last_resort_imgsz
    assert coarse.sides == [READER.second_look.coarse_imgsz, *last[:last.index(reads_up_to) + 1]]
    assert merged.names == ["Y1"]


def test_no_last_resort_look_when_a_look_already_read_something():
    coarse = FillsTheFrame(boxes=((50, 40, 450, 480),),
                           reads_up_to=READER.second_look.last_resort_imgsz[-1])
    first = dets([[400, 300, 420, 320]], [R5])  # one small index: the coarse look at 256 only
    merged = look_coarse(coarse, np.zeros((*HW, 3), np.uint8), first, 0.45, 0.7)
    assert coarse.sides == [READER.second_look.coarse_imgsz] and merged.names == ["R5"]


def test_no_coarse_look_when_the_first_finds_small_indices_enough():
    first = dets([[400, 300, 420, 320], [800, 500, 820, 520]], [R5, G7])
    coarse = CloseUpCoarse()
    assert look_coarse(coarse, np.zeros((*HW, 3), np.uint8), first, 0.45, 0.7) is first
    assert coarse.calls == 0
    big = dets([[100, 100, 300, 320], [700, 500, 900, 720]], [R5, G7])  # 200 px indices
    look_coarse(coarse, np.zeros((*HW, 3), np.uint8), big, 0.45, 0.7)
    assert coarse.calls == 1 and coarse.sides == [READER.second_look.coarse_imgsz]


def test_the_coarse_look_brings_large_indices_back_to_the_size_the_detector_reads_best():
    """A hand photographed close (indices a twelfth of the frame) reads again at the input that
    makes them about 32 pixels; a card held up reads at the smallest input; a table seen from
    a distance gets no coarse look; nothing found gets the smallest."""
    longest = max(HW)
    def side_for(index: float) -> int | None:
        first = dets([[100, 100, 100 + index, 100 + index], [600, 300, 600 + index, 300 + index]],
                     [R5, G7])
        return second_look.coarse_side(first, HW)

    close = side_for(longest / 12)
    assert close is not None and close % 32 == 0 and abs(longest / 12 * close / longest - 32) < 4
    assert side_for(longest / 4) == READER.second_look.coarse_imgsz
    assert side_for(longest / 40) is None
    assert second_look.coarse_side(Detections.empty(), HW) == READER.second_look.coarse_imgsz


def test_across_looks_the_first_reading_of_an_index_stays_unless_the_coarse_is_surer():
    image = np.zeros((*HW, 3), np.uint8)
    first = dets([[100, 100, 300, 320]], [G7], conf=0.75)
    merged = look_coarse(CloseUpCoarse(conf=0.8), image, first, 0.45, 0.7)
    assert merged.names == ["G7"]  # about as sure: the coarse look adds, it does not overrule
    first = dets([[100, 100, 300, 320]], [G7], conf=0.6)
    merged = look_coarse(CloseUpCoarse(conf=0.8), image, first, 0.45, 0.7)
    assert merged.names == ["Y1"]  # a much surer reading at the index's own scale wins


def test_small_coarse_detections_are_not_trusted():
    tiny = CloseUpCoarse(boxes=((100, 100, 120, 120),))
    assert len(look_coarse(tiny, np.zeros((*HW, 3), np.uint8), Detections.empty(), 0.45, 0.7)) == 0


def test_read_cards_takes_the_coarse_look_from_a_dynamic_onnx_model_only():
    assert coarse_detectors(ClusterDetector()) is None


def test_a_large_photo_of_small_indices_gets_a_fine_look_at_the_size_the_detector_learnt():
    """Indices of 8 input pixels in a 1920-pixel photo read again at the side that makes them
    16, no larger than the photo; indices already that size, or a photo no larger than the
    input, get none."""
    photo = (1080, 1920)
    def side_for(index_px_at_640: float, hw: tuple[int, int] = photo) -> int | None:
        index = index_px_at_640 * max(hw) / 640
        first = dets([[100, 100, 100 + index, 100 + index], [600, 300, 600 + index, 300 + index]],
                     [R5, G7])
        return second_look.fine_side(first, hw, 640)

    assert side_for(10) == 1024 and side_for(10) % 32 == 0
    assert side_for(4) == READER.second_look.fine_max  # never more than that
    assert side_for(8, (720, 800)) == 800 - 800 % 32  # never past the photo's own side
    assert side_for(16) is None and side_for(30) is None
    assert side_for(8, (480, 640)) is None
    assert second_look.fine_side(Detections.empty(), photo, 640) is None
