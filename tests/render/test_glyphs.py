"""Text and symbols as ink masks: cropped to the ink, slanted for italic print."""

from __future__ import annotations

import numpy as np

from scorer.render.faces import sample_style
from scorer.render.glyphs import symbol_mask, text_masks


def test_italic_digits_lean_right_and_keep_tight_boxes() -> None:
    font = sample_style(np.random.default_rng(0)).font
    upright = text_masks("7", font, 40, 0.0, False, 200)[0]
    italic = text_masks("7", font, 40, 0.0, False, 200, 0.2)[0]
    assert italic.shape[0] == upright.shape[0] and italic.shape[1] > upright.shape[1]

    def lean(mask: np.ndarray) -> float:  # the top's ink centre right of the bottom's
        cols = np.arange(mask.shape[1])
        top, bottom = mask[:8].sum(0), mask[-8:].sum(0)
        return float((cols * top).sum() / top.sum() - (cols * bottom).sum() / bottom.sum())

    assert lean(italic) > lean(upright) + 4
    assert italic[:, 0].max() > 0.02 and italic[:, -1].max() > 0.02  # cropped to the ink


def test_a_taller_size_draws_taller_ink_and_an_outline_surrounds_the_fill():
    font = sample_style(np.random.default_rng(0)).font
    small, _ = text_masks("12", font, 20, 0.0, False, 200)
    large, ring = text_masks("12", font, 60, 0.1, False, 400)
    assert large.shape[0] > 2 * small.shape[0]
    assert ring.sum() > 0 and 0.0 <= large.min() and large.max() <= 1.0


def test_a_symbols_outline_surrounds_its_fill():
    fill, outline = symbol_mask("star", 40, 0.1)
    h, w = fill.shape
    assert fill[h // 2, w // 2] > 0.5 and fill[0, 0] < 0.5  # a star: ink inside, none in a corner
    assert (outline >= fill - 1e-6).all() and outline.sum() > fill.sum()
