"""A stable card reading from a stream of noisy per-frame readings: majority over recent frames.

The detector sees a slightly different set of cards in every frame: a finger covers an index, a
reflection hides a card for one frame, a false positive flashes up once. :class:`StableTracker`
keeps the card multisets of the last ``window`` frames and reports a card once it has been seen
in at least ``enter`` of them; a reported card drops out once it has been missed in at least
``leave`` of them. The default is a plain majority both ways (``enter = leave = window // 2 + 1``),
so one frame that misses a card never makes the list flicker.

Copies count separately: two ``R5`` on the table are two cards. The *n*-th copy of a face is
"seen" in a frame that shows at least *n* copies of it, and each copy enters and leaves on its own
(a third copy appearing for one frame does not add a card; one of two copies vanishing for many
frames removes one card).

Pure and deterministic: no clocks, no threads. Feed it frames with :meth:`StableTracker.update`.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Iterable
from dataclasses import dataclass

from scorer.cards import Card, parse_cards


@dataclass(frozen=True)
class StableReading:
    """What the tracker reports after a frame.

    ``cards``: the stable multiset, sorted; ``pending``: cards seen in the newest frame that are not
    (yet) stable, sorted; ``frames``: frames fed since the last reset; ``changed``: whether
    ``cards`` differs from the previous report.
    """

    cards: tuple[Card, ...]
    pending: tuple[Card, ...]
    frames: int
    changed: bool

    def to_dict(self) -> dict[str, object]:
        """JSON-ready: card names in their one text form."""
        return {
            "cards": [str(card) for card in self.cards],
            "pending": [str(card) for card in self.pending],
            "frames": self.frames,
            "changed": self.changed,
        }


class StableTracker:
    """Majority vote over the last ``window`` frames, per card copy, with enter/leave thresholds.

    ``enter``: frames (of the last ``window``) a copy must be seen in before it counts;
    ``leave``: frames (of the last ``window``) a counted copy must be missed in before it drops.
    Both default to a majority of the window. Raises :class:`ValueError` unless
    ``1 <= enter <= window`` and ``1 <= leave <= window``.
    """

    def __init__(self, window: int = 5, enter: int | None = None, leave: int | None = None):
        if window < 1:
            raise ValueError(f"window must be at least 1 frame, got {window}")
        majority = window // 2 + 1
        enter = majority if enter is None else enter
        leave = majority if leave is None else leave
        for name, value in (("enter", enter), ("leave", leave)):
            if not 1 <= value <= window:
                raise ValueError(f"{name} must lie in 1..{window} (the window), got {value}")
        self.window = window
        self.enter = enter
        self.leave = leave
        self._frames: deque[Counter[Card]] = deque(maxlen=window)
        self._stable: Counter[Card] = Counter()
        self._count = 0

    def reset(self) -> None:
        """Forget every frame (a new stream, a new hand)."""
        self._frames.clear()
        self._stable = Counter()
        self._count = 0

    @property
    def cards(self) -> tuple[Card, ...]:
        """The current stable multiset, sorted."""
        return tuple(sorted(self._stable.elements()))

    def update(self, cards: Iterable[Card | str]) -> StableReading:
        """Add one frame's cards (a multiset: repeats are copies) and return the new reading.

        Card names are accepted too (``"R5"``); raises :class:`scorer.errors.NotationError` on a
        name that is not a card.
        """
        frame = Counter(parse_cards(list(cards)))
        self._frames.append(frame)
        self._count += 1
        stable: Counter[Card] = Counter()
        faces = set(self._stable) | {face for seen in self._frames for face in seen}
        for face in faces:
            held = self._stable[face]
            copies = 0
            for n in range(1, max(held, *(seen[face] for seen in self._frames)) + 1):
                hits = sum(1 for seen in self._frames if seen[face] >= n)
                misses = len(self._frames) - hits
                if (n <= held and misses < self.leave) or hits >= self.enter:
                    copies = n
                else:
                    break
            if copies:
                stable[face] = copies
        changed = stable != self._stable
        self._stable = stable
        pending = frame - stable
        return StableReading(self.cards, tuple(sorted(pending.elements())), self._count, changed)
