"""How a person names a cell, the same in every shell of both puzzles: the row first, rows and
columns counted from 1 from the top-left corner (``row 4, column 7``).

The code counts from 0 (``(3, 6)`` is that cell), and so do the machine forms: the move text
of the web API and the stored log (``r3,6``), and Mondrian's stored placements.  A person never
meets those: every header, label, prompt, message and typed input of a shell counts from 1,
through `cell_words` and `typed_cell`.
"""

from __future__ import annotations

Cell = tuple[int, int]
"""A cell as ``(row, col)``, 0-based from the top-left corner (as everywhere in the code)."""


def cell_words(cell: Cell) -> str:
    """A cell as a person says it: ``(3, 6)`` is ``row 4, column 7``."""
    return f"row {cell[0] + 1}, column {cell[1] + 1}"


def typed_cell(row: int, column: int) -> Cell:
    """The cell a person names as row ``row``, column ``column`` (counted from 1)."""
    return row - 1, column - 1


def typed_numbers(cell: Cell) -> str:
    """A cell as a person types it, ``ROW,COL`` counted from 1: ``(3, 6)`` is ``4,7``."""
    return f"{cell[0] + 1},{cell[1] + 1}"
