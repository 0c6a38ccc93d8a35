"""Real-browser tests of the table's evening (issue 63): no round lost or doubled by two phones,
undo and redo, every problem at once, edits with their context, the tie-breaker said in words.

They reuse the server, browser and page fixtures of :mod:`tests.web.test_browser`; screenshots
go to ``$PHASE10_SHOTS`` like theirs.
"""

from __future__ import annotations

import re

import pytest

from tests.web import test_browser as shared

LAPTOP, PHONE, SHOTS = shared.LAPTOP, shared.PHONE, shared.SHOTS
start_game, sync_api = shared.start_game, shared.sync_api
server, playwright, browser, page = shared.server, shared.playwright, shared.browser, shared.page

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def rounds_of(page, url: str, game_id: int) -> list[dict]:
    return page.request.get(f"{url}/api/games/{game_id}/rounds").json()["rounds"]


def fill_round(phone, url: str, game_id: int, out: int, points: dict[int, str],
               completed: tuple[int, ...] = ()) -> None:
    """Open the next round's form and fill it in (not saved): ``out`` went out."""
    phone.goto(f"{url}/games/{game_id}/rounds/new")
    phone.check(f"input[name=went_out][value='{out}']")
    for seat in completed:
        phone.click(f"input[name=completed-{seat}][value=yes] >> xpath=..")
    for seat, value in points.items():
        phone.fill(f"input[name=points-{seat}]", value)


@pytest.fixture
def two_phones(browser):
    """Two phones at the table, each its own browser (context), both on 127.0.0.1."""
    contexts = [browser.new_context(viewport=PHONE, locale="en-GB") for _ in range(2)]
    errors: list[str] = []
    pages = []
    for context in contexts:
        phone = context.new_page()
        phone.on("pageerror", lambda error: errors.append(str(error)))
        pages.append(phone)
    yield pages
    for context in contexts:
        context.close()
    assert not errors, errors


@pytest.mark.parametrize("choice, expected", [
    ("keep", [("Ann", 50)]),
    ("replace", [("Bob", 75)]),
    ("add", [("Ann", 50), ("Bob", 75)]),
])
def test_two_phones_saving_the_same_round_store_it_once_and_the_keeper_chooses(
        two_phones, server, choice, expected):
    url = server["url"]
    anna, ben = two_phones
    game_id = start_game(anna, url, ["Ann", "Bob"], phases_count="3")
    fill_round(anna, url, game_id, out=0, points={1: "50"})
    fill_round(ben, url, game_id, out=1, points={0: "75"})
    anna.click("#save-round")
    anna.wait_for_url(re.compile(rf"/games/{game_id}$"))
    ben.click("#save-round")
    ben.wait_for_selector("#round-taken")
    assert "Round 1" in ben.inner_text("h1")  # still the round this phone holds
    assert "Round 1 was saved on another device" in ben.inner_text("#round-taken")
    rows = ben.locator("#round-taken tbody tr")
    assert rows.count() == 2
    ann_row, bob_row = rows.nth(0).inner_text(), rows.nth(1).inner_text()
    assert "went out" in ann_row and "75 points" in ann_row  # theirs, then mine
    assert "50 points" in bob_row and "went out" in bob_row
    assert ben.input_value("input[name=points-0]") == "75"  # nothing this phone typed is lost
    assert ben.locator("#save-round").count() == 0  # no plain Save that would add it twice
    for button in ("#replace-theirs", "#add-mine", "#keep-theirs"):
        assert ben.locator(button).is_visible()
    assert "Add mine as round 2" in ben.inner_text("#add-mine")
    if choice == "keep":
        SHOTS.mkdir(parents=True, exist_ok=True)
        ben.screenshot(path=str(SHOTS / "phone-round-taken.png"), full_page=True)
    assert len(rounds_of(ben, url, game_id)) == 1
    ben.click({"keep": "#keep-theirs", "replace": "#replace-theirs", "add": "#add-mine"}[choice])
    ben.wait_for_url(re.compile(rf"/games/{game_id}$"))
    stored = rounds_of(ben, url, game_id)
    assert [(r["went_out"], next(p["points"] for p in r["results"] if p["points"]))
            for r in stored] == expected
    # the next round form starts clean: no draft of the round just resolved
    ben.goto(f"{url}/games/{game_id}/rounds/new")
    assert ben.input_value("input[name=points-0]") == ""


