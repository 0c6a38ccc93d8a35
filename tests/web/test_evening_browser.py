"""Real-browser tests of a scorekeeper's evening (issue 18): the round draft, every problem at
once, history on a phone, the finish and rematch, the share sheet, comfort.

They reuse the server, browser and page fixtures of :mod:`tests.web.test_browser`; screenshots
go to ``$PHASE10_SHOTS`` like theirs.
"""

from __future__ import annotations

import re

import pytest

from tests.web import test_browser as shared

LAPTOP, PHONE, SHOTS = shared.LAPTOP, shared.PHONE, shared.SHOTS
photo, start_game, sync_api = shared.photo, shared.start_game, shared.sync_api
server, playwright, browser, page = shared.server, shared.playwright, shared.browser, shared.page

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def scan_hand(page, seat: int, path, add_wild: bool = False) -> None:
    """From the round form: scan this seat's hand and put the points into the round."""
    page.click(f"fieldset[data-seat='{seat}'] >> text=Scan hand")
    page.set_input_files("#file", str(path))
    page.wait_for_selector("#chips .chip")
    while page.locator("#chips .chip.unsure").count():  # the player looks at each one: right
        page.click("#chips .chip.unsure >> nth=0")
        page.click("#close-editor")
    page.wait_for_selector("#verdict.ok")
    if add_wild:
        page.click("#add-card")
        page.click("#pick button[data-face=W]")
        sync_api.expect(page.locator("#verdict")).to_contain_text("75")
    page.click("#confirm")
    page.wait_for_url(re.compile(r"/rounds/new"))


def test_every_scanned_value_stays_until_the_round_is_saved(page, server, tmp_path):
    url = server["url"]
    game_id = start_game(page, url, ["Ann", "Bob", "Cy"])
    hand = photo(tmp_path / "hand.jpg", ["R5", "B5", "G5", "Y7", "Y7", "W"])
    page.goto(f"{url}/games/{game_id}/players/0/check?cards=R5+B5+G5+Y7+Y7+W")
    page.wait_for_selector("#verdict.ok")
    page.click("#confirm")  # "Record phase 1 as completed" for Ann
    page.wait_for_url(re.compile(r"/rounds/new"))
    assert page.is_checked("input[name=completed-0][value=yes]")
    scan_hand(page, 1, hand)
    assert page.input_value("input[name=points-1]") == "50"
    scan_hand(page, 2, hand, add_wild=True)
    page.reload()
    assert page.is_checked("input[name=completed-0][value=yes]")
    assert page.input_value("input[name=points-1]") == "50"
    assert page.input_value("input[name=points-2]") == "75"
    page.check("input[name=went_out][value='0']")
    page.click("#save-round")
    page.wait_for_url(re.compile(rf"/games/{game_id}$"))
    page.click("text=History")
    cells = page.locator("#history tbody tr").first.inner_text()
    assert "50" in cells and "75" in cells and "✓1" in cells
    # the next round starts empty
    page.goto(f"{url}/games/{game_id}/rounds/new")
    assert page.input_value("input[name=points-1]") == ""


def test_a_typed_value_survives_a_reload_and_cancel_forgets_it(page, server):
    url = server["url"]
    game_id = start_game(page, url, ["Dan", "Eve"])
    page.goto(f"{url}/games/{game_id}/rounds/new?points-1=45")
    page.fill("input[name=points-1]", "55")
    page.reload()
    assert page.input_value("input[name=points-1]") == "55"
    page.click("#cancel-round")
    page.goto(f"{url}/games/{game_id}/rounds/new")
    assert page.input_value("input[name=points-1]") == ""


