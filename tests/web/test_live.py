"""The live blueprint: frames in, stable readings out; busy answers; the server webcam feed."""

from __future__ import annotations

import time

import cv2
import numpy as np
import pytest

from scorer.bench.synthetic import ScriptedReader, draw_frame, layout, write_video
from scorer.vision.card_reading import CardReading
from web import create_app, live

SIZE = (640, 360)
HAND = ["R5", "B5", "G5", "Y7", "Y7", "W"]


def jpeg(image: np.ndarray) -> bytes:
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 80])
    assert ok
    return data.tobytes()


@pytest.fixture
def placed():
    return layout(HAND, SIZE)


@pytest.fixture
def make_app(tmp_path, placed):
    apps = []

    def make(**config):
        settings = {
            "TESTING": True,
            "SECRET_KEY": "test",
            "DATABASE": str(tmp_path / "live.sqlite"),
            "CARD_READER": ScriptedReader([placed], SIZE),
            "LIVE_WINDOW": 3,
        }
        settings.update(config)
        app = create_app(settings)
        if "live" not in app.blueprints:  # until web/__init__.py registers it
            app.register_blueprint(live.bp)
        apps.append(app)
        return app

    yield make
    for app in apps:
        app.extensions["phase10_live"].stop()


def post_frame(client, image, stream="s1", **params):
    query = "&".join(f"{k}={v}" for k, v in {"stream": stream, **params}.items())
    return client.post(f"/live/frame?{query}", data=jpeg(image), content_type="image/jpeg")


def test_the_live_page_offers_a_phase_and_the_camera(make_app):
    page = make_app().test_client().get("/live/?phase=4")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert 'id="live-video"' in html and "live.js" in html
    assert '<option value="4" selected>' in html
    assert 'data-server-camera="no"' in html


def test_frames_become_a_stable_reading(make_app, placed):
    client = make_app().test_client()
    frame = draw_frame(0, placed, SIZE)
    first = post_frame(client, frame).get_json()
    assert first["cards"] == [] and sorted(first["pending"]) == sorted(HAND)
    assert [d["card"] for d in first["detections"]] == HAND
    assert not any(d["unsure"] for d in first["detections"])  # read with confidence 0.9
    assert first["size"] == list(SIZE)
    post_frame(client, frame)
    reading = post_frame(client, frame).get_json()
    assert reading["cards"] == ["R5", "B5", "G5", "Y7", "Y7", "W"]
    assert reading["count"] == 6 and reading["points"] == 50
    assert reading["seq"] == 3


def test_streams_are_tracked_separately(make_app, placed):
    client = make_app().test_client()
    frame = draw_frame(0, placed, SIZE)
    for _ in range(3):
        post_frame(client, frame, stream="a")
    assert post_frame(client, frame, stream="b").get_json()["cards"] == []
    client.post("/live/reset?stream=a")
    after_reset = post_frame(client, frame, stream="a").get_json()
    assert after_reset["seq"] == 4 and after_reset["cards"] == []


def test_the_verdict_is_for_the_chosen_phase(make_app, placed):
    pytest.importorskip("scorer.rules.validate", reason="the rules validator has not landed yet")
    client = make_app().test_client()
    frame = draw_frame(0, placed, SIZE)
    for _ in range(3):
        reading = post_frame(client, frame, phase=1).get_json()
    assert reading["verdict"]["valid"] is True
    assert reading["phase"]["number"] == 1


def test_with_every_slot_busy_the_answer_is_503_with_the_last_reading(make_app, placed):
    app = make_app(LIVE_WAIT=0.1)
    client = app.test_client()
    frame = draw_frame(0, placed, SIZE)
    post_frame(client, frame)
    with app.extensions["phase10_live"].limiter.slot():
        start = time.perf_counter()
        response = post_frame(client, frame)
        assert 0.09 < time.perf_counter() - start < 1.0  # waited LIVE_WAIT, no longer
    assert response.status_code == 503
    body = response.get_json()
    assert body["busy"] is True and body["reading"]["seq"] == 1


@pytest.mark.parametrize(
    ("url", "body", "content_type", "status", "message"),
    [
        ("/live/frame", b"x", "image/jpeg", 400, "stream id"),
        ("/live/frame?stream=s", b"x", "text/plain", 415, "Content-Type image/jpeg"),
        ("/live/frame?stream=s", b"not a jpeg", "image/jpeg", 400, "image"),
        ("/live/frame?stream=s&phase=11", b"x", "image/jpeg", 400, "phase"),
        ("/live/frame?stream=s&game=999&seat=0", b"x", "image/jpeg", 404, "no such game"),
    ],
)
def test_bad_frames_are_refused_with_a_reason(make_app, url, body, content_type, status, message):
    response = make_app().test_client().post(url, data=body, content_type=content_type)
    assert response.status_code == status
    assert message in response.get_json()["error"]


def test_an_oversized_frame_is_refused(make_app):
    client = make_app(LIVE_FRAME_MAX_BYTES=1000).test_client()
    response = client.post("/live/frame?stream=s", data=b"\xff" * 2000, content_type="image/jpeg")
    assert response.status_code == 413


def test_without_a_server_camera_the_camera_feed_is_404(make_app):
    response = make_app().test_client().get("/live/camera/reading")
    assert response.status_code == 404
    assert "--camera" in response.get_json()["error"]


