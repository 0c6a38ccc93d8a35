"""Bad images fail with ImageError and a message; decompression bombs are refused unread."""

from __future__ import annotations

import struct
import zlib

import cv2
import numpy as np
import pytest

from scorer.vision.image_io import ImageError, decode_image, image_size, read_image


def jpeg(h: int = 300, w: int = 400) -> bytes:
    ok, buf = cv2.imencode(".jpg", np.full((h, w, 3), 128, np.uint8))
    return buf.tobytes()


def png_header(width: int, height: int) -> bytes:
    """A PNG whose header declares ``width`` x ``height`` with one tiny compressed row."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(
            ">I", zlib.crc32(kind + data) & 0xFFFFFFFF
        )

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr)
            + chunk(b"IDAT", zlib.compress(b"\x00" * 16)) + chunk(b"IEND", b""))


def test_a_good_jpeg_decodes_to_bgr_with_height_first():
    image = decode_image(jpeg(300, 400))
    assert image.shape == (300, 400, 3) and image.dtype == np.uint8
    assert image_size(jpeg(300, 400)) == (400, 300)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"", "empty"),
        (b"this is not an image" * 5, "format is unknown"),
        (jpeg()[:200], "not a readable image"),
        (jpeg()[: len(jpeg()) // 2], "truncated"),
        (png_header(8_000, 6_000), "limit is"),
        (png_header(100_000, 100_000), "too large"),
    ],
    ids=["empty", "garbage", "header-only", "truncated-jpeg", "over-limit", "bomb"],
)
def test_bad_images_raise_image_error(data, message):
    with pytest.raises(ImageError, match=message):
        decode_image(data)


def test_the_pixel_limit_is_checked_before_decoding():
    with pytest.raises(ImageError, match="300x200 = 60000 pixels"):
        decode_image(jpeg(200, 300), max_pixels=50_000)


def test_not_bytes_is_an_image_error():
    with pytest.raises(ImageError, match="expected encoded image bytes"):
        decode_image("table.jpg")  # type: ignore[arg-type]


def test_read_image_names_the_file(tmp_path):
    with pytest.raises(ImageError, match="no such image file"):
        read_image(tmp_path / "missing.jpg")
    with pytest.raises(ImageError, match="is a directory"):
        read_image(tmp_path)
    bad = tmp_path / "bad.jpg"
    bad.write_bytes(b"\xff\xd8\xff\xe0garbage")
    with pytest.raises(ImageError, match="bad.jpg"):
        read_image(bad)
    good = tmp_path / "good.jpg"
    good.write_bytes(jpeg())
    assert read_image(good).shape == (300, 400, 3)


def test_image_error_is_a_value_error():
    assert issubclass(ImageError, ValueError)
