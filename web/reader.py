"""The card reader the camera pages and ``/api/detect`` use.

``app.config["CARD_READER"]`` may hold any callable ``reader(image, conf=...)`` returning an
object with ``to_dict()`` (tests inject a fake one); otherwise :func:`scorer.vision.read_cards`
is imported on first use, so the app starts without the model. The model file is
``MODEL_PATH`` when configured, else the deck model chosen on the Decks page, else the shipped
one (``$PHASE10_MODEL`` or ``models/phase10-cards.onnx``); ``DETECT_IMGSZ`` sets the detector's
input size (None: the exported 640). Photos get the reader's second, closer look; live camera
frames do not (it would double their latency).
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import numpy as np
from flask import current_app


class ReaderUnavailable(RuntimeError):
    """The detector cannot run here (no model file, or the vision package is missing)."""


def _chosen_deck_model() -> Path | None:
    """The model fine-tuned on the players' own deck, when one is chosen on the Decks page."""
    try:
        from scorer.decks.store import chosen_model
    except ImportError:
        return None
    return chosen_model(Path(current_app.instance_path))


def read(image: np.ndarray, second_look: bool = True) -> dict[str, Any]:
    """Detect the cards in a decoded image: ``{"cards": [{"card", "confidence", "box"}], ...}``.

    ``second_look``: also read the part of the image where the cards lie, enlarged (photos).
    """
    reader = current_app.config.get("CARD_READER")
    model_errors: tuple[type[BaseException], ...] = (FileNotFoundError,)
    if reader is None:
        try:
            from scorer.vision import ModelError, read_cards
        except ImportError as error:
            raise ReaderUnavailable(f"the card detector is not installed: {error}") from None
        model_errors = (FileNotFoundError, ModelError)
        model = current_app.config.get("MODEL_PATH") or _chosen_deck_model()
        reader = functools.partial(
            read_cards, model=str(model) if model else None,
            imgsz=current_app.config.get("DETECT_IMGSZ"), second_look=second_look,
        )
    conf = current_app.config["DETECT_CONFIDENCE"]
    try:
        reading = reader(image, conf=conf)
    except model_errors as error:
        raise ReaderUnavailable(f"the card detector cannot run: {error}") from None
    return reading.to_dict()
