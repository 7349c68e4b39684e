from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gridpuzzles.mondrian.core.grid import (
    STANDARD_BLOCKS,
    Block,
    Board,
    InvalidPuzzleError,
    Orientation,
    Placement,
    Puzzle,
    challenge,
    make_puzzle,
)
from gridpuzzles.mondrian.core.official import OfficialChallenge
from gridpuzzles.mondrian.solving.solutions import (
    MAX_POSITIONS,
    SearchLimitError,
    count_solutions,
    count_up_to,
    first_solution,
    is_unique,
    search_effort,
    solutions,
)
from tests.mondrian.checks import is_solution

H, V = Orientation.HORIZONTAL, Orientation.VERTICAL
EXAMPLE = challenge(
    (
        Placement(3, 2, Block(1, 1), V),
        Placement(1, 0, Block(1, 2), V),
        Placement(7, 4, Block(1, 3), H),
    )
)
Cells = frozenset[tuple[int, int]]
Shape = frozenset[tuple[Block, Cells]]


def shape(placements: tuple[Placement, ...]) -> Shape:
    """What makes two solutions different: the cells of each block (same sizes interchangeable)."""
    return frozenset((p.block, p.cells()) for p in placements)


def reference_shapes(puzzle: Puzzle) -> set[Shape]:
    """A naive solver on sets of cells: fill the first empty cell in every possible way."""
    board = puzzle.board
    every_cell = [(r, c) for r in range(board.height) for c in range(board.width)]
    found: set[Shape] = set()

    def fill(covered: frozenset[tuple[int, int]], left: Counter[Block], placed: Shape) -> None:
        empty = [cell for cell in every_cell if cell not in covered]
        if not empty:
            found.add(placed)
            return
        row, col = empty[0]
        for block in [b for b, n in left.items() if n > 0]:
            for orientation in block.orientations():
                placement = Placement(row, col, block, orientation)
                cells = placement.cells()
                if board.contains(placement) and not cells & covered:
                    fill(covered | cells, left - Counter([block]), placed | {(block, cells)})

    fixed = frozenset((p.block, p.cells()) for p in puzzle.fixed)
    fill(puzzle.fixed_cells(), Counter(puzzle.free_blocks), fixed)
    return found


def test_every_official_challenge_has_its_published_count(
    official: tuple[OfficialChallenge, ...],
) -> None:
    assert len(official) == 352
    for entry in official:
        puzzle = entry.puzzle
        found = list(solutions(puzzle))
        assert len(found) == entry.solutions, entry.code
        assert len(set(map(shape, found))) == len(found), entry.code
        assert all(is_solution(puzzle, solution) for solution in found), entry.code


def test_counting_matches_the_official_counts(official: tuple[OfficialChallenge, ...]) -> None:
    assert [count_solutions(e.puzzle) for e in official] == [e.solutions for e in official]
    assert Counter(e.solutions for e in official) == {1: 350, 36: 1, 11: 1}


def test_the_issue_example_has_exactly_one_solution() -> None:
    assert count_solutions(EXAMPLE) == 1
    assert is_unique(EXAMPLE)
    solution = first_solution(EXAMPLE)
    assert solution is not None
    assert is_solution(EXAMPLE, solution)
    assert len(solution) == 11


def test_stopping_early() -> None:
    several = challenge(
        (Placement(0, 0, Block(1, 1)), Placement(0, 1, Block(1, 2)), Placement(0, 3, Block(1, 3)))
    )
    total = count_solutions(several)
    assert total > 2
    assert count_up_to(several, 2) == 2
    assert not is_unique(several)
    assert count_up_to(several, total + 5) == total


def test_same_size_blocks_are_interchangeable() -> None:
    puzzle = make_puzzle(Board(2, 2), [Block(1, 1)] * 4)
    assert count_solutions(puzzle) == 1
    assert len(list(solutions(puzzle))) == 1
    dominoes = make_puzzle(Board(2, 4), [Block(1, 2)] * 4)
    assert count_solutions(dominoes) == len(list(solutions(dominoes))) == 5


def test_a_puzzle_without_free_blocks_has_one_solution() -> None:
    fixed = [Placement(0, 0, Block(1, 2)), Placement(1, 0, Block(1, 2))]
    puzzle = make_puzzle(Board(2, 2), [Block(1, 2)] * 2, fixed)
    assert list(solutions(puzzle)) == [tuple(fixed)]
    assert count_solutions(puzzle) == 1


def test_an_impossible_puzzle_has_none() -> None:
    puzzle = make_puzzle(Board(3, 3), [Block(2, 2), Block(1, 5)])
    assert count_solutions(puzzle) == 0
    assert first_solution(puzzle) is None
    assert search_effort(puzzle).dead_ends >= 1


def test_the_checker_rejects_wrong_answers() -> None:
    solution = first_solution(EXAMPLE)
    assert solution is not None
    assert not is_solution(EXAMPLE, solution[:-1])
    moved = list(solution)
    last = moved[-1]
    moved[-1] = Placement(last.row, last.col + 1, last.block, last.orientation)
    assert not is_solution(EXAMPLE, moved)
    without_fixed = [p for p in solution if p not in EXAMPLE.fixed]
    assert not is_solution(EXAMPLE, without_fixed)
    swapped_black = [p for p in solution if p != EXAMPLE.fixed[0]]
    assert not is_solution(EXAMPLE, [*swapped_black, Placement(0, 0, Block(1, 1))])


