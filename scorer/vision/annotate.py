"""Draw read cards on a copy of an image: a box and a ``R5 0.97`` label per card.

Detectors do not draw; :func:`annotate` never modifies its input.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import cv2
import numpy as np

from scorer.cards import Colour
from scorer.vision.card_reading import CardReading, DetectedCard

BGR = tuple[int, int, int]

# Box colours (BGR) per card colour; Wild and Skip in black-on-white.
_BGR = {
    Colour.RED: (40, 40, 220),
    Colour.BLUE: (220, 110, 30),
    Colour.GREEN: (50, 170, 50),
    Colour.YELLOW: (0, 200, 240),
}
_OTHER = (40, 40, 40)
_FLAGGED = (0, 0, 255)


def annotate(
    image: np.ndarray,
    cards: CardReading | Iterable[DetectedCard],
    box_colours: Sequence[BGR] | None = None,
) -> np.ndarray:
    """A new BGR image with each card's box and ``name confidence`` label drawn.

    Boxes take the card's colour, or ``box_colours[i]`` for the ``i``-th card when given (the
    live view marks stable and pending cards so). Cards whose colour check disagreed or was
    corrected get a ``?``/``!`` mark. Raises :class:`ValueError` on a non-image array or when
    ``box_colours`` does not give one colour per card.
    """
    if not isinstance(image, np.ndarray) or image.ndim != 3 or image.shape[2] != 3:
        raise ValueError("annotate needs an (H, W, 3) BGR image")
    items = list(cards.cards if isinstance(cards, CardReading) else cards)
    if box_colours is not None and len(box_colours) != len(items):
        raise ValueError(f"{len(box_colours)} box colours for {len(items)} cards")
    out = image.copy()
    short = min(out.shape[:2])
    thickness = max(1, round(short / 320))
    scale = max(0.4, short / 900)
    for index, item in enumerate(items):
        colour = box_colours[index] if box_colours else _BGR.get(item.card.colour, _OTHER)
        x1, y1, x2, y2 = (int(round(v)) for v in item.box)
        cv2.rectangle(out, (x1, y1), (x2, y2), colour, thickness + 1)
        mark = {"disagree": "?", "corrected": "!"}.get(item.colour_check, "")
        label = f"{item.card}{mark} {item.confidence:.2f}"
        (tw, th), base = cv2.getTextSize(label, cv2.FONT_HERSHEY_SIMPLEX, scale, thickness)
        top = max(0, y1 - th - base - 4)
        fill = _FLAGGED if mark else colour
        cv2.rectangle(out, (x1, top), (x1 + tw + 6, top + th + base + 4), fill, -1)
        cv2.putText(out, label, (x1 + 3, top + th + 2), cv2.FONT_HERSHEY_SIMPLEX, scale,
                    (255, 255, 255), thickness, cv2.LINE_AA)
    return out
