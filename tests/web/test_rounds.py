"""Round entry: the engine's checks beside the fields, edit/delete/undo, stale writes, the end."""

from __future__ import annotations

import re


def errors(response) -> list[str]:
    return re.findall(r'class="error[^"]*"[^>]*>([^<]*)<', response.get_data(as_text=True))


def standings(client, game_id):
    return client.get(f"/api/games/{game_id}/standings").get_json()


def test_the_round_form_has_a_row_per_player(client, new_game):
    game_id = new_game(("Ann", "Bob", "Cy"))
    page = client.get(f"/games/{game_id}/rounds/new").get_data(as_text=True)
    for seat in range(3):
        assert f'name="completed-{seat}"' in page
        assert f'name="points-{seat}"' in page
        assert f'name="went_out" value="{seat}"' in page
    assert 'name="version" value="1"' in page


def test_a_saved_round_moves_the_scoreboard_on(client, new_game, play_round):
    game_id = new_game(("Ann", "Bob"), dealer=0)
    response = play_round(game_id, {0: (True, None), 1: (False, 50)}, went_out=0)
    assert response.status_code == 302
    board = standings(client, game_id)
    assert board["round_number"] == 2
    assert board["dealer"] == "Bob"
    assert [(p["phase"], p["total"]) for p in board["players"]] == [(2, 0), (1, 50)]
    assert "Round 1 saved." in client.get(f"/games/{game_id}").get_data(as_text=True)


def test_engine_messages_show_beside_the_field_and_nothing_is_saved(client, new_game, play_round):
    game_id = new_game()
    response = play_round(game_id, {0: (True, None), 1: (False, 7)}, went_out=0)
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "multiple of 5" in page
    # the message sits in Bob's fieldset, right after his points field
    bob = page[page.index('data-seat="1"'):]
    assert bob.index("multiple of 5") < bob.index("</fieldset>")
    assert 'value="7"' in page  # the typed value is kept
    assert standings(client, game_id)["round_number"] == 1


def test_nobody_went_out_is_reported(client, new_game, play_round):
    game_id = new_game()
    response = play_round(game_id, {0: (True, 20), 1: (False, 50)}, went_out=None)
    assert response.status_code == 400
    assert any("went out" in e or "goes out" in e for e in errors(response))


def test_went_out_without_the_phase_is_shown_at_completed(client, new_game, play_round):
    game_id = new_game()
    response = play_round(game_id, {0: (False, None), 1: (False, 50)}, went_out=0)
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    ann = page[page.index('data-seat="0"'):page.index('data-seat="1"')]
    assert 'class="error"' in ann


def test_bad_points_text_is_a_field_error(client, new_game, play_round):
    game_id = new_game()
    response = play_round(game_id, {0: (True, None), 1: (False, "lots")}, went_out=0)
    assert response.status_code == 400
    assert any("whole number" in e for e in errors(response))


def test_every_bad_field_is_marked_at_once(client, new_game, play_round):
    """Both players' points are wrong: each gets its message beside its field."""
    game_id = new_game(players=("Ann", "Bob", "Cy"))
    response = play_round(game_id, {0: (True, None), 1: (False, 52), 2: (False, 500)}, went_out=0)
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    for seat, words in ((1, "multiple of 5"), (2, "more than a hand can score")):
        row = page[page.index(f'data-seat="{seat}"'):]
        row = row[:row.index("</fieldset>")] if "</fieldset>" in row else row[:2000]
        assert words in row, (seat, row)
    assert "see the messages below" in page
    assert standings(client, game_id)["players"][0]["total"] == 0  # nothing was saved


def test_a_stale_round_is_409_and_shows_the_current_state(client, new_game, play_round):
    game_id = new_game()
    play_round(game_id, {0: (True, None), 1: (False, 50)}, went_out=0, version=1)
    stale = play_round(game_id, {0: (False, 60), 1: (True, None)}, went_out=1, version=1)
    assert stale.status_code == 409
    page = stale.get_data(as_text=True)
    assert 'id="conflict"' in page
    assert 'name="version" value="2"' in page  # the reloaded form is based on the new state
    assert "Round 2" in page
    assert standings(client, game_id)["round_number"] == 2


def test_edit_a_past_round_recomputes(client, new_game, play_round):
    game_id = new_game()
    play_round(game_id, {0: (True, None), 1: (False, 50)}, went_out=0)
    play_round(game_id, {0: (False, 60), 1: (True, None)}, went_out=1)
    form = client.get(f"/games/{game_id}/rounds/1/edit").get_data(as_text=True)
    assert 'name="points-1"' in form and 'value="50"' in form
    response = play_round(game_id, {0: (True, None), 1: (False, 80)}, went_out=0, number=1)
    assert response.status_code == 302
    assert [p["total"] for p in standings(client, game_id)["players"]] == [60, 80]


