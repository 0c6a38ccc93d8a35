"""The photo page with a fanned hand (issue 63): the cards' labels never cover each other, and a
hand scan or a phase check that read fewer cards than there must be says so."""

from __future__ import annotations

import re
from itertools import combinations

import pytest

from scorer.bench.live import serve_app
from scorer.cards import parse_card
from scorer.vision.card_reading import CardReading, DetectedCard
from tests.web import test_browser as shared
from web import create_app

PHONE, SHOTS, photo, sync_api = shared.PHONE, shared.SHOTS, shared.photo, shared.sync_api
playwright, browser, page, start_game = (shared.playwright, shared.browser, shared.page,
                                         shared.start_game)

pytestmark = [pytest.mark.browser, pytest.mark.slow]


class FannedReader:
    """A hand held as a fan: each card's box 60 pixels right of and 12 above the one before it,
    so the boxes overlap by most of their width; the third card read unsure."""

    names = ["R3", "G11", "B7", "Y12", "W", "R9"]

    def __call__(self, image, conf: float = 0.25) -> CardReading:
        height, width = image.shape[:2]
        cards = tuple(
            DetectedCard(parse_card(name), 0.52 if i == 2 else 0.93,
                         (200 + 60 * i, 300 - 12 * i, 420 + 60 * i, 620 - 12 * i))
            for i, name in enumerate(self.names))
        return CardReading(cards, (height, width))


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("fan")
    app = create_app({"DATABASE": str(folder / "games.sqlite"), "SECRET_KEY": "fan",
                      "CARD_READER": FannedReader()})
    with serve_app(app) as (host, port):
        yield {"url": f"http://{host}:{port}"}


def overlaps(a, b) -> bool:
    return (a["x"] < b["x"] + b["width"] - 0.5 and b["x"] < a["x"] + a["width"] - 0.5
            and a["y"] < b["y"] + b["height"] - 0.5 and b["y"] < a["y"] + a["height"] - 0.5)


def test_the_labels_of_a_fanned_hand_never_cover_each_other(page, server, tmp_path):
    url = server["url"]
    game_id = start_game(page, url, ["Ann", "Bob"])
    page.goto(f"{url}/games/{game_id}/players/1/hand")
    page.set_input_files("#file", str(photo(tmp_path / "fan.jpg", ["R3"])))
    page.wait_for_selector("#chips .chip")
    labels = page.locator("#overlay rect.box-label-bg")
    sync_api.expect(labels).to_have_count(6)
    boxes = [labels.nth(i).bounding_box() for i in range(6)]
    assert not [(i, j) for (i, a), (j, b) in combinations(enumerate(boxes), 2) if overlaps(a, b)]
    # each label sits on or beside its own card's box
    for i in range(6):
        card = page.locator(f"#overlay rect.box[data-index='{i}']").bounding_box()
        label = boxes[i]
        assert card["x"] - 1 <= label["x"] <= card["x"] + card["width"]
        assert card["y"] - label["height"] - 1 <= label["y"] <= card["y"] + card["height"]
    page.locator("#stage").screenshot(path=str(SHOTS / "phone-fan-labels.png"))


def test_a_hand_scan_that_read_too_few_cards_says_so(page, server, tmp_path):
    url = server["url"]
    game_id = start_game(page, url, ["Ann", "Bob"])
    page.goto(f"{url}/games/{game_id}/players/1/hand")
    page.set_input_files("#file", str(photo(tmp_path / "fan.jpg", ["R3"])))
    page.wait_for_selector("#chips .chip")
    hint = page.locator("#count-hint")
    sync_api.expect(hint).to_contain_text("Only 6 cards read")
    sync_api.expect(hint).to_contain_text("at least 10")
    # said beside the points, which stay: after laying down, fewer than ten is right
    sync_api.expect(page.locator("#verdict")).to_contain_text("6 cards")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "phone-hand-short.png"), full_page=True)
    for _ in range(4):  # the player adds the four cards the photo missed
        page.click("#add-card")
        page.click("#pick button[data-face=R5]")
    sync_api.expect(hint).to_be_hidden()


def test_a_phase_check_that_read_too_few_cards_says_so(page, server, tmp_path):
    url = server["url"]
    game_id = start_game(page, url, ["Ann", "Bob"])
    page.goto(f"{url}/games/{game_id}/players/0/check?cards=R5+B5+G5+Y7+Y7")
    hint = page.locator("#count-hint")
    sync_api.expect(hint).to_contain_text("Only 5 cards read: this phase needs at least 6")
    page.click("#add-card")
    page.click("#pick button[data-face=W]")
    sync_api.expect(hint).to_be_hidden()
    sync_api.expect(page.locator("#verdict")).to_have_class(re.compile("ok"))
