"""``phase10 bench page``: does the photo page read what the API reads?

The photo page prepares a photo in the browser before it uploads it (it used to shrink and
re-encode every photo, which changed what the reader saw). This benchmark serves the web app,
opens the hand-scan page in headless Chromium (Playwright), picks each photo in its file input
as a player would, and catches the reading the page got back. Each photo is also posted as it
is to ``/api/detect``. A photo agrees when both readings hold the same hand (the sorted cards);
the benchmark also counts the photos whose two uploads decoded to the same pixels (the reader
saw one image).

Photos: the rendered scenes of a dataset split, enlarged (``scale``, 3 by default: 640-pixel
scenes become 1920-pixel phone photos) and saved as JPEG files.
"""

from __future__ import annotations

import hashlib
import io
import re
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from scorer.bench.live import serve_app
from scorer.vision import CardReading, read_cards
from scorer.vision.settings import DEFAULT_CONF

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-background-networking", "--disable-component-update",
                 "--no-first-run", "--disable-dev-shm-usage"]
HEADERS = {"X-Requested-With": "phase10"}  # what camera.js sends with its uploads
JPEG_QUALITY = 92


@dataclass(frozen=True)
class PhotoOutcome:
    """One photo: the hand the page got, the hand the API read, and whether the server decoded
    the same pixels from both uploads."""

    name: str
    page_hand: tuple[str, ...]
    api_hand: tuple[str, ...]
    same_pixels: bool

    @property
    def agrees(self) -> bool:
        return self.page_hand == self.api_hand


@dataclass
class PageResult:
    """All photos of one run."""

    photos: list[PhotoOutcome] = field(default_factory=list)

    @property
    def agreement(self) -> float:
        """The share of photos whose page reading holds the API's hand."""
        return sum(p.agrees for p in self.photos) / len(self.photos) if self.photos else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "photos": len(self.photos),
            "same_hand": sum(p.agrees for p in self.photos),
            "agreement": round(self.agreement, 4),
            "same_pixels": sum(p.same_pixels for p in self.photos),
            "disagreeing": [{"photo": p.name, "page": list(p.page_hand), "api": list(p.api_hand)}
                            for p in self.photos if not p.agrees],
        }

    def summary(self) -> str:
        d = self.to_dict()
        lines = [f"photo page against /api/detect: {d['same_hand']} of {d['photos']} photos read "
                 f"the same hand ({100 * self.agreement:.1f} %); the server decoded the same "
                 f"pixels from both uploads for {d['same_pixels']}"]
        lines += [f"  {row['photo']}: page {' '.join(row['page']) or '-'}, "
                  f"api {' '.join(row['api']) or '-'}" for row in d["disagreeing"]]
        return "\n".join(lines)


def enlarged_photos(data: Path, split: str, limit: int, scale: float, folder: Path
                    ) -> list[Path]:
    """The first ``limit`` images of ``data``'s ``split``, enlarged ``scale`` times, as JPEG files
    in ``folder``."""
    sources = sorted((data / "images" / split).glob("*.jpg"))[:limit]
    if not sources:
        raise FileNotFoundError(f"no images in {data / 'images' / split}")
    out = []
    for source in sources:
        image = cv2.imread(str(source))
        if image is None:
            raise ValueError(f"cannot read {source}")
        big = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_CUBIC)
        path = folder / source.name
        cv2.imwrite(str(path), big, [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY])
        out.append(path)
    return out


class RecordingReader:
    """The photo pages' reader (:func:`scorer.vision.read_cards`, every look), noting a digest
    of each image it is given."""

    def __init__(self) -> None:
        self.digests: list[str] = []

    def __call__(self, image: np.ndarray, conf: float = DEFAULT_CONF) -> CardReading:
        self.digests.append(hashlib.sha256(repr(image.shape).encode() + image.tobytes())
                            .hexdigest())
        return read_cards(image, conf=conf)


def _hand(answer: dict[str, Any]) -> tuple[str, ...]:
    return tuple(sorted(str(card["card"]) for card in answer.get("cards", ())))


def _new_game(page: Any, url: str) -> str:
    """Start a two-player game through its form; returns the game's page URL."""
    page.goto(url + "/games/new")
    for seat, name in enumerate(["Ann", "Bob"]):
        page.fill(f"input[name=player-{seat}]", name)
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/games/\d+$"))
    return page.url


def bench_page(create_app: Callable[..., Any], photos: list[Path]) -> PageResult:
    """Read every photo through the hand-scan page and through ``/api/detect`` (one app, the
    shipped reader, a scratch database). Raises RuntimeError when Playwright or Chromium is
    missing."""
    try:  # Playwright comes with the [test] extra only
        from playwright.sync_api import sync_playwright
    except ImportError:
        raise RuntimeError("bench page needs Playwright: pip install -e '.[test]'") from None
    if not shutil.which(CHROMIUM):
        raise RuntimeError(f"bench page needs Chromium at {CHROMIUM}: apt-get install chromium")
    result = PageResult()
    with tempfile.TemporaryDirectory() as scratch:
        reader = RecordingReader()
        app = create_app({"DATABASE": str(Path(scratch) / "games.sqlite"),
                          "SECRET_KEY": "bench-page", "CARD_READER": reader})
        api = app.test_client()
        with serve_app(app) as (host, port), sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 390, "height": 844})
            hand_page = _new_game(page, f"http://{host}:{port}") + "/players/0/hand"
            for path in photos:
                page.goto(hand_page)
                with page.expect_response(re.compile(r"/api/detect$")) as caught:
                    page.set_input_files("#file", str(path))
                seen = caught.value.json()
                answer = api.post("/api/detect", headers=HEADERS,
                                  data={"image": (io.BytesIO(path.read_bytes()), path.name)})
                page_digest, api_digest = reader.digests[-2:]
                result.photos.append(PhotoOutcome(path.name, _hand(seen),
                                                  _hand(answer.get_json()),
                                                  page_digest == api_digest))
            browser.close()
    return result
