"""Enrolment: from one photo of a sheet's cards laid in a grid to that sheet's flat faces.

:func:`enrol_sheet` finds each card's outline (:mod:`scorer.decks.quads`), checks the photo
(every card there, no two touching, in focus), sorts the cards into the sheet's rows and columns
and assigns each one its face from :mod:`scorer.decks.layout`. A photo that fails a check raises
:class:`RetakeError`, whose message names the sheet to retake and what to fix.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from scorer.cards import Card, Colour
from scorer.decks.layout import Sheet
from scorer.decks.quads import WORK_SIZE, Blob, find_blobs, foreground_mask, sharpness, warp_face

MIN_SHARPNESS = 0.008
"""Median :func:`~scorer.decks.quads.sharpness` of a sheet's faces below which it is blurred."""

PROBLEMS = ("no-cards", "sideways", "blurred", "touching", "missing", "extra", "grid")


class RetakeError(ValueError):
    """A sheet photo that cannot be enrolled; ``problem`` is one of :data:`PROBLEMS`.

    ``cells`` lists the ``(row, col)`` grid cells concerned (from 0), where known.
    """

    def __init__(self, sheet: Sheet, problem: str, detail: str,
                 cells: tuple[tuple[int, int], ...] = ()) -> None:
        self.sheet = sheet
        self.problem = problem
        self.cells = cells
        super().__init__(f"{detail} Retake the photo of the {sheet.title} sheet.")


