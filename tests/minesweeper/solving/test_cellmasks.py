"""Cell masks: every question asked of the whole board at once agrees with a cell-by-cell loop."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from gridpuzzles.minesweeper.solving.cellmasks import Frame, neighbour_sum, shifted, smallest
from gridpuzzles.minesweeper.solving.probabilities import neighbour_table


@st.composite
def boards(draw: st.DrawFn) -> tuple[int, int, set[int]]:
    width = draw(st.integers(1, 9))
    height = draw(st.integers(1, 7))
    cells = draw(st.sets(st.integers(0, width * height - 1)))
    return width, height, cells


@given(boards())
def test_a_mask_lists_its_cells_in_order(board: tuple[int, int, set[int]]) -> None:
    width, height, cells = board
    frame = Frame(width, height)
    assert list(frame.cells(frame.mask(cells))) == sorted(cells)
    assert all(frame.board_cell(frame.framed(c)) == c for c in range(width * height))


@given(boards())
def test_neighbour_sums_count_the_marked_neighbours(board: tuple[int, int, set[int]]) -> None:
    width, height, cells = board
    frame = Frame(width, height)
    counts = frame.counts(neighbour_sum(frame, frame.mask(cells)))
    nbrs = neighbour_table(width, height)
    assert list(counts) == [len(cells.intersection(nbrs[c])) for c in range(width * height)]


@given(boards(), st.integers(0, 5), st.data())
def test_the_smallest_values_come_first_then_the_lower_index(
    board: tuple[int, int, set[int]], count: int, data: st.DataObject
) -> None:
    width, height, cells = board
    frame = Frame(width, height)
    counts = neighbour_sum(frame, frame.mask(cells))
    chosen = data.draw(st.lists(st.integers(0, width * height - 1), unique=True))
    per_cell = frame.counts(counts)
    expected = sorted(chosen, key=lambda c: (per_cell[c], c))[:count]
    assert smallest(frame, counts, chosen, count) == expected


def test_a_shift_brings_the_neighbour_in_and_the_margin_stands_for_walls() -> None:
    frame = Frame(3, 2)
    right = shifted(frame.mask([1]), frame.offset(0, 1))  # each cell sees its right neighbour
    assert list(frame.cells(right)) == [0]
    below = shifted(frame.mask([0, 1, 2]), frame.offset(-1, 0))  # each cell sees the one above
    assert list(frame.cells(below)) == [3, 4, 5]
    assert frame.margin() & frame.mask(range(6)) == 0
    assert bin(frame.margin()).count("1") == frame.size - 6