def test_the_server_camera_feed_reads_a_video(make_app, tmp_path):
    frames = [layout(["G9", "G10", "S"], SIZE)] * 6
    video = write_video(tmp_path / "table.avi",
                        (draw_frame(i, f, SIZE) for i, f in enumerate(frames)), fps=20)
    app = make_app(LIVE_CAMERA=str(video), CARD_READER=ScriptedReader(frames, SIZE),
                   LIVE_CAMERA_FPS=20)
    client = app.test_client()
    assert 'data-server-camera="yes"' in client.get("/live/").get_data(as_text=True)
    deadline = time.monotonic() + 10
    body = client.get("/live/camera/reading").get_json()
    while not (body["reading"] and body["reading"]["cards"]) and time.monotonic() < deadline:
        time.sleep(0.05)
        body = client.get("/live/camera/reading").get_json()
    assert body["reading"]["cards"] == ["G9", "G10", "S"]
    assert body["running"] and body["error"] is None
    image = client.get("/live/camera/frame.jpg")
    assert image.mimetype == "image/jpeg" and image.headers["X-Live-Seq"].isdigit()
    stream = client.get("/live/camera.mjpg")
    assert stream.mimetype == "multipart/x-mixed-replace"
    chunk = next(stream.response)
    assert chunk.startswith(b"--frame\r\nContent-Type: image/jpeg")
    stream.close()


def test_a_camera_that_will_not_open_is_reported(make_app, tmp_path):
    bad = tmp_path / "bad.avi"
    bad.write_bytes(b"nope")
    response = make_app(LIVE_CAMERA=str(bad)).test_client().get("/live/camera/reading")
    assert response.status_code == 503
    assert "cannot open camera" in response.get_json()["error"]


def test_a_server_camera_that_stopped_is_reopened(make_app, tmp_path, monkeypatch):
    frames = [layout(["B1"], SIZE)] * 4
    video = write_video(tmp_path / "b1.avi",
                        (draw_frame(i, f, SIZE) for i, f in enumerate(frames)), fps=20)
    app = make_app(LIVE_CAMERA=str(video), CARD_READER=ScriptedReader(frames, SIZE))
    monkeypatch.setattr(live, "CAMERA_RETRY_S", 0.0)
    client = app.test_client()
    assert client.get("/live/camera/reading").status_code == 200
    state = app.extensions["phase10_live"]
    first = state.camera()
    first.stop()  # as if the webcam was unplugged
    body = client.get("/live/camera/reading").get_json()
    assert state.camera() is not first and state.camera().running
    assert body["running"]


def test_a_players_page_checks_that_players_phase(make_app, placed):
    """Seat 1's live page shows and checks seat 1's current phase under the game's rules."""
    client = make_app().test_client()
    game = client.post("/api/games", json={"players": ["Ann", "Bob"]}).get_json()["id"]
    page = client.get(f"/games/{game}/players/1/live").get_data(as_text=True)
    assert "Live check: Bob" in page and "Phase 1: 2 sets of 3" in page
    assert f"/games/{game}/players/1/check" in page  # where freezing hands the cards over
    frame = draw_frame(0, placed, SIZE)
    for _ in range(3):
        reading = post_frame(client, frame, game=game, seat=1).get_json()
    assert reading["phase"]["number"] == 1 and reading["verdict"]["valid"] is True
    assert client.get(f"/games/{game}/players/5/live").status_code == 404


def test_when_players_choose_their_phase_the_live_page_offers_their_remaining_ones(
        make_app, placed):
    client = make_app().test_client()
    game = client.post("/api/games", json={"players": ["Ann", "Bob"], "variant": "choose"}
                       ).get_json()["id"]
    page = client.get(f"/games/{game}/players/0/live?phase=2").get_data(as_text=True)
    assert '<option value="2" selected>' in page and '<option value="10"' in page
    frame = draw_frame(0, placed, SIZE)
    for _ in range(3):
        reading = post_frame(client, frame, game=game, seat=0, phase=2).get_json()
    assert reading["phase"]["number"] == 2  # 1 set of 3 + 1 run of 4


def test_a_phase_the_player_may_not_play_is_refused_before_any_frame_is_read(make_app, placed):
    """The live page asks for the seat's phase as the photo check does (one strict rule)."""
    app = make_app()
    client = app.test_client()
    game = client.post("/api/games", json={"players": ["Ann", "Bob"]}).get_json()["id"]
    frame = draw_frame(0, placed, SIZE)
    refused = post_frame(client, frame, game=game, seat=1, phase=4)
    assert refused.status_code == 400
    assert refused.get_json()["code"] == "wrong_phase"
    assert refused.get_json()["params"] == {"given": 4, "expected": 1}
    page = client.get(f"/games/{game}/players/1/live?phase=4",
                      headers={"Accept-Language": "sv"})
    assert page.status_code == 400
    assert "Spelar fas 1 den här rundan, inte fas 4." in page.get_data(as_text=True)


def test_photos_get_the_second_look_and_live_frames_do_not(make_app, placed, monkeypatch):
    """The real reader's path (no injected CARD_READER), with read_cards recorded."""
    import scorer.vision

    looks: list[bool] = []

    def recording_read_cards(image, conf=0.45, **options):
        looks.append(options["second_look"])
        return CardReading((), image.shape[:2])

    monkeypatch.setattr(scorer.vision, "read_cards", recording_read_cards)
    client = make_app(CARD_READER=None).test_client()
    frame = draw_frame(0, placed, SIZE)
    assert post_frame(client, frame).status_code == 200
    photo = client.post(
        "/api/detect", headers={"X-Requested-With": "test"}, content_type="image/jpeg",
        data=jpeg(frame),
    )
    assert photo.status_code == 200, photo.get_json()
    assert looks == [False, True]
