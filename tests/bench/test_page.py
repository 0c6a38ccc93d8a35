"""``phase10 bench page``: the photo page reads what the API reads (Chromium, the shipped model)."""

from __future__ import annotations

import json
import shutil

import cv2
import pytest

from scorer.bench.page import CHROMIUM
from scorer.bench.synthetic import draw_frame, layout
from scorer.cli import main

pytestmark = [pytest.mark.browser, pytest.mark.slow]

if not shutil.which(CHROMIUM):
    pytest.skip("Debian's chromium is not installed", allow_module_level=True)
pytest.importorskip("playwright.sync_api")


@pytest.fixture
def scenes(tmp_path):
    """A dataset folder with two drawn scenes in its test split."""
    folder = tmp_path / "images" / "test"
    folder.mkdir(parents=True)
    for k, names in enumerate((["R5", "B7", "W"], ["G3", "Y12"])):
        cv2.imwrite(str(folder / f"test_{k:06d}.jpg"), draw_frame(k, layout(names, (640, 480)),
                                                                   (640, 480)))
    return tmp_path


def test_bench_page_reads_each_photo_through_the_page_and_the_api(scenes, capsys):
    assert main(["bench", "page", "--data", str(scenes), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["photos"] == 2
    assert result["same_pixels"] == 2  # the page uploaded the photo as taken
    assert result["agreement"] == 1.0 and result["disagreeing"] == []


def test_bench_page_without_photos_says_so(tmp_path, capsys):
    assert main(["bench", "page", "--data", str(tmp_path)]) == 2
    assert "no images in" in capsys.readouterr().err
