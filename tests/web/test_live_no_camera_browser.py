"""The live pages on a device without a camera (issue 63): a sentence a person understands, not
"NotFoundError", and the photo path: on ``/live/`` a photo read in place, checked against the
chosen phase; on a player's page the photo check. Chromium here has no camera at all."""

from __future__ import annotations

import re

import pytest

from tests.web import test_browser as shared

LAPTOP, PHONE, SHOTS = shared.LAPTOP, shared.PHONE, shared.SHOTS
photo, start_game, sync_api = shared.photo, shared.start_game, shared.sync_api
server, playwright, browser = shared.server, shared.playwright, shared.browser

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture(scope="module")
def browser_with_camera(playwright):
    """Chromium with a (fake) camera that the page must ask for: nobody allows it."""
    chromium = playwright.chromium.launch(
        executable_path=shared.CHROMIUM,
        args=[*shared.CHROMIUM_ARGS, "--use-fake-device-for-media-stream"])
    yield chromium
    chromium.close()


@pytest.fixture(params=["none", "refused"])
def camera_page(request, browser, browser_with_camera):
    """A phone with no camera at all ("none"), or one whose player refused it ("refused")."""
    if request.param == "none":
        context = browser.new_context(viewport=PHONE, locale="en-GB")
        context.grant_permissions(["camera"])  # allowed, but there is nothing to allow
    else:
        context = browser_with_camera.new_context(viewport=PHONE, locale="en-GB")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield request.param, page
    context.close()
    assert not errors, errors


SENTENCES = {"none": "No camera was found on this device",
             "refused": "The camera is blocked for this page"}


def test_live_without_a_camera_says_why_and_reads_a_photo_instead(camera_page, server, tmp_path):
    permission, page = camera_page
    page.goto(server["url"] + "/live/?phase=1")
    status = page.locator("#live-status")
    sync_api.expect(status).to_contain_text(SENTENCES[permission])
    assert "Error" not in status.inner_text()  # no NotFoundError, no NotAllowedError
    assert "live-stage-off" in page.get_attribute("#live-stage", "class")
    stage = page.locator("#live-stage").bounding_box()
    assert stage["height"] < 260  # not a tall black box
    link = page.locator("#live-photo-link")
    sync_api.expect(link).to_have_text("Take a photo instead")
    assert "secondary" not in link.get_attribute("class")  # the way on is the main button
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"phone-live-no-camera-{permission}.png"))

    page.set_input_files("#live-photo", str(photo(tmp_path / "hand.jpg",
                                                  ["R5", "B5", "G5", "Y7", "Y8", "W"])))
    sync_api.expect(page.locator("#live-frozen")).to_be_visible()
    # the reader was unsure of Y8: it keeps its "?" for the player to confirm
    assert page.input_value("#live-frozen-cards") == "R5 B5 G5 Y7 Y8? W"
    sync_api.expect(page.locator("#live-verdict")).to_be_visible()
    page.fill("#live-frozen-cards", "R5 B5 G5 Y7 Y7 W")  # corrected: two sets of three
    page.click("#live-confirm")
    sync_api.expect(page.locator("#live-verdict")).to_have_class(re.compile("live-valid"))
    assert page.locator("#live-cards li").all_inner_texts() == "R5 B5 G5 Y7 Y7 W".split()
    page.screenshot(path=str(SHOTS / f"phone-live-photo-{permission}.png"))


def test_a_players_live_page_without_a_camera_offers_the_photo_check(camera_page, server):
    permission, page = camera_page
    game_id = start_game(page, server["url"], ["Ann", "Bob"])
    page.goto(f"{server['url']}/games/{game_id}/players/1/live")
    sync_api.expect(page.locator("#live-status")).to_contain_text(SENTENCES[permission])
    page.click("#live-photo-link")
    page.wait_for_url(re.compile(rf"/games/{game_id}/players/1/check"))
