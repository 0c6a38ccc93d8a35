"""Where cards lie on the table, in millimetres: laid phases, fanned hands, spread cards
and a whole table with draw and discard piles. Paint order is list order (bottom first)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from scorer.cards import SKIP, Card, Colour
from scorer.render.deck import Deck
from scorer.render.faces import CARD_H_MM, CARD_W_MM, FOREIGN_GLYPHS
from scorer.render.phases_gen import LaidPhase, lay_phase

SCENE_KINDS = ("phase", "phase", "phase", "hand", "hand", "spread", "table", "table", "empty")
ALL_KINDS = (*dict.fromkeys(SCENE_KINDS), "single")  # the mix's kinds; single only by name
FINGER_SHARE = 0.25  # scenes with a finger over a card's corner (hand-held close-ups)
FOREIGN_SHARE = 0.4  # scenes (dataset format 4) with other games' cards among the cards


@dataclass(frozen=True)
class Placement:
    """One card on the table: centre (mm), rotation (degrees, counter-clockwise on the
    table as seen in the image), face up (``card``) or face down (``card`` is None). A card
    of another game (``foreign``: its glyph and colour) has no ``card`` either: it is never
    labelled."""

    card: Card | None
    x: float
    y: float
    angle: float
    foreign: tuple[str, Colour] | None = None


@dataclass
class Layout:
    """A scene's cards in paint order, occluders painted over them (a polygon in mm and its
    RGB colour: the holding hand, a pen or a coin), the laid phases and, for each, the
    positions of its cards in ``cards``."""

    kind: str
    cards: list[Placement] = field(default_factory=list)
    occluders: list[tuple[np.ndarray, tuple[float, float, float]]] = field(default_factory=list)
    phases: list[LaidPhase] = field(default_factory=list)
    phase_cards: list[list[int]] = field(default_factory=list)  # positions in ``cards``


def _rot(angle: float, x: float, y: float) -> tuple[float, float]:
    a = math.radians(angle)
    return x * math.cos(a) - y * math.sin(a), x * math.sin(a) + y * math.cos(a)


def _skin(tone: float) -> tuple[float, float, float]:
    """A skin colour from light (0) to dark (1)."""
    light, dark = np.array([236, 196, 170]), np.array([96, 60, 42])
    return tuple(float(v) for v in light + (dark - light) * tone)  # type: ignore[return-value]


def _object_over(rng: np.random.Generator, cards: list[Placement]
                 ) -> tuple[np.ndarray, tuple[float, float, float]]:
    """A pen or a coin lying over a random card."""
    p = cards[int(rng.integers(len(cards)))]
    colour = tuple(float(v) for v in rng.uniform(20, 230, 3))
    cx, cy = p.x + rng.uniform(-25, 25), p.y + rng.uniform(-40, 40)
    if rng.random() < 0.5:
        return _ellipse(cx, cy, rng.uniform(60, 80), rng.uniform(3, 5), rng.uniform(0, 180)), colour
    r = rng.uniform(9, 14)
    return _ellipse(cx, cy, r, r, 0.0), colour  # type: ignore[return-value]


def _ellipse(cx: float, cy: float, rx: float, ry: float, angle: float) -> np.ndarray:
    """An ellipse as a (32, 2) float32 polygon in mm."""
    t = np.linspace(0, 2 * np.pi, 32, endpoint=False)
    a = math.radians(angle)
    x, y = rx * np.cos(t), ry * np.sin(t)
    return np.stack([cx + x * math.cos(a) - y * math.sin(a),
                     cy + x * math.sin(a) + y * math.cos(a)], 1).astype(np.float32)


def _phase_rows(rng: np.random.Generator, laid: LaidPhase, x0: float, y0: float,
                angle: float) -> tuple[list[Placement], float]:
    """Rows of overlapping cards, one per group; returns placements and the height used."""
    out: list[Placement] = []
    cover = float(rng.uniform(0.4, 0.8))
    row_gap = float(rng.uniform(4, 20))
    y = 0.0
    for group in laid.groups:
        step = CARD_W_MM * (1 - cover + rng.uniform(-0.04, 0.04))
        for i, card in enumerate(group):
            lx = i * step + rng.uniform(-1, 1)
            ly = y + rng.uniform(-1.5, 1.5)
            dx, dy = _rot(angle, lx, ly)
            out.append(Placement(card, x0 + dx, y0 + dy, angle + rng.uniform(-4, 4)))
        y += CARD_H_MM + row_gap
    return out, y


def _phase_scene(rng: np.random.Generator, deck: Deck) -> Layout:
    laid = lay_phase(rng, deck)
    cards, _ = _phase_rows(rng, laid, 0.0, 0.0, float(rng.uniform(-6, 6)))
    return Layout("phase", cards, phases=[laid], phase_cards=[list(range(len(cards)))])


def _hand(rng: np.random.Generator, deck: Deck, n: int, tight: bool = False) -> Layout:
    """A fan of ``n`` cards rotated about a pivot near their bottom, with the holding hand.

    ``tight`` skews the angle between cards to 3-12 degrees (median 6) from 5-14 (median
    9.5): held hands put each index right beside the next card's, as in real fans. The same
    random draw is remapped, so scenes rendered without it keep their bytes."""
    spread = float(rng.uniform(5, 14))
    if tight:
        spread = 3.0 + 9.0 * ((spread - 5.0) / 9.0) ** 1.6
    radius = CARD_H_MM * float(rng.uniform(0.45, 0.85))
    cards = []
    for i in range(n):
        card = deck.draw(rng)
        if card is None:
            break
        theta = (i - (n - 1) / 2) * spread + rng.uniform(-1, 1)
        dx, dy = _rot(theta, 0.0, -radius)
        cards.append(Placement(card, dx, dy + radius * 0.6, theta))
    # The holding hand: palm and wrist below the pivot, the thumb over the cards' bottoms.
    skin = _skin(float(rng.uniform(0, 1)))
    py = radius * 0.6 + CARD_H_MM * 0.12
    side = 1.0 if rng.random() < 0.5 else -1.0
    palm = _ellipse(side * rng.uniform(0, 10), py + 30, rng.uniform(32, 42), rng.uniform(38, 48),
                    rng.uniform(-15, 15))
    wrist = np.array([[-28, py + 40], [28, py + 40], [34, py + 160], [-34, py + 160]], np.float32)
    thumb_angle = float(rng.uniform(-150, -30))
    tx, ty = _rot(thumb_angle, 26.0, 0.0)
    thumb = _ellipse(tx * 0.9, py + 8 + ty * 0.9, 30, 10, thumb_angle)
    layout = Layout("hand", cards)
    if rng.random() < 0.85:
        layout.occluders = [(wrist, skin), (palm, skin), (thumb, skin)]
    return layout


def _spread(rng: np.random.Generator, deck: Deck) -> Layout:
    """1-8 cards with no overlap, any orientation."""
    n = int(rng.integers(1, 9))
    cols = int(math.ceil(math.sqrt(n)))
    diagonal = math.hypot(CARD_W_MM, CARD_H_MM)
    pitch = diagonal + float(rng.uniform(2, 25))
    cells = rng.permutation(cols * cols)[:n]
    cards = []
    for c in cells:
        card = deck.draw(rng)
        if card is None:
            break
        gx, gy = c % cols, c // cols
        angle = float(rng.uniform(-180, 180)) if rng.random() < 0.5 else float(rng.uniform(-15, 15))
        j = (pitch - diagonal) / 3  # jitter that can never close the gap
        cards.append(Placement(card, gx * pitch + rng.uniform(-j, j),
                               gy * pitch + rng.uniform(-j, j), angle))
    return Layout("spread", cards)


def _table(rng: np.random.Generator, deck: Deck) -> Layout:
    """Draw pile, discard pile and 1-2 laid phases beside them."""
    layout = Layout("table")
    for _ in range(int(rng.integers(3, 12))):  # draw pile, face down
        layout.cards.append(Placement(None, rng.uniform(-1.5, 1.5), rng.uniform(-1.5, 1.5),
                                      float(rng.uniform(-6, 6))))
    dx = CARD_W_MM + float(rng.uniform(10, 40))
    for _ in range(int(rng.integers(1, 6))):  # discard pile, messy
        card = deck.draw(rng)
        if card is None:
            break
        layout.cards.append(Placement(card, dx + rng.uniform(-8, 8), rng.uniform(-8, 8),
                                      float(rng.uniform(-35, 35))))
    y = CARD_H_MM + float(rng.uniform(15, 40))
    x = float(rng.uniform(-30, 10))
    for _ in range(int(rng.integers(1, 3))):
        try:
            laid = lay_phase(rng, deck)
        except RuntimeError:
            break
        cards, used = _phase_rows(rng, laid, x, y, float(rng.uniform(-5, 5)))
        if rng.random() < 0.3:  # an opponent's phase: turned 180 degrees where it lies
            cx = sum(p.x for p in cards) / len(cards)
            cy = sum(p.y for p in cards) / len(cards)
            cards = [Placement(p.card, 2 * cx - p.x, 2 * cy - p.y, p.angle + 180.0)
                     for p in cards]
        layout.phase_cards.append(list(range(len(layout.cards), len(layout.cards) + len(cards))))
        layout.cards.extend(cards)
        layout.phases.append(laid)
        y += used + float(rng.uniform(5, 25))
    return layout


def _empty(rng: np.random.Generator, deck: Deck) -> Layout:
    """No card face up: a bare table, or a few card backs lying about (hard negatives)."""
    layout = Layout("empty")
    for _ in range(int(rng.integers(0, 4))):
        layout.cards.append(Placement(None, rng.uniform(-120, 120), rng.uniform(-90, 90),
                                      float(rng.uniform(-180, 180))))
    return layout


def _single(rng: np.random.Generator, deck: Deck) -> Layout:
    """One card alone, laid down or held up to the camera (a single-card photo); not in the
    training mix, asked for by name (``phase10 dataset build --scene single``)."""
    card = deck.draw(rng)  # a full deck always gives one
    angle = float(rng.uniform(-180, 180)) if rng.random() < 0.3 else float(rng.uniform(-20, 20))
    return Layout("single", [Placement(card, 0.0, 0.0, angle)])


def _finger_over(rng: np.random.Generator, cards: list[Placement]
                 ) -> tuple[np.ndarray, tuple[float, float, float]]:
    """A finger reaching over one corner of a random face-up card, tip near its index."""
    p = cards[int(rng.integers(len(cards)))]
    sx, sy = (1.0, 1.0) if rng.random() < 0.5 else (-1.0, -1.0)  # the two index corners
    tip_x = sx * CARD_W_MM * rng.uniform(0.2, 0.5)
    tip_y = sy * CARD_H_MM * rng.uniform(0.25, 0.5)
    reach = math.degrees(math.atan2(tip_y, tip_x)) + rng.uniform(-40, 40)  # from outside, inwards
    length = float(rng.uniform(30, 45))
    cx, cy = _rot(reach, length, 0.0)
    bx, by = _rot(p.angle, tip_x + cx, tip_y + cy)
    finger = _ellipse(p.x + bx, p.y + by, length, float(rng.uniform(7, 10)), reach + p.angle)
    return finger, _skin(float(rng.uniform(0, 1)))


def _foreign_card(rng: np.random.Generator, x: float, y: float, angle: float) -> Placement:
    glyph = str(rng.choice(FOREIGN_GLYPHS))
    colours = list(Colour)
    return Placement(None, x, y, angle, (glyph, colours[int(rng.integers(len(colours)))]))


def add_foreign_cards(rng: np.random.Generator, layout: Layout,
                      skip_beside_zero: bool = False) -> None:
    """Put 1-4 cards of another game (a zero, a Reverse, a Draw Two or Four, as UNO prints
    them) among the cards: in place of a loose face-up card (in a hand, a spread or the
    discard pile; never in a laid phase), or lying on the table around the cards. With
    ``skip_beside_zero``, a Skip lies beside each zero (:func:`add_skips_beside_zeros`)."""
    laid = {k for members in layout.phase_cards for k in members}
    loose = [k for k, p in enumerate(layout.cards) if p.card is not None and k not in laid]
    for _ in range(int(rng.integers(1, 5))):
        if loose and rng.random() < 0.6:
            k = loose.pop(int(rng.integers(len(loose))))
            p = layout.cards[k]
            layout.cards[k] = _foreign_card(rng, p.x, p.y, p.angle)
            continue
        if layout.cards:
            xs = [p.x for p in layout.cards]
            ys = [p.y for p in layout.cards]
            x = float(rng.uniform(min(xs) - CARD_W_MM, max(xs) + CARD_W_MM))
            y = float(rng.uniform(min(ys) - CARD_H_MM, max(ys) + CARD_H_MM))
        else:
            x, y = float(rng.uniform(-120, 120)), float(rng.uniform(-90, 90))
        layout.cards.append(_foreign_card(rng, x, y, float(rng.uniform(-180, 180))))
    if skip_beside_zero:
        add_skips_beside_zeros(rng, layout)


def add_skips_beside_zeros(rng: np.random.Generator, layout: Layout) -> None:
    """Lay a Skip beside each zero of another game: a Skip printed as a ring with a slash and a
    zero printed as a ring differ only by the slash, so a detector that learns zeros are no
    card from scenes without Skips learns to miss ring Skips too (real UNO Skips, in fans).
    An empty table stays without a Phase 10 card."""
    if layout.kind == "empty":
        return
    zeros = [p for p in layout.cards if p.foreign is not None and p.foreign[0] == "0"]
    for zero in zeros:
        turn = float(rng.uniform(0, 360))
        dx, dy = _rot(turn, CARD_W_MM * float(rng.uniform(1.05, 1.4)), 0.0)
        layout.cards.append(Placement(SKIP, zero.x + dx, zero.y + dy,
                                      zero.angle + float(rng.uniform(-30, 30))))


def sample_layout(rng: np.random.Generator, kind: str | None = None,
                  tight_fans: bool = False, foreign: bool = False,
                  skip_beside_zero: bool = False) -> Layout:
    """A random scene layout (kind drawn from :data:`SCENE_KINDS` unless given); fanned hands
    are held tight with ``tight_fans`` (see :func:`_hand`); with ``foreign``, a share of the
    scenes (:data:`FOREIGN_SHARE`) shows other games' cards too (a single card stays alone),
    each of their zeros with a Skip beside it when ``skip_beside_zero``."""
    kind = str(rng.choice(SCENE_KINDS)) if kind is None else kind
    deck = Deck()
    makers = {"phase": _phase_scene,
              "hand": lambda r, d: _hand(r, d, int(r.integers(3, 12)), tight_fans),
              "spread": _spread, "table": _table, "empty": _empty, "single": _single}
    if kind not in makers:
        raise ValueError(f"unknown scene kind {kind!r}: use one of {sorted(makers)}")
    layout = makers[kind](rng, deck)
    if foreign and kind != "single" and rng.random() < FOREIGN_SHARE:
        add_foreign_cards(rng, layout, skip_beside_zero)
    if layout.cards and rng.random() < 0.12:
        layout.occluders.append(_object_over(rng, layout.cards))
    face_up = [p for p in layout.cards if p.card is not None]
    if face_up and rng.random() < FINGER_SHARE:
        layout.occluders.append(_finger_over(rng, face_up))
    return layout
