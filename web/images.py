"""Uploaded photos: read the bytes from a request and decode them, or fail with ImageError.

Decoded pixels cost far more than the upload (a 115 KB all-black 7200x5500 PNG is 119 MB of
BGR), so at most ``DECODE_SLOTS`` large images (over ``LARGE_IMAGE_PIXELS``) are decoded and
held at once; a request holds its slot until it ends, and waits at most ``DECODE_WAIT``
seconds for one (then 503). Small images, such as live frames, need no slot.
"""

from __future__ import annotations

import threading

import numpy as np
from flask import Flask, Request, current_app, g
from flask_babel import gettext as _
from werkzeug.exceptions import ServiceUnavailable

from scorer.vision.image_io import ImageError, decode_image, image_size

__all__ = ["ImageError", "image_from_request", "init_app", "upload_bytes"]

EXTENSION = "phase10_decode_slots"


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


def image_from_request(req: Request) -> np.ndarray:
    """Decode the request's image to a BGR array; empty, corrupt or oversized input fails.

    Raises :class:`ImageError`, or ``ServiceUnavailable`` (503) when every decode slot stays
    taken for ``DECODE_WAIT`` seconds.
    """
    data = upload_bytes(req)
    width, height = image_size(data)  # the header only
    if width * height > current_app.config["LARGE_IMAGE_PIXELS"]:
        _take_slot()
    return decode_image(data, max_pixels=current_app.config["MAX_IMAGE_PIXELS"])


def _take_slot() -> None:
    if g.get("decode_slot"):
        return
    slots: threading.BoundedSemaphore = current_app.extensions[EXTENSION]
    if not slots.acquire(timeout=float(current_app.config["DECODE_WAIT"])):
        raise ServiceUnavailable(_("The server is busy reading other large photos; try again."))
    g.decode_slot = slots


def _release_slot(_exc: BaseException | None = None) -> None:
    slots = g.pop("decode_slot", None)
    if slots is not None:
        slots.release()


def init_app(app: Flask) -> None:
    """The app's decode slots, released when each request ends."""
    app.extensions[EXTENSION] = threading.BoundedSemaphore(int(app.config["DECODE_SLOTS"]))
    app.teardown_request(_release_slot)
