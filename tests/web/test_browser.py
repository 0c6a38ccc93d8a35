"""Real-browser tests: Debian's Chromium (headless, via Playwright) against a real server.

The server runs in a thread on a free localhost port with a fake card reader that "sees" the
cards drawn by :func:`scorer.bench.synthetic.draw_frame`; the photo goes in through the page's
file input. Screenshots of every page at phone and laptop size go to ``$PHASE10_SHOTS``
(default: ``phase10-shots`` in the system's temporary folder), never into the repository.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from pathlib import Path

import cv2
import pytest

from scorer.bench.live import serve_app
from scorer.bench.page import CHROMIUM, CHROMIUM_ARGS
from scorer.bench.synthetic import draw_frame, layout
from scorer.cards import parse_card
from scorer.vision.card_reading import CardReading, DetectedCard
from web import create_app

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
PHOTO_SIZE = (1280, 720)
SHOTS = Path(os.environ.get("PHASE10_SHOTS") or Path(tempfile.gettempdir()) / "phase10-shots")

if not shutil.which(CHROMIUM):
    pytest.skip("Debian's chromium is not installed", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api")


class LayoutReader:
    """A fake detector: the cards drawn by ``draw_frame(layout(names))``, boxed where drawn,
    read with confidence 0.93, or 0.52 (below the app's unsure mark) for the ``unsure`` names."""

    def __init__(self, names: list[str], unsure: frozenset[str] = frozenset()) -> None:
        self.names = names
        self.unsure = unsure

    def __call__(self, image, conf: float = 0.25) -> CardReading:
        height, width = image.shape[:2]
        placed = layout(self.names, (width, height))
        return CardReading(tuple(
            DetectedCard(parse_card(name), 0.52 if name in self.unsure else 0.93, tuple(box))
            for name, box in placed
        ), (height, width))


def photo(path: Path, names: list[str]) -> Path:
    cv2.imwrite(str(path), draw_frame(0, layout(names, PHOTO_SIZE), PHOTO_SIZE))
    return path


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A real threaded HTTP server on a free port, CSRF on, fake reader in its config."""
    folder = tmp_path_factory.mktemp("browser")
    reader = LayoutReader(["R5", "B5", "G5", "Y7", "Y8", "W"],  # one misread: Y8 for Y7,
                          unsure=frozenset({"Y8"}))       # and the reader was unsure of it
    app = create_app({"DATABASE": str(folder / "games.sqlite"), "SECRET_KEY": "browser",
                      "CARD_READER": reader, "SHARE_POLL_SECONDS": 1})
    with serve_app(app) as (host, port):
        yield {"url": f"http://{host}:{port}", "reader": reader, "folder": folder}
    live = app.extensions.get("phase10_live")
    if live is not None:
        live.stop()


@pytest.fixture(scope="module")
def playwright():
    with sync_api.sync_playwright() as running:
        yield running


@pytest.fixture(scope="module")
def browser(playwright):
    chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield chromium
    chromium.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, errors


def start_game(page, url, players, phases_count="2"):
    page.goto(url + "/games/new")
    for seat, name in enumerate(players):
        page.fill(f"input[name=player-{seat}]", name)
    page.select_option("select[name=variant]", "short")
    page.fill("input[name=phases_count]", phases_count)
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/games/\d+$"))
    return int(page.url.rsplit("/", 1)[-1])


def test_a_whole_short_game_through_the_page(page, server, tmp_path):
    url = server["url"]
    game_id = start_game(page, url, ["Ann", "Bob"])
    assert "2 sets of 3" in page.inner_text("#board")

    # Round 1: Ann's phase from a photo; one card misread and corrected by tapping it.
    page.click("text=Check phase >> nth=0")
    page.set_input_files("#file", str(photo(tmp_path / "phase1.jpg",
                                            ["R5", "B5", "G5", "Y7", "Y7", "W"])))
    page.wait_for_selector("#chips .chip")
    assert page.locator("#overlay rect.box").count() == 6
    page.wait_for_selector("#verdict.no")
    assert page.locator("#chips .chip.unsure").all_inner_texts() == ["Y8"]
    assert page.locator("#overlay rect.box.unsure").count() == 1
    assert "unsure of 1" in page.inner_text("#unsure-hint")
    page.click("#chips .chip[data-card=Y8]")
    page.click("#pick button[data-face=Y7]")
    page.wait_for_selector("#verdict.ok")
    assert page.locator("#chips .chip.unsure").count() == 0  # corrected: the player's word
    assert page.is_hidden("#unsure-hint")
    assert "Valid phase" in page.inner_text("#verdict")
    page.click("#confirm")
    # the round form drops its query from the address once read, so wait for the form itself
    page.wait_for_url(re.compile(r"/rounds/new"))
    sync_api.expect(page.locator("input[name=completed-0][value=yes]")).to_be_checked()
    page.check("input[name=went_out][value='0']")
    page.fill("input[name=points-1]", "55")
    page.click("#save-round")
    page.wait_for_url(re.compile(rf"/games/{game_id}$"))
    assert "Round 1 saved." in page.inner_text("main")

    # Round 2 with a mistake first: the engine's message shows beside Bob's points.
    page.click("#enter-round")
    page.click("input[name=completed-0][value=yes] >> xpath=..")
    page.check("input[name=went_out][value='0']")
    page.fill("input[name=points-1]", "7")
    page.click("#save-round")
    assert "multiple of 5" in page.inner_text("fieldset[data-seat='1']")
    page.fill("input[name=points-1]", "60")
    page.click("#save-round")
    page.wait_for_url(re.compile(rf"/games/{game_id}$"))
    assert "Ann wins the game!" in page.inner_text(".banner-win")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "phone-winner.png"), full_page=True)

    # History: both rounds, running totals, the plot.
    page.click("text=History")
    sync_api.expect(page.locator("#history tbody tr")).to_have_count(2)
    sync_api.expect(page.locator("svg.plot polyline")).to_have_count(2)


def test_an_unsure_card_the_player_looked_at_is_no_longer_marked(page, server, tmp_path):
    game_id = start_game(page, server["url"], ["Gus", "Hal"])
    page.goto(f"{server['url']}/games/{game_id}/players/0/check")
    page.set_input_files("#file", str(photo(tmp_path / "phase.jpg", ["R5"] * 6)))
    page.wait_for_selector("#chips .chip.unsure")
    page.click("#chips .chip[data-card=Y8]")
    page.click("#close-editor")  # seen and left as it is: confirmed
    sync_api.expect(page.locator("#chips .chip.unsure")).to_have_count(0)
    assert page.is_hidden("#unsure-hint")
    assert page.locator("#chips .chip").count() == 6


def test_scan_a_hand_puts_the_points_into_the_round(page, server, tmp_path):
    url = server["url"]
    game_id = start_game(page, url, ["Cy", "Di"], phases_count="3")
    page.goto(f"{url}/games/{game_id}/players/1/hand")
    page.set_input_files("#file", str(photo(tmp_path / "hand.jpg", ["R5"] * 6)))
    page.wait_for_selector("#verdict.doubt")  # the reader was unsure of Y8: 5 of the points
    assert "6 cards, 50 points (5 of them from cards marked ?)" in page.inner_text("#verdict")
    page.click("#add-card")
    page.click("#pick button[data-face=W]")
    sync_api.expect(page.locator("#verdict")).to_contain_text("75")
    page.click("#confirm")  # the unsure Y8 is confirmed before the points go in
    page.click("#confirm-all")
    page.wait_for_selector("#verdict.ok")
    page.click("#confirm")
    page.wait_for_url(re.compile(r"/rounds/new"))  # its query is dropped once the form read it
    sync_api.expect(page.locator("input[name=points-1]")).to_have_value("75")


def test_a_bad_upload_shows_the_servers_message(page, server, tmp_path):
    game_id = start_game(page, server["url"], ["Ed", "Flo"])
    page.goto(f"{server['url']}/games/{game_id}/players/0/check")
    bad = tmp_path / "notes.jpg"
    bad.write_bytes(b"not a picture")
    page.set_input_files("#file", str(bad))
    page.wait_for_selector("#status.error")
    assert "could not be read" in page.inner_text("#status")


def test_the_shared_scoreboard_updates_by_itself(browser, page, server):
    url = server["url"]
    start_game(page, url, ["Gus", "Hal"])
    share_url = url + page.get_attribute("#share-link", "href")
    viewer = browser.new_context(viewport=PHONE).new_page()
    viewer.goto(share_url)
    assert viewer.inner_text(".round-number") == "1"
    page.click("#enter-round")
    page.click("input[name=completed-0][value=yes] >> xpath=..")
    page.check("input[name=went_out][value='0']")
    page.fill("input[name=points-1]", "50")
    page.click("#save-round")
    sync_api.expect(viewer.locator(".round-number")).to_have_text("2", timeout=10_000)
    viewer.context.close()


def test_two_phones_editing_one_game_do_not_lose_an_update(browser, page, server):
    url = server["url"]
    game_id = start_game(page, url, ["Ivy", "Jo"])
    other = browser.new_context(viewport=PHONE).new_page()
    for phone in (page, other):
        phone.goto(f"{url}/games/{game_id}/rounds/new")
    for phone, points in ((page, "50"), (other, "65")):
        phone.click("input[name=completed-0][value=yes] >> xpath=..")
        phone.check("input[name=went_out][value='0']")
        phone.fill("input[name=points-1]", points)
    page.click("#save-round")
    page.wait_for_url(re.compile(rf"/games/{game_id}$"))
    other.click("#save-round")
    other.wait_for_selector("#round-taken")  # round 1 is saved: this phone's is not added
    assert "Round 1 was saved on another device" in other.inner_text("#round-taken")
    assert "Round 1" in other.inner_text("h1")
    assert other.input_value("input[name=points-1]") == "65"
    other.context.close()


def test_screenshots_of_every_page(browser, server, tmp_path):
    """Not an assertion about looks: it writes the screenshots a person looks at."""
    url = server["url"]
    SHOTS.mkdir(parents=True, exist_ok=True)
    setup = browser.new_context(viewport=LAPTOP).new_page()
    game_id = start_game(setup, url, ["Ann", "Bartholomew", "Cy", "Dominika"], "3")
    for points in ("55", "90"):
        setup.click("#enter-round")
        setup.click("input[name=completed-0][value=yes] >> xpath=..")
        setup.check("input[name=went_out][value='0']")
        for seat in (1, 2, 3):
            setup.fill(f"input[name=points-{seat}]", points)
        setup.click("#save-round")
    share = setup.get_attribute("#share-link", "href")
    setup.context.close()
    card_photo = photo(tmp_path / "shot.jpg", ["R5", "B5", "G5", "Y7", "Y7", "W"])
    pages = {
        "games": "/", "new": "/games/new", "scoreboard": f"/games/{game_id}",
        "round": f"/games/{game_id}/rounds/new", "history": f"/games/{game_id}/history",
        "check": f"/games/{game_id}/players/1/check", "hand": f"/games/{game_id}/players/2/hand",
        "share": share, "missing": "/games/999",
    }
    runs = (("phone", PHONE, "en-GB", pages), ("laptop", LAPTOP, "en-GB", pages),
            ("phone-uk", PHONE, "uk-UA", {k: pages[k] for k in ("scoreboard", "round", "check")}),
            ("phone-pl", PHONE, "pl-PL", {k: pages[k] for k in ("new", "history", "hand")}))
    for size_name, viewport, locale, chosen in runs:
        context = browser.new_context(viewport=viewport, locale=locale)
        shot = context.new_page()
        for name, path in chosen.items():
            shot.goto(url + path)
            if name in ("check", "hand"):
                shot.set_input_files("#file", str(card_photo))
                shot.wait_for_selector("#verdict:not([hidden])")
            if name == "round":
                shot.click("#save-round")  # shows the engine's messages beside the fields
            shot.screenshot(path=str(SHOTS / f"{size_name}-{name}.png"), full_page=True)
        context.close()
    assert len(list(SHOTS.glob("*.png"))) >= 2 * len(pages)


def test_cards_from_the_live_page_are_checked_without_a_photo(page, server):
    game_id = start_game(page, server["url"], ["Kim", "Lou"])
    page.goto(f"{server['url']}/games/{game_id}/players/0/check?cards=R5+B5+G5+Y7+Y7+W")
    page.wait_for_selector("#verdict.ok")
    assert page.locator("#chips .chip").count() == 6
    assert page.is_visible("#confirm")


def test_the_live_camera_takes_the_photo_on_a_secure_page(playwright, server):
    """getUserMedia on http://127.0.0.1 (a secure context) with Chromium's fake camera."""
    fake_camera = ["--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream"]
    chromium = playwright.chromium.launch(executable_path=CHROMIUM,
                                          args=CHROMIUM_ARGS + fake_camera)
    try:
        page = chromium.new_context(viewport=PHONE).new_page()
        game_id = start_game(page, server["url"], ["Mo", "Ned"])
        page.goto(f"{server['url']}/games/{game_id}/players/0/check")
        page.click("#start-camera")
        page.wait_for_selector("#video:not([hidden])")
        page.click("#snap")
        page.wait_for_selector("#chips .chip")
        assert page.locator("#overlay rect.box").count() == 6
        assert page.is_hidden("#video")
    finally:
        chromium.close()


def test_a_plain_http_lan_page_falls_back_to_the_file_input(playwright, server):
    """A LAN address over plain HTTP is not secure: no camera button, the file input stays."""
    port = server["url"].rsplit(":", 1)[1]
    chromium = playwright.chromium.launch(
        executable_path=CHROMIUM,
        args=CHROMIUM_ARGS + ["--host-resolver-rules=MAP phase10.lan 127.0.0.1"])
    try:
        page = chromium.new_context(viewport=PHONE).new_page()
        game_id = start_game(page, f"http://phase10.lan:{port}", ["Oz", "Pia"])
        page.goto(f"http://phase10.lan:{port}/games/{game_id}/players/0/check")
        assert page.evaluate("window.isSecureContext") is False
        assert page.is_hidden("#start-camera")
        assert page.get_attribute("#file", "capture") == "environment"
    finally:
        chromium.close()
