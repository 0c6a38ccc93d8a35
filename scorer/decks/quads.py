"""Card outlines in a photo of cards on a plain surface: masks, contours and corner quads.

Pure OpenCV/numpy steps, each checkable on its own: :func:`foreground_mask` separates cards from
the plain surface, :func:`find_blobs` turns the mask into outlines, :func:`fit_quad` finds a
card's four corners (sides fitted as lines, so rounded card corners do not pull them inward),
:func:`order_corners` puts them in upright reading order and :func:`warp_face` flattens a card.
Quads are ``(4, 2)`` float32 arrays: top-left, top-right, bottom-right, bottom-left.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from scorer.decks.layout import CARD_ASPECT, FACE_HEIGHT, FACE_WIDTH

WORK_SIZE = 1000
"""Longest side, in pixels, of the downscaled copy that outlines are searched in."""


@dataclass(frozen=True, eq=False)
class Blob:
    """One outline found in the mask: its contour, area and fitted quad (working pixels)."""

    contour: np.ndarray
    area: float
    quad: np.ndarray | None

    @property
    def centre(self) -> np.ndarray:
        m = cv2.moments(self.contour)
        return np.array([m["m10"] / m["m00"], m["m01"] / m["m00"]], np.float32)

    @property
    def aspect(self) -> float:
        """Short side over long side of the fitted quad (0 when no quad was found)."""
        if self.quad is None:
            return 0.0
        sides = np.linalg.norm(self.quad - np.roll(self.quad, -1, axis=0), axis=1)
        a, b = (sides[0] + sides[2]) / 2, (sides[1] + sides[3]) / 2
        return float(min(a, b) / max(a, b))

    def looks_like_card(self, tolerance: float = 0.1) -> bool:
        """A four-cornered outline with a card's aspect ratio."""
        return self.quad is not None and abs(self.aspect - CARD_ASPECT) <= tolerance


def foreground_mask(image: np.ndarray) -> np.ndarray:
    """Cards (255) against the plain surface (0), as a ``(H, W)`` uint8 mask.

    The surface colour is the median of a frame along the image border. A pixel is foreground when
    its Lab distance from that colour is well above the surface's own variation (three times the
    border's 99th percentile, at least 10) and above half of Otsu's threshold; specks are opened
    away, gaps (a card's printed frame close to the table colour) closed, and holes filled.
    """
    lab = cv2.cvtColor(cv2.GaussianBlur(image, (5, 5), 0), cv2.COLOR_BGR2LAB).astype(np.float32)
    h, w = lab.shape[:2]
    band = max(2, min(h, w) // 40)
    border = np.concatenate([lab[:band].reshape(-1, 3), lab[-band:].reshape(-1, 3),
                             lab[:, :band].reshape(-1, 3), lab[:, -band:].reshape(-1, 3)])
    surface = np.median(border, axis=0)
    spread = float(np.percentile(np.linalg.norm(border - surface, axis=1), 99))
    distance = np.clip(np.linalg.norm(lab - surface, axis=2), 0, 255).astype(np.uint8)
    otsu, _ = cv2.threshold(distance, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    level = max(3.0 * spread, 10.0, 0.5 * otsu)
    mask = np.where(distance > level, 255, 0).astype(np.uint8)
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE,
                            cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5)))
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    filled = np.zeros_like(mask)
    cv2.drawContours(filled, contours, -1, 255, thickness=cv2.FILLED)
    return filled


def find_blobs(mask: np.ndarray, min_area_frac: float = 0.004) -> list[Blob]:
    """The outlines in ``mask`` bigger than ``min_area_frac`` of the image, with fitted quads."""
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    min_area = min_area_frac * mask.shape[0] * mask.shape[1]
    blobs = []
    for contour in contours:
        area = float(cv2.contourArea(contour))
        if area >= min_area:
            blobs.append(Blob(contour, area, fit_quad(contour)))
    return blobs


def _approx_corners(contour: np.ndarray) -> np.ndarray | None:
    hull = cv2.convexHull(contour)
    perimeter = cv2.arcLength(hull, True)
    for eps in (0.01, 0.02, 0.03, 0.04, 0.06):
        approx = cv2.approxPolyDP(hull, eps * perimeter, True)
        if len(approx) == 4:
            return approx.reshape(4, 2).astype(np.float32)
        if len(approx) < 4:
            return None
    return None


