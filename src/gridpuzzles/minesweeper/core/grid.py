"""Board geometry: the mine layout, neighbour counts, openings and 3BV.

Cells are numbered row-major, ``index = row * width + col``; row 0 is the top row. The
array work is done with NumPy and SciPy so that a 1000x1000 board floods in milliseconds.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property

import numpy as np
import numpy.typing as npt

from gridpuzzles.cells import Cell as Cell
from gridpuzzles.cells import cell_words as cell_words

BoolGrid = npt.NDArray[np.bool_]

_EIGHT_WAY = np.ones((3, 3), dtype=bool)


@dataclass(frozen=True)
class Layout:
    """Where the mines are: one byte per cell, 1 for a mine and 0 for a safe cell."""

    width: int
    height: int
    mines: bytes

    def __post_init__(self) -> None:
        if self.width < 1 or self.height < 1:
            raise ValueError(
                f"a board needs at least one row and one column, not {self.width}x{self.height}"
            )
        if len(self.mines) != self.width * self.height:
            raise ValueError(
                f"a {self.width}x{self.height} layout needs {self.width * self.height} cells, not {len(self.mines)}"
            )
        if self.mines.strip(b"\x00\x01"):
            raise ValueError("a layout holds only 0 (safe) and 1 (mine) bytes")

    @classmethod
    def from_cells(cls, width: int, height: int, mine_cells: Iterable[int]) -> Layout:
        """The layout with mines exactly at the given cell indices."""
        mask = bytearray(width * height)
        for index in mine_cells:
            if not 0 <= index < len(mask):
                raise ValueError(f"mine index {index} is outside a {width}x{height} board")
            mask[index] = 1
        return cls(width, height, bytes(mask))

    @property
    def size(self) -> int:
        """The number of cells."""
        return self.width * self.height

    @cached_property
    def mine_count(self) -> int:
        return self.mines.count(1)

    @cached_property
    def mine_grid(self) -> BoolGrid:
        """The mines as a read-only boolean array of shape (height, width)."""
        grid: BoolGrid = (
            np.frombuffer(self.mines, dtype=np.uint8).reshape(self.height, self.width) == 1
        )
        grid.flags.writeable = False
        return grid

    @cached_property
    def counts(self) -> bytes:
        """For every cell, mine or not, the number of mines among its eight neighbours."""
        return bytes(neighbour_sum(self.mine_grid).astype(np.uint8).ravel())

    @cached_property
    def _three_bv(self) -> int:
        return _count_three_bv(self)

    def is_mine(self, index: int) -> bool:
        return self.mines[index] == 1

    def mine_indices(self) -> list[int]:
        """The indices of every mine, in increasing order."""
        return [int(i) for i in np.flatnonzero(self.mine_grid)]


def index_of(width: int, cell: Cell) -> int:
    return cell[0] * width + cell[1]


def cell_of(width: int, index: int) -> Cell:
    return divmod(index, width)


def neighbours(width: int, height: int, index: int) -> Iterator[int]:
    """The indices of the up to eight cells around ``index``."""
    row, col = divmod(index, width)
    for r in range(max(row - 1, 0), min(row + 2, height)):
        for c in range(max(col - 1, 0), min(col + 2, width)):
            if r != row or c != col:
                yield r * width + c


def block_around(width: int, height: int, index: int) -> list[int]:
    """``index`` and its neighbours: the 3x3 block around a cell, cut by the board's edges."""
    return sorted([index, *neighbours(width, height, index)])


def neighbour_sum(grid: BoolGrid) -> npt.NDArray[np.int32]:
    """For every cell, how many of its eight neighbours are set in ``grid``."""
    height, width = grid.shape
    padded = np.zeros((height + 2, width + 2), dtype=np.int32)  # (np.pad takes 10 times longer)
    padded[1:-1, 1:-1] = grid
    total = np.zeros((height, width), dtype=np.int32)
    for dr in range(3):
        for dc in range(3):
            if dr != 1 or dc != 1:
                total += padded[dr : dr + height, dc : dc + width]
    return total


def dilate(grid: BoolGrid) -> BoolGrid:
    """``grid`` grown by one cell in all eight directions."""
    from scipy import ndimage  # loaded at the first use: commands that need none start faster

    grown: BoolGrid = ndimage.binary_dilation(grid, structure=_EIGHT_WAY)
    return grown


def _regions(grid: BoolGrid) -> tuple[npt.NDArray[np.int32], int]:
    """The eight-connected regions of ``grid``: a label per cell (0 outside) and their count."""
    from scipy import ndimage

    labels, count = ndimage.label(grid, structure=_EIGHT_WAY)
    return labels, int(count)


def opening(layout: Layout, blocked: BoolGrid, index: int) -> npt.NDArray[np.intp]:
    """The cells a reveal of the safe cell ``index`` opens, as sorted indices.

    A numbered cell opens alone. A zero opens its whole eight-connected region of zeros and
    the numbered cells around it, passing neither into nor through ``blocked`` cells
    (flags).
    """
    if layout.counts[index] != 0:
        return np.array([index], dtype=np.intp)
    zeros = _zero_grid(layout) & ~blocked
    labels, _ = _regions(zeros)
    row, col = divmod(index, layout.width)
    region = labels == labels[row, col]
    return np.flatnonzero(dilate(region) & ~blocked & ~layout.mine_grid)


def _zero_grid(layout: Layout) -> BoolGrid:
    counts = np.frombuffer(layout.counts, dtype=np.uint8).reshape(layout.height, layout.width)
    zeros: BoolGrid = (counts == 0) & ~layout.mine_grid
    return zeros


def three_bv(layout: Layout) -> int:
    """The board's 3BV: the fewest left clicks that clear it without flags.

    Each opening (connected region of zeros) takes one click, and so does every numbered
    safe cell that no opening reveals. Computed once per layout (a game's end asks twice: to
    store it and to show it).
    """
    return layout._three_bv


def _count_three_bv(layout: Layout) -> int:
    zeros = _zero_grid(layout)
    _, openings = _regions(zeros)
    lonely = ~layout.mine_grid & ~dilate(zeros)
    return openings + int(np.count_nonzero(lonely))
