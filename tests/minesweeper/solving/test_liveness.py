"""Dead cells against every layout: a dead cell shows one number wherever it is safe."""

from __future__ import annotations

from gridpuzzles.minesweeper import parse_view
from gridpuzzles.minesweeper.solving.endgame import enumerate_layouts
from gridpuzzles.minesweeper.solving.liveness import (
    LIVENESS_STEPS,
    is_dead,
    liveness,
    numbers_differ,
)
from gridpuzzles.minesweeper.solving.probabilities import (
    Constraint,
    Position,
    cell_values,
    neighbour_table,
    position,
    solve_position,
)
from tests.minesweeper.solving_helpers import positions


def numbers_shown(pos: Position, cell: int, mines: int | None) -> set[int]:
    """Every number ``cell`` shows in the layouts where it is safe (with ``mines`` mines
    among the unfixed cells, or any number of them)."""
    cells = sorted(pos.unknown)
    at = {c: k for k, c in enumerate(cells)}
    layouts = enumerate_layouts(cells, pos.rest, mines, 10**6) or []
    around = [at[n] for n in neighbour_table(pos.width, pos.height)[cell] if n in at]
    return {
        sum(layout >> k & 1 for k in around) for layout in layouts if not layout >> at[cell] & 1
    }


def test_a_pair_that_nothing_can_tell_apart_is_dead() -> None:
    board = parse_view("##\n11\n00")
    pos = position(board.width, board.height, cell_values(board), 1)
    live = liveness(pos, solve_position(pos))
    assert is_dead(live, 0) and is_dead(live, 1)
    board = parse_view("###\n#1#\n###")
    pos = position(board.width, board.height, cell_values(board), 1)
    live = liveness(pos, solve_position(pos))
    assert not any(is_dead(live, c) for c in pos.unknown)


def test_dead_cells_show_one_number_and_every_other_cell_is_found_out() -> None:
    dead = living = 0
    for pos in positions(300, 3, 14):
        analysis = solve_position(pos)
        live = liveness(pos, analysis)
        frontier = live.frontier
        for cell in sorted(pos.unknown):
            if analysis.weights[cell] == analysis.layouts:
                continue
            if is_dead(live, cell):
                dead += 1
                assert len(numbers_shown(pos, cell, pos.free)) <= 1
                continue
            living += 1
            around = [
                n
                for n in neighbour_table(pos.width, pos.height)[cell]
                if n in pos.unknown and 0 < (analysis.weights[n] or 0) < analysis.layouts
            ]
            # Only an off-frontier neighbour, or the mine count, may hide that a cell is dead.
            if all(n in frontier for n in around) and len(numbers_shown(pos, cell, None)) <= 1:
                raise AssertionError(f"cell {cell} of {pos} is dead")
    assert dead > 100 and living > 1000


def strip(parts: int) -> list[Constraint]:
    """``parts`` numbers in a row, each needing 2 mines among the cell it shares with the one
    before, two cells of its own and the cell it shares with the next: 2 ** (parts + 1) ways
    to place the shared cells' mines."""
    return [([3 * k, 3 * k + 1, 3 * k + 2, 3 * k + 3], 2) for k in range(parts)]


def test_a_test_of_a_dead_cell_that_would_list_too_many_layouts_calls_it_living() -> None:
    far = 1000
    assert numbers_differ(strip(5), far, frozenset()) is False
    assert numbers_differ(strip(5), far, frozenset({0})) is True
    assert LIVENESS_STEPS < 2**21
    assert numbers_differ(strip(20), far, frozenset()) is None
    assert numbers_differ(strip(5), far, frozenset(), steps=10) is None