def _intersect(l1: np.ndarray, l2: np.ndarray) -> np.ndarray | None:
    (vx1, vy1, x1, y1), (vx2, vy2, x2, y2) = l1, l2
    det = vx1 * (-vy2) - vy1 * (-vx2)
    if abs(det) < 1e-6:
        return None
    t = ((x2 - x1) * (-vy2) - (y2 - y1) * (-vx2)) / det
    return np.array([x1 + t * vx1, y1 + t * vy1], np.float32)


def fit_quad(contour: np.ndarray) -> np.ndarray | None:
    """Four corners of a card outline, ordered by :func:`order_corners`; None if not 4-sided.

    The polygon approximation gives rough corners; each side is then refitted as a straight line
    through the contour points along its middle 70 %, and the corners are the line crossings.
    """
    rough = _approx_corners(contour)
    if rough is None:
        return None
    rough = order_corners(rough)
    points = contour.reshape(-1, 2).astype(np.float32)
    lines = []
    for i in range(4):
        a, b = rough[i], rough[(i + 1) % 4]
        side = b - a
        length = float(np.linalg.norm(side))
        if length < 4:
            return None
        along = (points - a) @ side / length**2
        normal = np.array([-side[1], side[0]]) / length
        across = np.abs((points - a) @ normal)
        near = points[(along > 0.15) & (along < 0.85) & (across < max(3.0, 0.05 * length))]
        if len(near) < 5:
            return None
        lines.append(cv2.fitLine(near, cv2.DIST_HUBER, 0, 0.01, 0.01).reshape(4))
    corners = [_intersect(lines[i - 1], lines[i]) for i in range(4)]
    if any(c is None for c in corners):
        return rough
    quad = np.stack(corners).astype(np.float32)
    if np.max(np.linalg.norm(quad - rough, axis=1)) > 0.2 * np.linalg.norm(rough[2] - rough[0]):
        return rough  # a wild refit: keep the polygon's corners
    return quad


def order_corners(quad: np.ndarray) -> np.ndarray:
    """Corners in upright card order: top-left, top-right, bottom-right, bottom-left.

    Corners are sorted clockwise (in image coordinates) starting from the one nearest the image's
    top-left; a card lying sideways (its top edge longer than its left edge) starts one corner
    later, so the face comes out upright (or upside down, which a card's two indices make alike).
    """
    quad = np.asarray(quad, np.float32).reshape(4, 2)
    centre = quad.mean(axis=0)
    angles = np.arctan2(quad[:, 1] - centre[1], quad[:, 0] - centre[0])
    quad = quad[np.argsort(angles)]  # clockwise on screen (y grows downwards)
    start = int(np.argmin(quad.sum(axis=1)))
    quad = np.roll(quad, -start, axis=0)
    top = np.linalg.norm(quad[1] - quad[0]) + np.linalg.norm(quad[2] - quad[3])
    left = np.linalg.norm(quad[3] - quad[0]) + np.linalg.norm(quad[2] - quad[1])
    if top > left:
        quad = np.roll(quad, -1, axis=0)
    return quad


def warp_face(image: np.ndarray, quad: np.ndarray,
              size: tuple[int, int] = (FACE_WIDTH, FACE_HEIGHT)) -> np.ndarray:
    """The card inside ``quad`` (image pixels) flattened to a ``size = (width, height)`` image."""
    w, h = size
    target = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    matrix = cv2.getPerspectiveTransform(np.asarray(quad, np.float32), target)
    return cv2.warpPerspective(image, matrix, (w, h), flags=cv2.INTER_AREA,
                               borderMode=cv2.BORDER_REPLICATE)


def sharpness(face: np.ndarray) -> float:
    """Contrast-normalised focus measure of a flattened face (higher is sharper).

    The variance of the Laplacian of a 140 x 220 grey copy (blur is judged relative to the card's
    size, not the photo's), divided by the grey variance so that a faded or low-contrast print is
    not mistaken for a blurred photo. Sharp photos score about 0.07; a blur of 1 % of the card
    width about 0.01.
    """
    grey = cv2.cvtColor(cv2.resize(face, (140, 220), interpolation=cv2.INTER_AREA),
                        cv2.COLOR_BGR2GRAY).astype(np.float32)
    grey = grey[12:-12, 12:-12]  # leave out the card edge and any table around it
    return float(cv2.Laplacian(grey, cv2.CV_32F).var() / (grey.var() + 25.0))
