"""Draw a live reading's boxes and labels on a copy of the frame (for the server webcam view).

Stable cards are drawn in green, cards not yet stable in amber. The input is never modified.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

import cv2
import numpy as np

STABLE_BGR = (60, 200, 60)
PENDING_BGR = (0, 180, 255)


def annotate(image: np.ndarray, reading: Mapping[str, Any]) -> np.ndarray:
    """A new ``(H, W, 3)`` BGR image with ``reading["detections"]`` boxed and labelled.

    A detection counts as stable while the stable list (``reading["cards"]``) still has an
    unclaimed copy of its card.
    """
    out = image.copy()
    stable = Counter(reading.get("cards", ()))
    thickness = max(2, round(min(out.shape[:2]) / 240))
    scale = max(0.5, min(out.shape[:2]) / 720)
    for item in reading.get("detections", ()):
        name = item["card"]
        colour = STABLE_BGR if stable[name] > 0 else PENDING_BGR
        stable[name] -= 1
        x1, y1, x2, y2 = (round(v) for v in item["box"])
        cv2.rectangle(out, (x1, y1), (x2, y2), colour, thickness)
        label = f"{name} {item.get('confidence', 1.0):.2f}"
        (tw, th), base = cv2.getTextSize(label, cv2.FONT_HERSHEY_SIMPLEX, scale, thickness)
        top = max(0, y1 - th - base - 4)
        cv2.rectangle(out, (x1, top), (x1 + tw + 6, top + th + base + 4), colour, -1)
        cv2.putText(out, label, (x1 + 3, top + th + 2), cv2.FONT_HERSHEY_SIMPLEX, scale,
                    (0, 0, 0), max(1, thickness - 1), cv2.LINE_AA)
    return out
