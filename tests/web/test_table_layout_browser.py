"""Issue 63 at the table, in Chromium: the shared page's rounds and chart, the games list, six
players on a phone, the history on a laptop, the new-game form and the chart's labels.

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


def save_round(page, url, game_id, went_out, points):
    """The round form as the keeper fills it: who went out, everyone else's points."""
    page.goto(f"{url}/games/{game_id}/rounds/new")
    page.check(f"input[name=went_out][value='{went_out}']")
    for seat, value in points.items():
        page.fill(f"input[name=points-{seat}]", str(value))
    page.click("#save-round")
    page.wait_for_url(re.compile(rf"/games/{game_id}$"))


def shot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / name), full_page=True)


def test_the_shared_page_shows_the_rounds_and_chart_and_follows_them(page, server, browser):
    url = server["url"]
    game_id = start_game(page, url, ["Ann", "Bob"], phases_count="3")
    page.click("#share-link")
    shared_url = page.get_attribute("#open-shared", "href")
    viewer = browser.new_context(viewport=PHONE, locale="en-GB").new_page()
    viewer.goto(url + shared_url)
    sync_api.expect(viewer.locator("#shared-history")).to_contain_text("No rounds yet.")
    save_round(page, url, game_id, 0, {1: 55})
    # the viewer's page follows by itself: the new round's row and the chart appear
    row = viewer.locator("#history tbody tr")
    sync_api.expect(row).to_have_count(1, timeout=10000)
    assert "55" in row.first.inner_text() and "✓1" in row.first.inner_text()
    assert viewer.locator("#shared-history svg.plot polyline").count() == 2
    assert viewer.locator("#history a, #history form, #history button").count() == 0
    save_round(page, url, game_id, 1, {0: 60})
    sync_api.expect(row).to_have_count(2, timeout=10000)
    shot(viewer, "phone-shared-history.png")
    viewer.context.close()


def test_the_games_list_tells_games_apart_and_names_the_winner(page, server):
    url = server["url"]
    finished = start_game(page, url, ["Zoe", "Yan"], phases_count="1")
    page.goto(url + "/games/new")  # the same two again, under a name
    for seat, name in enumerate(["Zoe", "Yan"]):
        page.fill(f"input[name=player-{seat}]", name)
    page.fill("input[name=name]", "Zoe's night")
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/games/\d+$"))
    save_round(page, url, finished, 0, {1: 50})  # phase 1 of 1: Zoe wins
    six = start_game(page, url, ["Anna", "Ben", "Chloe", "Dmytro", "Ewa", "Filip"])
    page.goto(url + "/")
    items = page.locator(".game-list li")
    won = items.filter(has=page.locator(f"a[href='/games/{finished}']"))
    sync_api.expect(won.first).to_contain_text("★ Zoe won")
    assert won.first.locator(".button").inner_text().strip() == "View"
    assert won.first.locator("time").get_attribute("datetime").endswith("Z")
    assert re.search(r"\d\d:\d\d", won.first.locator("time").inner_text())
    playing = items.filter(has=page.locator(f"a.title[href='/games/{six}']")).first
    title = playing.locator("a.title")
    assert title.inner_text() == "Anna, Ben +4"
    box = title.bounding_box()
    assert box["height"] < 40  # one line on a phone
    assert playing.locator(".button").inner_text().strip() == "Resume"
    shot(page, "phone-games-list.png")


SIX = ["Anna", "Ben", "Chloe", "Dmytro", "Ewa", "Filip"]


def test_six_players_on_a_phone_get_a_table_and_the_round_action_in_reach(page, server):
    url = server["url"]
    game_id = start_game(page, url, SIX)
    save_round(page, url, game_id, 2, {0: 50, 1: 55, 3: 60, 4: 65, 5: 70})
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height < 1100, height  # was 1,739 px: about 180 px a player
    rows = page.locator("#compact-board tbody tr")
    sync_api.expect(rows).to_have_count(6)
    assert rows.nth(2).inner_text().split() == ["3", "Chloe", "leader", "2", "0"]
    assert page.locator(".players").is_hidden()
    shot(page, "phone-six-players.png")
    # the round action is on screen at the top of the board and at its end
    for where in ("top", "bottom"):
        page.evaluate("(y) => window.scrollTo(0, y)", 0 if where == "top" else height)
        box = page.locator("#enter-round").bounding_box()
        assert 0 <= box["y"] and box["y"] + box["height"] <= PHONE["height"], where
    # each player's card, with the photo checks, one tap away
    page.click("text=Show player cards")
    sync_api.expect(page.locator(".players")).to_be_visible()
    assert page.locator("#compact-board").is_hidden()
    assert page.locator(".player >> text=Check phase").count() == 6
    page.reload()  # the choice holds for the visit
    sync_api.expect(page.locator(".players")).to_be_visible()
    page.click("text=Show the table")
    sync_api.expect(page.locator("#compact-board")).to_be_visible()