def test_search_effort_counts_the_tree() -> None:
    effort = search_effort(EXAMPLE)
    assert effort.positions >= 9
    assert effort.forced + effort.choices + effort.dead_ends + 1 <= effort.positions


@st.composite
def tilings(draw: st.DrawFn) -> list[Placement]:
    """A random tiling of a small board by guillotine cuts."""
    height, width = draw(st.integers(1, 5)), draw(st.integers(1, 5))
    pieces: list[Placement] = []
    todo = [(0, 0, height, width)]
    while todo:
        row, col, h, w = todo.pop()
        cuts = [("r", k) for k in range(1, h)] + [("c", k) for k in range(1, w)]
        if not cuts or draw(st.integers(0, 3)) == 0:
            block = Block.of(h, w)
            orientation = H if h == block.short else V
            pieces.append(Placement(row, col, block, orientation))
            continue
        axis, k = draw(st.sampled_from(cuts))
        if axis == "r":
            todo += [(row, col, k, w), (row + k, col, h - k, w)]
        else:
            todo += [(row, col, h, k), (row, col + k, h, w - k)]
    return pieces


MOST_FREE = 9
"""The most free blocks of a `small_puzzles` puzzle."""


@st.composite
def small_puzzles(draw: st.DrawFn) -> Puzzle:
    """A board, the blocks of one of its tilings, and some of those blocks fixed: at most
    `MOST_FREE` left free (a 5x5 board of a dozen small free blocks has hundreds of
    thousands of solutions, which the naive solver takes a minute to list)."""
    pieces = draw(tilings())
    height = max(p.row + p.height for p in pieces)
    width = max(p.col + p.width for p in pieces)
    fixed = [p for p in pieces if draw(st.integers(0, 4)) == 0]
    free = [p for p in pieces if p not in fixed]
    fixed += free[: max(0, len(free) - MOST_FREE)]
    return make_puzzle(Board(height, width), [p.block for p in pieces], fixed)


@settings(max_examples=150, deadline=None)
@given(small_puzzles())
def test_agrees_with_a_naive_solver(puzzle: Puzzle) -> None:
    found = list(solutions(puzzle))
    assert found, "the blocks came from a tiling"
    assert all(is_solution(puzzle, solution) for solution in found)
    assert {shape(s) for s in found} == reference_shapes(puzzle)
    assert len({shape(s) for s in found}) == len(found)
    assert count_solutions(puzzle) == len(found)
    assert count_up_to(puzzle, 2) == min(2, len(found))
    assert is_unique(puzzle) == (len(found) == 1)


@st.composite
def area_matched_puzzles(draw: st.DrawFn) -> Puzzle:
    """Any blocks whose area is the board's: often without a solution."""
    height, width = draw(st.integers(1, 4)), draw(st.integers(1, 5))
    blocks: list[Block] = []
    left = height * width
    while left:
        short = draw(st.integers(1, min(3, left)))
        long = draw(st.integers(short, max(short, min(5, left // short))))
        if short * long > left:
            short, long = 1, 1
        blocks.append(Block(short, long))
        left -= short * long
    return make_puzzle(Board(height, width), blocks)


@settings(max_examples=150, deadline=None)
@given(area_matched_puzzles())
def test_counts_agree_when_there_may_be_no_solution(puzzle: Puzzle) -> None:
    found = list(solutions(puzzle))
    assert count_solutions(puzzle) == len(found) == len(reference_shapes(puzzle))
    first = first_solution(puzzle)
    assert (first is None) == (not found)
    assert first is None or is_solution(puzzle, first)


def test_solutions_come_lazily() -> None:
    open_board = make_puzzle(Board(8, 8), STANDARD_BLOCKS)
    first_three = list(itertools.islice(solutions(open_board), 3))
    assert len(first_three) == 3
    assert all(is_solution(open_board, s) for s in first_three)


def test_invalid_puzzles_cannot_be_built() -> None:
    with pytest.raises(InvalidPuzzleError):
        make_puzzle(Board(2, 2), [Block(1, 2)] * 2, [Placement(1, 1, Block(1, 2))])


WHOLE_GAME = make_puzzle(Board(8, 8), STANDARD_BLOCKS)
"""The 8x8 game with nothing fixed: 1,977,968 solutions, the largest search of the game."""


@pytest.mark.parametrize(
    "search",
    [
        lambda limit: count_solutions(WHOLE_GAME, limit),
        lambda limit: list(solutions(WHOLE_GAME, limit)),
        lambda limit: first_solution(WHOLE_GAME, limit),
        lambda limit: count_up_to(WHOLE_GAME, 10**9, limit),
        lambda limit: search_effort(WHOLE_GAME, limit),
    ],
    ids=["count", "list", "first", "count_up_to", "effort"],
)
def test_every_search_stops_at_its_bound(search: Callable[[int], object]) -> None:
    """Ten blocks to place: even the first solution takes more than five positions."""
    with pytest.raises(SearchLimitError, match="went past 5 positions, its bound"):
        search(5)


def test_a_search_within_its_bound_is_not_disturbed() -> None:
    puzzle = make_puzzle(Board(4, 4), [Block(1, 2)] * 8)
    assert count_solutions(puzzle, 100) == len(list(solutions(puzzle, 100))) == 36
    assert MAX_POSITIONS == 1_500_000
