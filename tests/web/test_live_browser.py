"""The browser path end to end: Chromium's fake camera plays a rendered video into the live page.

The video (a y4m file, Chromium's ``--use-file-for-fake-video-capture``) shows a hand with a
barcode of the frame index; the app's fake reader decodes it and answers with the scripted cards,
so the stable reading the page shows must equal the video's cards, whatever the single frames
miss. Set ``PHASE10_SCREENSHOTS=DIR`` to keep phone and laptop screenshots of the page.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Callable
from pathlib import Path

import pytest

from scorer.bench.live import serve_app
from scorer.bench.page import CHROMIUM, CHROMIUM_ARGS
from scorer.bench.synthetic import ScriptedReader, draw_frame, layout, write_video, write_y4m
from web import create_app

SIZE = (1280, 720)
HAND = ["R3", "R3", "B3", "G8", "Y8", "W"]  # phase 1: two sets of three
TRUTH = "R3 R3 B3 G8 Y8 W"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium"),
]


def script(n_frames: int = 10) -> list:
    """The hand in every frame, except frame 2 misses G8 and frame 6 shows a stray S."""
    placed = layout(HAND, SIZE)
    frames = []
    for i in range(n_frames):
        frame = [p for p in placed if not (i == 2 and p[0] == "G8")]
        if i == 6:
            frame.append(("S", (40.0, 500.0, 140.0, 650.0)))
        frames.append(frame)
    return frames


@pytest.fixture(scope="module")
def camera_file(tmp_path_factory):
    frames = script()
    path = tmp_path_factory.mktemp("camera") / "hand.y4m"
    write_y4m(path, (draw_frame(i, f, SIZE) for i, f in enumerate(frames)), fps=10)
    return path, frames


@pytest.fixture(scope="module")
def server(tmp_path_factory, camera_file):
    _, frames = camera_file
    db = tmp_path_factory.mktemp("db") / "live.sqlite"
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE": str(db),
                      "CARD_READER": ScriptedReader(frames, SIZE)})
    with serve_app(app, threads=4) as (host, port):
        yield f"http://{host}:{port}", app
    app.extensions["phase10_live"].stop()


@pytest.fixture(scope="module")
def browser(camera_file):
    from playwright.sync_api import sync_playwright

    path, _ = camera_file
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                *CHROMIUM_ARGS, "--use-fake-ui-for-media-stream",
                "--use-fake-device-for-media-stream", f"--use-file-for-fake-video-capture={path}",
            ],
        )
        yield browser
        browser.close()


READ_TRUTH = "(t) => window.liveStats && window.liveStats.last && " \
    "window.liveStats.last.cards.join(' ') === t"


def wait_for_readings(page, count: int, timeout_ms: int = 30000) -> dict:
    # function form: the page's CSP forbids evaluating strings, which wait_for_function would
    page.wait_for_function("(n) => window.liveStats && window.liveStats.readings >= n",
                           arg=count, timeout=timeout_ms)
    return page.evaluate("window.liveStats")


def screenshot(page, name: str) -> None:
    folder = os.environ.get("PHASE10_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / name))


@pytest.mark.parametrize(("device", "viewport"), [("phone", (390, 844)), ("laptop", (1280, 800))])
def test_the_stable_reading_equals_the_cards_in_the_video(server, browser, device, viewport):
    base, _ = server
    context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]},
                                  device_scale_factor=1)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{base}/live/?phase=1")
    stats = wait_for_readings(page, 25)
    assert stats["last"]["size"] == list(SIZE)
    assert " ".join(stats["last"]["cards"]) == TRUTH
    changes = stats["changes"]
    assert TRUTH in changes and changes[-1] == TRUTH
    assert changes.index(TRUTH) == len(changes) - 1  # no flicker once the hand is read
    assert page.locator("#live-cards li:not(.live-card-pending)").all_inner_texts() == TRUTH.split()
    assert page.locator("#live-points").inner_text() == "50"
    if stats["last"]["verdict"] is not None:
        assert stats["last"]["verdict"]["valid"] is True
        assert "live-valid" in page.locator("#live-verdict").get_attribute("class")
    painted = page.evaluate("""() => {
        const c = document.getElementById('live-overlay');
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        let n = 0; for (let i = 3; i < d.length; i += 4) if (d[i]) n++; return n; }""")
    assert painted > 100  # the boxes are drawn over the video
    screenshot(page, f"live-{device}.png")
    assert not errors
    context.close()


def tap_freeze(page, until: Callable[[], object], tries: int = 3) -> None:
    """Tap "Freeze and confirm" until ``until()`` (a Playwright wait) succeeds.

    Twice in full CI runs a tap changed nothing, never when the file ran alone, even with the
    cores busy. The button used to sit under the reading, whose height changes with every
    frame; it now sits above it. A tap that still misses is tried again, with a warning in the
    test summary, and the outcome is asserted as before.
    """
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    for attempt in range(tries):
        page.click("#live-freeze")
        try:
            until()
            return
        except PlaywrightTimeout:
            if attempt == tries - 1:
                raise
            warnings.warn(f"a tap on freeze changed nothing (try {attempt + 1}); tapping again",
                          stacklevel=2)


def test_freezing_hands_the_cards_to_the_confirm_step(server, browser):
    base, _ = server
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(f"{base}/live/?phase=1")
    page.wait_for_function(READ_TRUTH, arg=TRUTH, timeout=30000)
    tap_freeze(page, lambda: page.wait_for_selector("#live-frozen", state="visible", timeout=5000))
    assert page.locator("#live-frozen-cards").input_value() == TRUTH
    readings = page.evaluate("window.liveStats.readings")
    page.wait_for_timeout(500)
    assert page.evaluate("window.liveStats.readings") == readings  # frozen: no more frames
    page.fill("#live-frozen-cards", "R3 R3 B3 G8 Y8")  # correct: the W was not there
    page.click("#live-confirm")
    page.wait_for_function("() => window.liveStats.frozen && window.liveStats.frozen.length === 5")
    assert page.locator("#live-points").inner_text() == "25"
    screenshot(page, "live-frozen-phone.png")
    context.close()


def test_a_players_live_page_freezes_into_the_photo_checks_confirm_step(server, browser):
    """Bob's live page checks his phase; one tap opens the photo check with the frozen cards."""
    base, app = server
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    created = page.request.post(f"{base}/api/games", data={"players": ["Ann", "Bob"]})
    assert created.ok, created.text()
    game_id = created.json()["id"]
    page.goto(f"{base}/games/{game_id}/players/1/live")
    assert "Bob" in page.locator("h1").inner_text()
    assert "Phase 1" in page.locator(".live-phase").inner_text()
    page.wait_for_function(READ_TRUTH, arg=TRUTH, timeout=30000)
    assert page.evaluate("window.liveStats.last.verdict.valid") is True
    tap_freeze(page, lambda: page.wait_for_url(f"**/games/{game_id}/players/1/check?cards=*",
                                               timeout=10000))
    assert "cards=R3+R3+B3+G8+Y8+W" in page.url
    # the photo check's own chips, verdict and "record phase completed" link take over
    page.wait_for_function("() => !document.getElementById('confirm').hidden")
    assert "completed-1=yes" in page.locator("#confirm").get_attribute("href")
    screenshot(page, "live-handover-laptop.png")
    page.go_back()  # back to the live view: it goes live again, frozen or not
    page.wait_for_function(READ_TRUTH, arg=TRUTH, timeout=30000)
    before = page.evaluate("window.liveStats.readings")
    page.wait_for_function("(n) => window.liveStats.readings > n + 2", arg=before, timeout=30000)
    context.close()


