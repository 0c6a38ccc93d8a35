"""Lone indices after pairing: a card alone in view whose two corners were not paired.

:func:`~scorer.vision.pairing.pair_indices` pairs two corners of one face at one card's
distance. A card alone can still come out as two lone readings: its corners of one face lie
too far or too unlike for the pairing's geometry, or the detector read them as two faces (a 6
and a 9, an R6 and a Y6). Here the layout decides: two lone indices that are each other's only
possible other corner (:func:`sole_partners`) are one card when their faces allow it
(:func:`pair_lone_twins`); two numbers of one colour whose crops match turned by half a turn
are one card's corners read apart, alone or in a fan, where every card's corner is in reach
(:func:`mirrored_corners`). Two lone
indices of one face where one card's corners lie, turned clearly to each other, are that card
even among other cards (:func:`turned_twins`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from itertools import combinations

import numpy as np

from scorer.cards import Card, Colour, parse_card
from scorer.vision.detections import Detections
from scorer.vision.pairing import (
    DEFAULT_GEOMETRY,
    CardCandidate,
    PairingGeometry,
    PixelCheck,
    card_candidate,
    noisy_or,
    pair_cost,
    same_spot,
)
from scorer.vision.settings import READER

TUNING = READER.lone_corners
"""This module's values (:class:`~scorer.vision.settings.ReaderSettings`)."""


def sole_partners(cards: list[CardCandidate], dets: Detections,
                  geometry: PairingGeometry = DEFAULT_GEOMETRY) -> list[tuple[int, int]]:
    """Pairs ``(i, j)`` of lone indices (detection ids, ``i < j``) that are each other's only
    possible other corner: they lie where one card's two corners would (geometry alone, below
    twice ``geometry.single_cost``) and no other index in the photo, readings of one spot aside,
    does for either. In a row of cards each index has several such neighbours; on a card alone
    in view, just the one."""
    lone = {card.index_ids[0] for card in cards if len(card.index_ids) == 1}
    if len(lone) < 2:
        return []
    one_spot = same_spot(dets)
    limit = 2 * geometry.single_cost
    centres, sizes = dets.centers, dets.sizes.astype(np.float64)

    def partners(i: int) -> list[int]:
        """Up to two indices that could be i's other corner (two are enough to rule it out)."""
        # pair_cost only where the distance alone allows a pair: a busy photo has many indices
        ratio = np.hypot(*(centres - centres[i]).T) / np.sqrt(np.maximum(sizes * sizes[i], 1e-9))
        with np.errstate(divide="ignore"):
            mismatch = np.abs(np.log(ratio / geometry.expected))
        near = np.flatnonzero((mismatch < limit) & ~one_spot[i])
        found: list[int] = []
        for j in near[np.argsort(mismatch[near])]:
            cost = pair_cost(dets, i, int(j), geometry)
            if cost is not None and cost < limit:
                found.append(int(j))
                if len(found) == 2:
                    break
        return found

    pairs = []
    for i in sorted(lone):
        mine = partners(i)
        if len(mine) == 1 and mine[0] > i and mine[0] in lone and partners(mine[0]) == [i]:
            pairs.append((i, mine[0]))
    return pairs


def turned_twins(cards: list[CardCandidate], dets: Detections,
                 turn_score: Callable[[int, int], float | None],
                 geometry: PairingGeometry = DEFAULT_GEOMETRY,
                 taken: Collection[tuple[int, int]] = ()) -> list[tuple[int, int]]:
    """Pairs ``(i, j)`` of lone indices (detection ids, ``i < j``) of one face that lie where
    one card's two corners would (the pairing's geometry, its pixel checks set aside) and face
    opposite ways: ``turn_score(i, j)`` (the half-turn test) above ``TUNING.twins_turned``.

    They are one card read at both corners that the pairing left apart: another card lies over
    its middle, so the colour between them is not the card's, or a neighbour's index was in
    reach as well. Two cards of one face rarely lie one card apart *and* half a turn to each
    other, while two copies in a row or a fan lie the same way up. Indices already in
    ``taken`` pairs are skipped; each index joins one pair, the clearest first.
    """
    used = {k for pair in taken for k in pair}
    lone = sorted(card.index_ids[0] for card in cards
                  if len(card.index_ids) == 1 and card.index_ids[0] not in used)
    found = []
    for a, i in enumerate(lone):
        for j in lone[a + 1:]:
            if dets.class_id[i] != dets.class_id[j] or pair_cost(dets, i, j, geometry) is None:
                continue
            score = turn_score(i, j)
            if score is not None and score > TUNING.twins_turned:
                found.append((score, i, j))
    pairs: list[tuple[int, int]] = []
    for _score, i, j in sorted(found, reverse=True):
        if i not in used and j not in used:
            used.update((i, j))
            pairs.append((i, j))
    return pairs


