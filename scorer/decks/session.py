"""A deck enrolment in progress: one photo per sheet, each confirmed or retaken, then published.

The page and the CLI walk the same steps. :meth:`Enrolment.add_photo` finds the sheet's cards and
keeps them as *pending* (with a preview of the photo); :meth:`~Enrolment.confirm` accepts them,
:meth:`~Enrolment.retake` drops them; :meth:`~Enrolment.finish` publishes the deck once every sheet
is confirmed (:func:`scorer.decks.store.publish_deck`: atomic, an existing deck stays until the
new one is complete). Work in progress lives in ``INSTANCE/decks/.staging/NAME/``.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import cv2
import numpy as np

from scorer.cards import Card, parse_card
from scorer.decks.enrol import EnrolledSheet, enrol_sheet
from scorer.decks.indexbox import deck_index_boxes
from scorer.decks.layout import SHEETS, Sheet, get_sheet
from scorer.decks.store import DeckError, DeckInfo, check_name, decks_root, publish_deck

TODO, PENDING, CONFIRMED = "todo", "pending", "confirmed"


class Enrolment:
    """The staged enrolment of deck ``name`` in ``instance`` (created on first use)."""

    def __init__(self, instance: Path, name: str) -> None:
        self.instance = Path(instance)
        self.name = check_name(name)
        self.folder = decks_root(self.instance) / ".staging" / name

    def _pending(self, sheet: Sheet) -> Path:
        return self.folder / "pending" / sheet.name

    def _confirmed(self, sheet: Sheet) -> Path:
        return self.folder / "confirmed" / sheet.name

    def preview_path(self, sheet_name: str) -> Path:
        """The outlined photo of a pending or confirmed sheet (JPEG)."""
        return self.folder / f"{get_sheet(sheet_name).name}.preview.jpg"

    def face_path(self, sheet_name: str, card: str | Card) -> Path:
        """A found face of a pending or confirmed sheet (PNG); raises :class:`DeckError`."""
        sheet, card = get_sheet(sheet_name), parse_card(card)
        if card not in sheet.faces:
            raise DeckError(f"{card} is not on the {sheet.title} sheet")
        for folder in (self._pending(sheet), self._confirmed(sheet)):
            if (folder / f"{card}.png").is_file():
                return folder / f"{card}.png"
        raise DeckError(f"no photo of the {sheet.title} sheet yet")

    def status(self) -> dict[str, str]:
        """Each sheet's state: ``todo``, ``pending`` (awaiting confirmation), ``confirmed``."""
        state = {}
        for sheet in SHEETS:
            if (self._confirmed(sheet) / "done").is_file():
                state[sheet.name] = CONFIRMED
            elif (self._pending(sheet) / "done").is_file():
                state[sheet.name] = PENDING
            else:
                state[sheet.name] = TODO
        return state

    def warnings(self, sheet_name: str) -> list[str]:
        """What enrolment noticed about a pending or confirmed sheet (wrong colour, tilt)."""
        sheet = get_sheet(sheet_name)
        for folder in (self._pending(sheet), self._confirmed(sheet)):
            if (folder / "done").is_file():
                return [line for line in (folder / "done").read_text().splitlines() if line]
        return []

    def add_photo(self, sheet_name: str, photo: np.ndarray) -> EnrolledSheet:
        """Enrol one sheet photo and keep its faces pending; a previous attempt is replaced.

        Raises :class:`~scorer.decks.enrol.RetakeError` (the staged state is then unchanged).
        """
        sheet = get_sheet(sheet_name)
        result = enrol_sheet(photo, sheet)
        self.retake(sheet.name)
        pending = self._pending(sheet)
        pending.mkdir(parents=True)
        for card, face in result.faces.items():
            if not cv2.imwrite(str(pending / f"{card}.png"), face):
                raise OSError(f"could not write {pending / f'{card}.png'}")
        preview = result.preview(photo)
        scale = 1200 / max(preview.shape[:2])
        if scale < 1:
            preview = cv2.resize(preview, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        cv2.imwrite(str(self.preview_path(sheet.name)), preview, [cv2.IMWRITE_JPEG_QUALITY, 85])
        (pending / "done").write_text("\n".join(result.warnings) + "\n", encoding="utf-8")
        return result

    def confirm(self, sheet_name: str) -> None:
        """Accept a pending sheet's faces; raises :class:`DeckError` when none are pending."""
        sheet = get_sheet(sheet_name)
        if self.status()[sheet.name] != PENDING:
            raise DeckError(f"no photo of the {sheet.title} sheet waits for confirmation")
        confirmed = self._confirmed(sheet)
        shutil.rmtree(confirmed, ignore_errors=True)
        confirmed.parent.mkdir(parents=True, exist_ok=True)
        self._pending(sheet).rename(confirmed)

    def retake(self, sheet_name: str) -> None:
        """Forget a sheet's faces (pending and confirmed) so that it can be photographed again."""
        sheet = get_sheet(sheet_name)
        for folder in (self._pending(sheet), self._confirmed(sheet)):
            shutil.rmtree(folder, ignore_errors=True)

    def missing(self) -> list[Sheet]:
        """The sheets not confirmed yet."""
        state = self.status()
        return [sheet for sheet in SHEETS if state[sheet.name] != CONFIRMED]

    def finish(self, meta: dict | None = None) -> DeckInfo:
        """Publish the deck from the confirmed sheets, then clear the staging folder.

        The deck's index boxes are estimated from its faces (``indices.json``, when plausible).

        Raises :class:`DeckError` naming the sheets still to photograph or confirm; an existing
        deck of the same name is untouched then.
        """
        todo = self.missing()
        if todo:
            raise DeckError("the deck is not complete: photograph and confirm "
                            + ", ".join(sheet.title for sheet in todo))
        faces = {}
        for sheet in SHEETS:
            for card in sheet.faces:
                faces[card] = cv2.imread(str(self._confirmed(sheet) / f"{card}.png"))
        info = publish_deck(self.instance, self.name, faces, meta, deck_index_boxes(faces))
        self.discard()
        return info

    def discard(self) -> None:
        """Drop the whole enrolment in progress."""
        shutil.rmtree(self.folder, ignore_errors=True)
