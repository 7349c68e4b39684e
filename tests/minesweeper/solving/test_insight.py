"""What the solver sees, cell by cell: dead cells, unavoidable 50/50s, secondary safety."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

from gridpuzzles.minesweeper import parse_view
from gridpuzzles.minesweeper.solving.endgame import enumerate_layouts
from gridpuzzles.minesweeper.solving.insight import (
    CellInsight,
    Insight,
    insight,
    position_insight,
)
from gridpuzzles.minesweeper.solving.liveness import is_dead, liveness
from gridpuzzles.minesweeper.solving.probabilities import (
    KnownOutcomes,
    cell_values,
    neighbour_table,
    position,
    solve_position,
)
from gridpuzzles.minesweeper.solving.secondary import secondary_safety
from tests.minesweeper.solving_helpers import positions, random_position


def at(seen: Insight, row: int, col: int) -> CellInsight:
    """The insight of an uncertain hidden cell."""
    found = seen.at(row, col)
    assert found is not None, (row, col)
    return found


def test_a_cell_that_touches_only_revealed_cells_is_dead() -> None:
    # Row 4 (0-based) touches only the 1: safe, it always shows 1.
    seen = insight(parse_view("#\n#\n#\n1\n#"), 2)
    assert [c.cell for c in seen.cells if c.dead] == [(4, 0)]
    assert at(seen, 4, 0).mine_chance == Fraction(1, 2)
    assert seen.at(3, 0) is None  # a revealed cell
    assert seen.fifty_fifties == ()
    dead = seen.as_json()["cells"][-1]
    assert dead == {
        "row": 4,
        "col": 0,
        "mine_chance": 0.5,
        "dead": True,
        "fifty_fifty": False,
        "fifty_fifty_risk": 0.0,
        "secondary_safety": None,
    }


def test_a_pair_boxed_in_by_numbers_is_an_unavoidable_fifty_fifty() -> None:
    seen = insight(parse_view("##\n11\n00"), 1)
    assert seen.fifty_fifties == (((0, 0), (0, 1)),)
    assert all(c.fifty_fifty and c.dead for c in seen.cells)
    assert seen.as_json()["fifty_fifties"] == [[[0, 0], [0, 1]]]
    # Two pairs, one above the other: each is its own 50/50 (the middle pair's cells see both
    # cells of the top pair alike).
    assert insight(parse_view("##\n##\n11"), 2).fifty_fifties == (
        ((0, 0), (0, 1)),
        ((1, 0), (1, 1)),
    )


def test_a_square_with_its_outer_corner_a_mine_is_an_unavoidable_fifty_fifty() -> None:
    # The 1 and 2 beside the square hold one mine of each side pair and the corner (2, 2):
    # the square holds one diagonal or the other, and nothing outside tells which.
    seen = insight(parse_view("##1\n##2\n12#"), 3)
    assert seen.fifty_fifties == (((0, 0), (0, 1), (1, 0), (1, 1)),)
    assert {c.cell for c in seen.cells if c.fifty_fifty} == {(0, 0), (0, 1), (1, 0), (1, 1)}


def test_cells_that_a_reveal_could_tell_apart_are_no_fifty_fifty() -> None:
    assert insight(parse_view("##\n##"), 2).fifty_fifties == ()  # any cell shows 1 or 2
    assert insight(parse_view("###\n#1#\n###"), 1).fifty_fifties == ()
    # The pair above the 1s is 50/50 now, but the safe cell at (0, 2) sees only one of them.
    seen = insight(parse_view("###\n11#\n00#"), 1)
    assert seen.fifty_fifties == () and at(seen, 0, 0).mine_chance == Fraction(1, 2)


def brute_fifty_fifty(text: str, mines: int, group: tuple[int, ...]) -> bool:
    """Whether ``group`` holds its mines in one of two ways, equally often, that no cell
    outside it (not a certain mine) sees differently: by listing every layout."""
    board = parse_view(text)
    pos = position(board.width, board.height, cell_values(board), mines)
    cells = sorted(pos.unknown)
    at = {c: k for k, c in enumerate(cells)}
    layouts = enumerate_layouts(cells, pos.rest, pos.free, 10**6) or []
    ways: dict[frozenset[int], int] = {}
    for layout in layouts:
        key = frozenset(c for c in group if layout >> at[c] & 1)
        ways[key] = ways.get(key, 0) + 1
    if len(ways) != 2 or len(set(ways.values())) != 1:
        return False
    first, second = ways
    mines_always = {c for c in cells if all(layout >> at[c] & 1 for layout in layouts)}
    mines_always |= {c for c, mine in pos.fixed.items() if mine}
    nbrs = neighbour_table(board.width, board.height)
    around = {n for c in group for n in nbrs[c]} - set(group) - mines_always
    return all(len(first & set(nbrs[n])) == len(second & set(nbrs[n])) for n in around)


def test_fifty_fifties_agree_with_every_layout() -> None:
    rng = random.Random(7)
    found = checked = 0
    while checked < 300:
        board, mines = random_position(rng, 12)
        text = "\n".join(
            "".join(board.cells[r * board.width : (r + 1) * board.width])
            for r in range(board.height)
        )
        try:
            seen = insight(board, mines, score=False)
        except ValueError:
            continue
        checked += 1
        marked = {tuple(r * board.width + c for r, c in g) for g in seen.fifty_fifties}
        found += len(marked)
        hidden = [c.cell[0] * board.width + c.cell[1] for c in seen.cells]
        for a, b in itertools.combinations(hidden, 2):
            if b in neighbour_table(board.width, board.height)[a] and not any(
                {a, b} <= set(g) for g in marked
            ):
                assert not brute_fifty_fifty(text, mines, (a, b)), (text, mines, a, b)
        for group in marked:
            assert brute_fifty_fifty(text, mines, group), (text, mines, group)
    assert found > 10


def test_the_dead_cells_are_those_liveness_finds() -> None:
    dead = 0
    for pos in positions(200, 5, 14):
        analysis = solve_position(pos)
        live = liveness(pos, analysis)
        seen = position_insight(pos, analysis, score=False)
        expected = {c for c in seen.uncertain if is_dead(live, c)}
        assert seen.dead == expected
        assert {c.cell for c in seen.cells if c.dead} == {divmod(c, pos.width) for c in expected}
        dead += len(expected)
    assert dead > 50


def test_the_likely_guesses_get_their_secondary_safety_and_no_others() -> None:
    for pos in positions(60, 11, 14):
        analysis = solve_position(pos)
        seen = position_insight(pos, analysis)
        scored = [c for c in seen.cells if c.secondary_safety is not None]
        assert all(not c.dead for c in scored)
        known = KnownOutcomes(pos)
        for c in scored:
            index = c.cell[0] * pos.width + c.cell[1]
            assert c.secondary_safety == secondary_safety(known, analysis, index)
            assert 0 <= c.secondary_safety <= 1 - c.mine_chance + 1e-12
        unscored = position_insight(pos, analysis, score=False)
        assert all(c.secondary_safety is None for c in unscored.cells)
