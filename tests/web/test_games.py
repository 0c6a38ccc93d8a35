"""Games pages: list, new game, scoreboard, history, archive, delete, export, language switch."""

from __future__ import annotations

import csv
import io
import re


def test_the_games_list_starts_empty_and_offers_a_new_game(client):
    page = client.get("/")
    assert page.status_code == 200
    assert b"No games yet" in page.data
    assert b'href="/games/new"' in page.data


def test_the_new_game_form_shows_six_seats_and_the_variants(client):
    page = client.get("/games/new").get_data(as_text=True)
    assert all(f'name="player-{i}"' in page for i in range(6))
    for variant in ("standard", "everyone-advances", "short", "even", "odd", "choose"):
        assert f'value="{variant}"' in page


def test_starting_a_game_opens_its_scoreboard(client, new_game):
    game_id = new_game(("Ann", "Bob", "Cy"), dealer=1, name="Friday")
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Friday" in page
    assert "Dealer: <strong>Bob</strong>" in page
    assert "2 sets of 3" in page  # phase 1's requirement
    assert "Round <strong class=\"round-number\">1</strong>" in page
    assert client.get("/").get_data(as_text=True).count("Friday") == 1


def test_a_game_without_a_name_is_named_after_its_players(client, new_game):
    game_id = new_game(("Ann", "Bob"))
    assert client.get("/api/games").get_json()["games"][0]["name"] == "Ann · Bob"
    assert game_id == 1


def test_a_game_needs_two_to_six_distinct_players(client):
    one = client.post("/games/new", data={"player-0": "Ann", "dealer": "0"})
    assert one.status_code == 400
    assert "2 to 6 players" in one.get_data(as_text=True)
    twice = client.post("/games/new", data={"player-0": "Ann", "player-1": "ann", "dealer": "0"})
    assert twice.status_code == 400
    assert "“Ann” is in 2 seats" in twice.get_data(as_text=True)


def test_the_dealer_is_counted_among_the_filled_seats(client):
    response = client.post(
        "/games/new", data={"player-0": "Ann", "player-2": "Bob", "dealer": "2"}
    )
    game = client.get(response.headers["Location"].replace("/games/", "/api/games/")).get_json()
    assert game["setup"]["first_dealer"] == 1


def test_a_bad_phase_count_is_shown_beside_its_field(client):
    page = client.post("/games/new", data={"player-0": "A", "player-1": "B", "phases_count": "x"})
    assert page.status_code == 400
    assert "whole number" in page.get_data(as_text=True)
    too_many = client.post("/games/new", data={"player-0": "A", "player-1": "B",
                                               "phases_count": "12"})
    assert too_many.status_code == 400


def test_variant_and_house_rule_are_kept_with_the_game(client, new_game):
    game_id = new_game(variant="even", natural_per_group=True)
    rules = client.get(f"/api/games/{game_id}").get_json()["setup"]["rules"]
    assert rules["variant"] == "even"
    assert rules["natural_per_group"] is True
    assert [p["number"] for p in rules["phases"]] == [2, 4, 6, 8, 10]


def test_player_names_are_escaped_everywhere(client, new_game, play_round):
    game_id = new_game(("<script>alert(1)</script>", "Bob"))
    play_round(game_id, {0: (True, None), 1: (False, 50)}, went_out=0)
    for url in (f"/games/{game_id}", f"/games/{game_id}/history", "/",
                f"/games/{game_id}/rounds/new", f"/games/{game_id}/players/0/check"):
        page = client.get(url).get_data(as_text=True)
        assert "<script>alert(1)</script>" not in page, url
        assert "&lt;script&gt;" in page, url


def test_unknown_games_are_404(client):
    for url in ("/games/99", "/games/99/history", "/games/99/rounds/new",
                "/games/99/export.csv", "/games/99/players/0/check"):
        assert client.get(url).status_code == 404, url


def test_archive_hides_a_game_and_restore_brings_it_back(client, new_game):
    game_id = new_game(name="Old")
    response = client.post(f"/games/{game_id}/archive", data={"version": "1", "archived": "1"})
    assert response.status_code == 302
    assert "Old" not in client.get("/").get_data(as_text=True)
    assert "Old" in client.get("/?archived=1").get_data(as_text=True)
    client.post(f"/games/{game_id}/archive", data={"version": "2", "archived": "0"})
    assert "Old" in client.get("/").get_data(as_text=True)


def test_delete_removes_the_game(client, new_game):
    game_id = new_game()
    assert client.post(f"/games/{game_id}/delete", data={"version": "1"}).status_code == 302
    assert client.get(f"/games/{game_id}").status_code == 404


def test_a_stale_archive_or_delete_is_409_and_points_to_the_current_game(client, new_game):
    game_id = new_game()
    client.post(f"/games/{game_id}/archive", data={"version": "1", "archived": "1"})
    stale = client.post(f"/games/{game_id}/delete", data={"version": "1"})
    assert stale.status_code == 409
    page = stale.get_data(as_text=True)
    assert "Someone else changed this game" in page
    assert f'url=/games/{game_id}"' in page  # the page reloads to the current game
    assert client.get(f"/games/{game_id}").status_code == 200


def test_a_form_without_a_version_is_400(client, new_game):
    game_id = new_game()
    assert client.post(f"/games/{game_id}/delete", data={}).status_code == 400
    assert client.post(f"/games/{game_id}/delete", data={"version": "x"}).status_code == 400


