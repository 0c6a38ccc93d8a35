"""A deck enrolment in progress: each sheet's photo pending, confirmed or retaken, and the deck
published only once every sheet is confirmed."""

from __future__ import annotations

import numpy as np
import pytest

from scorer.cards import parse_card
from scorer.decks import store
from scorer.decks.enrol import RetakeError
from scorer.decks.gridphoto import render_sheet_photo
from scorer.decks.layout import SHEETS, get_sheet
from scorer.decks.session import CONFIRMED, PENDING, TODO, Enrolment
from scorer.decks.store import DeckError
from tests.decks.test_store import _faces


@pytest.fixture(scope="module")
def sheet_photos():
    from scorer.decks.design import draw_deck

    faces = draw_deck()
    rng = np.random.default_rng(21)
    return {sheet.name: render_sheet_photo(faces, sheet, rng).image for sheet in SHEETS}


def test_enrolment_steps_publish_a_deck(tmp_path, sheet_photos):
    enrolment = Enrolment(tmp_path, "heritage")
    assert set(enrolment.status().values()) == {TODO}
    for name, photo in sheet_photos.items():
        enrolment.add_photo(name, photo)
        assert enrolment.status()[name] == PENDING
        assert enrolment.preview_path(name).is_file()
        enrolment.confirm(name)
        assert enrolment.status()[name] == CONFIRMED
    info = enrolment.finish({"source": "test"})
    assert store.verify_deck_folder(info.path)["source"] == "test"
    assert not enrolment.folder.exists()


def test_bad_photo_or_unfinished_enrolment_keeps_the_old_deck(tmp_path, sheet_photos):
    store.publish_deck(tmp_path, "heritage", _faces(200))
    enrolment = Enrolment(tmp_path, "heritage")
    enrolment.add_photo("red", sheet_photos["red"])
    enrolment.confirm("red")
    with pytest.raises(RetakeError):
        enrolment.add_photo("blue", sheet_photos["specials"])  # 2 cards, not 12
    assert enrolment.status()["blue"] == TODO
    with pytest.raises(DeckError, match="Blue 1-12, Green 1-12, Yellow 1-12, Wild and Skip"):
        enrolment.finish()
    assert int(store.load_faces(tmp_path, "heritage")[parse_card("R1")][0, 0, 0]) == 200
    enrolment.retake("red")
    assert enrolment.status()["red"] == TODO
    with pytest.raises(DeckError, match="waits for confirmation"):
        enrolment.confirm("red")
    assert get_sheet("red").faces[0] == parse_card("R1")
