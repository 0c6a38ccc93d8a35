"""The card reader the camera pages, the live page and ``/api/detect`` use.

``app.config["CARD_READER"]`` may hold any callable ``reader(image, conf=...)`` returning a
:class:`~scorer.vision.card_reading.CardReading` (tests inject a fake one); otherwise
:func:`scorer.vision.read_cards` runs on the model file :func:`model_file` picks.
``DETECT_IMGSZ`` sets the detector's input size (None: the exported 640). Photos get the
reader's second, closer look; live camera frames do not (it would double their latency).
"""

from __future__ import annotations

import functools
from pathlib import Path

import numpy as np
from flask import current_app

from scorer import vision
from scorer.decks import store as deck_store
from scorer.vision import CardReading, ModelError


class ReaderUnavailable(RuntimeError):
    """The detector cannot run here (no model file, or an unreadable one)."""


def model_file() -> Path | None:
    """The detector file to read with: ``MODEL_PATH`` when configured, else the deck model
    chosen on the Decks page, else None (the shipped one: ``$PHASE10_MODEL`` or
    ``models/phase10-cards.onnx``). Decided on every call, so a new choice counts at once."""
    configured = current_app.config.get("MODEL_PATH")
    if configured:
        return Path(configured)
    return deck_store.chosen_model(Path(current_app.instance_path))


def read(image: np.ndarray, second_look: bool = True) -> CardReading:
    """Detect the cards in a decoded ``(H, W, 3)`` BGR image.

    ``second_look``: also read the part of the image where the cards lie, enlarged (photos).
    Raises :class:`ReaderUnavailable` when the model file is missing or unreadable.
    """
    reader = current_app.config.get("CARD_READER")
    if reader is None:
        model = model_file()
        reader = functools.partial(
            vision.read_cards, model=str(model) if model else None,
            imgsz=current_app.config.get("DETECT_IMGSZ"), second_look=second_look,
        )
    try:
        return reader(image, conf=current_app.config["DETECT_CONFIDENCE"])
    except (FileNotFoundError, ModelError) as error:
        raise ReaderUnavailable(f"the card detector cannot run: {error}") from None
