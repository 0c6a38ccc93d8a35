"""The installable app in Chromium: the service worker registers, keeps the shell, and when the
scorekeeper's computer is gone a phone gets the offline page, styled, instead of an error."""

from __future__ import annotations

import contextlib
import shutil

import pytest

from scorer.bench.live import serve_app
from scorer.bench.page import CHROMIUM, CHROMIUM_ARGS
from tests.web.test_browser import PHONE, SHOTS
from web import create_app

pytestmark = [pytest.mark.browser, pytest.mark.slow]

if not shutil.which(CHROMIUM):
    pytest.skip("Debian's chromium is not installed", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api")


def test_the_shell_is_served_when_the_computer_cannot_be_reached(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "games.sqlite"), "SECRET_KEY": "install"})
    server = contextlib.ExitStack()
    host, port = server.enter_context(serve_app(app))
    url = f"http://{host}:{port}"
    errors: list[str] = []
    with server, sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport=PHONE, locale="en-GB")
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(url + "/")
        manifest = page.evaluate("""async () => {
            const link = document.querySelector("link[rel=manifest]");
            return (await fetch(link.href)).json();
        }""")
        assert manifest["start_url"] == "/"
        scope = page.evaluate("async () => (await navigator.serviceWorker.ready).scope")
        assert scope == url + "/"
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        kept = page.evaluate("""async () => {
            const names = await caches.keys();
            const cache = await caches.open(names[0]);
            return (await cache.keys()).map((request) => new URL(request.url).pathname);
        }""")
        assert {"/offline", "/static/app.css", "/static/app.js"} <= set(kept)

        server.close()  # the scorekeeper's computer goes away
        page.goto(url + "/games/1")  # a page this phone never opened
        sync_api.expect(page.locator("h1")).to_have_text("Cannot reach the scorekeeper's computer")
        background = page.evaluate("getComputedStyle(document.body).backgroundColor")
        assert background == "rgb(244, 241, 234)"  # app.css, from the kept copy
        assert page.evaluate("async () => (await fetch('/static/app.js')).status") == 200
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "phone-offline.png"))
        page.click("#retry")  # still unreachable: the same page again, not the browser's error
        sync_api.expect(page.locator("#offline")).to_be_visible()
        browser.close()
    assert not errors, errors
