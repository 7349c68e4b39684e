"""Sets of cells as integers, one byte per cell, so that a question about every cell of the
board at once ("how many unknown neighbours?", "which pairs of unknown cells are walled in?")
is a few shifts and ands instead of a loop over the cells.

A board is laid out with a margin of `MARGIN` cells on every side (`Frame`), so that shifting
a mask by up to `MARGIN` columns never wraps from one row into the next: a cell of the margin
stands for "off the board". Byte ``k`` of a mask belongs to framed cell ``k``; a mask whose bytes
are all 0 or 1 can be added to others of its kind (up to 255 of them) without carries.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache

MARGIN = 2
"""Cells of margin around the board: patterns here reach at most two columns away."""


@dataclass(frozen=True)
class Frame:
    """A ``width`` x ``height`` board inside a margin of `MARGIN` cells."""

    width: int
    height: int

    @property
    def stride(self) -> int:
        """Framed cells per row."""
        return self.width + 2 * MARGIN

    @property
    def size(self) -> int:
        """Framed cells in all."""
        return self.stride * (self.height + 2 * MARGIN)

    def framed(self, cell: int) -> int:
        """The framed index of a board cell."""
        row, col = divmod(cell, self.width)
        return (row + MARGIN) * self.stride + col + MARGIN

    def board_cell(self, framed: int) -> int:
        """The board cell of a framed index inside the board."""
        row, col = divmod(framed, self.stride)
        return (row - MARGIN) * self.width + col - MARGIN

    def offset(self, rows: int, cols: int) -> int:
        """How far, in framed cells, a cell ``rows`` down and ``cols`` right lies."""
        return rows * self.stride + cols

    def mask(self, cells: Iterable[int]) -> int:
        """The mask of some board cells."""
        marks = bytearray(self.size)
        to_framed = _framed_table(self.width, self.height)
        for cell in cells:
            marks[to_framed[cell]] = 1
        return int.from_bytes(marks, "little")

    def margin(self) -> int:
        """The mask of the margin: every framed cell off the board."""
        return _margin(self.width, self.height)

    def ones(self) -> int:
        """The mask of every framed cell."""
        return int.from_bytes(b"\x01" * self.size, "little")

    def cells(self, mask: int) -> Iterator[int]:
        """The board cells of a mask's nonzero bytes, in increasing order."""
        marks = self.inside(mask)
        for framed, mark in enumerate(marks):
            if mark:
                yield self.board_cell(framed)

    def counts(self, mask: int) -> bytes:
        """Per board cell (by board index), the byte of ``mask`` there."""
        marks = self.inside(mask)
        to_framed = _framed_table(self.width, self.height)
        return bytes(marks[k] for k in to_framed)

    def inside(self, mask: int) -> bytes:
        """The bytes of ``mask`` inside the frame (bytes shifted beyond it are dropped)."""
        return (mask & ((1 << (8 * self.size)) - 1)).to_bytes(self.size, "little")


def shifted(mask: int, offset: int) -> int:
    """``mask`` moved so that each cell holds what the cell ``offset`` framed cells further on
    held (bytes moved past either end are dropped)."""
    return mask >> (8 * offset) if offset >= 0 else mask << (-8 * offset)


def neighbour_sum(frame: Frame, mask: int) -> int:
    """Per framed cell, how many of its eight neighbours are set in a 0/1 ``mask`` (the
    margin must be clear)."""
    total = 0
    for rows in (-1, 0, 1):
        for cols in (-1, 0, 1):
            if rows or cols:
                total += shifted(mask, frame.offset(rows, cols))
    return total


def smallest(frame: Frame, values: int, cells: Iterable[int], count: int) -> list[int]:
    """The ``count`` board cells of ``cells`` whose bytes of ``values`` are smallest (below
    255), the lower index first among equals; in that order."""
    marks = frame.inside(values)
    to_framed = _framed_table(frame.width, frame.height)
    kept = bytearray(b"\xff") * frame.size
    listed = 0
    for cell in cells:
        at = to_framed[cell]
        kept[at] = marks[at]
        listed += 1
    count = min(count, listed)
    found: list[int] = []
    for value in range(255):
        if len(found) >= count:
            break
        at = kept.find(value)
        while at >= 0 and len(found) < count:
            found.append(frame.board_cell(at))
            at = kept.find(value, at + 1)
    return found


@lru_cache(maxsize=64)
def _framed_table(width: int, height: int) -> tuple[int, ...]:
    frame = Frame(width, height)
    return tuple(frame.framed(cell) for cell in range(width * height))


@lru_cache(maxsize=64)
def _margin(width: int, height: int) -> int:
    frame = Frame(width, height)
    inside = set(_framed_table(width, height))
    marks = bytes(0 if k in inside else 1 for k in range(frame.size))
    return int.from_bytes(marks, "little")
