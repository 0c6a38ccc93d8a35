"""The installable app: a valid manifest whose icons exist at their stated sizes, the service
worker's script and the offline page."""

from __future__ import annotations

import importlib.util
import io
import json
import re
from pathlib import Path

import numpy as np
from PIL import Image

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "web" / "static"


def make_icons():
    """``tools/make_icons.py`` as a module (the tools folder is not a package)."""
    spec = importlib.util.spec_from_file_location("make_icons", ROOT / "tools" / "make_icons.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_manifest_names_the_app_its_start_page_and_icons(client):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response.mimetype == "application/manifest+json"
    manifest = json.loads(response.data)
    assert manifest["name"] == "Phase 10 scoreboard" and manifest["short_name"] == "Phase 10"
    assert manifest["start_url"] == "/" and manifest["scope"] == "/"
    assert manifest["display"] == "standalone"
    for key in ("theme_color", "background_color"):
        assert re.fullmatch(r"#[0-9a-f]{6}", manifest[key])
    sizes = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes


def test_every_icon_exists_and_is_the_size_it_says(client):
    for icon in client.get("/manifest.webmanifest").json["icons"]:
        response = client.get(icon["src"])
        assert response.status_code == 200, icon["src"]
        assert response.mimetype == icon["type"] == "image/png"
        image = Image.open(io.BytesIO(response.data))
        assert image.format == "PNG"
        assert "x".join(map(str, image.size)) == icon["sizes"]
        response.close()


def test_the_apple_touch_icon_is_linked_and_at_the_root(client):
    page = client.get("/").get_data(as_text=True)
    link = re.search(r'<link rel="apple-touch-icon" href="([^"]+)"', page).group(1)
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    root = client.get("/apple-touch-icon.png")
    assert root.status_code == 301 and root.location.endswith(link)
    response = client.get(link)
    assert Image.open(io.BytesIO(response.data)).size == (180, 180)
    response.close()


def test_the_committed_icons_are_the_tools_drawing():
    """tools/make_icons.py made them: same sizes, and the same picture give or take the font."""
    tool = make_icons()
    for name, (side, share) in tool.ICONS.items():
        committed = Image.open(STATIC / "icons" / name).convert("RGB")
        assert committed.size == (side, side)
        drawn = tool.draw_icon(side, share)
        same = (np.asarray(committed) == np.asarray(drawn)).all(axis=2).mean()
        assert same > 0.95, name


def test_the_service_worker_keeps_the_shell_and_the_offline_page(client):
    response = client.get("/sw.js")
    assert response.status_code == 200 and response.mimetype == "text/javascript"
    assert response.headers["Cache-Control"] == "no-cache"
    script = response.get_data(as_text=True)
    shell = json.loads(re.search(r"const SHELL = (\[.*?\]);", script).group(1))
    assert "/offline" in shell and "/static/app.css" in shell and "/static/app.js" in shell
    for url in shell:
        response = client.get(url)
        assert response.status_code == 200, url
        response.close()
    assert 'const OFFLINE = "/offline";' in script
    page = client.get("/").get_data(as_text=True)
    assert 'data-service-worker="/sw.js"' in page


def test_another_language_makes_another_service_worker(client):
    before = re.search(r'const CACHE = PREFIX \+ "(\w+)"', client.get("/sw.js").get_data(
        as_text=True)).group(1)
    other = client.get("/sw.js", headers={"Accept-Language": "pl"}).get_data(as_text=True)
    assert before not in other  # the offline page is kept in the page's language


def test_the_offline_page_says_the_computer_cannot_be_reached(client):
    page = client.get("/offline").get_data(as_text=True)
    assert "Cannot reach the scorekeeper's computer" in page
    assert "same Wi-Fi" in page
    polish = client.get("/offline", headers={"Accept-Language": "pl"}).get_data(as_text=True)
    assert "Cannot reach" not in polish
