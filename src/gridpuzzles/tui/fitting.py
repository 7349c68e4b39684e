"""How a board of cells fits the space it is given, for both puzzles' boards: the largest
cells with which the whole board fits, and the row and column numbers beside it when they fit
too."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from textual.geometry import Offset, Size


@dataclass(frozen=True)
class Fit:
    """The cells' size (columns, lines) and whether the row and column numbers are drawn."""

    cell: tuple[int, int]
    numbered: bool


def numbers_origin(rows: int, numbered: bool) -> Offset:
    """Where the first cell is drawn: right of the row numbers (as wide as the largest and a
    space), below the line of column numbers; at the corner without numbers."""
    return Offset(len(str(rows)) + 1, 1) if numbered else Offset(0, 0)


def fit(columns: int, rows: int, available: Size, sizes: Sequence[tuple[int, int]]) -> Fit:
    """The largest of ``sizes`` (smallest first) with which ``columns`` x ``rows`` cells fit in
    ``available``, else the smallest; numbered if the numbers fit beside those cells too (the
    cells are never made smaller for the numbers)."""
    fitting = [
        (width, height)
        for width, height in sizes
        if columns * width <= available.width and rows * height <= available.height
    ]
    width, height = fitting[-1] if fitting else sizes[0]
    margin = numbers_origin(rows, True)
    numbered = (
        columns * width + margin.x <= available.width
        and rows * height + margin.y <= available.height
    )
    return Fit((width, height), numbered)
