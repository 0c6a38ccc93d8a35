"""A washed-out frame, stretched: one more look at a photo in which no card was read.

A webcam in dim light delivers a flat, tinted frame: its black is raised, its white is grey
and green, and the ink of a card held up to it sits at half the contrast the detector learnt
on. Stretching each colour channel so that its darkest and brightest percentile span the full
range gives the frame its contrast back and, since each channel is stretched on its own, takes
most of a camera's cast out with it. Only photos in which no card was read get this look
(:func:`scorer.vision.reading.read_cards`), and only when every channel would be stretched by
at least ``TUNING.min_gain``: a frame with contrast to spare is left as it is.
"""

from __future__ import annotations

import numpy as np

from scorer.vision.settings import READER

TUNING = READER.washed_out
"""This module's values (:class:`~scorer.vision.settings.ReaderSettings`)."""


def channel_spans(image_bgr: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per BGR channel, the values at percentiles ``TUNING.dark_percentile`` and
    ``TUNING.bright_percentile``."""
    step = TUNING.sample_step
    sample = image_bgr[::step, ::step, :3].reshape(-1, 3).astype(np.float32)
    dark, bright = np.percentile(sample, [TUNING.dark_percentile, TUNING.bright_percentile], axis=0)
    return dark, bright


def stretched(image_bgr: np.ndarray) -> np.ndarray | None:
    """``image_bgr`` with each channel stretched from its dark to its bright percentile onto
    0..255 (uint8), or None when the frame is not washed out (some channel would gain less than
    ``TUNING.min_gain``)."""
    dark, bright = channel_spans(image_bgr)
    gains = 255.0 / np.maximum(bright - dark, TUNING.min_span)
    if float(gains.min()) < TUNING.min_gain:
        return None
    out = (image_bgr[..., :3].astype(np.float32) - dark) * gains
    return np.clip(out, 0, 255).astype(np.uint8)
