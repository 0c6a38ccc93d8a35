"""A washed-out frame, stretched: one more look at a photo in which no card was read.

A webcam in dim light delivers a flat, tinted frame: its black is raised, its white is grey
and green, and the ink of a card held up to it sits at half the contrast the detector learnt
on. Stretching each colour channel so that its darkest and brightest percentile span the full
range gives the frame its contrast back and, since each channel is stretched on its own, takes
most of a camera's cast out with it. Only photos in which no card was read get this look
(:func:`scorer.vision.reading.read_cards`), and only when every channel would be stretched by
at least :data:`MIN_GAIN`: a frame with contrast to spare is left as it is.
"""

from __future__ import annotations

import numpy as np

DARK_PERCENTILE = 1.0  # the channel value that becomes 0...
BRIGHT_PERCENTILE = 99.0  # ...and the one that becomes 255
MIN_GAIN = 1.5  # a frame is washed out when every channel would be stretched this much
MIN_SPAN = 16.0  # a channel spanning fewer grey levels is stretched as if it spanned these
SAMPLE_STEP = 4  # the percentiles are taken on every fourth pixel of every fourth row


def channel_spans(image_bgr: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per BGR channel, the values at :data:`DARK_PERCENTILE` and :data:`BRIGHT_PERCENTILE`."""
    sample = image_bgr[::SAMPLE_STEP, ::SAMPLE_STEP, :3].reshape(-1, 3).astype(np.float32)
    dark, bright = np.percentile(sample, [DARK_PERCENTILE, BRIGHT_PERCENTILE], axis=0)
    return dark, bright


def stretched(image_bgr: np.ndarray) -> np.ndarray | None:
    """``image_bgr`` with each channel stretched from its dark to its bright percentile onto
    0..255 (uint8), or None when the frame is not washed out (some channel would gain less than
    :data:`MIN_GAIN`)."""
    dark, bright = channel_spans(image_bgr)
    gains = 255.0 / np.maximum(bright - dark, MIN_SPAN)
    if float(gains.min()) < MIN_GAIN:
        return None
    out = (image_bgr[..., :3].astype(np.float32) - dark) * gains
    return np.clip(out, 0, 255).astype(np.uint8)
