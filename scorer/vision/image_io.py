"""Decoding images from files or bytes, refusing unreadable input and decompression bombs."""

from __future__ import annotations

import io
import warnings
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, UnidentifiedImageError

from scorer.vision.settings import MAX_PIXELS


class ImageError(ValueError):
    """An image that cannot be used: missing, empty, corrupt, truncated or too large."""


def image_size(data: bytes) -> tuple[int, int]:
    """``(width, height)`` declared in an encoded image's header, without decoding the pixels.

    Raises :class:`ImageError` when the header is not that of an image format PIL knows.
    """
    if not data:
        raise ImageError("the image is empty (0 bytes)")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as probe:
                return probe.size
    except Image.DecompressionBombError as error:
        raise ImageError(f"the image is too large to read: {error}") from None
    except (UnidentifiedImageError, ImportError):
        # ImportError: ultralytics, when imported in the same process, patches Image.open to
        # look for an optional HEIF plugin on unknown formats and fails when it is absent.
        raise ImageError(
            f"not a readable image ({len(data)} bytes): the format is unknown or the header is "
            "damaged (send a JPEG, PNG or WebP photo)"
        ) from None
    except (OSError, ValueError, SyntaxError) as error:
        raise ImageError(f"not a readable image ({len(data)} bytes): {error}") from None


def decode_image(data: bytes, max_pixels: int = MAX_PIXELS) -> np.ndarray:
    """Decode encoded image bytes (JPEG, PNG, WebP, ...) to a ``(H, W, 3)`` uint8 BGR array.

    The declared size is checked against ``max_pixels`` before any pixel is decoded. Raises
    :class:`ImageError` on empty, corrupt, truncated or oversized input.
    """
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise ImageError(f"expected encoded image bytes, got {type(data).__name__}")
    data = bytes(data)
    width, height = image_size(data)
    if width <= 0 or height <= 0:
        raise ImageError(f"the image declares an empty size {width}x{height}")
    if width * height > max_pixels:
        raise ImageError(
            f"the image is {width}x{height} = {width * height} pixels; "
            f"the limit is {max_pixels} (resize it before uploading)"
        )
    image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    if image is None or image.size == 0:
        raise ImageError(f"the {width}x{height} image could not be decoded (corrupt or truncated)")
    if _truncated_jpeg(data):
        raise ImageError(f"the {width}x{height} JPEG is truncated (no end-of-image marker)")
    return image


def _truncated_jpeg(data: bytes) -> bool:
    """A JPEG with no end-of-image marker after its last scan (OpenCV decodes the top silently).

    Markers cannot occur inside entropy-coded data (0xFF is stuffed as 0xFF00), so the last
    start-of-scan (FFDA) must be followed by an end-of-image (FFD9); an EXIF thumbnail's own
    FFD9 comes before the main image's scans and does not count.
    """
    return data[:2] == b"\xff\xd8" and data.rfind(b"\xff\xd9") < data.rfind(b"\xff\xda")


def read_image(path: str | Path, max_pixels: int = MAX_PIXELS) -> np.ndarray:
    """Read an image file to a BGR array; :class:`ImageError` if missing, unreadable or too big."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise ImageError(f"no such image file: {path}") from None
    except IsADirectoryError:
        raise ImageError(f"{path} is a directory, not an image") from None
    except OSError as error:
        raise ImageError(f"cannot read {path}: {error.strerror or error}") from None
    try:
        return decode_image(data, max_pixels)
    except ImageError as error:
        raise ImageError(f"{path}: {error}") from None