def test_an_edit_that_breaks_a_later_round_is_refused(client, new_game, play_round):
    game_id = new_game(variant="short", phases_count=1)
    play_round(game_id, {0: (False, 50), 1: (False, 50)}, went_out=None)  # refused: nobody out
    play_round(game_id, {0: (True, None), 1: (False, 50)}, went_out=0)  # Ann wins
    assert standings(client, game_id)["winner"] == "Ann"
    response = client.get(f"/games/{game_id}/rounds/2/edit")
    assert response.status_code == 404


def test_delete_a_round_and_undo_it(client, new_game, play_round):
    game_id = new_game()
    play_round(game_id, {0: (True, None), 1: (False, 50)}, went_out=0)
    play_round(game_id, {0: (False, 60), 1: (True, None)}, went_out=1)
    deleted = client.post(f"/games/{game_id}/rounds/1/delete", data={"version": "3"})
    assert deleted.status_code == 302
    assert [p["total"] for p in standings(client, game_id)["players"]] == [60, 0]
    board = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Undo: round 1 deleted" in board
    undone = client.post(f"/games/{game_id}/undo", data={"version": "4"})
    assert undone.status_code == 302
    assert [p["total"] for p in standings(client, game_id)["players"]] == [60, 50]
    assert "Undone: round 1 deleted." in client.get(f"/games/{game_id}").get_data(as_text=True)


def test_undo_reverts_an_edit_then_an_add(client, new_game, play_round):
    game_id = new_game()
    play_round(game_id, {0: (True, None), 1: (False, 50)}, went_out=0)
    play_round(game_id, {0: (True, None), 1: (False, 90)}, went_out=0, number=1)
    client.post(f"/games/{game_id}/undo", data={"version": "3"})
    assert standings(client, game_id)["players"][1]["total"] == 50
    client.post(f"/games/{game_id}/undo", data={"version": "4"})
    assert standings(client, game_id)["round_number"] == 1
    nothing = client.post(f"/games/{game_id}/undo", data={"version": "5"})
    assert nothing.status_code == 409
    assert "nothing to undo" in nothing.get_data(as_text=True)


def test_a_stale_undo_or_delete_is_409(client, new_game, play_round):
    game_id = new_game()
    play_round(game_id, {0: (True, None), 1: (False, 50)}, went_out=0)
    assert client.post(f"/games/{game_id}/undo", data={"version": "1"}).status_code == 409
    assert client.post(f"/games/{game_id}/rounds/1/delete",
                       data={"version": "1"}).status_code == 409
    assert standings(client, game_id)["round_number"] == 2


def test_unknown_rounds_are_404(client, new_game):
    game_id = new_game()
    assert client.get(f"/games/{game_id}/rounds/1/edit").status_code == 404
    assert client.post(f"/games/{game_id}/rounds/3/delete",
                       data={"version": "1"}).status_code == 404


def test_prefill_from_the_camera_pages(client, new_game):
    game_id = new_game()
    page = client.get(f"/games/{game_id}/rounds/new?completed-0=yes&points-1=35")
    html = page.get_data(as_text=True)
    assert re.search(r'name="completed-0" value="yes"\s+checked', html)
    assert 'name="points-1" min="0" max="230" step="5"\n' in html or 'value="35"' in html


def test_a_winner_ends_the_game(client, new_game, play_round):
    game_id = new_game(variant="short", phases_count=2)
    play_round(game_id, {0: (True, None), 1: (False, 50)}, went_out=0)
    play_round(game_id, {0: (True, None), 1: (True, 25)}, went_out=0)
    board = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Ann wins the game!" in board
    assert 'id="enter-round"' not in board
    over = play_round(game_id, {0: (True, None), 1: (False, 50)}, went_out=0)
    assert over.status_code == 400
    assert "game is over" in over.get_data(as_text=True)


def test_a_tie_breaker_round_is_offered_and_decides(client, new_game, play_round):
    game_id = new_game(("Cy", "Di", "Ed"), variant="short", phases_count=2)
    play_round(game_id, {0: (True, None), 1: (True, 50), 2: (False, 50)}, went_out=0)
    play_round(game_id, {0: (True, 50), 1: (True, None), 2: (False, 50)}, went_out=1)
    assert standings(client, game_id)["tie_breaker"] == ["Cy", "Di"]
    board = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Tie-breaker round: Cy, Di." in board
    form = client.get(f"/games/{game_id}/rounds/new").get_data(as_text=True)
    assert 'name="went_out" value="2"' not in form  # Ed does not play it
    assert "points-0" not in form
    decided = client.post(f"/games/{game_id}/rounds/new", data={"version": "3", "went_out": "1"})
    assert decided.status_code == 302
    assert standings(client, game_id)["winner"] == "Di"
    history = client.get(f"/games/{game_id}/history").get_data(as_text=True)
    assert "tie-breaker" in history


