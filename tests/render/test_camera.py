"""The camera over the table: homographies that place cards in the frame, and the light, lens
and sensor effects a phone photo shows."""

from __future__ import annotations

import numpy as np

from scorer.render.camera import fit_view, photometric, project, table_view


def test_projecting_through_the_identity_keeps_the_points():
    pts = np.array([[0.0, 0.0], [10.0, -5.0]])
    np.testing.assert_allclose(project(np.eye(3), pts), pts)
    shifted = np.array([[2.0, 0, 3], [0, 2.0, 4], [0, 0, 1]])
    np.testing.assert_allclose(project(shifted, pts), [[3, 4], [23, -6]])


def _in_frame(corners: np.ndarray, size: int) -> bool:
    """Does the quad's bounding box overlap the ``size`` square frame?"""
    return bool((corners.max(0) > 0).all() and (corners.min(0) < size).all())


def test_a_fitted_view_always_shows_a_card():
    """A whole layout, one card picked out, or a card held up close: never an empty frame."""
    card = np.array([[0, 0], [56, 0], [56, 88], [0, 88]], np.float64)
    for seed in range(30):
        rng = np.random.default_rng(seed)
        quads = [card, card + [70, 0], card + [0, 100]]
        view = fit_view(rng, table_view(rng, 200.0), quads, 640)
        assert any(_in_frame(project(view, quad), 640) for quad in quads), seed


def test_the_photo_effects_keep_the_image_and_repeat_by_seed():
    image = np.full((64, 64, 3), 180, np.uint8)
    one = photometric(np.random.default_rng(2), image)
    assert one.shape == image.shape and one.dtype == np.uint8
    assert not np.array_equal(one, image)
    assert np.array_equal(one, photometric(np.random.default_rng(2), image))
