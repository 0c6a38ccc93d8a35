"""Uploaded photos: read the bytes from a request and decode them, or fail with ImageError."""

from __future__ import annotations

import numpy as np
from flask import Request, current_app

from scorer.vision.image_io import ImageError, decode_image

__all__ = ["ImageError", "image_from_request", "upload_bytes"]


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
    """Decode the request's image to a BGR array; empty, corrupt or oversized input fails."""
    data = upload_bytes(req)
    return decode_image(data, max_pixels=current_app.config["MAX_IMAGE_PIXELS"])
