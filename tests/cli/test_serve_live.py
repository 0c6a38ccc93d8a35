"""``phase10 serve --camera``: the server's webcam (or a video file) reaches the live blueprint."""

from __future__ import annotations

import pytest

from scorer.cli import main


@pytest.fixture
def served(monkeypatch, tmp_path):
    """Run ``phase10 serve`` without serving: capture the app handed to waitress."""
    import waitress

    captured = {}
    monkeypatch.setattr(waitress, "serve", lambda app, **kwargs: captured.update(app=app, **kwargs))
    monkeypatch.chdir(tmp_path)

    def run(*args: str):
        assert main(["serve", "--db", str(tmp_path / "g.sqlite"), *args]) == 0
        return captured["app"]

    yield run
    app = captured.get("app")
    if app is not None:
        app.extensions["phase10_live"].stop()


def test_serve_camera_configures_the_live_webcam(served, tmp_path):
    video = tmp_path / "table.avi"
    video.write_bytes(b"")
    app = served("--camera", str(video))
    assert app.config["LIVE_CAMERA"] == str(video)
    page = app.test_client().get("/live/")
    assert 'data-server-camera="yes"' in page.get_data(as_text=True)


def test_serve_camera_takes_a_device_index(served):
    assert served("--camera", "0").config["LIVE_CAMERA"] == "0"


def test_serve_without_camera_offers_only_the_browser_camera(served):
    app = served()
    assert app.config["LIVE_CAMERA"] is None
    assert 'data-server-camera="no"' in app.test_client().get("/live/").get_data(as_text=True)
