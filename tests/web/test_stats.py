"""Statistics across games (/stats, /api/stats): the figures of games played through the API."""

from __future__ import annotations

import pytest


def play(client, players, rounds, variant="short", phases_count=1):
    """A game through the API: each round is (went_out, {player: (completed, points)})."""
    created = client.post("/api/games", json={"players": list(players), "variant": variant,
                                               "phases_count": phases_count})
    assert created.status_code == 201, created.get_json()
    game = created.get_json()
    version = game["version"]
    for went_out, results in rounds:
        body = {"version": version, "went_out": went_out, "results": [
            {"player": name, "completed": done, "points": points}
            for name, (done, points) in results.items()]}
        response = client.post(f"/api/games/{game['id']}/rounds", json=body)
        assert response.status_code == 201, response.get_json()
        version = response.get_json()["version"]
    return game["id"]


@pytest.fixture
def evening(client):
    """Three games of Ann and Ben (Ann wins two, Ben one, in that order), one with Cy."""
    first = play(client, ("Ann", "Ben"), [
        ("Ben", {"Ann": (False, 55), "Ben": (True, 0)}),
        ("Ann", {"Ann": (True, 0), "Ben": (False, 60)}),  # both on phase 2 of 2: not over
    ], phases_count=2)
    second = play(client, ("Ann", "Ben"), [("Ann", {"Ann": (True, 0), "Ben": (False, 80)})])
    third = play(client, ("Ann", "Ben"), [("Ben", {"Ann": (False, 50), "Ben": (True, 0)})])
    with_cy = play(client, ("Cy", "ann"), [("Cy", {"Cy": (True, 0), "ann": (False, 95)})])
    return first, second, third, with_cy


def test_the_statistics_match_the_games_played_through_the_api(client, evening):
    first, second, third, with_cy = evening
    body = client.get("/api/stats").get_json()
    assert body["group"] is None and body["games"] == 4 and body["left_out"] == 0
    figures = {p["player"]: p for p in body["players"]}
    ann = figures["ann"]  # named as in her latest game
    standings = client.get(f"/api/games/{first}/standings").get_json()
    assert standings["winner"] is None  # phase 2 for both: not over yet
    assert (ann["games"], ann["finished"], ann["won"]) == (4, 3, 1)
    assert ann["rounds"] == 5 and ann["points"] == 55 + 50 + 95
    assert ann["average_penalty"] == 40.0 and ann["phases_completed"] == 2
    assert ann["phases_per_round"] == 0.4
    assert ann["longest_streak"] == 1
    assert ann["best_game"]["game"] == second and ann["best_game"]["total"] == 0
    ben = figures["Ben"]
    assert (ben["games"], ben["won"], ben["longest_streak"]) == (3, 1, 1)
    assert ben["best_game"] == {**ben["best_game"], "game": third, "total": 0, "won": True}
    assert figures["Cy"]["won"] == 1 and figures["Cy"]["average_penalty"] == 0.0
    assert {tuple(g["players"]): g["games"] for g in body["groups"]} == {
        ("Ann", "Ben"): 3, ("Cy", "ann"): 1}


def test_one_group_counts_only_the_games_of_those_players(client, evening):
    body = client.get("/api/stats?player=ben&player=ANN").get_json()
    assert body["group"] == ["Ann", "Ben"] and body["games"] == 3
    assert {p["player"]: p["games"] for p in body["players"]} == {"Ann": 3, "Ben": 3}
    nobody = client.get("/api/stats?player=Zed&player=Ann").get_json()
    assert nobody["games"] == 0 and nobody["players"] == []


def test_the_page_shows_the_table_and_the_chart(client, evening):
    page = client.get("/stats").get_data(as_text=True)
    assert '<table id="stats">' in page and 'class="plot"' in page
    assert "Games won after each finished game" in page
    assert "/stats?player=Ann&amp;player=Ben" in page
    group = client.get("/stats?player=Ann&player=Ben").get_data(as_text=True)
    assert "Games played by Ann, Ben together." in group and "Cy" not in group.split("<table")[1]
    assert 'href="/stats"' in client.get("/").get_data(as_text=True)


def test_no_games_yet(client):
    page = client.get("/stats").get_data(as_text=True)
    assert "No games yet" in page and "<svg" not in page.split("<main>")[1]
    assert client.get("/api/stats").get_json()["players"] == []
