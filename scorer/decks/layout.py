"""The enrolment sheets: which cards a player lays out for each photo, and in which order.

A sheet is a grid of cards laid face up, upright (portrait, index in the top-left corner), in
row-major order: left to right, then top to bottom, as the page and the CLI show it.

- ``red``, ``blue``, ``green``, ``yellow``: the numbers 1-12 of that colour in 3 rows x 4 columns
  (1 2 3 4 / 5 6 7 8 / 9 10 11 12).
- ``specials``: one Wild and one Skip side by side (1 row x 2 columns: W then S). One face of each
  is enough: the detector has one class for Wild and one for Skip, and a deck prints its copies
  alike.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorer.cards import ALL_FACES, SKIP, WILD, Card, Colour

FACE_WIDTH = 560
FACE_HEIGHT = 880
"""Size of a flattened face in pixels (a 56 x 88 mm card at 10 px/mm)."""

CARD_ASPECT = FACE_WIDTH / FACE_HEIGHT
"""Width over height of an upright card."""


@dataclass(frozen=True)
class Sheet:
    """One enrolment photo: ``faces`` in row-major order on a ``rows`` x ``cols`` grid."""

    name: str
    title: str
    rows: int
    cols: int
    faces: tuple[Card, ...]

    def __post_init__(self) -> None:
        if len(self.faces) != self.rows * self.cols:
            raise ValueError(f"sheet {self.name}: {len(self.faces)} faces for a "
                             f"{self.rows}x{self.cols} grid")

    def face_at(self, row: int, col: int) -> Card:
        """The card expected at ``row``, ``col`` (both from 0)."""
        return self.faces[row * self.cols + col]

    def grid(self) -> list[list[str]]:
        """The layout as rows of card names, for pages and help text."""
        return [[str(self.face_at(r, c)) for c in range(self.cols)] for r in range(self.rows)]

    def position(self, row: int, col: int) -> str:
        """A human description of a grid cell: ``row 2, column 3 (R7)``."""
        return f"row {row + 1}, column {col + 1} ({self.face_at(row, col)})"


def _colour_sheet(colour: Colour) -> Sheet:
    faces = tuple(Card.number(colour, n) for n in range(1, 13))
    return Sheet(str(colour), f"{str(colour).capitalize()} 1-12", 3, 4, faces)


SHEETS: tuple[Sheet, ...] = tuple(_colour_sheet(c) for c in Colour) + (
    Sheet("specials", "Wild and Skip", 1, 2, (WILD, SKIP)),
)
"""The five sheets, in the order the player photographs them."""

SHEETS_BY_NAME: dict[str, Sheet] = {sheet.name: sheet for sheet in SHEETS}


def get_sheet(name: str) -> Sheet:
    """The sheet called ``name``; raises :class:`KeyError` listing the valid names on a miss."""
    try:
        return SHEETS_BY_NAME[name]
    except KeyError:
        raise KeyError(f"no sheet {name!r}; the sheets are {', '.join(SHEETS_BY_NAME)}") from None


def _check_complete() -> None:
    covered = [card for sheet in SHEETS for card in sheet.faces]
    if sorted(covered) != sorted(ALL_FACES):
        raise RuntimeError("the enrolment sheets must cover every face exactly once")


_check_complete()
