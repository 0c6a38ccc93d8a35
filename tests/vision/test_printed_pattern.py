"""Printed patterns: a motif repeated on a lattice (star tiles) is print, cards in a row are not."""

from __future__ import annotations

import math

import cv2
import numpy as np

from scorer.vision import printed_pattern
from scorer.vision.detections import DEFAULT_CLASS_NAMES, Detections
from scorer.vision.pairing import CardCandidate
from scorer.vision.printed_pattern import (
    copies_around,
    is_printed_motif,
    on_a_lattice,
    printed_candidates,
    same_motif,
)
from scorer.vision.reading import cards_from_detections

TILE = 40  # tile side in pixels; a star's box is the tile
GROUT = 4
PURPLE, ORANGE = (180, 40, 140), (30, 140, 240)


def _star(image: np.ndarray, cx: float, cy: float, radius: float, ink: tuple[int, int, int]
          ) -> tuple[float, float, float, float]:
    points = [(cx + (radius if k % 2 == 0 else radius * 0.45) * math.sin(math.pi * k / 5),
               cy - (radius if k % 2 == 0 else radius * 0.45) * math.cos(math.pi * k / 5))
              for k in range(10)]
    cv2.fillPoly(image, [np.array(points).round().astype(np.int32)], ink)
    half = TILE / 2
    return (cx - half, cy - half, cx + half, cy + half)


def _table() -> np.ndarray:
    noise = np.random.default_rng(5).normal(0, 3, (480, 640, 3))
    return np.clip(90 + noise, 0, 255).astype(np.uint8)


def _tiles(image: np.ndarray, rows: int, cols: int, origin: tuple[int, int] = (100, 80)
           ) -> dict[tuple[int, int], tuple[float, float, float, float]]:
    """Paint pink tiles between grey grout, each printed with a purple star; each star's box
    by (row, column)."""
    x0, y0 = origin
    step = TILE + GROUT
    image[y0:y0 + rows * step + GROUT, x0:x0 + cols * step + GROUT] = (170, 170, 170)
    boxes = {}
    for r in range(rows):
        for c in range(cols):
            x, y = x0 + GROUT + c * step, y0 + GROUT + r * step
            image[y:y + TILE, x:x + TILE] = (200, 140, 235)
            boxes[r, c] = _star(image, x + TILE / 2, y + TILE / 2, TILE * 0.4, PURPLE)
    return boxes


def test_a_star_tile_inside_the_pattern_and_at_its_corner_is_a_printed_motif():
    image = _table()
    boxes = _tiles(image, 4, 5)
    assert is_printed_motif(image, boxes[1, 2])
    assert is_printed_motif(image, boxes[0, 0])  # a corner tile still has a whole cell beside it
    assert len(copies_around(image, boxes[1, 2])) >= 8


def test_the_grey_pass_rules_out_an_index_with_too_few_look_alikes_and_keeps_a_tile():
    image = _table()
    row = [_star(image, 100 + k * 60, 240, 16, PURPLE) for k in range(3)]
    assert copies_around(image, row[1]) != []
    assert copies_around(image, row[1], at_least=5) == []  # two look-alikes: no lattice there
    tiles = _tiles(image, 4, 5, origin=(300, 20))
    assert len(copies_around(image, tiles[1, 2], at_least=5)) >= 8


def test_a_row_of_identical_stars_and_a_lone_star_are_not_a_lattice():
    image = _table()
    row = [_star(image, 100 + k * 60, 240, 16, PURPLE) for k in range(6)]  # a row of Wilds
    assert len(copies_around(image, row[2])) >= 2
    assert not is_printed_motif(image, row[2])
    lone = _table()
    assert not is_printed_motif(lone, _star(lone, 320, 240, 16, PURPLE))


def test_a_lattice_needs_two_directions_a_closing_copy_and_more_copies_on_it():
    grid = [(1.0, 0.0), (0.0, 1.0), (1.0, 1.0), (-1.0, 0.0), (0.0, -1.0)]
    assert on_a_lattice(grid)
    assert not on_a_lattice([(1.0, 0.0), (2.0, 0.0), (-1.0, 0.0), (3.0, 0.0), (-2.0, 0.0)])
    assert not on_a_lattice([(1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0)])  # no closing copy
    # one cell closed by chance among scattered look-alikes (a neighbour's index, the centre
    # numeral twice, another colour's index): no lattice
    assert not on_a_lattice([(-2.2, 0.4), (2.2, 0.1), (-0.5, 3.0), (1.5, 2.8), (1.4, 0.6)])
    assert not on_a_lattice([])


# copies measured around a Wild read on a star-tile sheet in perspective (a rendered empty
# table): the tiles run in steps of about (-0.4, -0.9) and (-0.9, 0.4) index sizes, but no
# cell's fourth corner matched
OPEN_TILES = [(-0.41, -0.88), (-1.72, 0.87), (-2.16, 0.0), (-1.28, -0.44), (-2.16, 2.19),
              (-1.72, 3.06)]


def test_a_lattice_whose_cells_do_not_close_counts_only_with_open_cells():
    assert not on_a_lattice(OPEN_TILES)
    assert on_a_lattice(OPEN_TILES, open_cells=True)
    # a fanned row's copies and one stray look-alike fit a lattice of short steps: not print
    row_and_stray = [(-0.96, 0.89), (-1.71, 1.58), (-2.4, 2.2), (-3.02, 2.76), (-0.15, 2.7)]
    assert not on_a_lattice(row_and_stray, open_cells=True)
    assert not on_a_lattice([(1.0, 0.0), (2.0, 0.0), (-1.0, 0.0), (3.0, 0.0), (-2.0, 0.0)],
                            open_cells=True)


