"""Card outlines found in an enrolment photo: corners put in upright order."""

from __future__ import annotations

import numpy as np

from scorer.decks.quads import order_corners


def test_order_corners_upright_from_any_start():
    quad = np.array([[10, 10], [66, 10], [66, 98], [10, 98]], np.float32)  # upright card
    for shift in range(4):
        assert np.array_equal(order_corners(np.roll(quad, shift, axis=0)), quad)
    sideways = np.array([[10, 10], [98, 10], [98, 66], [10, 66]], np.float32)
    ordered = order_corners(sideways)
    assert np.linalg.norm(ordered[1] - ordered[0]) < np.linalg.norm(ordered[3] - ordered[0])