def test_choose_your_phase_asks_which_phase_was_attempted(client, new_game):
    game_id = new_game(variant="choose")
    form = client.get(f"/games/{game_id}/rounds/new").get_data(as_text=True)
    assert 'name="phase-0"' in form and 'name="phase-1"' in form
    missing = client.post(f"/games/{game_id}/rounds/new", data={
        "version": "1", "completed-0": "yes", "went_out": "0", "completed-1": "no",
        "points-1": "50"})
    assert missing.status_code == 400
    assert "Say which phase was completed" in missing.get_data(as_text=True)
    saved = client.post(f"/games/{game_id}/rounds/new", data={
        "version": "1", "completed-0": "yes", "phase-0": "5", "went_out": "0",
        "completed-1": "no", "points-1": "50"})
    assert saved.status_code == 302
    ann = standings(client, game_id)["players"][0]
    assert 5 not in ann["remaining"] and ann["phases_completed"] == 1
    board = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Phases left: 1, 2, 3, 4, 6, 7, 8, 9, 10" in board


def test_everyone_advances_moves_every_player(client, new_game, play_round):
    game_id = new_game(variant="everyone-advances")
    play_round(game_id, {0: (True, None), 1: (False, 50)}, went_out=0)
    assert [p["phase"] for p in standings(client, game_id)["players"]] == [2, 2]


def test_a_delete_that_breaks_a_later_round_is_refused_with_the_reason(client, new_game,
                                                                      play_round):
    game_id = new_game(("Cy", "Di", "Ed"), variant="short", phases_count=2)
    play_round(game_id, {0: (True, None), 1: (True, 50), 2: (False, 50)}, went_out=0)
    play_round(game_id, {0: (True, 50), 1: (True, None), 2: (False, 50)}, went_out=1)
    client.post(f"/games/{game_id}/rounds/new", data={"version": "3", "went_out": "0"})
    assert standings(client, game_id)["winner"] == "Cy"
    refused = client.post(f"/games/{game_id}/rounds/2/delete", data={"version": "4"},
                          follow_redirects=True)
    assert "Round 2 was not deleted" in refused.get_data(as_text=True)
    assert "No tie-breaker round is due." in refused.get_data(as_text=True)
    assert standings(client, game_id)["winner"] == "Cy"


def test_saving_a_round_from_the_form_replays_the_game_once(client, new_game, play_round,
                                                            monkeypatch):
    from web import service

    game_id = new_game(("Ann", "Bob"))
    play_round(game_id, {0: (True, None), 1: (False, 50)}, went_out=0)
    replays = []
    real = service.replay
    monkeypatch.setattr(service, "replay", lambda *a, **k: replays.append(1) or real(*a, **k))
    response = play_round(game_id, {0: (False, 50), 1: (True, None)}, went_out=1, version=2)
    assert response.status_code == 302
    assert len(replays) == 1


def test_an_empty_round_names_who_went_out_and_every_missing_score_at_once(client, new_game):
    game_id = new_game(players=("Ann", "Bob", "Cy"))
    response = client.post(f"/games/{game_id}/rounds/new", data={"version": "1", "number": "1"})
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "Nobody went out" in page[page.index('id="went-out-error"'):]
    for seat in range(3):
        row = page[page.index(f'data-seat="{seat}"'):]
        row = row[:row.index("</fieldset>")]
        assert "Give the penalty points, or mark this player as the one who went out" in row


def test_an_edit_shows_each_phase_returns_to_history_and_says_what_it_relabels(
        client, new_game, play_round):
    """Ann completes phase 1 in round 1 and phase 2 in round 2; round 1 edited to 'not
    completed' makes round 2's ✓2 a ✓1, and the page says so."""
    game_id = new_game(("Ann", "Bob"))
    play_round(game_id, {0: (True, None), 1: (False, 50)}, went_out=0)
    play_round(game_id, {0: (True, None), 1: (False, 60)}, went_out=0)
    form = client.get(f"/games/{game_id}/rounds/1/edit").get_data(as_text=True)
    assert form.count('class="muted small round-phase"') == 2  # each player's phase
    assert "In this round: 2 sets of 3" in form
    assert 'id="later-rounds-note"' in form
    last = client.get(f"/games/{game_id}/rounds/2/edit").get_data(as_text=True)
    assert "In this round: 1 set of 3 + 1 run of 4" in last  # Ann's phase 2
    assert 'id="later-rounds-note"' not in last  # no round follows the last one
    edited = play_round(game_id, {0: (False, 55), 1: (True, None)}, went_out=1, number=1)
    assert edited.status_code == 302 and edited.headers["Location"].endswith("/history")
    history = client.get(f"/games/{game_id}/history").get_data(as_text=True)
    assert "Round 1 saved." in history
    assert "Later rounds now count other phases: round 2, Ann: phase 1 (was 2)." in history
    # an edit that moves nothing later says nothing about later rounds
    again = play_round(game_id, {0: (False, 65), 1: (True, None)}, went_out=1, number=1)
    assert again.status_code == 302
    assert "Later rounds" not in client.get(f"/games/{game_id}/history").get_data(as_text=True)