def test_one_submit_shows_every_problem_beside_its_field(page, server):
    url = server["url"]
    game_id = start_game(page, url, ["Fay", "Gil", "Hu"])
    page.goto(f"{url}/games/{game_id}/rounds/new")
    page.fill("input[name=points-1]", "7")
    page.fill("input[name=points-2]", "30")
    page.click("#save-round")
    assert "went out" in page.inner_text("#went-out-error")
    assert "multiple of 5" in page.inner_text("fieldset[data-seat='1']")
    assert "at least 50" in page.inner_text("fieldset[data-seat='2']")
    assert "or mark this player as the one who went out" in page.inner_text(
        "fieldset[data-seat='0']")  # Fay's empty score: hers, or she went out
    # the first problem is on screen, above the Save bar
    first = page.locator("fieldset[data-seat='0'] .error").bounding_box()
    bar = page.locator(".submit-bar").bounding_box()
    assert 0 <= first["y"] and first["y"] + first["height"] <= bar["y"]
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "phone-round-errors.png"))
    page.locator("fieldset[data-seat='2']").screenshot(path=str(SHOTS / "phone-round-fix.png"))
    # marking who went out ticks their phase; the 30 points are fixed by "they laid down"
    page.check("input[name=went_out][value='0']")
    assert page.is_checked("input[name=completed-0][value=yes]")
    page.click("#fix-2 button")
    assert page.is_checked("input[name=completed-2][value=yes]")
    page.fill("input[name=points-1]", "70")
    page.click("#save-round")
    page.wait_for_url(re.compile(rf"/games/{game_id}$"))
    assert "Round 1 saved." in page.inner_text("main")


def play_round(page, url: str, game_id: int, players: int, out: int = 0,
               points: str = "55", completed: tuple[int, ...] = ()) -> None:
    """Enter a round through the form: ``out`` went out, the others hold ``points``."""
    page.goto(f"{url}/games/{game_id}/rounds/new")
    page.check(f"input[name=went_out][value='{out}']")
    for seat in range(players):
        if seat in completed:
            page.click(f"input[name=completed-{seat}][value=yes] >> xpath=..")
        if seat != out:
            page.fill(f"input[name=points-{seat}]", points)
    page.click("#save-round")
    page.wait_for_url(re.compile(rf"/games/{game_id}$"))


def on_screen(box, width: int) -> bool:
    return box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width


def test_history_on_a_phone_with_six_players_and_undo_after_a_delete(page, server):
    url = server["url"]
    names = ["Ann", "Bartholomew", "Cy", "Dominika", "Eli", "Fredrika"]
    game_id = start_game(page, url, names, phases_count="3")
    for out in (0, 1):
        play_round(page, url, game_id, len(names), out=out)
    page.goto(f"{url}/games/{game_id}/history")
    rows = page.locator("#history tbody tr")
    assert rows.count() == 2
    for index in range(2):
        row = rows.nth(index)
        for button in (row.locator("text=Edit"), row.locator("button.danger")):
            assert on_screen(button.bounding_box(), PHONE["width"])
        for cell in range(len(names)):
            assert on_screen(row.locator("td[data-label]").nth(cell).bounding_box(),
                             PHONE["width"])
    assert rows.first.locator("td[data-label=Fredrika]").is_visible()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "phone-history-6.png"), full_page=True)
    page.on("dialog", lambda dialog: dialog.accept())
    rows.nth(1).locator("button.danger").click()
    page.wait_for_selector("#undo")
    assert "Round 2 deleted." in page.inner_text("main")
    assert rows.count() == 1
    page.click("#undo")
    page.wait_for_url(re.compile(rf"/games/{game_id}/history$"))
    assert rows.count() == 2


def test_a_finished_game_ranks_the_players_and_starts_a_rematch(page, server):
    url = server["url"]
    game_id = start_game(page, url, ["Ann", "Bob", "Cy"])
    play_round(page, url, game_id, 3, out=2, points="80", completed=(1,))
    page.goto(f"{url}/games/{game_id}/rounds/new")
    page.check("input[name=went_out][value='2']")
    page.fill("input[name=points-0]", "50")
    page.fill("input[name=points-1]", "60")
    page.click("#save-round")
    page.wait_for_url(re.compile(rf"/games/{game_id}$"))
    assert "Cy wins the game!" in page.inner_text(".banner-win")
    assert "Leader" not in page.inner_text("#board")
    ranking = page.locator("#ranking li")
    assert [ranking.nth(i).locator(".player-name").inner_text() for i in range(3)] == [
        "Cy", "Bob", "Ann"]  # phases first: Bob's one phase beats Ann's lower total
    assert [ranking.nth(i).locator(".place").inner_text() for i in range(3)] == ["1", "2", "3"]
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "phone-finish.png"), full_page=True)
    page.click("#rematch")
    page.wait_for_url(re.compile(r"/games/\d+$"))
    assert int(page.url.rsplit("/", 1)[-1]) != game_id
    board = page.inner_text("#board")
    assert "Dealer: Cy" in board.replace("\n", " ")  # Ann dealt round 1, Bob round 2
    names = page.locator("#board .player-name").all_inner_texts()
    assert [name.split()[0] for name in names] == ["Ann", "Bob", "Cy"]
    assert page.inner_text(".round-number") == "1"


