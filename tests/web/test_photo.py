"""Photos: the camera pages, POST /api/detect and POST /api/check, and every bad upload."""

from __future__ import annotations

import io

import pytest

from scorer.cards import parse_card
from scorer.vision.card_reading import CardReading, DetectedCard
from scorer.vision.settings import UNSURE_BELOW
from tests.conftest import png_bytes

HEADERS = {"X-Requested-With": "test"}


def detect(client, data: bytes, **kwargs):
    return client.post("/api/detect", data={"image": (io.BytesIO(data), "photo.png")},
                       headers=HEADERS, content_type="multipart/form-data", **kwargs)


def test_detect_answers_the_reader_cards_boxes_and_size(client):
    response = detect(client, png_bytes(120, 80))
    assert response.status_code == 200
    body = response.get_json()
    assert [c["card"] for c in body["cards"]] == ["R5", "B5", "G5", "Y7", "Y7", "W"]
    assert body["count"] == 6 and body["points"] == 50
    assert (body["width"], body["height"]) == (120, 80)
    assert len(body["cards"][0]["box"]) == 4


def test_detect_marks_the_cards_the_reader_is_unsure_of(app, client):
    """The page reads ``unsure`` from the reader's own cards: one threshold, the CLI's."""

    def reader(image, conf):
        return CardReading(tuple(DetectedCard(parse_card(name), confidence, (1, 2, 30, 40))
                                 for name, confidence in (("R5", 0.9), ("B11", 0.48))),
                           image.shape[:2])

    app.config["CARD_READER"] = reader
    body = detect(client, png_bytes()).get_json()
    assert [(c["card"], c["unsure"]) for c in body["cards"]] == [("R5", False), ("B11", True)]
    assert 0.48 < UNSURE_BELOW <= 0.9


def test_detect_takes_a_raw_image_body_too(client):
    response = client.post("/api/detect", data=png_bytes(), headers={
        **HEADERS, "Content-Type": "image/png"})
    assert response.status_code == 200


def truncated_jpeg() -> bytes:
    return png_bytes(200, 200, "JPEG")[:300]


@pytest.mark.parametrize("data, words", [
    (b"", "empty"),
    (b"this is not an image at all", "not a readable image"),
    (png_bytes()[:40], "readable"),
    (truncated_jpeg(), "truncat"),
    (b"\x89PNG\r\n\x1a\n" + b"\x00" * 64, "readable"),
])
def test_bad_uploads_are_400_with_a_message(client, data, words):
    response = detect(client, data)
    assert response.status_code == 400
    assert words in response.get_json()["error"].lower()


def test_a_missing_image_field_is_400(client):
    response = client.post("/api/detect", data={"photo": "x"}, headers=HEADERS,
                           content_type="multipart/form-data")
    assert response.status_code == 400
    assert "image" in response.get_json()["error"]
    text = client.post("/api/detect", data="hello", headers={**HEADERS,
                                                            "Content-Type": "text/plain"})
    assert text.status_code == 400


def test_an_upload_over_the_request_cap_is_413(app, client):
    app.config["MAX_CONTENT_LENGTH"] = 10_000
    response = detect(client, b"\xff\xd8" + b"\x00" * 20_000)
    assert response.status_code == 413
    assert response.get_json()["error"]


def test_an_image_over_the_pixel_cap_is_400(app, client):
    app.config["MAX_IMAGE_PIXELS"] = 100 * 100
    response = detect(client, png_bytes(200, 200))
    assert response.status_code == 400
    assert "pixels" in response.get_json()["error"]


def test_a_decompression_bomb_is_refused_before_decoding(client):
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("1", (20000, 20000)).save(buffer, "PNG")  # 400 megapixels, a few kB
    response = detect(client, buffer.getvalue())
    assert response.status_code == 400


def test_detect_without_a_model_is_503_not_500(app, client, tmp_path, monkeypatch):
    app.config["CARD_READER"] = None
    monkeypatch.setenv("PHASE10_MODEL", str(tmp_path / "missing.onnx"))
    response = detect(client, png_bytes())
    assert response.status_code == 503
    assert response.get_json()["error"]


def test_detect_refuses_a_cross_site_form_post(client):
    response = client.post("/api/detect", data={"image": (io.BytesIO(png_bytes()), "p.png")},
                           content_type="multipart/form-data")
    assert response.status_code == 403


def test_check_typed_cards_against_a_phase(client):
    good = client.post("/api/check", json={"cards": ["R5", "B5", "G5", "Y7", "Y7", "W"],
                                           "phase": 1}).get_json()
    assert good["verdict"]["valid"] is True
    assert good["points"] == 50 and good["count"] == 6
    bad = client.post("/api/check", json={"cards": "R5 B5 G5 Y7 Y8 W", "phase": 1}).get_json()
    assert bad["verdict"]["valid"] is False
    assert bad["verdict"]["code"] and bad["verdict"]["message"]