def test_an_insecure_origin_explains_why_there_is_no_camera(server, browser):
    """A LAN address over plain http is no secure context: no camera, a hint to use https."""
    base, _ = server
    port = base.rsplit(":", 1)[1]
    lan_browser = browser.browser_type.launch(
        executable_path=CHROMIUM,
        args=["--no-sandbox", "--disable-background-networking", "--no-first-run",
              "--host-resolver-rules=MAP phase10.lan 127.0.0.1"],
    )
    try:
        page = lan_browser.new_page()
        page.goto(f"http://phase10.lan:{port}/live/")
        assert page.evaluate("window.isSecureContext") is False
        page.wait_for_function(
            "() => document.getElementById('live-status').textContent.includes('https')")
        assert page.locator("#live-freeze").is_disabled()
    finally:
        lan_browser.close()


def test_the_table_webcam_view_shows_the_server_cameras_reading(tmp_path, browser, camera_file):
    """``phase10 serve --camera FILE``: the page switches to the server's feed and reads it."""
    _, frames = camera_file
    video = write_video(tmp_path / "table.avi",
                        (draw_frame(i, f, SIZE) for i, f in enumerate(frames)), fps=10)
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE": str(tmp_path / "db.sqlite"),
                      "CARD_READER": ScriptedReader(frames, SIZE), "LIVE_CAMERA": str(video)})
    try:
        with serve_app(app, threads=4) as (host, port):
            context = browser.new_context(viewport={"width": 1280, "height": 800})
            page = context.new_page()
            page.goto(f"http://{host}:{port}/live/?phase=1")
            page.check("input[name=source][value=server]")
            page.wait_for_function(
                "(t) => window.liveStats.source === 'server' && window.liveStats.last"
                " && window.liveStats.last.cards.join(' ') === t", arg=TRUTH, timeout=30000)
            page.wait_for_function(
                "() => document.getElementById('live-server').naturalWidth === 1280")
            assert page.locator("#live-video").is_hidden()
            screenshot(page, "live-webcam-laptop.png")
            context.close()
    finally:
        app.extensions["phase10_live"].stop()