def test_the_tie_breaker_form_asks_only_who_laid_the_goal_down_first(page, server):
    url = server["url"]
    game_id = start_game(page, url, ["Ivo", "Jan"])
    play_round(page, url, game_id, 2, out=0, points="50", completed=(1,))
    play_round(page, url, game_id, 2, out=1, points="50", completed=(0,))
    page.click("#enter-round")
    page.wait_for_selector("#save-round")  # the round form, before counting what it lacks
    assert page.locator("input[name^=points-]").count() == 0
    assert "leave their points empty" not in page.inner_text("main")
    page.click("#save-round")
    error = page.inner_text("#went-out-error")  # in plain words, with the phase it means
    assert "tick the player who laid down 1 set of 5 + 1 set of 3 first" in error, error
    assert "went out" not in error and "goal" not in error
    page.check("input[name=went_out][value='1']")
    page.click("#save-round")
    page.wait_for_url(re.compile(rf"/games/{game_id}$"))
    assert "Jan wins the game!" in page.inner_text(".banner-win")
    page.goto(f"{url}/games/{game_id}/history")
    tie_row = page.locator("#history tbody tr").nth(2)
    assert "tie-breaker" in tie_row.inner_text()
    assert "✓10" not in tie_row.inner_text() and "✓" in tie_row.inner_text()


def test_the_share_sheet_gives_a_qr_code_of_the_share_link_and_copies_it(browser, server):
    import cv2
    import numpy as np

    context = browser.new_context(viewport=PHONE, locale="en-GB")
    context.grant_permissions(["clipboard-read", "clipboard-write"],
                              origin=server["url"])
    keeper = context.new_page()
    game_id = start_game(keeper, server["url"], ["Kai", "Lea"])
    share_url = server["url"] + keeper.get_attribute("#share-link", "href")
    keeper.click("#share-link")
    sheet = keeper.locator("#share-sheet")
    sync_api.expect(sheet).to_be_visible()
    assert keeper.url.endswith(f"/games/{game_id}")  # the keeper stays on the scoreboard
    SHOTS.mkdir(parents=True, exist_ok=True)
    keeper.screenshot(path=str(SHOTS / "phone-share-sheet.png"))
    shot = keeper.locator(".qr-wrap svg").screenshot()
    image = cv2.imdecode(np.frombuffer(shot, np.uint8), cv2.IMREAD_COLOR)
    text, _points, _code = cv2.QRCodeDetector().detectAndDecode(image)
    assert text == share_url
    keeper.click("#copy-link")
    sync_api.expect(keeper.locator("#copy-status")).to_have_text("Link copied.")
    assert keeper.evaluate("navigator.clipboard.readText()") == share_url
    keeper.click("#close-share")
    sync_api.expect(sheet).to_be_hidden()

    # the viewer's page: read-only, and nothing on it leads into the editable app
    viewer = context.new_page()
    viewer.goto(share_url)
    links = viewer.eval_on_selector_all("a[href]", "els => els.map(e => e.getAttribute('href'))")
    assert all(not href.startswith("/games") and href != "/" for href in links), links
    assert viewer.locator(".brand").evaluate("el => el.tagName") != "A"
    assert viewer.locator("form[action*='/rounds'], #enter-round").count() == 0
    context.close()


def test_recent_players_and_a_custom_phase_list_in_the_players_language(browser, server):
    url = server["url"]
    context = browser.new_context(viewport=PHONE, locale="pl-PL")
    page = context.new_page()
    start_game(page, url, ["Ola", "Piotr", "Rysia"])
    page.goto(url + "/games/new")
    recent = page.locator("#recent-players .chip-name").all_inner_texts()
    assert {"Ola", "Piotr", "Rysia"} <= set(recent)
    page.click("#same-players")
    assert [page.input_value(f"input[name=player-{i}]") for i in range(3)] == [
        "Ola", "Piotr", "Rysia"]
    assert page.locator("#recent-players .chip-name[data-name=Ola]").is_disabled()
    page.fill("input[name=player-2]", "")
    page.click("#recent-players .chip-name[data-name=Rysia]")  # back into the empty seat
    assert page.input_value("input[name=player-2]") == "Rysia"
    page.click("#custom-phases summary")
    page.fill("#phases", "3 sets of 3\nrun of 5 + colour of 3\nrun of 9 + set of 3")
    page.click("form button[type=submit]")
    assert "Wiersz 3" in page.inner_text("#phases-error")  # Polish, and the line it means
    assert "10" in page.inner_text("#phases-error")
    assert page.input_value("input[name=player-0]") == "Ola"  # nothing typed is lost
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "phone-pl-new-custom.png"), full_page=True)
    page.fill("#phases", "3 sets of 3\nrun of 5 + colour of 3")
    page.click("form button[type=submit]")
    page.wait_for_url(re.compile(r"/games/\d+$"))
    board = page.inner_text("#board")
    assert "3 zestawy" in board  # phase 1 of the group's own list, in Polish words
    assert "Własne fazy" in page.text_content("details.card")  # the rules, under "More"
    context.close()


