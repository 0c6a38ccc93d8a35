"""The scorekeeper's evening without a browser: every problem at once, the finish and rematch,
the share sheet, the favicon, a group's own phases."""

from __future__ import annotations

import re

from scorer.game.standings import GameSetup, RoundRecord, standings
from scorer.game.variants import make_rules
from web.finish import final_ranking, rematch_setup


def errors(response) -> list[str]:
    return re.findall(r'class="error[^"]*"[^>]*>([^<]*)<', response.get_data(as_text=True))


def test_one_submit_names_every_problem(client, new_game, play_round):
    game_id = new_game(("Ann", "Bob", "Cy"))
    response = play_round(game_id, {0: (False, None), 1: (False, 7), 2: (False, 30)},
                          went_out=None)
    assert response.status_code == 400
    found = " | ".join(errors(response))
    assert "went out" in found or "goes out" in found
    assert "multiple of 5" in found and "at least 50" in found
    assert 'data-fix-completed="2"' in response.get_data(as_text=True)  # "they laid down"


def test_final_ranking_is_phases_then_points_and_ties_share_a_place():
    """The winner first; then fewest phases left, then the lowest total."""
    setup = GameSetup(("Ann", "Bob", "Cy", "Di"), make_rules("short", phases_count=2))
    rounds = [RoundRecord.from_dict({"went_out": out, "results": [
        {"player": p, "completed": p in done, "points": None if p == out else pts}
        for p in setup.players]}) for out, done, pts in (
            ("Cy", {"Cy", "Bob"}, 80), ("Cy", {"Cy"}, 50))]
    table = standings(setup, rounds)
    ranked = [(place.place, place.standing.player) for place in final_ranking(table)]
    assert ranked == [(1, "Cy"), (2, "Bob"), (3, "Ann"), (3, "Di")]
    assert rematch_setup(setup, table).first_dealer == setup.players.index(table.dealer)


def test_a_rematch_keeps_players_rules_and_passes_the_deal_on(client, new_game, play_round):
    game_id = new_game(("Ann", "Bob", "Cy"), variant="short", phases_count="1", dealer=1)
    play_round(game_id, {0: (True, None), 1: (False, 50), 2: (False, 60)}, went_out=0)
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert 'id="ranking"' in page and "Leader" not in page
    response = client.post(f"/games/{game_id}/rematch")
    assert response.status_code == 302
    new_id = int(response.headers["Location"].rstrip("/").split("/")[-1])
    game = client.get(f"/api/games/{new_id}").get_json()
    assert game["setup"]["players"] == ["Ann", "Bob", "Cy"]
    old = client.get(f"/api/games/{game_id}").get_json()
    assert game["setup"]["rules"] == old["setup"]["rules"]
    assert game["standings"]["dealer"] == "Cy"  # Bob dealt the one round; Cy deals next


def test_the_scoreboard_carries_a_share_sheet_with_a_qr_code(client, new_game):
    game_id = new_game()
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    token = re.search(r'href="/s/([^"]+)" id="share-link"', page).group(1)
    assert 'id="share-sheet"' in page and '<svg viewBox=' in page and 'class="qr"' in page
    assert f'value="http://localhost/s/{token}"' in page
    shared = client.get(f"/s/{token}").get_data(as_text=True)
    assert 'href="/"' not in shared and "/games/" not in shared


def test_the_favicon_is_served(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 301
    icon = client.get(response.headers["Location"])
    assert icon.status_code == 200 and icon.mimetype == "image/svg+xml"
    icon.close()


def test_a_group_plays_its_own_phase_list(client):
    data = {"player-0": "Ann", "player-1": "Bob", "dealer": "0", "variant": "standard",
            "phases": "3 sets of 3\nrun of 5 + colour of 3"}
    response = client.post("/games/new", data=data)
    assert response.status_code == 302
    game_id = int(response.headers["Location"].rstrip("/").split("/")[-1])
    rules = client.get(f"/api/games/{game_id}").get_json()["setup"]["rules"]
    assert rules["variant"] == "custom"
    assert [p["description"] for p in rules["phases"]] == ["3 sets of 3",
                                                          "1 run of 5 + 3 cards of one colour"]


def test_a_phase_list_that_cannot_be_played_is_refused_beside_the_field(client):
    data = {"player-0": "Ann", "player-1": "Bob", "dealer": "0", "variant": "standard",
            "phases": "2 sets of 3\nthree sets"}
    response = client.post("/games/new", data=data, headers={"Accept-Language": "sv"})
    assert response.status_code == 400
    assert any("Rad 2" in error for error in errors(response))
    assert "three sets" in response.get_data(as_text=True)  # what was typed stays


def tied_game():
    """Ann and Bob both finish their two phases on 50 points; Bob wins the tie-breaker."""
    setup = GameSetup(("Ann", "Bob", "Cy"), make_rules("short", phases_count=2))
    rows = (("Ann", {"Ann", "Bob"}, {"Bob": 50, "Cy": 50}),
            ("Bob", {"Ann", "Bob"}, {"Ann": 50, "Cy": 60}))
    rounds = [RoundRecord.from_dict({"went_out": out, "results": [
        {"player": p, "completed": p in done, "points": pts.get(p)} for p in setup.players]})
        for out, done, pts in rows]
    rounds.append(RoundRecord.from_dict({"went_out": "Bob", "tie_breaker": True, "results": [
        {"player": "Ann", "completed": False}, {"player": "Bob", "completed": True}]}))
    return setup, rounds


def test_the_ranking_says_which_places_the_tie_breaker_decided():
    setup, rounds = tied_game()
    table = standings(setup, rounds)
    ranked = [(p.place, p.standing.player, p.standing.total, p.tie_breaker)
              for p in final_ranking(table, rounds)]
    assert ranked == [(1, "Bob", 50, "won"), (2, "Ann", 50, "lost"), (3, "Cy", 110, None)]
    assert [p.tie_breaker for p in final_ranking(table)] == [None, None, None]


def test_the_tie_breaker_is_offered_a_check_and_the_finish_says_it_decided(client, new_game,
                                                                         play_round):
    game_id = new_game(("Ann", "Bob", "Cy"), variant="short", phases_count="2")
    play_round(game_id, {0: (True, None), 1: (True, 50), 2: (False, 50)}, went_out=0)
    play_round(game_id, {0: (True, 50), 1: (True, None), 2: (False, 60)}, went_out=1)
    board = client.get(f"/games/{game_id}").get_data(as_text=True)
    for seat in (0, 1):  # the tied players check the tie-breaker's phase; Cy does not play it
        assert f"/games/{game_id}/players/{seat}/check" in board
    assert f"/games/{game_id}/players/2/check" not in board
    check = client.get(f"/games/{game_id}/players/1/check").get_data(as_text=True)
    assert "Record Bob as the first to lay it down" in check
    client.post(f"/games/{game_id}/rounds/new", data={"version": "3", "number": "3",
                                                      "went_out": "1"})
    finish = client.get(f"/games/{game_id}").get_data(as_text=True)
    ranking = finish[finish.index('id="ranking"'):]
    assert ranking.index("Tied on 50 points: won the tie-breaker round.") < ranking.index(
        "Tied on 50 points: lost the tie-breaker round.")