@dataclass(frozen=True)
class EnrolledSheet:
    """A sheet's cards found in a photo: flat faces, their quads in photo pixels and sharpness."""

    sheet: Sheet
    faces: dict[Card, np.ndarray]
    quads: dict[Card, np.ndarray]
    sharpness: float
    warnings: tuple[str, ...] = field(default=())

    def preview(self, photo: np.ndarray) -> np.ndarray:
        """A copy of ``photo`` with each found card outlined and named (for the confirm page)."""
        out = photo.copy()
        thick = max(2, max(out.shape[:2]) // 400)
        for card, quad in self.quads.items():
            pts = quad.round().astype(np.int32)
            cv2.polylines(out, [pts], True, (0, 220, 0), thick, cv2.LINE_AA)
            scale = thick * 0.6
            (tw, th), _ = cv2.getTextSize(str(card), cv2.FONT_HERSHEY_SIMPLEX, scale, thick)
            cx, cy = (int(v) for v in quad.mean(axis=0))
            cv2.rectangle(out, (cx - tw // 2 - thick * 2, cy - th // 2 - thick * 2),
                          (cx + tw // 2 + thick * 2, cy + th // 2 + thick * 2), (30, 30, 30), -1)
            cv2.putText(out, str(card), (cx - tw // 2, cy + th // 2), cv2.FONT_HERSHEY_SIMPLEX,
                        scale, (255, 255, 255), thick, cv2.LINE_AA)
        return out


def _clusters(values: np.ndarray, gap: float) -> np.ndarray:
    """Label sorted-value clusters split wherever consecutive values differ by more than gap."""
    order = np.argsort(values)
    labels = np.empty(len(values), np.int64)
    label = 0
    for i, idx in enumerate(order):
        if i and values[idx] - values[order[i - 1]] > gap:
            label += 1
        labels[idx] = label
    return labels


@dataclass(frozen=True)
class _Grid:
    rows: np.ndarray  # row of each card
    cols: np.ndarray  # column of each card
    row_y: np.ndarray  # mean centre y of each row (in the straightened frame)
    col_x: np.ndarray  # mean centre x of each column (in the straightened frame)
    turn: np.ndarray  # rotation from image to straightened coordinates

    def cell_centre(self, row: int, col: int) -> tuple[float, float]:
        """A grid cell's centre in image coordinates."""
        x, y = np.array([self.col_x[col], self.row_y[row]]) @ self.turn
        return float(x), float(y)


def _grid(cards: list[Blob], sheet: Sheet) -> _Grid | None:
    """Rows and columns of the cards' centres; None unless they form the sheet's grid shape."""
    centres = np.stack([b.centre for b in cards])
    tops = np.stack([b.quad[1] - b.quad[0] for b in cards])
    tilt = float(np.median(np.arctan2(tops[:, 1], tops[:, 0])))  # the grid's rotation
    turn = np.array([[np.cos(tilt), np.sin(tilt)], [-np.sin(tilt), np.cos(tilt)]])
    centres = centres @ turn.T  # rows horizontal again, so a rotated photo still sorts right
    sides = np.stack([np.linalg.norm(b.quad[[1, 2]] - b.quad[[0, 1]], axis=1) for b in cards])
    width, height = np.median(sides[:, 0]), np.median(sides[:, 1])
    rows = _clusters(centres[:, 1], 0.5 * height)
    cols = _clusters(centres[:, 0], 0.5 * width)
    if rows.max() + 1 != sheet.rows or cols.max() + 1 != sheet.cols:
        return None
    row_y = np.array([centres[rows == r, 1].mean() for r in range(sheet.rows)])
    col_x = np.array([centres[cols == c, 0].mean() for c in range(sheet.cols)])
    return _Grid(rows, cols, row_y, col_x, turn)


def _cells_in(blob: Blob, grid: _Grid | None, sheet: Sheet) -> tuple[tuple[int, int], ...]:
    if grid is None:
        return ()
    return tuple(
        (r, c) for r in range(sheet.rows) for c in range(sheet.cols)
        if cv2.pointPolygonTest(blob.contour, grid.cell_centre(r, c), False) >= 0
    )


def _is_landscape(contour: np.ndarray) -> bool:
    (_, _), (w, h), angle = cv2.minAreaRect(contour)
    if abs(angle) > 45:  # OpenCV reports the angle in (0, 90]: normalise to the nearer axis
        w, h = h, w
    return w > h


def _names(sheet: Sheet, cells: tuple[tuple[int, int], ...]) -> str:
    return " and ".join(sheet.position(r, c) for r, c in cells)


def _check_touching(merged: list[Blob], cards: list[Blob], sheet: Sheet) -> None:
    grid = _grid(cards, sheet) if cards else None
    cells = tuple(cell for blob in merged for cell in _cells_in(blob, grid, sheet))
    where = f" ({_names(sheet, cells)})" if cells else ""
    raise RetakeError(
        sheet, "touching",
        f"Some cards touch or overlap{where}, so they look like one shape. Leave a gap of about "
        "a finger's width between all cards.", cells)


def _check_grid(cards: list[Blob], sheet: Sheet) -> _Grid:
    expected = sheet.rows * sheet.cols
    grid = _grid(cards, sheet)
    if len(cards) > expected:
        raise RetakeError(
            sheet, "extra",
            f"Found {len(cards)} cards but the {sheet.title} sheet has {expected}. Lay only the "
            f"cards the page shows, on an empty plain surface.")
    if grid is None:
        layout = " / ".join(" ".join(row) for row in sheet.grid())
        if len(cards) < expected:
            raise RetakeError(sheet, "missing", f"Found {len(cards)} of {expected} cards. Lay all "
                              f"of them upright, in this order: {layout}.")
        raise RetakeError(sheet, "grid", f"The cards are not in {sheet.rows} straight row(s) of "
                          f"{sheet.cols}. Lay them upright, in this order: {layout}.")
    taken = set(zip(grid.rows.tolist(), grid.cols.tolist(), strict=True))
    if len(taken) < len(cards):
        raise RetakeError(sheet, "grid", "Two cards sit in the same grid place. Lay them in "
                          f"{sheet.rows} straight row(s) of {sheet.cols}.")
    empty = tuple((r, c) for r in range(sheet.rows) for c in range(sheet.cols)
                  if (r, c) not in taken)
    if empty:
        raise RetakeError(
            sheet, "missing",
            f"No card found at {_names(sheet, empty)}. Put the card there (face up, not covered, "
            "fully inside the photo).", empty)
    return grid


def enrol_sheet(photo: np.ndarray, sheet: Sheet) -> EnrolledSheet:
    """Find ``sheet``'s cards in ``photo`` (``(H, W, 3)`` uint8 BGR) and flatten each one.

    Returns the faces (``(880, 560, 3)`` uint8 BGR, keyed by card) in the sheet's fixed layout.
    Raises :class:`RetakeError` (one of :data:`PROBLEMS`) with a message saying what to retake,
    and :class:`ValueError` when ``photo`` is not a colour image.
    """
    if (not isinstance(photo, np.ndarray) or photo.dtype != np.uint8 or photo.ndim != 3
            or photo.shape[2] != 3 or min(photo.shape[:2]) < 32):
        raise ValueError("expected a colour photo as an (H, W, 3) uint8 array")
    scale = WORK_SIZE / max(photo.shape[:2])
    small = cv2.resize(photo, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    blobs = find_blobs(foreground_mask(small))
    shaped = [b for b in blobs if b.looks_like_card()]
    typical = float(np.median([b.area for b in shaped])) if shaped else 0.0
    cards = [b for b in shaped if 0.5 * typical <= b.area <= 1.5 * typical]
    if not cards:
        raise RetakeError(sheet, "no-cards", "No cards found. Lay the cards face up on a plain, "
                          "darker surface (a table or cloth without a pattern) and fill the photo "
                          "with the grid.")
    sideways = sum(1 for b in cards if _is_landscape(b.contour))
    if sideways > len(cards) / 2:
        raise RetakeError(sheet, "sideways", "The cards lie sideways in the photo. Hold the phone "
                          "so that the cards stand upright, index in the top-left corner.")
    card_area = float(np.median([b.area for b in cards]))
    faces_all = [warp_face(photo, b.quad / scale) for b in cards]
    focus = float(np.median([sharpness(face) for face in faces_all]))
    if focus < MIN_SHARPNESS:
        raise RetakeError(sheet, "blurred", f"The photo is blurred (sharpness {focus:.3f}, needs "
                          f"{MIN_SHARPNESS}). Hold the camera still, let it focus, use more light.")
    merged = [b for b in blobs if all(b is not c for c in cards) and b.area > 1.3 * card_area]
    if merged:
        _check_touching(merged, cards, sheet)
    grid = _check_grid(cards, sheet)
    faces: dict[Card, np.ndarray] = {}
    quads: dict[Card, np.ndarray] = {}
    order = sorted(range(len(cards)), key=lambda i: (grid.rows[i], grid.cols[i]))
    for i in order:
        card = sheet.face_at(int(grid.rows[i]), int(grid.cols[i]))
        faces[card] = faces_all[i]
        quads[card] = cards[i].quad / scale
    sizes = [b.area for b in cards]
    warnings: list[str] = []
    if max(sizes) > 1.5 * min(sizes):
        warnings.append("Cards look different in size: hold the camera straight above the grid.")
    expected = sheet.faces[0].colour
    seen = dominant_colour(list(faces.values())) if expected is not None else None
    if seen is not None and seen is not expected:
        warnings.append(f"These cards look {seen}, but this photo is for the {expected} cards: "
                        "check the names under the cards, retake if they are wrong.")
    return EnrolledSheet(sheet, faces, quads, focus, tuple(warnings))


HUES = {Colour.RED: 176, Colour.YELLOW: 24, Colour.GREEN: 60, Colour.BLUE: 108}
"""Typical print hues on OpenCV's 0-180 scale."""


def dominant_colour(faces: list[np.ndarray], share: float = 0.6) -> Colour | None:
    """The colour most strongly printed on ``faces`` (BGR), or None when none clearly leads.

    Saturated, not too dark pixels vote for the nearest of :data:`HUES` (hue is circular).
    """
    votes = np.zeros(len(HUES))
    centres = np.array(list(HUES.values()), np.float32)
    for face in faces:
        hsv = cv2.cvtColor(cv2.resize(face, (56, 88), interpolation=cv2.INTER_AREA),
                           cv2.COLOR_BGR2HSV).reshape(-1, 3).astype(np.float32)
        hue = hsv[(hsv[:, 1] > 90) & (hsv[:, 2] > 60), 0]
        if hue.size == 0:
            continue
        gap = np.abs(hue[:, None] - centres[None, :])
        nearest = np.argmin(np.minimum(gap, 180 - gap), axis=1)
        votes += np.bincount(nearest, minlength=len(HUES))
    if votes.sum() == 0 or votes.max() < share * votes.sum():
        return None
    return list(HUES)[int(np.argmax(votes))]