def test_dark_mode_follows_the_system_and_the_toggle_and_no_page_asks_for_a_missing_icon(
        browser, server):
    url = server["url"]
    context = browser.new_context(viewport=PHONE, locale="en-GB", color_scheme="dark")
    context.add_init_script("""
        window.__wake = [];
        Object.defineProperty(navigator, "wakeLock", { configurable: true, value: {
          request: async (kind) => { window.__wake.push(kind);
            return { addEventListener() {}, release: async () => {} }; } } });
    """)
    page = context.new_page()
    missing: list[str] = []
    page.on("response", lambda r: missing.append(r.url) if r.status == 404 else None)
    game_id = start_game(page, url, ["Una", "Vic"])
    background = "getComputedStyle(document.body).backgroundColor"
    dark = page.evaluate(background)
    assert dark != "rgb(244, 241, 234)"  # not the light page's paper colour
    assert page.evaluate("window.__wake") == ["screen"]  # the scoreboard keeps the screen on
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "phone-dark-scoreboard.png"), full_page=True)
    page.click("#theme-toggle")
    assert page.evaluate(background) == "rgb(244, 241, 234)"
    page.goto(f"{url}/games/{game_id}/rounds/new")  # the choice is kept from page to page
    assert page.evaluate(background) == "rgb(244, 241, 234)"
    assert page.evaluate("window.__wake") == []  # the round form does not hold the screen
    page.click("#theme-toggle")
    assert page.evaluate(background) == dark
    page.screenshot(path=str(SHOTS / "phone-dark-round.png"), full_page=True)
    pages = {"games": "/", "history": f"/games/{game_id}/history", "decks": "/decks",
             "new": "/games/new"}
    for name, path in pages.items():
        page.goto(url + path)
        page.screenshot(path=str(SHOTS / f"phone-dark-{name}.png"), full_page=True)
    assert not missing, missing
    assert page.request.get(url + "/favicon.ico").ok
    context.close()


def test_the_decks_page_takes_our_deck_and_says_what_a_name_may_hold(page, server):
    page.goto(server["url"] + "/decks")
    page.fill("#deck-name", "Our deck")
    page.click("#deck-form button[type=submit]")
    page.wait_for_url(re.compile(r"/decks/enrol/our-deck$"))
    page.goto(server["url"] + "/decks")
    page.fill("#deck-name", "!!!")
    page.click("#deck-form button[type=submit]")
    assert "Give the deck a name" in page.inner_text("#deck-name-error")
    assert page.url.endswith("/decks/")


def test_the_card_count_follows_a_removal_and_labels_of_cards_side_by_side_do_not_overlap(
        page, server, tmp_path):
    game_id = start_game(page, server["url"], ["Wes", "Xia"])
    page.goto(f"{server['url']}/games/{game_id}/players/1/hand")
    page.set_input_files("#file", str(photo(tmp_path / "hand.jpg", ["R5"] * 6)))
    page.wait_for_selector("#chips .chip")
    assert "Cards found: 6" in page.inner_text("#status")
    page.click("#chips .chip >> nth=0")
    page.click("#remove")
    sync_api.expect(page.locator("#status")).to_contain_text("Cards found: 5")
    labels = [page.locator("#overlay rect.box-label-bg").nth(i).bounding_box()
              for i in range(page.locator("#overlay rect.box-label-bg").count())]
    assert len(labels) == 5
    for a, b in zip(labels, labels[1:], strict=False):
        apart = a["x"] + a["width"] <= b["x"] + 0.5 or b["x"] + b["width"] <= a["x"] + 0.5
        stacked = a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"]
        assert apart or stacked, (a, b)