def test_check_without_a_phase_counts_points(client):
    body = client.post("/api/check", json={"cards": ["W", "S", "R10"]}).get_json()
    assert body == {"cards": ["W", "S", "R10"], "count": 3, "points": 50, "unsure": [],
                    "unsure_points": 0, "verdict": None, "phase": None}


def test_check_a_photo_against_a_phase(client):
    response = client.post("/api/check", headers=HEADERS, content_type="multipart/form-data",
                           data={"image": (io.BytesIO(png_bytes()), "p.png"), "phase": "1"})
    body = response.get_json()
    assert response.status_code == 200
    assert body["verdict"]["valid"] is True
    assert len(body["detections"]) == 6


def test_check_a_players_current_phase_in_a_game(client):
    game = client.post("/api/games", json={"players": ["Ann", "Bob"],
                                           "natural_per_group": True}).get_json()
    cards = ["R5", "W", "W", "W", "W", "W"]
    body = client.post("/api/check", json={"cards": cards, "game": game["id"],
                                           "player": "bob"}).get_json()
    assert body["phase"]["number"] == 1
    assert body["verdict"]["valid"] is False  # the house rule: a natural card in every group
    assert body["verdict"]["code"] == "no_natural"
    plain = client.post("/api/check", json={"cards": cards, "phase": 1}).get_json()
    assert plain["verdict"]["valid"] is True


@pytest.mark.parametrize("body, status", [
    ({"cards": ["R5", "Q9"], "phase": 1}, 400),
    ({"cards": "R13", "phase": 1}, 400),
    ({"cards": ["R5"], "phase": 11}, 400),
    ({"cards": ["R5"], "phase": "two"}, 400),
    ({"cards": 5, "phase": 1}, 400),
    ({"cards": [1, 2], "phase": 1}, 400),
    ({"cards": ["R5"] * 200, "phase": 1}, 400),
    ({"phase": 1}, 400),
    ({"cards": ["R5"], "game": 99, "player": "Ann"}, 404),
    ({"cards": ["R5"], "game": "x", "player": "Ann"}, 400),
])
def test_bad_checks_are_clear_4xx(client, body, status):
    response = client.post("/api/check", json=body)
    assert response.status_code == status, response.get_json()
    assert response.get_json()["error"]


def test_the_check_page_names_the_player_and_phase(client, new_game):
    game_id = new_game(("Ann", "Bob"))
    page = client.get(f"/games/{game_id}/players/1/check").get_data(as_text=True)
    assert "Check the phase of Bob" in page
    assert "2 sets of 3" in page
    assert 'capture="environment"' in page and 'accept="image/*"' in page
    assert f"/games/{game_id}/rounds/new?completed-1=yes" in page


def test_the_hand_page_leads_to_the_round_entry(client, new_game):
    game_id = new_game(("Ann", "Bob"))
    page = client.get(f"/games/{game_id}/players/0/hand").get_data(as_text=True)
    assert "Scan the hand of Ann" in page
    assert f'data-done-url="/games/{game_id}/rounds/new"' in page


def test_camera_pages_for_unknown_seats_are_404(client, new_game):
    game_id = new_game()
    assert client.get(f"/games/{game_id}/players/5/check").status_code == 404


def test_cards_handed_over_in_the_address_start_the_check(client, new_game):
    game_id = new_game()
    page = client.get(f"/games/{game_id}/players/0/check?cards=r5+b5+wild").get_data(
        as_text=True)
    assert 'data-cards="R5 B5 W"' in page
    bad = client.get(f"/games/{game_id}/players/0/check?cards=Q9").get_data(as_text=True)
    assert 'data-cards=""' in bad


def test_choose_your_phase_picks_the_phase_to_check(client):
    game = client.post("/api/games", json={"players": ["Ann", "Bob"], "variant": "choose"})
    game_id = game.get_json()["id"]
    page = client.get(f"/games/{game_id}/players/1/check?phase=8").get_data(as_text=True)
    assert 'data-phase="8"' in page
    assert f"/games/{game_id}/rounds/new?completed-1=yes&amp;phase-1=8" in page
    body = client.post("/api/check", json={"cards": "R1 R2 R3 R4 R5 R6 R9", "game": game_id,
                                           "player": "Bob", "phase": 8}).get_json()
    assert body["phase"]["number"] == 8 and body["verdict"]["valid"] is True


def test_the_scoreboard_links_each_player_to_the_photo_and_live_checks(client, new_game):
    game_id = new_game()
    board = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert f"/games/{game_id}/players/1/check" in board
    assert f"/games/{game_id}/players/1/live" in board
    assert f"/games/{game_id}/players/1/hand" in board


