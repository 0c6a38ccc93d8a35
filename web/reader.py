"""The card reader the camera pages and ``/api/detect`` use.

``app.config["CARD_READER"]`` may hold any callable ``reader(image, conf=...)`` returning an
object with ``to_dict()`` (tests inject a fake one); otherwise :func:`scorer.vision.read_cards`
is imported on first use, so the app starts without the model.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from flask import current_app


class ReaderUnavailable(RuntimeError):
    """The detector cannot run here (no model file, or the vision package is missing)."""


def read(image: np.ndarray) -> dict[str, Any]:
    """Detect the cards in a decoded image: ``{"cards": [{"card", "confidence", "box"}], ...}``."""
    reader = current_app.config.get("CARD_READER")
    if reader is None:
        try:
            from scorer.vision import read_cards
        except ImportError as error:
            raise ReaderUnavailable(f"the card detector is not installed: {error}") from None
        reader = read_cards
    conf = current_app.config["DETECT_CONFIDENCE"]
    try:
        reading = reader(image, conf=conf)
    except FileNotFoundError as error:
        raise ReaderUnavailable(f"the card detector has no model: {error}") from None
    return reading.to_dict()