def test_history_lists_rounds_with_running_totals_and_a_plot(client, new_game, play_round):
    game_id = new_game()
    play_round(game_id, {0: (True, None), 1: (False, 50)}, went_out=0)
    play_round(game_id, {0: (False, 60), 1: (True, None)}, went_out=1)
    page = client.get(f"/games/{game_id}/history").get_data(as_text=True)
    assert "<svg" in page and "<polyline" in page
    assert "Σ 60" in page and "Σ 50" in page
    assert f"/games/{game_id}/rounds/2/edit" in page


def test_csv_export_has_a_line_per_player_and_round(client, new_game, play_round):
    game_id = new_game(("=cmd", "Bob"))
    play_round(game_id, {0: (True, None), 1: (False, 55)}, went_out=0)
    response = client.get(f"/games/{game_id}/export.csv")
    assert response.mimetype == "text/csv"
    assert "attachment" in response.headers["Content-Disposition"]
    rows = list(csv.DictReader(io.StringIO(response.get_data(as_text=True))))
    assert [(r["player"], r["points"], r["total"]) for r in rows] == [
        ("'=cmd", "0", "0"), ("Bob", "55", "55")
    ]


def test_json_export_holds_setup_rounds_and_standings(client, new_game, play_round):
    game_id = new_game()
    play_round(game_id, {0: (True, None), 1: (False, 55)}, went_out=0)
    data = client.get(f"/games/{game_id}/export.json").get_json()
    assert data["setup"]["players"] == ["Ann", "Bob"]
    assert data["rounds"][0]["went_out"] == "Ann"
    assert data["standings"]["players"][1]["total"] == 55


def test_the_language_switch_sets_a_cookie_and_goes_back(client):
    response = client.post("/language", data={"lang": "pl", "next": "/games/new"})
    assert response.status_code == 302
    assert response.headers["Location"] == "/games/new"
    assert "lang=pl" in response.headers["Set-Cookie"]
    assert 'lang="pl"' in client.get("/").get_data(as_text=True)


def test_the_language_switch_refuses_other_sites(client):
    for target in ("//evil.example/", "/\\evil.example/", "https://evil.example/", "/\n/x"):
        response = client.post("/language", data={"lang": "sv", "next": target})
        assert response.headers["Location"] == "/", target


def test_a_game_whose_rounds_no_longer_replay_can_be_undone(app, client, new_game, play_round):
    """Rounds saved under older rules: the pages say so and offer undo or delete, never 500."""
    import json
    import sqlite3

    game_id = new_game(name="Old rules")
    play_round(game_id, {0: (True, None), 1: (False, 50)}, went_out=0)
    play_round(game_id, {0: (True, None), 1: (False, 50)}, went_out=0)
    conn = sqlite3.connect(app.config["DATABASE"])
    record = json.loads(conn.execute(
        "SELECT record FROM round WHERE game_id = ? AND number = 2", (game_id,)).fetchone()[0])
    record["results"][1]["points"] = 7  # what a newer rule forbids
    conn.execute("UPDATE round SET record = ? WHERE game_id = ? AND number = 2",
                 (json.dumps(record), game_id))
    conn.commit()
    conn.close()
    board = client.get(f"/games/{game_id}")
    assert board.status_code == 409
    assert "no longer fit the rules" in board.get_data(as_text=True)
    assert "Old rules" in client.get("/").get_data(as_text=True)
    assert client.get(f"/api/games/{game_id}").status_code == 409
    undone = client.post(f"/games/{game_id}/undo", data={"version": "3"})
    assert undone.status_code == 302
    assert client.get(f"/games/{game_id}").status_code == 200


def test_a_name_given_twice_outlines_only_its_seats_and_says_so_once(client):
    page = client.post("/games/new", data={"player-0": "Anna", "player-1": "Bob",
                                           "player-2": "anna", "dealer": "0"})
    assert page.status_code == 400
    text = page.get_data(as_text=True)
    outlined = re.findall(r'seat-row has-error">\s*<input type="text" name="player-(\d)"', text)
    assert outlined == ["0", "2"]  # Anna's two seats, not Bob's, not the empty ones
    assert text.count("is in 2 seats") == 1 and 'id="seat-2-error"' in text
    assert "has-error\">\n    <legend>" not in text  # the fieldset itself is not outlined


def test_one_submit_names_every_set_up_problem(client):
    """Two names given twice, a bad phase count and a phase list with two bad lines."""
    page = client.post("/games/new", data={
        "player-0": "Anna", "player-1": "anna", "player-2": "Bo", "player-3": "BO",
        "dealer": "0", "variant": "short", "phases_count": "12",
        "phases": "2 sets of 3\nthree sets\nrun of 13"})
    assert page.status_code == 400
    text = page.get_data(as_text=True)
    assert "“Anna” is in 2 seats" in text and "“Bo” is in 2 seats" in text
    phases = text[text.index('id="phases-error"'):]
    assert "Line 2" in phases and "Line 3" in phases and "at most 12 cards" in phases


def test_a_bad_phase_count_and_a_name_given_twice_are_both_shown(client):
    page = client.post("/games/new", data={
        "player-0": "Cy", "player-1": "cy", "dealer": "0", "variant": "short",
        "phases_count": "12"}).get_data(as_text=True)
    assert "is in 2 seats" in page and "phases_count must be a whole number" in page
