"""Uploaded photos: read the bytes from a request and decode them, or fail with ImageError.

Decoded pixels cost far more than the upload (a 135 KB one-colour 7200x5500 PNG is 119 MB of
BGR, and the reader's working copies scale with it), so two things bound the memory:

* :func:`decode_reduction` is the one place that decides whether a photo is decoded at full
  resolution or reduced: a photo whose long side is over ``DECODE_MAX_SIDE`` (2,560) is
  decoded at 1/2, 1/4 or 1/8 (JPEG straight at that size; other formats are decoded whole,
  then shrunk). The reader reads at 640 pixels and looks closer at crops, twice to four times
  that is all it uses; boxes are answered in the photo's own pixels (:func:`in_source_pixels`).
* A pixel budget (``DECODE_PIXEL_BUDGET``) across the requests reading photos: a photo whose
  decode needs more than ``LARGE_IMAGE_PIXELS`` (the full size of a PNG decoded reduced, the
  reduced size of a JPEG) waits until that fits (at most ``DECODE_WAIT`` seconds, then 503)
  and holds it until its request ends, while the reader works on it; one that could never
  fit is a 413. Small images, such as live frames, need no budget.
* Freed pixels go back to the system at once (:mod:`web.memory`).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, replace

import cv2
import numpy as np
from flask import Flask, Request, current_app, g
from flask_babel import gettext as _
from werkzeug.exceptions import RequestEntityTooLarge, ServiceUnavailable

from scorer.vision.card_reading import CardReading
from scorer.vision.image_io import ImageError, _truncated_jpeg, decode_image, image_size
from web import memory

__all__ = ["ImageError", "Photo", "PixelBudget", "decode_reduction", "image_from_request",
           "in_source_pixels", "init_app", "photo_from_request", "upload_bytes"]

EXTENSION = "phase10_pixel_budget"
REDUCED_FLAGS = {1: cv2.IMREAD_COLOR, 2: cv2.IMREAD_REDUCED_COLOR_2,
                 4: cv2.IMREAD_REDUCED_COLOR_4, 8: cv2.IMREAD_REDUCED_COLOR_8}


@dataclass(frozen=True)
class Photo:
    """A decoded upload: ``pixels`` ``(H, W, 3)`` uint8 BGR, decoded at 1/``scale`` of the
    photo's own ``width`` x ``height``."""

    pixels: np.ndarray
    scale: int
    width: int
    height: int


class PixelBudget:
    """Pixels that requests may decode and hold at once; :meth:`take` waits for room."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.used = 0
        self._room = threading.Condition()

    def take(self, pixels: int, timeout: float) -> bool:
        """Hold ``pixels`` once they fit, waiting at most ``timeout`` seconds; False if not."""
        with self._room:
            if not self._room.wait_for(lambda: self.used + pixels <= self.total, timeout):
                return False
            self.used += pixels
            return True

    def give(self, pixels: int) -> None:
        with self._room:
            self.used -= pixels
            self._room.notify_all()


def upload_bytes(req: Request) -> bytes:
    """The image bytes of a request: the ``image`` file of a form, or a raw ``image/*`` body."""
    if req.mimetype.startswith("multipart/form-data"):
        upload = req.files.get("image")
        if upload is None:
            raise ImageError("no image: send the photo as the form field 'image'")
        return upload.read()
    if req.mimetype.startswith("image/") or req.mimetype == "application/octet-stream":
        return req.get_data(cache=False)
    raise ImageError(
        "no image: send multipart/form-data with a field 'image', or the image itself as the body"
    )


def decode_reduction(width: int, height: int) -> int:
    """The one decision between full resolution and reduced decoding: 1 (full), 2, 4 or 8,
    the least factor that brings the long side to ``DECODE_MAX_SIDE`` or less (None: always
    full resolution)."""
    limit = current_app.config.get("DECODE_MAX_SIDE")
    if not limit:
        return 1
    for factor in (1, 2, 4, 8):
        if max(width, height) / factor <= limit:
            return factor
    return 8


def photo_from_request(req: Request) -> Photo:
    """Decode the request's image (reduced when large; see :func:`decode_reduction`).

    Raises :class:`ImageError` for empty, corrupt or oversized input, ``RequestEntityTooLarge``
    (413) for a photo whose pixels exceed the whole budget, and ``ServiceUnavailable`` (503)
    when the budget stays full for ``DECODE_WAIT`` seconds.
    """
    data = upload_bytes(req)
    width, height = image_size(data)  # the header only
    max_pixels = current_app.config["MAX_IMAGE_PIXELS"]
    if width <= 0 or height <= 0 or width * height > max_pixels:
        return Photo(decode_image(data, max_pixels=max_pixels), 1, width, height)  # its error
    scale = decode_reduction(width, height)
    held = (width // scale) * (height // scale)
    jpeg = data[:3] == b"\xff\xd8\xff"  # libjpeg decodes straight at the reduced size
    decoding = held if scale == 1 or jpeg else width * height + held
    if decoding > current_app.config["LARGE_IMAGE_PIXELS"]:
        _take_pixels(decoding)
    if scale == 1:
        pixels = decode_image(data, max_pixels=max_pixels)
    else:
        pixels = cv2.imdecode(np.frombuffer(data, np.uint8), REDUCED_FLAGS[scale])
        if pixels is None or pixels.size == 0:
            raise ImageError(f"the {width}x{height} image could not be decoded (corrupt or "
                             "truncated)")
        if _truncated_jpeg(data):
            raise ImageError(f"the {width}x{height} JPEG is truncated (no end-of-image marker)")
    return Photo(pixels, scale, width, height)


def image_from_request(req: Request) -> np.ndarray:
    """The pixels of :func:`photo_from_request` (for uses that return no boxes)."""
    return photo_from_request(req).pixels


def in_source_pixels(reading: CardReading, photo: Photo) -> CardReading:
    """``reading`` of ``photo.pixels`` with its boxes in the photo's own pixels."""
    if photo.scale == 1:
        return reading
    cards = tuple(replace(card, box=tuple(v * photo.scale for v in card.box))
                  for card in reading.cards)
    return replace(reading, cards=cards, image_hw=(photo.height, photo.width))


def _take_pixels(pixels: int) -> None:
    budget: PixelBudget = current_app.extensions[EXTENSION]
    _release_pixels()  # a second image in one request gives up the first one's pixels
    if pixels > budget.total:
        raise RequestEntityTooLarge(_(
            "This photo is too large to read here (%(pixels)d megapixels to decode): send a "
            "smaller one.", pixels=round(pixels / 1e6)))
    if not budget.take(pixels, timeout=float(current_app.config["DECODE_WAIT"])):
        raise ServiceUnavailable(_("The server is busy reading other large photos; try again."))
    g.decode_pixels = pixels


def _release_pixels(_exc: BaseException | None = None) -> None:
    taken = g.pop("decode_pixels", 0)
    if taken:
        current_app.extensions[EXTENSION].give(taken)


def init_app(app: Flask) -> None:
    """The app's pixel budget, given back when each request ends."""
    app.extensions[EXTENSION] = PixelBudget(int(app.config["DECODE_PIXEL_BUDGET"]))
    app.teardown_request(_release_pixels)
    memory.return_large_buffers()  # freed pixels leave the process, whichever thread held them
