"""Index detections -> physical cards: pair the two corner indices of one card, count it once.

Every card shows its face in two corner indices (top-left, and bottom-right rotated 180 degrees),
so one card can give two detections of the same class. Two same-class indices belong to one card
when their centres are about one card diagonal apart, measured in index sizes
(:class:`PairingGeometry`), and their sizes agree. Pairs are chosen to minimise the total geometric
mismatch (exactly for small groups, greedily for large ones); each detection is used at most once;
a face is never counted more often than one deck holds it (:data:`scorer.cards.DECK_COUNTS`).
Indices left alone may then pair with one of the same number read in another colour: one card
whose corners the detector coloured differently. A card alone in view whose corners are still
apart is the business of :mod:`scorer.vision.lone_corners`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from scorer.cards import DECK_COUNTS, parse_card
from scorer.vision.detections import Detections
from scorer.vision.geometry import box_containment, box_iou, union_box
from scorer.vision.settings import READER, PairingGeometry

TUNING = READER.pairing
"""This module's values (:class:`~scorer.vision.settings.ReaderSettings`)."""


PixelCheck = Callable[[int, int], "bool | None"]
"""``check(i, j)``: do the pixels say detections i and j are the two indices of one card?
True (yes), False (no: never pair them) or None (cannot tell)."""


DEFAULT_GEOMETRY = TUNING.geometry
"""The reader's pairing geometry (``READER.pairing.geometry``)."""


@dataclass(frozen=True)
class CardCandidate:
    """One physical card: its class, the detections (1 or 2 indices) it came from, its box."""

    class_id: int
    index_ids: tuple[int, ...]
    confidence: float
    xyxy: tuple[float, float, float, float]


def pair_cost(
    dets: Detections,
    i: int,
    j: int,
    geometry: PairingGeometry,
    pixel_check: PixelCheck | None = None,
) -> float | None:
    """Mismatch of detections ``i`` and ``j`` as the two indices of one card, or None if not.

    With ``pixel_check``, a pair the pixels refuse is refused and one they confirm gets
    ``geometry.centre_bonus`` off its cost.
    """
    sizes = dets.sizes
    s_i, s_j = float(sizes[i]), float(sizes[j])
    if s_i <= 0 or s_j <= 0 or max(s_i, s_j) / min(s_i, s_j) > geometry.size_ratio:
        return None
    c = dets.centers
    distance = float(np.hypot(*(c[i] - c[j])))
    ratio = distance / math.sqrt(s_i * s_j)
    if not geometry.low <= ratio <= geometry.high:
        return None
    if geometry.crossing > 0 and _index_between(c, i, j, geometry.crossing * math.sqrt(s_i * s_j)):
        return None
    cost = abs(math.log(ratio / geometry.expected))
    if pixel_check is not None:
        looks_like_one_card = pixel_check(i, j)
        if looks_like_one_card is False:
            return None
        if looks_like_one_card:
            cost = max(0.0, cost - geometry.centre_bonus)
    return cost


def _index_between(centres: np.ndarray, i: int, j: int, tolerance: float) -> bool:
    """Does another detection's centre lie on the segment between detections i and j?

    A card's face lies between its two indices, so another index there means i and j are two
    cards in a row (overlapping cards show their indices side by side).
    """
    a, b = centres[i], centres[j]
    ab = b - a
    length2 = float(ab @ ab)
    if length2 == 0 or len(centres) <= 2:
        return False
    t = ((centres - a) @ ab) / length2
    # neither i (t = 0) nor j (t = 1) lies inside
    inside = (t > TUNING.crossing_from) & (t < TUNING.crossing_to)
    if not inside.any():
        return False
    offset = centres[inside] - (a + t[inside, None] * ab)
    return bool(np.any(np.hypot(offset[:, 0], offset[:, 1]) <= tolerance))


def _best_matching(
    members: list[int], costs: dict[tuple[int, int], float], single: float
) -> tuple[float, list[tuple[int, ...]]]:
    """Exact minimum-cost partition of ``members`` into pairs and singles (small groups)."""
    if not members:
        return 0.0, []
    first, rest = members[0], members[1:]
    best_cost, best = _best_matching(rest, costs, single)
    best_cost += single
    best = [(first,), *best]
    for k, other in enumerate(rest):
        cost = costs.get((first, other))
        if cost is None:
            continue
        sub_cost, sub = _best_matching(rest[:k] + rest[k + 1 :], costs, single)
        if cost + sub_cost < best_cost:
            best_cost, best = cost + sub_cost, [(first, other), *sub]
    return best_cost, best


