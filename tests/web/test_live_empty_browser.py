"""The live page shown no cards at all (Chromium's own fake camera: a test pattern) says a steady
"No cards in view" and never gives a verdict (issue 20). Runs the shipped model: slow.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from scorer.bench.live import serve_app
from scorer.bench.page import CHROMIUM, CHROMIUM_ARGS
from scorer.vision.reading import model_path
from web import create_app

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium"),
    pytest.mark.skipif(not model_path().is_file(), reason="needs the shipped model"),
]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    db = tmp_path_factory.mktemp("db") / "live.sqlite"
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE": str(db)})  # real reader
    with serve_app(app, threads=4) as (host, port):
        yield f"http://{host}:{port}"
    app.extensions["phase10_live"].stop()


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=[*CHROMIUM_ARGS, "--use-fake-ui-for-media-stream",
                  "--use-fake-device-for-media-stream"],  # the built-in test pattern
        )
        yield browser
        browser.close()


def test_the_fake_cameras_test_pattern_reads_no_cards_in_view(server, browser):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{server}/live/?phase=1")
    seen = []
    for n in range(4, 16, 2):  # several readings: the message must hold in every one
        page.wait_for_function("(n) => window.liveStats && window.liveStats.readings >= n",
                               arg=n, timeout=60000)
        last = page.evaluate("window.liveStats.last")  # cards and detections: the why, if any
        seen.append((page.inner_text("#live-status"), page.is_hidden("#live-verdict"),
                     last["no_cards"], " ".join(last["cards"]),
                     " ".join(f"{d['card']}{'?' if d['unsure'] else ''}:{d.get('chance')}"
                              for d in last["detections"])))
    assert all(status == "No cards in view" for status, *_ in seen), seen
    assert all(hidden for _, hidden, *_ in seen), seen
    assert all(empty is True for _, _, empty, *_ in seen), seen
    assert page.locator("#live-cards li").count() == 0
    assert not errors
    context.close()
