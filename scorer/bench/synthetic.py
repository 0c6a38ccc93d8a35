"""Synthetic live streams for tests and benchmarks: frames that carry their own index.

:func:`draw_frame` paints a table with cards (white rectangles labelled ``R5``, ``W``...) and a
barcode of the frame index along the top; :class:`ScriptedReader` is a fake card reader that
decodes the barcode and answers with that frame's scripted cards (boxes scaled to the image it
gets), so a whole pipeline (video file or browser camera -> JPEG -> server -> tracker) can be
checked against known cards without the detector. :func:`write_video` (any OpenCV container)
and :func:`write_y4m` (Chromium's ``--use-file-for-fake-video-capture``) save the frames.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

import cv2
import numpy as np

from scorer.cards import parse_card
from scorer.render.backgrounds import sample_background
from scorer.render.backs import render_back
from scorer.render.faces import CARD_W_MM, FaceSet, sample_style
from scorer.render.layouts import Layout, Placement
from scorer.render.scene import render_scene
from scorer.vision.card_reading import CardReading, DetectedCard

Box = tuple[float, float, float, float]
Placed = tuple[str, Box]
"""A card name and its box ``x1, y1, x2, y2`` in the frame's pixels."""

SCRIPTED_CONFIDENCE = 0.9
"""The confidence the fake reader gives every card it reads."""

STAMP_BITS = 10
"""Bits of frame index in the barcode (indices 0..1023)."""

_BLOCKS = STAMP_BITS + 2  # a white guard block, the bits, a black guard block
_COLOURS_BGR = {"R": (40, 40, 210), "B": (200, 90, 20), "G": (40, 150, 40), "Y": (0, 190, 230)}


def layout(cards: Sequence[str], size: tuple[int, int] = (1280, 720)) -> list[Placed]:
    """Place ``cards`` side by side, slightly fanned, in a frame of ``size = (width, height)``."""
    width, height = size
    n = max(1, len(cards))
    card_w = min(width * 0.8 / n, height * 0.35)
    card_h = card_w * 1.5
    left = (width - n * card_w * 1.05) / 2
    placed = []
    for i, name in enumerate(cards):
        x1 = left + i * card_w * 1.05
        y1 = height * 0.3 + (i % 2) * height * 0.05
        placed.append((str(parse_card(name)), (x1, y1, x1 + card_w, y1 + card_h)))
    return placed


def draw_frame(index: int, placed: Iterable[Placed], size: tuple[int, int] = (1280, 720),
               ) -> np.ndarray:
    """A ``(height, width, 3)`` BGR frame: felt, the placed cards, the index barcode on top."""
    width, height = size
    frame = np.empty((height, width, 3), np.uint8)
    frame[:] = (60, 110, 40)
    for name, (x1, y1, x2, y2) in placed:
        p1, p2 = (round(x1), round(y1)), (round(x2), round(y2))
        cv2.rectangle(frame, p1, p2, (245, 245, 245), -1)
        cv2.rectangle(frame, p1, p2, (30, 30, 30), 2)
        colour = _COLOURS_BGR.get(name[0], (20, 20, 20)) if name not in ("W", "S") else (20, 20, 20)
        scale = (x2 - x1) / 80
        cv2.putText(frame, name, (round(x1 + (x2 - x1) * 0.1), round(y1 + (y2 - y1) * 0.55)),
                    cv2.FONT_HERSHEY_SIMPLEX, scale, colour, max(2, round(scale * 2)), cv2.LINE_AA)
    stamp(frame, index)
    return frame


def _block_spans(width: int, height: int) -> tuple[list[tuple[int, int]], tuple[int, int]]:
    x0, x1 = width * 0.1, width * 0.9
    step = (x1 - x0) / _BLOCKS
    xs = [(round(x0 + i * step), round(x0 + (i + 1) * step)) for i in range(_BLOCKS)]
    return xs, (round(height * 0.03), round(height * 0.11))


def stamp(frame: np.ndarray, index: int) -> None:
    """Paint ``index`` (0..1023) as a barcode along the top of ``frame``, in place."""
    if not 0 <= index < 2**STAMP_BITS:
        raise ValueError(f"frame index must lie in 0..{2**STAMP_BITS - 1}, got {index}")
    bits = [1] + [(index >> (STAMP_BITS - 1 - i)) & 1 for i in range(STAMP_BITS)] + [0]
    xs, (y0, y1) = _block_spans(frame.shape[1], frame.shape[0])
    for bit, (a, b) in zip(bits, xs, strict=True):
        frame[y0:y1, a:b] = 255 if bit else 0


def read_stamp(image: np.ndarray) -> int | None:
    """The frame index painted by :func:`stamp`, read from a (resized, JPEG-compressed) copy.

    Returns None when the guard blocks are missing (not a stamped frame).
    """
    grey = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    xs, (y0, y1) = _block_spans(grey.shape[1], grey.shape[0])
    bits = []
    for a, b in xs:
        pad_x, pad_y = (b - a) // 4, (y1 - y0) // 4
        bits.append(int(grey[y0 + pad_y:y1 - pad_y, a + pad_x:b - pad_x].mean() > 128))
    if bits[0] != 1 or bits[-1] != 0:
        return None
    return int("".join(map(str, bits[1:-1])), 2)