def _greedy_matching(
    members: list[int], costs: dict[tuple[int, int], float], single: float
) -> list[tuple[int, ...]]:
    used: set[int] = set()
    groups: list[tuple[int, ...]] = []
    for (i, j), cost in sorted(costs.items(), key=lambda kv: kv[1]):
        if cost < 2 * single and i not in used and j not in used:
            used.update((i, j))
            groups.append((i, j))
    groups.extend((m,) for m in members if m not in used)
    return groups


def noisy_or(confidences: list[float]) -> float:
    """Confidence that a card is there, given independent index detections (noisy-or)."""
    miss = 1.0
    for c in confidences:
        miss *= 1.0 - c
    return 1.0 - miss


def pair_indices(
    dets: Detections,
    geometry: PairingGeometry = DEFAULT_GEOMETRY,
    pixel_check: PixelCheck | None = None,
    same_ink: PixelCheck | None = None,
) -> list[CardCandidate]:
    """Group index detections into physical cards, at most one deck's count of each face.

    ``pixel_check`` (optional, see :data:`PixelCheck`) vetoes or favours pairs from pixels.
    Same-class indices are paired first; then, with ``same_ink`` (do the pixels of indices i
    and j measure one colour?), the indices still alone are paired with one of the same number
    read in another colour whose ink matches (:func:`_pair_across_colours`). Returns the cards
    sorted by confidence (highest first). When more cards of a face remain than a deck holds,
    the least confident extras are dropped.
    """
    found: list[CardCandidate] = []
    for class_id in sorted(set(dets.class_id.tolist())):
        members = [int(i) for i in np.flatnonzero(dets.class_id == class_id)]
        for group in _match(dets, members, geometry, pixel_check):
            found.append(card_candidate(dets, int(class_id), group, noisy_or))
    if same_ink is not None:
        found = _pair_across_colours(dets, found, geometry, _both(same_ink, pixel_check))
    cards: list[CardCandidate] = []
    for class_id in sorted({card.class_id for card in found}):
        same = sorted((c for c in found if c.class_id == class_id), key=lambda c: -c.confidence)
        cards.extend(same[: _deck_limit(dets.class_names[class_id])])
    cards.sort(key=lambda card: -card.confidence)
    return cards


def _match(dets: Detections, members: list[int], geometry: PairingGeometry,
           pixel_check: PixelCheck | None, extra_cost: float = 0.0) -> list[tuple[int, ...]]:
    """The cheapest grouping of ``members`` into pairs and singles (each pair's cost plus
    ``extra_cost``)."""
    costs: dict[tuple[int, int], float] = {}
    for a, i in enumerate(members):
        for j in members[a + 1 :]:
            cost = pair_cost(dets, i, j, geometry, pixel_check)
            if cost is not None:
                costs[(i, j)] = cost + extra_cost
    if len(members) <= TUNING.exact_limit:
        return _best_matching(members, costs, geometry.single_cost)[1]
    return _greedy_matching(members, costs, geometry.single_cost)


def card_candidate(dets: Detections, class_id: int, group: tuple[int, ...],
                   combine: Callable[[list[float]], float]) -> CardCandidate:
    """The card of detections ``group`` read as ``class_id``: their boxes' union, and their
    confidences joined by ``combine`` (:func:`noisy_or` for corners that agree, ``max`` when
    one corner's reading is in doubt)."""
    return CardCandidate(class_id, group, combine([float(dets.confidence[k]) for k in group]),
                         union_box(dets.xyxy[list(group)]))


def _both(required: PixelCheck, check: PixelCheck | None) -> PixelCheck:
    """A pixel check that refuses a pair unless ``required`` confirms it, then asks ``check``."""

    def both(i: int, j: int) -> bool | None:
        if required(i, j) is not True:
            return False
        return check(i, j) if check is not None else None

    return both


