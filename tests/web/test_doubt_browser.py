"""In the browser: a verdict that hangs on an unsure card says so, and nothing unsure is recorded
before the player confirms it (issue 20). Debian's Chromium, headless, via Playwright.

A fake reader reads the cards drawn by :func:`scorer.bench.synthetic.draw_frame` where they are
drawn; the cards named ``unsure`` come back marked unsure, with the alternatives given.
"""

from __future__ import annotations

import re
import shutil

import pytest

from scorer.bench.live import serve_app
from scorer.bench.synthetic import layout
from scorer.cards import parse_card
from scorer.vision.card_reading import CardReading, DetectedCard
from tests.web.test_browser import CHROMIUM, CHROMIUM_ARGS, photo
from web import create_app

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# phase 1 (2 sets of 3) is valid only if the unsure Wild is really there
PHASE = ["R5", "B5", "G5", "Y7", "R7", "W"]

if not shutil.which(CHROMIUM):
    pytest.skip("Debian's chromium is not installed", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api")


class DoubtReader:
    """Reads the drawn cards; ``unsure`` names come back unsure (score 0.5), with ``others``
    as their likely alternative."""

    def __init__(self) -> None:
        self.names: list[str] = PHASE
        self.unsure: set[str] = {"W"}
        self.others: dict[str, str] = {}

    def __call__(self, image, conf: float = 0.25) -> CardReading:
        height, width = image.shape[:2]
        return CardReading(tuple(
            DetectedCard(parse_card(name), 0.5 if name in self.unsure else 0.95, tuple(box),
                         alternative=parse_card(self.others[name]) if name in self.others
                         else None)
            for name, box in layout(self.names, (width, height))
        ), (height, width))


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("doubt")
    reader = DoubtReader()
    app = create_app({"DATABASE": str(folder / "games.sqlite"), "SECRET_KEY": "doubt",
                      "CARD_READER": reader})
    with serve_app(app) as (host, port):
        yield {"url": f"http://{host}:{port}", "reader": reader}
    live = app.extensions.get("phase10_live")
    if live is not None:
        live.stop()


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as running:
        chromium = running.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-GB")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, errors


def new_game(page, url: str) -> int:
    page.goto(url + "/games/new")
    for seat, name in enumerate(["Ann", "Bob"]):
        page.fill(f"input[name=player-{seat}]", name)
    page.select_option("select[name=variant]", "short")
    page.fill("input[name=phases_count]", "2")
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/games/\d+$"))
    return int(page.url.rsplit("/", 1)[-1])


def test_a_verdict_that_hangs_on_an_unsure_wild_says_so_and_asks_first(page, server, tmp_path):
    server["reader"].names, server["reader"].unsure = PHASE, {"W"}
    game = new_game(page, server["url"])
    page.goto(f"{server['url']}/games/{game}/players/0/check")
    page.set_input_files("#file", str(photo(tmp_path / "phase.jpg", PHASE)))
    page.wait_for_selector("#verdict.doubt")
    assert "Valid if W? is a Wild on the table" in page.inner_text("#verdict")
    assert "Valid phase" not in page.inner_text("#verdict")

    # the record button asks for the unsure card to be confirmed first
    page.click("#confirm")
    sync_api.expect(page.locator("#confirm-unsure")).to_be_visible()
    assert "W?" in page.inner_text("#confirm-unsure")
    assert "/games/" in page.url and "/check" in page.url  # nothing recorded yet
    page.click("#confirm-all")
    page.wait_for_selector("#verdict.ok")
    assert "Valid phase" in page.inner_text("#verdict")
    page.click("#confirm")
    page.wait_for_url(re.compile(r"/rounds/new"))  # its query is dropped once the form read it
    sync_api.expect(page.locator("input[name=completed-0][value=yes]")).to_be_checked()


def test_an_unsure_card_that_spoils_the_phase_is_named_and_its_alternative_offered_first(
        page, server, tmp_path):
    names = ["R5", "B5", "G5", "Y7", "R7", "Y8"]
    server["reader"].names, server["reader"].unsure = names, {"Y8"}
    server["reader"].others = {"Y8": "Y7"}
    try:
        game = new_game(page, server["url"])
        page.goto(f"{server['url']}/games/{game}/players/0/check")
        page.set_input_files("#file", str(photo(tmp_path / "phase.jpg", names)))
        page.wait_for_selector("#verdict.doubt")
        text = page.inner_text("#verdict")
        assert "Not valid" in text and "check Y8? (valid if it is Y7)" in text
        assert page.is_hidden("#confirm")  # not valid as read: nothing to record
        page.click("#chips .chip[data-card=Y8]")
        first = page.locator("#pick button").first
        assert first.get_attribute("data-face") == "Y7"
        assert "suggested" in first.get_attribute("class")
        first.click()
        page.wait_for_selector("#verdict.ok")
    finally:
        server["reader"].others = {}


def test_a_hand_scan_shows_the_unsure_share_and_asks_before_the_points_go_in(
        page, server, tmp_path):
    names = ["R5", "B10", "W"]
    server["reader"].names, server["reader"].unsure = names, {"W"}
    game = new_game(page, server["url"])
    page.goto(f"{server['url']}/games/{game}/players/1/hand")
    page.set_input_files("#file", str(photo(tmp_path / "hand.jpg", names)))
    page.wait_for_selector("#verdict.doubt")
    text = page.inner_text("#verdict")
    assert "3 cards, 40 points" in text and "25 of them from cards marked ?" in text
    page.click("#confirm")
    sync_api.expect(page.locator("#confirm-unsure")).to_be_visible()
    assert "/hand" in page.url
    page.click("#chips .chip[data-card=W]")
    page.click("#remove")  # the Wild was a phantom
    page.wait_for_selector("#verdict.ok")
    sync_api.expect(page.locator("#verdict")).to_contain_text("2 cards, 15 points")
    confirm = page.locator("#confirm")
    sync_api.expect(confirm).to_have_attribute("href", re.compile(r"points-1=15"))
    sync_api.expect(page.locator("#confirm-unsure")).to_be_hidden()
    with page.expect_navigation(url=re.compile(r"points-1=15"), wait_until="domcontentloaded"):
        confirm.click()


def test_a_photo_of_unsure_phantoms_alone_says_no_card_was_read_for_sure(page, server, tmp_path):
    names = ["S", "R3", "R8"]
    server["reader"].names, server["reader"].unsure = names, set(names)
    game = new_game(page, server["url"])
    page.goto(f"{server['url']}/games/{game}/players/1/hand")
    page.set_input_files("#file", str(photo(tmp_path / "text.jpg", names)))
    sync_api.expect(page.locator("#status")).to_contain_text("No card read for sure")
    page.click("#chips .chip[data-card=R3]")
    page.click("#close-editor")  # the player says R3 is a card after all
    sync_api.expect(page.locator("#status")).to_contain_text("Cards found: 3")
