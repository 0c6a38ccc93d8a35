"""A deck's own photographed faces for the renderer: named by notation, with the index region
given or the documented default, and an optional back."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from scorer.cards import ALL_FACES
from scorer.render.faces import FACE_H, FACE_W
from scorer.render.photo_faces import DEFAULT_INDEX, PhotoFaces


def test_photo_faces_default_index_region(tmp_path: Path) -> None:
    """Without indices.json the top-left index is the documented fixed corner region."""
    for card in ALL_FACES:
        cv2.imwrite(str(tmp_path / f"{card}.jpg"), np.full((176, 112, 3), 200, np.uint8))
    (tmp_path / "notes.txt").write_text("not a face")
    assert PhotoFaces(tmp_path).back is None
    cv2.imwrite(str(tmp_path / "back.png"), np.full((176, 112, 3), 30, np.uint8))
    photos = PhotoFaces(tmp_path)
    assert photos.back is not None and photos.back.image[100, 60].tolist() == [30, 30, 30]
    face = photos[ALL_FACES[0]]
    x0, y0, x1, y1 = DEFAULT_INDEX
    expected = (x0 * FACE_W, y0 * FACE_H, x1 * FACE_W, y1 * FACE_H)
    assert face.index_rects[0] == pytest.approx(expected)
    assert DEFAULT_INDEX == (0.03, 0.02, 0.27, 0.19)
