"""Languages: English, Polish, Ukrainian and Swedish, chosen by Accept-Language or a switch."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

TRANSLATIONS = Path(__file__).resolve().parents[2] / "web" / "translations"
LANGUAGES = ("pl", "uk", "sv")
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]")


def catalogue(lang: str):
    with open(TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po", "rb") as handle:
        return read_po(handle, locale=lang)


def test_every_text_in_the_code_is_in_the_catalogues(tmp_path):
    """A text added to a page or the engine's reasons without re-extracting would show in
    English to every player: the README's extract command must find nothing new."""
    root = TRANSLATIONS.parents[1]
    pot = tmp_path / "messages.pot"
    subprocess.run(
        [sys.executable, "-m", "babel.messages.frontend", "extract", "-F", "web/babel.cfg",
         "-k", "_l", "--no-location", "-o", str(pot), "web", "scorer/rules/reasons.py"],
        cwd=root, check=True, capture_output=True,
    )
    with open(pot, "rb") as handle:
        in_code = {message.id for message in read_po(handle) if message.id}
    missing = in_code - {message.id for message in catalogue("pl") if message.id}
    assert not missing, f"not in the catalogues (run the README's pybabel commands): {missing}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_is_translated_with_the_same_placeholders(lang):
    for message in catalogue(lang):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(strings), f"{lang}: untranslated {message.id!r}"
        assert "fuzzy" not in message.flags, message.id
        wanted = set(PLACEHOLDER.findall(ids[-1])) - {"%(num)d"}
        for string in strings:
            assert wanted <= set(PLACEHOLDER.findall(string)), (lang, message.id, string)


def _key(value):
    return tuple(value) if isinstance(value, (list, tuple)) else value


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_compiled_catalogue_matches_the_po_file(lang):
    with open(TRANSLATIONS / lang / "LC_MESSAGES" / "messages.mo", "rb") as handle:
        compiled = {_key(m.id): _key(m.string) for m in read_mo(handle) if m.id}
    source = {_key(m.id): _key(m.string) for m in catalogue(lang) if m.id}
    assert compiled == source, "run: pybabel compile -d web/translations"


def test_the_template_lists_every_catalogued_message():
    with open(TRANSLATIONS / "messages.pot", "rb") as handle:
        template = {m.id for m in read_po(handle) if m.id}
    for lang in LANGUAGES:
        assert {m.id for m in catalogue(lang) if m.id} == template


@pytest.mark.parametrize("lang, words", [
    ("pl", ["Nowa gra", "Gry"]),
    ("uk", ["Нова гра", "Ігри"]),
    ("sv", ["Nytt spel", "Spel"]),
    ("en", ["New game", "Games"]),
])
def test_the_browser_language_is_used(client, lang, words):
    page = client.get("/", headers={"Accept-Language": f"{lang},en;q=0.5"})
    html = page.get_data(as_text=True)
    assert f'<html lang="{lang}">' in html
    for word in words:
        assert word in html


def test_an_unknown_language_falls_back_to_english(client):
    html = client.get("/", headers={"Accept-Language": "fr-FR"}).get_data(as_text=True)
    assert '<html lang="en">' in html


def test_the_switch_wins_over_the_browser(client):
    client.post("/language", data={"lang": "sv", "next": "/"})
    html = client.get("/", headers={"Accept-Language": "pl"}).get_data(as_text=True)
    assert '<html lang="sv">' in html


@pytest.mark.parametrize("lang, text", [
    ("en", "2 sets of 3"),
    ("pl", "2 zestawy z 3 kart"),
    ("uk", "2 набори із 3 карт"),
    ("sv", "2 grupper om 3"),
])
def test_phase_requirements_are_translated(client, new_game, lang, text):
    game_id = new_game()
    html = client.get(f"/games/{game_id}", headers={"Accept-Language": lang}).get_data(
        as_text=True)
    assert text in html


@pytest.mark.parametrize("lang, text", [
    ("pl", "7 kart w jednym kolorze"),
    ("uk", "7 карт одного кольору"),
    ("sv", "7 kort i samma färg"),
])
def test_the_colour_phase_is_translated(app, lang, text):
    from scorer.rules.phases import standard_phase
    from web.i18n import describe_phase

    with app.test_request_context(headers={"Accept-Language": lang}):
        assert describe_phase(standard_phase(8)) == text


@pytest.mark.parametrize("lang, text", [
    ("pl", "Pauza nigdy nie należy do fazy"),
    ("uk", "Пропуск ніколи не входить до фази"),
    ("sv", "Ett Stopp-kort hör aldrig till en fas"),
])
def test_validator_reasons_are_translated(client, lang, text):
    body = client.post("/api/check", json={"cards": "R5 B5 G5 Y7 Y7 W S", "phase": 1},
                       headers={"Accept-Language": lang}).get_json()
    assert body["verdict"]["valid"] is False
    assert text in body["verdict"]["message"]
    assert body["verdict"]["reason"].startswith("a Skip")  # the engine's English stays


def test_a_closest_miss_reason_is_translated_in_full(client):
    body = client.post("/api/check", json={"cards": "R5 B5 G5 Y7 Y8 W", "phase": 1},
                       headers={"Accept-Language": "pl"}).get_json()
    message = body["verdict"]["message"]
    assert "tylko 2 karty tej samej wartości" in message and "only" not in message


def test_round_errors_are_translated_beside_the_field(client, new_game, play_round):
    game_id = new_game()
    client.post("/language", data={"lang": "uk", "next": "/"})
    response = play_round(game_id, {0: (True, None), 1: (False, 7)}, went_out=0)
    assert "кратне 5" in response.get_data(as_text=True)


def test_api_errors_follow_the_language(client):
    body = client.get("/api/games/9", headers={"Accept-Language": "sv"}).get_json()
    assert body["error"] == "Det finns inget sådant spel."


def test_an_english_page_words_a_reason_as_the_engine_does(client):
    """One wording: the page's English message is the engine's reason, as a sentence."""
    body = client.post("/api/check", json={"cards": "R5 B5 G5 Y7 Y8 W", "phase": 1},
                       headers={"Accept-Language": "en"}).get_json()
    reason = body["verdict"]["reason"]
    assert body["verdict"]["message"] == reason[0].upper() + reason[1:] + "."


@pytest.mark.parametrize("lang, text", [
    ("pl", "grupa 2 (Y7 B8 G7) to nie zestaw z 3 kart"),
    ("uk", "група 2 (Y7 B8 G7) — не набір із 3 карт"),
    ("sv", "grupp 2 (Y7 B8 G7) är inte grupp om 3"),
])
def test_a_group_laid_out_is_named_in_the_page_language(app, lang, text):
    from scorer.rules.validate import validate_groups
    from web.i18n import reason_message

    verdict = validate_groups(1, ["R5 B5 G5", "Y7 B8 G7"])
    with app.test_request_context(headers={"Accept-Language": lang}):
        assert text.lower() in reason_message(verdict.reason).lower()
