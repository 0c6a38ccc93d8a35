"""Synthetic enrolment photos: a sheet's cards laid in a grid on a plain surface, photographed.

For tests and the ``phase10 deck demo`` measurement. The cards lie flat in the sheet's grid with a
little jitter; the camera adds a mild perspective tilt, uneven light, sensor noise, slight blur
and JPEG compression. A ``defect`` makes the bad photos that enrolment must reject:
``"missing"`` (one card left out), ``"touching"`` (two neighbours pushed together) and
``"blurred"`` (camera shake / out of focus). Photos are ``(H, W, 3)`` uint8 BGR.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from scorer.cards import Card
from scorer.decks.layout import CARD_ASPECT, Sheet

SURFACES_BGR = ((40, 70, 110), (50, 90, 40), (70, 60, 55), (95, 60, 35), (45, 45, 50))
"""Plain table colours: wood, green felt, slate, dark blue cloth, charcoal."""

DEFECTS = (None, "missing", "touching", "blurred")


@dataclass(frozen=True)
class GridPhoto:
    """A rendered sheet photo with its ground truth.

    ``quads`` maps each card in the photo to its ``(4, 2)`` float32 corners (top-left, top-right,
    bottom-right, bottom-left of the upright card) in photo pixels; ``cells`` its ``(row, col)``.
    """

    image: np.ndarray
    quads: dict[Card, np.ndarray]
    cells: dict[Card, tuple[int, int]]
    defect: str | None


def _rounded_mask(width: int, height: int, radius: int) -> np.ndarray:
    mask = np.zeros((height, width), np.uint8)
    cv2.rectangle(mask, (radius, 0), (width - 1 - radius, height - 1), 255, -1)
    cv2.rectangle(mask, (0, radius), (width - 1, height - 1 - radius), 255, -1)
    for cx in (radius, width - 1 - radius):
        for cy in (radius, height - 1 - radius):
            cv2.circle(mask, (cx, cy), radius, 255, -1, cv2.LINE_AA)
    return mask


def _surface(height: int, width: int, rng: np.random.Generator) -> np.ndarray:
    base = np.array(SURFACES_BGR[rng.integers(len(SURFACES_BGR))], np.float32)
    base = base * rng.uniform(0.85, 1.15, 3).astype(np.float32)
    grain = cv2.GaussianBlur(rng.normal(0, 6, (height, width)).astype(np.float32), (0, 0), 1.5)
    return np.clip(base[None, None, :] + grain[..., None], 0, 255)


def _lighting(height: int, width: int, rng: np.random.Generator) -> np.ndarray:
    yy, xx = np.mgrid[0:height, 0:width].astype(np.float32)
    gx, gy = rng.uniform(-0.15, 0.15, 2)
    light = 1.0 + gx * (xx / width - 0.5) + gy * (yy / height - 0.5)
    return (light * rng.uniform(0.9, 1.08)).astype(np.float32)[..., None]


def _layout(sheet: Sheet, width: int, height: int, rng: np.random.Generator,
            defect: str | None) -> dict[Card, np.ndarray]:
    """Card corners on the flat table (before the camera tilt), keyed by card."""
    gap_frac = 0.22
    card_w = min(width * 0.9 / (sheet.cols + gap_frac * (sheet.cols - 1)),
                 height * 0.88 * CARD_ASPECT / (sheet.rows + gap_frac * (sheet.rows - 1)))
    card_h = card_w / CARD_ASPECT
    gap = gap_frac * card_w
    total_w = sheet.cols * card_w + (sheet.cols - 1) * gap
    total_h = sheet.rows * card_h + (sheet.rows - 1) * gap
    x0, y0 = (width - total_w) / 2, (height - total_h) / 2
    touch = None
    if defect == "touching" and sheet.cols > 1:
        touch = (int(rng.integers(sheet.rows)), int(rng.integers(sheet.cols - 1)))
    corners: dict[Card, np.ndarray] = {}
    for row in range(sheet.rows):
        for col in range(sheet.cols):
            cx = x0 + col * (card_w + gap) + card_w / 2 + rng.uniform(-0.025, 0.025) * card_w
            cy = y0 + row * (card_h + gap) + card_h / 2 + rng.uniform(-0.025, 0.025) * card_w
            angle = np.deg2rad(rng.uniform(-2.5, 2.5))
            if touch is not None and (row, col) == touch:
                cx += gap * 0.5 + 0.01 * card_w  # close the gap from the left...
                angle = 0.0
            if touch is not None and (row, col) == (touch[0], touch[1] + 1):
                cx -= gap * 0.5 + 0.01 * card_w  # ...and the right: they overlap
                angle = 0.0
            half = np.array([[-card_w, -card_h], [card_w, -card_h], [card_w, card_h],
                             [-card_w, card_h]], np.float32) / 2
            rot = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
            corners[sheet.face_at(row, col)] = (half @ rot.T + [cx, cy]).astype(np.float32)
    return corners


def _tilt(width: int, height: int, rng: np.random.Generator, strength: float) -> np.ndarray:
    """A homography for a mild camera tilt: each image corner moves up to ``strength`` inward."""
    src = np.array([[0, 0], [width, 0], [width, height], [0, height]], np.float32)
    jitter = rng.uniform(0, strength, (4, 2)) * [width, height]
    dst = src + jitter * np.array([[1, 1], [-1, 1], [-1, -1], [1, -1]])
    return cv2.getPerspectiveTransform(src, dst.astype(np.float32))


def render_sheet_photo(
    faces: dict[Card, np.ndarray],
    sheet: Sheet,
    rng: np.random.Generator,
    *,
    size: tuple[int, int] = (1600, 1200),
    defect: str | None = None,
    tilt: float = 0.05,
) -> GridPhoto:
    """Photograph ``sheet``'s cards (faces keyed by card) laid as a grid; ``size`` is ``(H, W)``.

    Raises :class:`ValueError` for an unknown ``defect`` or a face missing from ``faces``.
    """
    if defect not in DEFECTS:
        raise ValueError(f"unknown defect {defect!r}; use one of {DEFECTS}")
    missing_faces = [str(card) for card in sheet.faces if card not in faces]
    if missing_faces:
        raise ValueError(f"no face image for {', '.join(missing_faces)}")
    height, width = size
    photo = _surface(height, width, rng)
    table = _layout(sheet, width, height, rng, defect)
    homography = _tilt(width, height, rng, tilt)
    left_out = sheet.faces[int(rng.integers(len(sheet.faces)))] if defect == "missing" else None
    quads: dict[Card, np.ndarray] = {}
    cells: dict[Card, tuple[int, int]] = {}
    for index, card in enumerate(sheet.faces):
        if card == left_out:
            continue
        quad = cv2.perspectiveTransform(table[card][None], homography)[0]
        quads[card] = quad
        cells[card] = divmod(index, sheet.cols)
        face = faces[card]
        fh, fw = face.shape[:2]
        src = np.array([[0, 0], [fw, 0], [fw, fh], [0, fh]], np.float32)
        warp = cv2.getPerspectiveTransform(src, quad)
        mask = _rounded_mask(fw, fh, int(fw * 0.06)).astype(np.float32) / 255
        warped_mask = cv2.warpPerspective(mask, warp, (width, height))[..., None]
        shadow = cv2.GaussianBlur(warped_mask, (0, 0), 6)
        shadow = np.roll(shadow, (4, 3), axis=(0, 1))
        if shadow.ndim == 2:
            shadow = shadow[..., None]
        photo *= 1 - 0.35 * shadow
        warped = cv2.warpPerspective(face, warp, (width, height), flags=cv2.INTER_AREA)
        photo = photo * (1 - warped_mask) + warped.astype(np.float32) * warped_mask
    photo *= _lighting(height, width, rng)
    photo += rng.normal(0, 3.0, photo.shape).astype(np.float32)
    image = np.clip(photo, 0, 255).astype(np.uint8)
    card_width = float(np.median([np.linalg.norm(q[1] - q[0]) for q in quads.values()]))
    if defect == "blurred":  # a blur of 2-3 % of the card's width: unreadable small print
        sigma = card_width * rng.uniform(0.02, 0.03)
    else:
        sigma = rng.uniform(0.3, 0.8)
    image = cv2.GaussianBlur(image, (0, 0), sigma)
    ok, encoded = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(80, 95))])
    if not ok:
        raise RuntimeError("JPEG encoding failed")
    image = cv2.imdecode(encoded, cv2.IMREAD_COLOR)
    return GridPhoto(image, quads, cells, defect)
