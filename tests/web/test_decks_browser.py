"""The Decks pages as a player meets them (issue 63): what they are for in a player's words, the
photo button the rest of the app uses, and progress while a photo is read."""

from __future__ import annotations

import re

import pytest

from scorer.bench.live import serve_app
from tests.web import test_browser as shared
from web import create_app

PHONE, SHOTS, photo, sync_api = shared.PHONE, shared.SHOTS, shared.photo, shared.sync_api
playwright, browser, page = shared.playwright, shared.browser, shared.page

pytestmark = [pytest.mark.browser, pytest.mark.slow]

JARGON = ("detector", "shipped", "enrol", "fine-tun", "model")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("decks")
    app = create_app({"DATABASE": str(folder / "games.sqlite"), "SECRET_KEY": "decks"})
    app.instance_path = str(folder / "instance")  # enrolments are kept here, not in the tree
    with serve_app(app) as (host, port):
        yield {"url": f"http://{host}:{port}"}


def test_the_decks_page_says_what_it_is_for_without_jargon(page, server):
    page.goto(server["url"] + "/decks/")
    text = page.inner_text("main").lower()
    assert "most players never need this page" in text
    assert not [word for word in JARGON if word in text], text
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "phone-decks.png"), full_page=True)


def test_a_sheet_photo_goes_in_through_the_app_button_with_progress(page, server, tmp_path):
    page.goto(server["url"] + "/decks/")
    page.fill("#deck-name", "Our deck")
    page.click("#deck-form button[type=submit]")
    page.wait_for_url(re.compile(r"/decks/enrol/our-deck$"))
    text = page.inner_text("main").lower()
    assert not [word for word in JARGON if word in text]
    sheet = page.locator(".enrol-sheet").first
    button = sheet.locator("label.button")
    sync_api.expect(button).to_have_text("Take or choose a photo")
    background = "(el) => getComputedStyle(el).backgroundColor"
    save = page.locator("button", has_text="Save the deck")  # the app's main button
    assert button.evaluate(background) == save.evaluate(background)
    clip = sheet.locator("input[type=file]").evaluate("(el) => getComputedStyle(el).clip")
    assert clip == "rect(0px, 0px, 0px, 0px)"  # the browser's own file button never shows
    # hold the form's sending (a page with a navigation under way cannot be inspected), look,
    # then send it
    page.evaluate("""() => {
        const send = HTMLFormElement.prototype.submit;
        HTMLFormElement.prototype.submit = function () { window.sendHeld = () => send.call(this); };
    }""")
    sheet.locator("input[type=file]").set_input_files(str(photo(tmp_path / "sheet.jpg", ["R1"])))
    progress = sheet.locator(".sheet-progress")
    sync_api.expect(progress).to_be_visible()  # while the server works on it
    sync_api.expect(progress).to_contain_text("finding the cards")
    assert "busy" in button.get_attribute("class")  # no second photo meanwhile
    page.screenshot(path=str(SHOTS / "phone-decks-progress.png"), full_page=True)
    with page.expect_navigation():
        page.evaluate("() => window.sendHeld()")
    answer = page.locator(".enrol-sheet").first.locator(".error, .flash").first
    sync_api.expect(answer).to_be_visible()  # the server's verdict on the photo
