"""The Decks pages: enrol from photos, confirm or retake, save, fine-tune in the background,
choose the model (issue 7)."""

from __future__ import annotations

import io
import sys
import time

import cv2
import numpy as np
import pytest

from scorer.cards import ALL_FACES
from scorer.decks import finetune, store
from scorer.decks.gridphoto import render_sheet_photo
from scorer.decks.layout import SHEETS
from web import decks, reader


@pytest.fixture
def deck_app(app, tmp_path):
    """The conftest app with its instance folder in tmp_path and the Decks blueprint."""
    app.instance_path = str(tmp_path / "instance")
    if "decks" not in app.blueprints:
        app.register_blueprint(decks.bp)
    return app


@pytest.fixture
def deck_client(deck_app):
    return deck_app.test_client()


@pytest.fixture(scope="module")
def jpegs():
    from scorer.decks.design import draw_deck

    faces = draw_deck()
    rng = np.random.default_rng(41)
    encode = lambda image: cv2.imencode(".jpg", image)[1].tobytes()  # noqa: E731
    good = {s.name: encode(render_sheet_photo(faces, s, rng).image) for s in SHEETS}
    blurred = encode(render_sheet_photo(faces, SHEETS[0], rng, defect="blurred").image)
    return good, blurred


def _upload(client, name, sheet, data):
    return client.post(f"/decks/enrol/{name}/{sheet}", content_type="multipart/form-data",
                       data={"image": (io.BytesIO(data), f"{sheet}.jpg")})


def test_index_offers_enrolment(deck_client):
    page = deck_client.get("/decks/").get_data(as_text=True)
    assert "Add your deck" in page and "the app's own card reader" in page
    assert "Most players never need this page." in page
    response = deck_client.post("/decks/new", data={"name": "Home Deck"})
    assert response.status_code == 302 and "/decks/" in response.headers["Location"]
    assert deck_client.post("/decks/new", data={"name": "home"}).headers["Location"].endswith(
        "/decks/enrol/home")


def test_enrol_confirm_retake_and_save(deck_client, deck_app, jpegs):
    good, blurred = jpegs
    page = deck_client.get("/decks/enrol/home").get_data(as_text=True)
    assert "R9" in page and "Red 1-12" in page and "Wild and Skip" in page
    response = _upload(deck_client, "home", "red", blurred)
    assert response.status_code == 400
    assert "blurred" in response.get_data(as_text=True)
    assert "Retake the photo of the Red 1-12 sheet" in response.get_data(as_text=True)
    assert _upload(deck_client, "home", "red", good["blue"]).status_code == 302
    assert "look blue" in deck_client.get("/decks/enrol/home").get_data(as_text=True)
    for sheet, data in good.items():
        assert _upload(deck_client, "home", sheet, data).status_code == 302
        assert deck_client.get(f"/decks/enrol/home/{sheet}/preview.jpg").status_code == 200
    assert deck_client.get("/decks/enrol/home/red/R7.png").mimetype == "image/png"
    assert deck_client.get("/decks/enrol/home/red/B7.png").status_code == 404
    premature = deck_client.post("/decks/enrol/home/finish")
    assert premature.status_code == 409 and "not complete" in premature.get_data(as_text=True)
    for sheet in good:
        assert deck_client.post(f"/decks/enrol/home/{sheet}/confirm").status_code == 302
    deck_client.post("/decks/enrol/home/blue/retake")
    assert deck_client.post("/decks/enrol/home/finish").status_code == 409
    _upload(deck_client, "home", "blue", good["blue"])
    deck_client.post("/decks/enrol/home/blue/confirm")
    response = deck_client.post("/decks/enrol/home/finish")
    assert response.status_code == 302
    assert [d.name for d in store.list_decks(deck_app.instance_path)] == ["home"]
    index = deck_client.get("/decks/").get_data(as_text=True)
    assert "Deck home saved" in index and "/decks/home/faces/W.png" in index
    assert deck_client.get("/decks/home/faces/W.png").status_code == 200


def _deck_with_model(instance, tmp_path) -> str:
    store.publish_deck(instance, "home", {c: np.zeros((880, 560, 3), np.uint8)
                                          for c in ALL_FACES})
    onnx = tmp_path / "m.onnx"
    onnx.write_bytes(b"x")
    return store.install_model(instance, "home", onnx)


def test_choose_model_and_switch_back(deck_client, deck_app, tmp_path):
    version = _deck_with_model(deck_app.instance_path, tmp_path)
    deck_client.post("/decks/use", data={"model": version})
    with deck_app.test_request_context():
        assert reader.model_file().name == "home-v1.onnx", "detection uses the deck model"
    assert f'value="{version}" selected' in deck_client.get("/decks/").get_data(as_text=True)
    deck_client.post("/decks/use", data={"model": "shipped"})
    with deck_app.test_request_context():
        assert reader.model_file() is None, "detection is back on the shipped model"
    assert "no model" in deck_client.post("/decks/use", data={"model": "club"},
                                          follow_redirects=True).get_data(as_text=True)


def test_train_without_the_extra_says_how_to_add_it(deck_client, deck_app, tmp_path,
                                                    monkeypatch):
    _deck_with_model(deck_app.instance_path, tmp_path)
    monkeypatch.setattr(finetune, "training_available", lambda: False)
    page = deck_client.post("/decks/home/train", follow_redirects=True).get_data(as_text=True)
    assert "pip install -e &#39;.[train]&#39;" in page


FAKE_TRAINING = """
import sys
from pathlib import Path
from scorer.decks.finetune import write_job
path = Path(sys.argv[sys.argv.index("--progress-file") + 1])
write_job(path, state="running", stage="train", fraction=0.5, message="epoch 1")
write_job(path, state="done", fraction=1.0, version="home-v2")
"""


def test_train_runs_in_the_background_with_progress(deck_client, deck_app, tmp_path,
                                                   monkeypatch):
    _deck_with_model(deck_app.instance_path, tmp_path)
    monkeypatch.setattr(finetune, "training_available", lambda: True)
    deck_app.config["DECK_TRAIN_COMMAND"] = [sys.executable, "-c", FAKE_TRAINING]
    assert deck_client.post("/decks/home/train").status_code == 302
    deadline = time.time() + 30
    state = {}
    while time.time() < deadline:
        state = deck_client.get("/decks/home/train/status").get_json()
        if state["state"] != "running":
            break
        time.sleep(0.2)
    assert state["state"] == "done" and state["version"] == "home-v2"
    assert "home-v2 is ready" in deck_client.get("/decks/").get_data(as_text=True)


def test_failed_background_job_is_reported(deck_client, deck_app, tmp_path, monkeypatch):
    _deck_with_model(deck_app.instance_path, tmp_path)
    monkeypatch.setattr(finetune, "training_available", lambda: True)
    deck_app.config["DECK_TRAIN_COMMAND"] = [sys.executable, "-c",
                                             "import sys; print('boom'); sys.exit(3)"]
    deck_client.post("/decks/home/train")
    deadline = time.time() + 30
    state = {}
    while time.time() < deadline:
        state = deck_client.get("/decks/home/train/status").get_json()
        if state["state"] != "running":
            break
        time.sleep(0.2)
    assert state["state"] == "failed" and "exit 3" in state["error"] and "boom" in state["error"]
