"""One detections type from the model to the card counter: :class:`Detections`.

Boxes are ``(N, 4)`` float32 ``x1, y1, x2, y2`` in source-image pixels, confidences ``(N,)``
float32, class ids ``(N,)`` int64 indexing ``class_names``. Shapes are checked on construction;
an empty result is an empty object; indexing (a mask, an index array or a slice) returns a new
object.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

import numpy as np

from scorer.cards import ALL_FACES, Card, parse_card

DEFAULT_CLASS_NAMES: tuple[str, ...] = tuple(str(card) for card in ALL_FACES)
"""The detector's 50 class names in class-id order (see docs/architecture.md)."""


@dataclass(frozen=True, eq=False)
class Detections:
    """Detected boxes with their confidences and classes; immutable, shapes checked.

    Raises :class:`ValueError` when the arrays do not have matching shapes, a box is not
    ``x1 <= x2, y1 <= y2``, or a class id falls outside ``class_names``.
    """

    xyxy: np.ndarray
    confidence: np.ndarray
    class_id: np.ndarray
    class_names: tuple[str, ...] = field(default=DEFAULT_CLASS_NAMES)

    def __post_init__(self) -> None:
        xyxy = np.asarray(self.xyxy, dtype=np.float32)
        if xyxy.size == 0:
            xyxy = xyxy.reshape(0, 4)
        confidence = np.asarray(self.confidence, dtype=np.float32).reshape(-1)
        class_id = np.asarray(self.class_id).reshape(-1)
        if xyxy.ndim != 2 or xyxy.shape[1] != 4:
            raise ValueError(f"xyxy must have shape (N, 4), got {xyxy.shape}")
        n = xyxy.shape[0]
        if confidence.shape != (n,) or class_id.shape != (n,):
            raise ValueError(
                f"confidence {confidence.shape} and class_id {class_id.shape} must both be ({n},)"
            )
        if n and not np.issubdtype(class_id.dtype, np.integer):
            if not np.all(np.equal(np.mod(class_id, 1), 0)):
                raise ValueError("class_id must hold whole numbers")
        class_id = class_id.astype(np.int64)
        names = tuple(self.class_names)
        if n and (class_id.min() < 0 or class_id.max() >= len(names)):
            raise ValueError(f"class ids must lie in 0..{len(names) - 1}")
        if n and (np.any(xyxy[:, 2] < xyxy[:, 0]) or np.any(xyxy[:, 3] < xyxy[:, 1])):
            raise ValueError("boxes must satisfy x1 <= x2 and y1 <= y2")
        for name, value in (("xyxy", xyxy), ("confidence", confidence), ("class_id", class_id)):
            object.__setattr__(self, name, _read_only(np.ascontiguousarray(value)))
        object.__setattr__(self, "class_names", names)

    @classmethod
    def empty(cls, class_names: Sequence[str] = DEFAULT_CLASS_NAMES) -> Detections:
        """No detections."""
        return cls(
            np.zeros((0, 4), np.float32), np.zeros(0, np.float32), np.zeros(0, np.int64),
            tuple(class_names),
        )

    def shifted(self, dx: float, dy: float) -> Detections:
        """The same detections moved by ``(dx, dy)`` pixels (a crop's reading in the photo)."""
        offset = np.array([dx, dy, dx, dy], np.float32)
        return Detections(self.xyxy + offset, self.confidence, self.class_id, self.class_names)

    def __len__(self) -> int:
        return int(self.xyxy.shape[0])

    def __getitem__(self, index: np.ndarray | slice | int | Sequence[int]) -> Detections:
        """A new object holding the selected detections (a boolean mask, indices or a slice)."""
        if isinstance(index, (int, np.integer)):
            index = [int(index)]
        return Detections(
            self.xyxy[index], self.confidence[index], self.class_id[index], self.class_names
        )

    @property
    def names(self) -> list[str]:
        """The class name of each detection."""
        return [self.class_names[i] for i in self.class_id]

    @property
    def faces(self) -> tuple[Card, ...]:
        """The card face of each class name, in class-id order (parsed once per name list)."""
        return _faces(self.class_names)

    @cached_property
    def centers(self) -> np.ndarray:
        """``(N, 2)`` box centres ``cx, cy`` (computed once: pairing asks for them per pair)."""
        return _read_only(np.stack(
            [(self.xyxy[:, 0] + self.xyxy[:, 2]) / 2, (self.xyxy[:, 1] + self.xyxy[:, 3]) / 2],
            axis=1,
        ))

    @cached_property
    def sizes(self) -> np.ndarray:
        """``(N,)`` box size: the geometric mean of width and height, in pixels (computed once)."""
        w = self.xyxy[:, 2] - self.xyxy[:, 0]
        h = self.xyxy[:, 3] - self.xyxy[:, 1]
        return _read_only(np.sqrt(np.maximum(w * h, 0.0)))

    @classmethod
    def merge(cls, parts: Sequence[Detections]) -> Detections:
        """All detections of several objects with the same class names, in order."""
        if not parts:
            return cls.empty()
        names = parts[0].class_names
        if any(p.class_names != names for p in parts):
            raise ValueError("cannot merge detections with different class names")
        return cls(
            np.concatenate([p.xyxy for p in parts]),
            np.concatenate([p.confidence for p in parts]),
            np.concatenate([p.class_id for p in parts]),
            names,
        )

    def __repr__(self) -> str:
        return f"Detections(n={len(self)}, classes={sorted(set(self.names))})"


def _read_only(array: np.ndarray) -> np.ndarray:
    """``array``, no longer writable: a Detections and what it computes once never change."""
    array.setflags(write=False)
    return array


@lru_cache(maxsize=8)
def _faces(class_names: tuple[str, ...]) -> tuple[Card, ...]:
    return tuple(parse_card(name) for name in class_names)