class ScriptedReader:
    """A fake card reader: decodes the frame index and returns that frame's scripted cards.

    ``frames[i]`` lists the cards (with boxes in ``size`` pixels) detected in frame ``i``; the
    index wraps around, so a looping video keeps its script. An unstamped image reads as no
    cards. Call it as ``reader(image, conf=...)`` like :func:`scorer.vision.read_cards`; it
    answers a :class:`~scorer.vision.card_reading.CardReading` as that does.
    """

    def __init__(self, frames: Sequence[Sequence[Placed]], size: tuple[int, int] = (1280, 720)):
        if not frames:
            raise ValueError("a script needs at least one frame")
        self.frames = [list(frame) for frame in frames]
        self.size = size
        self.calls = 0

    def __call__(self, image: np.ndarray, conf: float = 0.5) -> CardReading:
        self.calls += 1
        height, width = image.shape[:2]
        index = read_stamp(image)
        if index is None:
            return CardReading((), (height, width))
        sx, sy = width / self.size[0], height / self.size[1]
        cards = tuple(
            DetectedCard(parse_card(name), SCRIPTED_CONFIDENCE,
                         (box[0] * sx, box[1] * sy, box[2] * sx, box[3] * sy))
            for name, box in self.frames[index % len(self.frames)]
        )
        return CardReading(cards, (height, width))


def write_video(path: str | Path, frames: Iterable[np.ndarray], fps: float = 10.0) -> Path:
    """Write BGR frames to a Motion-JPEG ``.avi`` that ``cv2.VideoCapture`` reads back."""
    path = Path(path)
    writer = None
    try:
        for frame in frames:
            if writer is None:
                writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), fps,
                                         (frame.shape[1], frame.shape[0]))
                if not writer.isOpened():
                    raise OSError(f"OpenCV cannot write a video to {path}")
            writer.write(frame)
    finally:
        if writer is not None:
            writer.release()
    return path


def write_y4m(path: str | Path, frames: Iterable[np.ndarray], fps: int = 10) -> Path:
    """Write BGR frames as a YUV4MPEG2 (4:2:0) file, Chromium's fake-camera input format.

    Width and height must be even.
    """
    path = Path(path)
    with path.open("wb") as out:
        header_written = False
        for frame in frames:
            height, width = frame.shape[:2]
            if not header_written:
                if width % 2 or height % 2:
                    raise ValueError(f"y4m needs an even frame size, got {width}x{height}")
                out.write(f"YUV4MPEG2 W{width} H{height} F{fps}:1 Ip A1:1 C420jpeg\n".encode())
                header_written = True
            out.write(b"FRAME\n")
            out.write(cv2.cvtColor(frame, cv2.COLOR_BGR2YUV_I420).tobytes())
    return path


def rendered_frames(cards: Sequence[str], count: int, seed: int = 0,
                    size: tuple[int, int] = (1280, 720), pool: str = "train",
                    ) -> list[np.ndarray]:
    """``count`` BGR frames of ``cards`` laid in a row, photographed by the project's renderer.

    One deck design and one layout for the whole clip; each frame gets its own camera view and
    photometric effects (a hand-held camera over a table), framed so the cards fill about two
    thirds of the width, as a camera held over them would.
    """
    width, height = size
    rng = np.random.default_rng(seed)
    style = sample_style(rng, pool)
    faces, back = FaceSet(style), render_back(rng, style.font)
    layout = Layout("hand", [
        Placement(parse_card(name), i * (CARD_W_MM + 10.0), float(rng.uniform(-3, 3)),
                  float(rng.uniform(-4, 4)))
        for i, name in enumerate(cards)
    ])
    square = 960
    table = sample_background(rng, square, pool)
    frames = []
    while len(frames) < count:
        frame_rng = np.random.default_rng(rng.integers(2**32))
        scene = render_scene(frame_rng, layout, faces, back, table.copy())
        corners = np.concatenate([c.corners for c in scene.cards])
        if corners.min() < 0 or corners.max() > square:
            continue  # a card cut by the image edge: take another view
        x0, y0 = corners.min(0)
        x1, y1 = corners.max(0)
        crop_w = min(square, max((x1 - x0) * 1.4, (y1 - y0) * 1.4 * width / height))
        crop_h = crop_w * height / width
        cx = float(np.clip((x0 + x1) / 2, crop_w / 2, square - crop_w / 2))
        cy = float(np.clip((y0 + y1) / 2, crop_h / 2, square - crop_h / 2))
        if not (cx - crop_w / 2 <= x0 and x1 <= cx + crop_w / 2
                and cy - crop_h / 2 <= y0 and y1 <= cy + crop_h / 2):
            continue  # the cards do not fit a 16:9 frame from this view
        k = width / crop_w  # the crop as an affine map: scene pixels -> frame pixels
        matrix = np.array([[k, 0, width / 2 - k * cx], [0, k, height / 2 - k * cy]])
        frame = cv2.warpAffine(scene.image, matrix, (width, height), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REPLICATE)
        frames.append(cv2.cvtColor(frame, cv2.COLOR_RGB2BGR))
    return frames
