"""Shared read-only scoreboards: the page, its version endpoint and the board fragment."""

from __future__ import annotations


def share_token(client, game_id):
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    start = page.index('href="/s/') + len('href="/s/')
    return page[start:page.index('"', start)]


def test_the_share_link_shows_a_read_only_scoreboard(client, new_game):
    game_id = new_game(("Ann", "Bob"), name="Shared")
    token = share_token(client, game_id)
    page = client.get(f"/s/{token}").get_data(as_text=True)
    assert "Shared" in page and "Ann" in page
    assert "Check phase" not in page and "Enter round" not in page
    assert "<form method=\"post\" action=\"/games" not in page


def test_the_version_moves_when_a_round_is_saved(client, new_game, play_round):
    game_id = new_game()
    token = share_token(client, game_id)
    before = client.get(f"/s/{token}/version")
    assert before.get_json() == {"version": 1}
    assert before.headers["Cache-Control"] == "no-store"
    play_round(game_id, {0: (True, None), 1: (False, 50)}, went_out=0)
    assert client.get(f"/s/{token}/version").get_json() == {"version": 2}
    board = client.get(f"/s/{token}/board").get_data(as_text=True)
    assert 'data-version="2"' in board and "50" in board
    assert "<html" not in board


def test_an_unknown_share_token_is_404(client):
    assert client.get("/s/nope").status_code == 404
    assert client.get("/s/nope/version").status_code == 404


def test_the_shared_page_shows_the_rounds_and_the_chart_read_only(client, new_game, play_round):
    game_id = new_game(("Ann", "Bob"))
    token = share_token(client, game_id)
    empty = client.get(f"/s/{token}").get_data(as_text=True)
    assert "No rounds yet." in empty
    play_round(game_id, {0: (True, None), 1: (False, 55)}, went_out=0)
    for page in (client.get(f"/s/{token}"), client.get(f"/s/{token}/board")):
        text = page.get_data(as_text=True)
        assert '<table id="history">' in text and 'class="plot"' in text
        assert "Σ 55" in text and "✓1" in text
        assert f"/games/{game_id}/rounds" not in text  # no edit link, no delete form
        assert "Delete" not in text and "Edit" not in text


def test_the_shared_page_offers_no_undo_or_redo_that_history_offers(client, new_game, play_round):
    game_id = new_game(("Ann", "Bob"))
    token = share_token(client, game_id)
    play_round(game_id, {0: (True, None), 1: (False, 55)}, went_out=0)
    assert play_round(game_id, {0: (True, None), 1: (False, 60)}, went_out=0).status_code == 302
    version = client.get(f"/api/games/{game_id}").get_json()["version"]
    undone = client.post(f"/games/{game_id}/undo", data={"version": str(version)})
    assert undone.status_code == 302
    history = client.get(f"/games/{game_id}/history").get_data(as_text=True)
    assert 'id="undo"' in history and 'id="redo"' in history  # both offered to the keeper
    for page in (client.get(f"/s/{token}"), client.get(f"/s/{token}/board")):
        text = page.get_data(as_text=True)
        assert "Σ 55" in text
        assert 'id="changes"' not in text and "/undo" not in text and "/redo" not in text
