"""Text formats of boards, one line per row, row 0 at the top.

View (what a player sees): ``#`` hidden, ``F`` flagged, ``?`` question mark, ``0``-``8`` a
revealed count, ``*`` a revealed mine, ``X`` a wrong flag shown after a loss. ``.`` is read as
an opened 0 too, since the line mode draws one so (`format_view` writes ``0``). The other
forms a shell shows a position in (the line mode's printed board, the web API's game state)
are read by `positions.read_position`.

Layout (the whole board): ``*`` a mine, ``.`` a safe cell.

Parsers accept surrounding blank lines and trailing spaces and reject anything else with a
`NotationError` that names the line and column at fault. They allocate in proportion to the
text; callers bound its length (`mines analyze` reads at most 1 MiB).
"""

from __future__ import annotations

from gridpuzzles.minesweeper.core.errors import NotationError as NotationError
from gridpuzzles.minesweeper.core.grid import Layout
from gridpuzzles.minesweeper.core.view import SYMBOLS, View

TRAILING = " \t\r"
"""What may follow a row and is ignored: spaces, tabs and the carriage return of ``\r\n``."""
OPEN_ZERO = "."
"""An opened 0 as the line mode draws it, read as ``0`` in a view."""
LAYOUT_MINE = "*"
LAYOUT_SAFE = "."


def format_view(view: View) -> str:
    return "\n".join(view.rows())


def parse_view(text: str) -> View:
    """Read a view (``.`` is an opened 0); raises `NotationError` on any unknown symbol or
    ragged row."""
    rows = _rows(text, SYMBOLS + OPEN_ZERO, "view")
    return View(len(rows[0]), len(rows), "".join(rows).replace(OPEN_ZERO, "0"))


def format_layout(layout: Layout) -> str:
    line = layout.mines.translate(_LAYOUT_SYMBOLS).decode("ascii")
    return "\n".join(line[r * layout.width : (r + 1) * layout.width] for r in range(layout.height))


def parse_layout(text: str) -> Layout:
    """Read a layout of ``*`` (mine) and ``.`` (safe)."""
    rows = _rows(text, LAYOUT_MINE + LAYOUT_SAFE, "layout")
    mask = "".join(rows).encode("ascii").translate(_LAYOUT_MASK)
    return Layout(len(rows[0]), len(rows), mask)


_LAYOUT_SYMBOLS = bytes.maketrans(b"\x00\x01", (LAYOUT_SAFE + LAYOUT_MINE).encode("ascii"))
_LAYOUT_MASK = bytes.maketrans((LAYOUT_SAFE + LAYOUT_MINE).encode("ascii"), b"\x00\x01")


def _rows(text: str, allowed: str, kind: str) -> list[str]:
    """The rows of a board: lines end at ``\n`` (or ``\r\n``) only, so a form feed or a
    Unicode line separator is an unknown symbol, not a row break."""
    lines = [line.rstrip(TRAILING) for line in text.split("\n")]
    filled = [number for number, line in enumerate(lines) if line]
    if not filled:
        raise NotationError(f"the {kind} is empty")
    first = filled[0]
    rows = lines[first : filled[-1] + 1]
    width = len(rows[0])
    for number, row in enumerate(rows, start=first + 1):
        if len(row) != width:
            raise NotationError(
                f"{kind} line {number} has {len(row)} cells but line {first + 1} has {width}: "
                "rows must be equally long"
            )
        bad = next((i for i, symbol in enumerate(row) if symbol not in allowed), None)
        if bad is not None:
            raise NotationError(
                f"{kind} line {number}, column {bad + 1}: unknown symbol {row[bad]!r} (allowed: {allowed})"
            )
    return rows