def test_the_tie_breaker_check_names_the_winner_in_the_round_entry(client, new_game, play_round):
    game_id = new_game(("Cy", "Di", "Ed"), variant="short", phases_count=2)
    play_round(game_id, {0: (True, None), 1: (True, 50), 2: (False, 50)}, went_out=0)
    play_round(game_id, {0: (True, 50), 1: (True, None), 2: (False, 50)}, went_out=1)
    page = client.get(f"/games/{game_id}/players/1/check").get_data(as_text=True)
    assert "1 set of 5 + 1 set of 3" in page
    assert f"/games/{game_id}/rounds/new?went_out=1" in page
    form = client.get(f"/games/{game_id}/rounds/new?went_out=1").get_data(as_text=True)
    assert 'name="went_out" value="1" checked' in form


def test_the_real_reader_uses_the_chosen_deck_model(app, client, monkeypatch, tmp_path):
    import scorer.decks.store
    import scorer.vision

    seen = {}

    def fake_read_cards(image, conf=0.25, *, model=None, imgsz=None, second_look=True):
        seen["model"], seen["imgsz"] = model, imgsz
        return CardReading((), image.shape[:2])

    chosen = tmp_path / "deck-v1.onnx"
    monkeypatch.setattr(scorer.vision, "read_cards", fake_read_cards)
    monkeypatch.setattr(scorer.decks.store, "chosen_model", lambda instance: chosen)
    app.config["CARD_READER"] = None
    assert detect(client, png_bytes()).status_code == 200
    assert seen["model"] == str(chosen)
    assert seen["imgsz"] is None  # the exported input size unless DETECT_IMGSZ says otherwise


def _choose_game_after_phase_3(app) -> int:
    """A choose-your-phase game in which Bob has completed phase 3."""
    from web import service
    with app.test_request_context():
        state = service.create("", service.new_setup(["Ann", "Bob"], variant="choose"))
        service.add_round(state, service.parse_round({"results": [
            {"player": "Ann", "completed": False, "points": 50},
            {"player": "Bob", "completed": True, "phase": 3}], "went_out": "Bob"}))
        return state.game.id


def test_a_phase_the_player_already_completed_is_refused_with_its_code(app, client):
    game_id = _choose_game_after_phase_3(app)
    response = client.post("/api/check", json={"cards": "R5 B5 G5 R7", "game": game_id,
                                               "player": "Bob", "phase": 3},
                           headers={"Accept-Language": "pl"})
    assert response.status_code == 400
    body = response.get_json()
    assert body["code"] == "phase_not_available" and body["field"] == "phase"
    assert body["params"] == {"given": 3, "remaining": [1, 2, 4, 5, 6, 7, 8, 9, 10]}
    assert body["error"].startswith("Faza 3")  # the page's language
    page = client.get(f"/games/{game_id}/players/1/check?phase=3")
    assert page.status_code == 400
    assert "Phase 3 is not open to this player" in page.get_data(as_text=True)
    assert 'value="3"' not in client.get(f"/games/{game_id}/players/1/check").get_data(
        as_text=True)  # the completed phase is not offered


def test_a_phase_that_is_not_the_players_turn_is_refused_with_its_code(client, new_game):
    game_id = new_game(("Ann", "Bob"))
    response = client.post("/api/check", json={"cards": "R5 B5 G5 R7 B7 G7", "game": game_id,
                                               "player": "Ann", "phase": 2})
    assert response.status_code == 400
    body = response.get_json()
    assert body["code"] == "wrong_phase"
    assert body["params"] == {"given": 2, "expected": 1}
    assert body["error"] == "Plays phase 1 this round, not phase 2."
    assert client.get(f"/games/{game_id}/players/0/hand?phase=2").status_code == 400
    same = client.post("/api/check", json={"cards": "R5 B5 G5 R7 B7 G7", "game": game_id,
                                           "player": "Ann", "phase": 1})
    assert same.status_code == 200 and same.get_json()["verdict"]["valid"] is True


def test_the_tie_breaker_goal_is_the_only_phase_to_check(client, new_game, play_round):
    game_id = new_game(("Cy", "Di", "Ed"), variant="short", phases_count=2)
    play_round(game_id, {0: (True, None), 1: (True, 50), 2: (False, 50)}, went_out=0)
    play_round(game_id, {0: (True, 50), 1: (True, None), 2: (False, 50)}, went_out=1)
    body = client.post("/api/check", json={"cards": "R5", "game": game_id,
                                           "player": "Di"}).get_json()
    goal = body["phase"]["number"]
    assert body["phase"]["description"] == "1 set of 5 + 1 set of 3"
    refused = client.post("/api/check", json={"cards": "R5", "game": game_id,
                                              "player": "Di", "phase": 1})
    assert refused.status_code == 400 and refused.get_json()["code"] == "wrong_phase"
    assert refused.get_json()["params"]["expected"] == goal
