"""A contact sheet of dataset images with their labels drawn: what ``phase10 dataset show``
writes for a look at what the detector is taught."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from scorer.render.contact_sheet import contact_sheet, draw_labels

MAGENTA = (255, 0, 255)  # class 0's box colour


def test_a_label_is_drawn_as_its_box_on_a_copy():
    image = np.full((100, 200, 3), 128, np.uint8)
    drawn = draw_labels(image, "0 0.5 0.5 0.2 0.4\nnot a label line\n")
    assert (image == 128).all()
    ys, xs = np.nonzero(np.all(drawn == MAGENTA, axis=2))
    assert (xs.min(), xs.max(), ys.max()) == (80, 119, 69)


def test_the_sheet_tiles_the_picked_images_in_a_square_grid(tmp_path):
    folder = tmp_path / "images" / "val"
    folder.mkdir(parents=True)
    for k in range(5):
        cv2.imwrite(str(folder / f"{k:03d}.jpg"), np.full((60, 80, 3), 40 * k, np.uint8))
    sheet = contact_sheet(tmp_path, "val", n=4, tile=50)
    assert sheet.shape == (100, 100, 3)
    with pytest.raises(FileNotFoundError, match="no images in"):
        contact_sheet(tmp_path, "test")