def pair_lone_twins(cards: list[CardCandidate], dets: Detections,
                    partners: list[tuple[int, int]],
                    orientation_check: PixelCheck | None = None,
                    centre_colour: Callable[[int, int], Colour | None] | None = None,
                    ) -> list[CardCandidate]:
    """Pair two lone indices of one face that are each other's only possible other corner
    (``partners``, from :func:`sole_partners`), unless ``orientation_check`` (the half-turn
    test) finds them lying the same way up: the pairing's other pixel checks (the card's colour
    between them) fail under a coin or a finger over a close-up's centre, while two cards of one
    face exactly one card apart with no other index in reach are rare.

    Two such indices of one number read in two colours (a cast or a shadow over one corner)
    are one card too when its centre between them shows one of the two colours
    (``centre_colour(i, j)``): the card takes that corner's reading, at the more confident
    corner's confidence, since its colour was in doubt. Returns the cards, most confident first.
    """
    joined: set[int] = set()
    merged = []
    for i, j in partners:
        if orientation_check is not None and orientation_check(i, j) is False:
            continue
        card = _lone_card(dets, i, j, centre_colour)
        if card is not None:
            merged.append(card)
            joined.update((i, j))
    kept = [card for card in cards if not joined.intersection(card.index_ids)]
    return sorted(kept + merged, key=lambda card: -card.confidence)


def _lone_card(dets: Detections, i: int, j: int,
               centre_colour: Callable[[int, int], Colour | None] | None
               ) -> CardCandidate | None:
    """The one card two sole partners make: of one face, that face; of one number in two
    colours, the reading in the colour its centre shows; otherwise none."""
    if dets.class_id[i] == dets.class_id[j]:
        return card_candidate(dets, int(dets.class_id[i]), (i, j), noisy_or)
    if centre_colour is None or not _one_number_in_two_colours(_face(dets, i), _face(dets, j)):
        return None
    shown = centre_colour(i, j)
    lead = [k for k in (i, j) if _face(dets, k).colour is shown]
    return card_candidate(dets, int(dets.class_id[lead[0]]), (i, j), max) if lead else None


def _face(dets: Detections, k: int) -> Card:
    """The face detection k was read as."""
    return parse_card(dets.class_names[int(dets.class_id[k])])


def mirrored_corners(
    cards: list[CardCandidate], dets: Detections,
    correlations: Callable[[int, int], tuple[float, float] | None],
    geometry: PairingGeometry = DEFAULT_GEOMETRY, pixel_check: PixelCheck | None = None,
    settled: Collection[int] = (),
) -> dict[int, int]:
    """Second readings of one card whose corners were read as two numbers of one colour, found
    by the pixels where the layout cannot tell (a fan, where the front card's bottom corner has
    every card's top corner in reach): two lone indices at one card's distance whose crops
    match under a half turn (``correlations(i, j)``: their correlation turned and as they are;
    turned at least ``TUNING.mirror_match`` and ``TUNING.mirror_margin`` above any other such
    pairing of either) and match better turned than as they are (by ``TUNING.mirror_score``:
    glyphs that read the same upside down, an 8, give no evidence). UNO's 3 upside down reads as
    an 8.

    The upper index of the two is kept as the card (a card held in a hand or photographed from
    its player's seat stands upright, and its upright corner is read as printed), the lower
    mapped to it (positions in ``cards``; those in ``settled`` are skipped).
    """
    position = {card.index_ids[0]: k for k, card in enumerate(cards)
                if len(card.index_ids) == 1 and k not in settled}
    faces = dets.faces
    scored = []
    for i, j in combinations(sorted(position), 2):
        if (not _two_numbers_of_one_colour(faces[int(dets.class_id[i])],
                                           faces[int(dets.class_id[j])])
                or pair_cost(dets, i, j, geometry) is None):
            continue
        both = correlations(i, j)
        if both is not None and both[0] - both[1] >= TUNING.mirror_score:
            scored.append((both[0], i, j))
    scored.sort(reverse=True)
    weaker: dict[int, int] = {}
    used: set[int] = set()
    for match, i, j in scored:
        if match < TUNING.mirror_match or used.intersection((i, j)):
            continue
        rivals = [other for other, x, y in scored if (x, y) != (i, j) and {x, y} & {i, j}]
        if rivals and max(rivals) > match - TUNING.mirror_margin:
            continue
        if pixel_check is not None and pixel_check(i, j) is False:
            continue
        upper, lower = (i, j) if dets.centers[i][1] <= dets.centers[j][1] else (j, i)
        weaker[position[lower]] = position[upper]
        used.update((i, j))
    return weaker


def _two_numbers_of_one_colour(a: Card, b: Card) -> bool:
    """Could ``a`` and ``b`` be one card's two corners read apart: two numbers of one colour?"""
    return a.is_natural and b.is_natural and a.colour is b.colour and a != b


def _one_number_in_two_colours(a: Card, b: Card) -> bool:
    """Could ``a`` and ``b`` be one card's two corners read apart: one number in two colours?"""
    return a.is_natural and b.is_natural and a.value == b.value and a.colour is not b.colour