def test_two_players_and_a_laptop_keep_the_cards(page, server, browser):
    url = server["url"]
    game_id = start_game(page, url, ["Ann", "Bob"])
    assert page.locator(".players").is_visible() and page.locator("#compact-board").count() == 0
    laptop = browser.new_context(viewport=LAPTOP, locale="en-GB").new_page()
    six = start_game(laptop, url, SIX)
    assert laptop.locator(".players").is_visible() and laptop.locator("#compact-board").is_hidden()
    laptop.context.close()
    assert game_id != six


def test_the_history_of_six_players_is_not_cut_on_a_laptop(browser, server):
    url = server["url"]
    page = browser.new_context(viewport=LAPTOP, locale="en-GB").new_page()
    game_id = start_game(page, url, SIX)
    for went_out in range(3):
        save_round(page, url, game_id, went_out,
                   {seat: 55 + 5 * seat for seat in range(6) if seat != went_out})
    page.goto(f"{url}/games/{game_id}/history")
    wrap = page.locator(".table-wrap:has(#history)")
    sizes = wrap.evaluate("(el) => [el.scrollWidth, el.clientWidth]")
    assert sizes[0] <= sizes[1], sizes  # nothing to scroll: every column shows
    last = page.locator("#history thead th", has_text="Filip").bounding_box()
    box = wrap.bounding_box()
    assert last["x"] + last["width"] <= box["x"] + box["width"]
    shot(page, "laptop-history-six.png")
    # narrower, the table scrolls, and a shadow at the right edge says so
    page.set_viewport_size({"width": 760, "height": 800})
    sizes = wrap.evaluate("(el) => [el.scrollWidth, el.clientWidth]")
    assert sizes[0] > sizes[1]
    assert "radial-gradient" in wrap.evaluate("(el) => getComputedStyle(el).backgroundImage")
    shot(page, "tablet-history-six.png")
    page.context.close()


def contrast(first: str, second: str) -> float:
    """WCAG contrast ratio of two ``rgb(r, g, b)`` colours."""
    def luminance(text: str) -> float:
        channels = [int(v) / 255 for v in re.findall(r"\d+", text)[:3]]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    high, low = sorted((luminance(first), luminance(second)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_chart_reads_on_a_phone_and_in_dark_mode(browser, server, scheme):
    url = server["url"]
    page = browser.new_context(viewport=PHONE, locale="en-GB", color_scheme=scheme).new_page()
    game_id = start_game(page, url, SIX[:5])
    save_round(page, url, game_id, 0, {seat: 50 + 5 * seat for seat in range(1, 5)})
    page.goto(f"{url}/games/{game_id}/history")
    heights = page.locator("svg.plot text.axis").evaluate_all(
        "(texts) => texts.map((t) => t.getBoundingClientRect().height)")
    assert heights and min(heights) >= 12, heights  # was about 7 px
    card = page.evaluate("getComputedStyle(document.querySelector('svg.plot')).backgroundColor")
    for seat in range(5):
        line = page.locator(f"svg.plot polyline.seat-{seat}").first
        stroke = line.evaluate("(el) => getComputedStyle(el).stroke")
        assert contrast(stroke, card) >= 3, (seat, stroke, card)
        legend = page.locator(f".legend span.seat-{seat}").evaluate(
            "(el) => getComputedStyle(el).backgroundColor")
        assert legend == stroke  # the legend shows the line's own colour
    dotted = page.locator("svg.plot polyline.seat-4").first
    assert dotted.get_attribute("stroke-dasharray") == "3 6"
    shot(page, f"phone-chart-{scheme}.png")
    page.context.close()


def test_first_n_phases_shows_only_for_the_shorter_game_and_says_its_default(page, server):
    url = server["url"]
    page.goto(url + "/games/new")
    field = page.locator("#phases-count-field")
    sync_api.expect(field).to_be_hidden()  # the standard game plays all ten
    page.select_option("select[name=variant]", "short")
    sync_api.expect(field).to_be_visible()
    sync_api.expect(field).to_contain_text("Left empty, the game plays the first 5 phases.")
    assert page.get_attribute("#phases_count", "placeholder") == "5"
    shot(page, "phone-new-short.png")
    page.fill("#phases_count", "3")
    page.select_option("select[name=variant]", "even")
    sync_api.expect(field).to_be_hidden()
    page.fill("input[name=player-0]", "Ann")
    page.fill("input[name=player-1]", "Bob")
    page.click("button[type=submit]")  # the hidden 3 is not sent: every even phase
    page.wait_for_url(re.compile(r"/games/\d+$"))
    page.click("text=More")
    assert "Even phases, 5 phases" in page.inner_text("details.card")
    page.goto(url + "/games/new")
    page.fill("input[name=player-0]", "Ann")
    page.fill("input[name=player-1]", "Bob")
    page.select_option("select[name=variant]", "short")
    page.click("button[type=submit]")  # N left empty: what the hint said
    page.wait_for_url(re.compile(r"/games/\d+$"))
    page.click("text=More")
    assert "Shorter game, 5 phases" in page.inner_text("details.card")
