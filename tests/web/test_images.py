"""Uploaded photos: where the bytes come from, and decode memory: large photos are decoded
reduced, and share a pixel budget.

A 135 KB one-colour 7200x5500 PNG decodes to 119 MB; eight at once took the server past 4 GB.
Now it is decoded at 3600x2750 and waits for room in ``DECODE_PIXEL_BUDGET``;
``tools/bench_decode_memory.py`` prints the peak RSS.
"""

from __future__ import annotations

import io
import threading

import pytest
from flask import request

from tests.conftest import FakeReader, png_bytes
from web import create_app
from web.images import ImageError, image_from_request, upload_bytes

PHOTO_HEADERS = {"X-Requested-With": "test"}


class CountingReader(FakeReader):
    """A fake reader that counts the photos being read at once, and can be held."""

    def __init__(self) -> None:
        super().__init__()
        self.lock = threading.Lock()
        self.now = self.most = 0
        self.hold = threading.Event()
        self.hold.set()
        self.entered = threading.Event()

    def __call__(self, image, conf=0.25):
        with self.lock:
            self.now += 1
            self.most = max(self.most, self.now)
        self.entered.set()
        self.hold.wait(10)
        threading.Event().wait(0.05)  # long enough for the others to pile up
        with self.lock:
            self.now -= 1
        return super().__call__(image, conf)


@pytest.fixture
def slot_app(tmp_path):
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False,
                      "DATABASE": str(tmp_path / "d.sqlite"), "CARD_READER": CountingReader(),
                      "DECODE_PIXEL_BUDGET": 4000, "LARGE_IMAGE_PIXELS": 1000,
                      "DECODE_WAIT": 10})
    yield app
    app.extensions["phase10_live"].stop()


def post_photo(app, photo: bytes) -> int:
    return app.test_client().post("/api/detect", data=photo, content_type="image/png",
                                  headers=PHOTO_HEADERS).status_code


def test_large_photos_wait_for_room_in_the_budget(slot_app):
    photo = png_bytes(64, 48)  # 3,072 pixels: "large" for this app, two do not fit in 4,000
    statuses: list[int] = []
    start = threading.Barrier(4)

    def send() -> None:
        start.wait()
        statuses.append(post_photo(slot_app, photo))

    threads = [threading.Thread(target=send) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert statuses == [200] * 4
    assert slot_app.config["CARD_READER"].most == 1


def test_small_photos_need_no_budget_and_a_long_wait_is_503(slot_app):
    reader = slot_app.config["CARD_READER"]
    slot_app.config["DECODE_WAIT"] = 0.01
    reader.hold.clear()
    first = threading.Thread(target=post_photo, args=(slot_app, png_bytes(64, 48)))
    first.start()
    try:
        assert reader.entered.wait(10)
        response = slot_app.test_client().post("/api/detect", data=png_bytes(64, 48),
                                               content_type="image/png", headers=PHOTO_HEADERS)
        assert response.status_code == 503
        assert "busy" in response.get_json()["error"]
        reader.hold.set()  # the small one below must not wait for the large one
        assert post_photo(slot_app, png_bytes(20, 20)) == 200
    finally:
        reader.hold.set()
        first.join(30)


def test_a_photo_larger_than_the_whole_budget_is_a_413(slot_app):
    response = slot_app.test_client().post("/api/detect", data=png_bytes(100, 50),
                                           content_type="image/png", headers=PHOTO_HEADERS)
    assert response.status_code == 413
    assert "too large" in response.get_json()["error"]
    assert post_photo(slot_app, png_bytes(64, 48)) == 200  # nothing was left held


@pytest.mark.parametrize("size, limit, factor", [
    ((7200, 5500), 4000, 2), ((4000, 3000), 4000, 1), ((4032, 3024), 4000, 2),
    ((5500, 7200), 1000, 8), ((30000, 10), 1000, 8), ((7200, 5500), None, 1)])
def test_the_reduction_keeps_the_long_side_within_the_limit(app, size, limit, factor):
    from web.images import decode_reduction

    app.config["DECODE_MAX_SIDE"] = limit
    with app.app_context():
        assert decode_reduction(*size) == factor


class ShapeReader(FakeReader):
    """Records the shape of the image it is given."""

    shapes: list = []

    def __call__(self, image, conf=0.25):
        self.shapes.append(image.shape)
        return super().__call__(image, conf)


@pytest.mark.parametrize("fmt", ["PNG", "JPEG"])
def test_a_long_photo_is_read_reduced_and_answered_in_its_own_pixels(app, client, fmt):
    app.config.update(DECODE_MAX_SIDE=500, CARD_READER=ShapeReader(names=["R5", "B7"]))
    response = client.post("/api/detect", data=png_bytes(1600, 1200, fmt),
                           content_type="image/png", headers=PHOTO_HEADERS)
    assert response.status_code == 200
    assert app.config["CARD_READER"].shapes[-1][:2] == (300, 400)  # 1/4
    body = response.get_json()
    assert (body["width"], body["height"]) == (1600, 1200)
    assert body["cards"][1]["box"][2] == pytest.approx(4 * (400 - 4))  # the reader's x2, times 4
    assert body["cards"][0]["box"][3] == pytest.approx(4 * 300 * 0.6)


def test_the_budget_is_given_back(slot_app):
    budget = slot_app.extensions["phase10_pixel_budget"]
    for _ in range(3):
        assert post_photo(slot_app, png_bytes(64, 48)) == 200
    assert budget.used == 0


def test_the_photo_comes_from_the_form_field_or_the_raw_body(app):
    photo = png_bytes()
    with app.test_request_context(method="POST", data={"image": (io.BytesIO(photo), "p.png")}):
        assert upload_bytes(request) == photo
    for mimetype in ("image/jpeg", "application/octet-stream"):
        with app.test_request_context(method="POST", data=photo, content_type=mimetype):
            assert upload_bytes(request) == photo


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"data": {"photo": (io.BytesIO(b"x"), "x.png")}}, "the form field 'image'"),
    ({"json": {"image": "x"}}, "or the image itself as the body"),
])
def test_a_request_without_a_photo_says_how_to_send_one(app, kwargs, message):
    with app.test_request_context(method="POST", **kwargs), pytest.raises(ImageError,
                                                                          match=message):
        upload_bytes(request)


def test_a_photo_larger_than_allowed_is_refused_before_decoding(app):
    app.config["MAX_IMAGE_PIXELS"] = 64 * 48 - 1
    with app.test_request_context(method="POST", data=png_bytes(64, 48),
                                  content_type="image/png"), pytest.raises(ImageError):
        image_from_request(request)
    app.config["MAX_IMAGE_PIXELS"] = 64 * 48
    with app.test_request_context(method="POST", data=png_bytes(64, 48),
                                  content_type="image/png"):
        assert image_from_request(request).shape == (48, 64, 3)