def test_the_same_round_saved_on_both_phones_is_stored_once(two_phones, server):
    url = server["url"]
    anna, ben = two_phones
    game_id = start_game(anna, url, ["Cleo", "Dan"], phases_count="3")
    for phone in (anna, ben):
        fill_round(phone, url, game_id, out=0, points={1: "60"})
    anna.click("#save-round")
    anna.wait_for_url(re.compile(rf"/games/{game_id}$"))
    ben.click("#save-round")
    ben.wait_for_url(re.compile(rf"/games/{game_id}$"))
    assert "Round 1 was already saved" in ben.inner_text("main")
    assert len(rounds_of(ben, url, game_id)) == 1


def test_undo_then_redo_restores_the_edit(page, server):
    url = server["url"]
    game_id = start_game(page, url, ["Eve", "Finn"], phases_count="3")
    fill_round(page, url, game_id, out=0, points={1: "50"})
    page.click("#save-round")
    page.wait_for_url(re.compile(rf"/games/{game_id}$"))
    page.goto(f"{url}/games/{game_id}/rounds/1/edit")
    page.fill("input[name=points-1]", "95")
    page.click("#save-round")
    page.goto(f"{url}/games/{game_id}/history")
    cell = page.locator("#history tbody tr").first.locator("td[data-label=Finn]")
    assert "95" in cell.inner_text()
    undo = page.locator("#undo")
    assert undo.inner_text() == "↶ Undo: round 1 edited"  # it says what it will undo
    # away from where a finger lands for "← Scoreboard": not in the row of buttons under it
    back = page.locator("text=← Scoreboard").bounding_box()
    assert undo.bounding_box()["y"] > back["y"] + back["height"] + 100
    undo.click()
    page.wait_for_url(re.compile(rf"/games/{game_id}/history$"))
    assert "50" in cell.inner_text() and "95" not in cell.inner_text()
    redo = page.locator("#redo")
    assert redo.inner_text() == "↷ Redo: round 1 edited"
    undo_box, redo_box = page.locator("#undo").bounding_box(), redo.bounding_box()
    assert abs(undo_box["y"] - redo_box["y"]) < 80  # "Redo" beside the undo
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "phone-history-redo.png"), full_page=True)
    redo.click()
    page.wait_for_url(re.compile(rf"/games/{game_id}/history$"))
    assert "95" in cell.inner_text()
    assert "Redone: round 1 edited." in page.inner_text("main")
    assert page.locator("#redo").count() == 0
    assert page.inner_text("#undo") == "↶ Undo: round 1 edited"


def test_one_submit_shows_every_problem_beside_its_own_field(page, server):
    url = server["url"]
    game_id = start_game(page, url, ["Gus", "Hal", "Ida"], phases_count="3")
    page.goto(f"{url}/games/{game_id}/rounds/new")
    page.click("#save-round")  # an empty round
    assert "Nobody went out" in page.inner_text("#went-out-error")
    for seat in range(3):
        assert "or mark this player as the one who went out" in page.inner_text(
            f"fieldset[data-seat='{seat}']")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "phone-round-empty.png"), full_page=True)

    page.goto(f"{url}/games/new")
    for seat, name in enumerate(["Anna", "Bob", "anna"]):
        page.fill(f"input[name=player-{seat}]", name)
    page.click("#custom-phases summary")
    page.fill("#phases", "3 sets of 3\nthree sets of three\nrun of 13\nrun of 9 + set of 3")
    page.click("form button[type=submit]")
    page.locator("#phases-error li").first.wait_for()  # the answer page, not the form sent
    problems = page.locator("#phases-error li").all_inner_texts()
    assert [text.split(" ")[1] for text in problems] == ["2", "3", "4"]  # every bad line
    red = "rgb(179, 38, 30)"  # --bad in the light theme
    borders = [page.locator(f"input[name=player-{seat}]").evaluate(
        "el => getComputedStyle(el).borderTopColor") for seat in range(6)]
    assert [seat for seat, colour in enumerate(borders) if colour == red] == [0, 2]
    message = page.inner_text("#seat-2-error")
    assert "“Anna” is in 2 seats" in message and "different name" in message
    assert page.input_value("input[name=player-1]") == "Bob"  # nothing typed is lost
    page.screenshot(path=str(SHOTS / "phone-new-every-problem.png"), full_page=True)