def test_a_cell_closes_whichever_way_round_its_two_copies_are_given():
    # (1, -1) - (0, 1) is no copy, (0, 1) - (1, -1) is: the cell closes either way round
    grid = [(0.0, 1.0), (1.0, -1.0), (2.0, -1.0), (-1.0, 2.0), (2.0, -2.0)]
    assert on_a_lattice(grid)
    assert on_a_lattice(grid[::-1])


def test_the_same_motif_is_the_same_glyph_in_the_same_colours_at_about_one_size():
    image = _table()
    a = _star(image, 100, 100, 16, PURPLE)
    b = _star(image, 300, 100, 16, PURPLE)
    c = _star(image, 500, 100, 16, ORANGE)
    assert same_motif(image, a, b)
    assert not same_motif(image, a, c)  # another colour: another card's index
    assert not same_motif(image, a, (280, 300, 340, 360))  # half as large again: not one print


def _read(image: np.ndarray, boxes: list[tuple[float, float, float, float]], face: str,
          score: float) -> list[str]:
    detections = Detections(np.array(boxes, np.float32), np.full(len(boxes), score, np.float32),
                            np.full(len(boxes), DEFAULT_CLASS_NAMES.index(face)))
    return [str(card.card) for card in cards_from_detections(image, detections)]


def test_the_reader_drops_wilds_read_on_star_tiles_even_sure_ones_and_those_at_the_edge():
    image = _table()
    tiles = _tiles(image, 4, 6)
    read = [tiles[1, 1], tiles[2, 4], tiles[3, 5], tiles[0, 3]]
    assert _read(image, read, "W", 0.95) == []


def test_open_lattice_cells_drop_a_wild_but_keep_a_number(monkeypatch):
    """A Wild's look-alikes are stars that print repeats; a number with copies around it on an
    open lattice is more likely a row of real cards, and needs a closed cell."""
    monkeypatch.setattr(printed_pattern, "copies_around",
                        lambda image, box, at_least=0: list(OPEN_TILES))
    image = _table()
    far_apart = [(40.0, 40.0, 60.0, 60.0), (560.0, 400.0, 580.0, 420.0)]
    assert _read(image, far_apart[:1], "W", 0.95) == []
    assert _read(image, far_apart[1:], "R4", 0.95) == ["R4"]


def _wilds(boxes: list[tuple[float, float, float, float]]) -> Detections:
    return Detections(np.array(boxes, np.float32), np.full(len(boxes), 0.5, np.float32),
                      np.full(len(boxes), DEFAULT_CLASS_NAMES.index("W")))


def _lone_tile(image: np.ndarray, x: int, y: int, turned: bool = False
               ) -> tuple[float, float, float, float]:
    """One pink tile with a purple star, pointing up or (turned) down."""
    star = np.full((TILE, TILE, 3), (200, 140, 235), np.uint8)
    _star(star, TILE / 2, TILE / 2, TILE * 0.4, PURPLE)
    image[y:y + TILE, x:x + TILE] = star[::-1, ::-1] if turned else star
    return (x, y, x + TILE, y + TILE)


def test_a_card_paired_from_a_tile_and_a_lone_copy_of_it_is_print():
    """Two weak Wilds far apart, one on a tile sheet and one on a tile where no lattice can be
    made out (at the frame's edge), pair up as one large card: print."""
    image = _table()
    tiles = _tiles(image, 4, 6, origin=(300, 200))
    lone = _lone_tile(image, 4, 30)
    dets = _wilds([lone, tiles[2, 3]])
    card = CardCandidate(dets.class_id[0], (0, 1), 0.8, (4.0, 30.0, 480.0, 340.0))
    assert not is_printed_motif(image, lone)
    assert printed_candidates(image, dets, [card]) == {0}


def test_a_card_with_one_corner_on_a_lattice_and_the_other_half_turned_is_kept():
    """A real Wild among Wilds laid in rows: its far corner is the same glyph half a turn round."""
    image = _table()
    tiles = _tiles(image, 4, 6, origin=(300, 200))
    turned = _lone_tile(image, 4, 30, turned=True)
    dets = _wilds([turned, tiles[2, 3]])
    card = CardCandidate(dets.class_id[0], (0, 1), 0.8, (4.0, 30.0, 480.0, 340.0))
    assert printed_candidates(image, dets, [card]) == set()


def test_a_card_whose_corners_have_no_lattice_is_not_print():
    image = _table()
    first, second = _star(image, 100, 100, 16, PURPLE), _star(image, 300, 260, 16, PURPLE)
    dets = _wilds([first, second])
    card = CardCandidate(dets.class_id[0], (0, 1), 0.8, (80.0, 80.0, 320.0, 280.0))
    assert printed_candidates(image, dets, [card]) == set()


def test_the_reader_keeps_a_row_of_wilds():
    image = _table()
    row = [_star(image, 100 + k * 90, 240, 16, PURPLE) for k in range(5)]
    assert _read(image, row, "W", 0.95) == ["W"] * 5