def _pair_across_colours(dets: Detections, found: list[CardCandidate],
                         geometry: PairingGeometry, pixel_check: PixelCheck
                         ) -> list[CardCandidate]:
    """Pair lone indices of one number read in two colours whose pixels measure one ink: one
    card whose corners the detector coloured differently (a cast, a corner in shadow), which
    would otherwise count as two cards, one of them a phantom. Two cards of one number in two
    colours measure two inks and stay apart. Such a pair costs ``TUNING.cross_colour_cost`` more
    than a same-colour one, takes the class of its more confident index (the colour check may
    still correct it) and keeps that index's confidence: the colour is in doubt."""
    lone = [card for card in found if len(card.index_ids) == 1]
    by_number: dict[int, list[int]] = {}
    for card in lone:
        face = parse_card(dets.class_names[card.class_id])
        if face.is_natural:
            by_number.setdefault(face.value, []).append(card.index_ids[0])
    merged: list[CardCandidate] = []
    joined: set[int] = set()
    for members in by_number.values():
        if len({int(dets.class_id[k]) for k in members}) < 2:
            continue
        for group in _match(dets, members, geometry, pixel_check, TUNING.cross_colour_cost):
            if len(group) == 2 and dets.class_id[group[0]] != dets.class_id[group[1]]:
                lead = max(group, key=lambda k: float(dets.confidence[k]))
                merged.append(card_candidate(dets, int(dets.class_id[lead]), group, max))
                joined.update(group)
    return [c for c in found if not joined.intersection(c.index_ids)] + merged


def split_shared_corners(
    cards: list[CardCandidate], dets: Detections, iou: float = TUNING.shadow_iou
) -> list[CardCandidate]:
    """One index is the corner of one card: of two pairs that use one spot (index boxes
    overlapping more than ``iou``, a spot read twice, in two colours say), the more credible
    pair keeps it and the other is left with its own corner, as a lone index.

    Two cards of one face fanned together show two top-left indices but often one bottom-right
    one (the front card's); both top-left indices may pair with it, and the card whose pair is
    undone is still a card. Returns the cards, most confident first.
    """
    overlaps = box_iou(dets.xyxy, dets.xyxy)
    taken: list[int] = []
    kept = []
    for card in sorted(cards, key=lambda c: (len(c.index_ids), c.confidence), reverse=True):
        if len(card.index_ids) == 2 and taken:
            own = [k for k in card.index_ids if overlaps[k, taken].max() <= iou]
            if len(own) == 1:
                card = card_candidate(dets, int(dets.class_id[own[0]]), (own[0],), noisy_or)
        taken.extend(card.index_ids)
        kept.append(card)
    return sorted(kept, key=lambda card: -card.confidence)


def drop_shadowed(
    cards: list[CardCandidate], dets: Detections, iou: float = TUNING.shadow_iou
) -> list[CardCandidate]:
    """Drop cards read from the same spots as the indices of more credible cards.

    The detector sometimes reads one index twice, with two classes (a Skip also as a Wild, a 6
    also as a 9, a 12 also as the 2 inside its box). Of two readings of one spot
    (:func:`same_spot`), the card
    whose other corner agrees (a pair) wins, else the more confident one, a Skip counting
    ``TUNING.skip_preference`` more: the detector's confusions between Skip and Wild go one way
    (on the eval val split, five Skips were read as Wilds and no Wild as a Skip). When both
    corners of a card were read twice (a 3 as 3 and 8 at each), the two pairs lie on the same
    two spots: the less credible pair is dropped too.
    Returns the kept cards, most confident first.
    """

    def credibility(card: CardCandidate) -> tuple[int, float]:
        skip = dets.class_names[card.class_id] == "S"
        return len(card.index_ids), card.confidence + (TUNING.skip_preference if skip else 0.0)

    one_spot = same_spot(dets, iou)
    taken: list[int] = []
    kept = []
    for card in sorted(cards, key=credibility, reverse=True):
        shadowed = all(bool(one_spot[k, taken].any()) for k in card.index_ids)
        taken.extend(card.index_ids)  # a shadowed reading's spot is still the better card's
        if not shadowed:
            kept.append(card)
    return sorted(kept, key=lambda card: -card.confidence)


def same_spot(dets: Detections, iou: float = TUNING.shadow_iou) -> np.ndarray:
    """``(N, N)``: which detections read one spot: boxes overlapping by more than ``iou``, or
    one box lying ``TUNING.nested`` inside the other (a close-up's "12" also read as the "2" in its
    right half, a small box inside a large one, overlaps little by IoU)."""
    return (box_iou(dets.xyxy, dets.xyxy) > iou) | (
        box_containment(dets.xyxy, dets.xyxy) >= TUNING.nested)


def _deck_limit(name: str) -> int:
    try:
        return DECK_COUNTS[parse_card(name)]
    except ValueError:
        return 2