def test_an_edit_shows_the_phases_returns_to_history_and_says_what_moved(page, server):
    url = server["url"]
    game_id = start_game(page, url, ["Jo", "Kit"], phases_count="3")
    fill_round(page, url, game_id, out=0, points={1: "50"})
    page.click("#save-round")
    page.wait_for_url(re.compile(rf"/games/{game_id}$"))
    fill_round(page, url, game_id, out=0, points={1: "60"})
    page.click("#save-round")
    page.wait_for_url(re.compile(rf"/games/{game_id}$"))
    page.click("text=History")
    assert "✓2" in page.locator("#history tbody tr").nth(1).inner_text()
    page.locator("#history tbody tr").first.locator("text=Edit").click()
    page.wait_for_url(re.compile(r"/rounds/1/edit$"))
    phases = page.locator(".round-phase").all_inner_texts()
    assert len(phases) == 2 and all("2 sets of 3" in text for text in phases)
    assert page.is_visible("#later-rounds-note")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "phone-edit-round.png"), full_page=True)
    # Jo did not lay down after all: Kit went out
    page.click("input[name=completed-0][value=no] >> xpath=..")
    page.check("input[name=went_out][value='1']")
    page.fill("input[name=points-0]", "55")
    page.fill("input[name=points-1]", "")
    page.click("#save-round")
    page.wait_for_url(re.compile(rf"/games/{game_id}/history$"))  # back where the edit began
    note = page.inner_text(".flash-warning")
    assert "round 2, Jo: phase 1 (was 2)" in note
    assert "✓1" in page.locator("#history tbody tr").nth(1).inner_text()
    page.screenshot(path=str(SHOTS / "phone-history-relabelled.png"), full_page=True)


def test_the_tie_breaker_is_checked_asked_in_plain_words_and_named_at_the_finish(page, server):
    url = server["url"]
    game_id = start_game(page, url, ["Anna", "Chloe", "Dev"])
    fill_round(page, url, game_id, out=0, points={1: "85", 2: "50"}, completed=(1,))
    page.click("#save-round")
    page.wait_for_url(re.compile(rf"/games/{game_id}$"))
    fill_round(page, url, game_id, out=1, points={0: "85", 2: "60"}, completed=(0,))
    page.click("#save-round")
    page.wait_for_url(re.compile(rf"/games/{game_id}$"))
    assert "Tie-breaker round: Anna, Chloe" in page.inner_text(".banner-tie")
    players = page.locator("#board li.player")
    for index, offered in ((0, True), (1, True), (2, False)):
        assert (players.nth(index).locator("text=Check phase").count() == 1) is offered
    players.nth(1).locator("text=Check phase").click()
    page.wait_for_url(re.compile(r"/players/1/check"))
    assert "1 set of 5 + 1 set of 3" in page.inner_text("main")  # the tie-breaker's goal
    page.goto(f"{url}/games/{game_id}")
    page.click("#enter-round")
    page.click("#save-round")  # nobody picked
    error = page.inner_text("#went-out-error")
    assert error == ("Nobody is marked yet: tick the player who laid down "
                     "1 set of 5 + 1 set of 3 first.")
    page.check("input[name=went_out][value='1']")
    page.click("#save-round")
    page.wait_for_url(re.compile(rf"/games/{game_id}$"))
    ranking = page.locator("#ranking li")
    assert "Chloe" in ranking.nth(0).inner_text()
    assert "Tied on 85 points: won the tie-breaker round." in ranking.nth(0).inner_text()
    assert "Tied on 85 points: lost the tie-breaker round." in ranking.nth(1).inner_text()
    assert "tie-breaker" not in ranking.nth(2).inner_text()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "phone-finish-tie-breaker.png"), full_page=True)
