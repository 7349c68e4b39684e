"""The Minesweeper community's exchange formats, as JSMinesweeper (the open browser solver of
David Hill) reads and writes them: a position as ``.mine`` text, a board as MBF bytes.

**``.mine``** (a position): a first line ``WIDTHxHEIGHTxMINES`` (``30x16x99``: a lower-case
``x``, the mines of the whole board, flagged or not), then one line per row, top row first,
one character per cell: ``H`` hidden, ``F`` flagged, ``0``-``8`` a revealed count.
JSMinesweeper writes those, ``\n`` after every line (the last row too). Reading a position, it
also takes ``M`` as a flag (a mine the player marked) and ``?`` as a hidden cell; here ``M``
is read as ``F`` and ``?`` as ``?``, a question mark, which the solver takes as hidden too.
Lines may end in ``\r\n``; blank lines around the position are ignored.

**MBF** (Minesweeper board format, a board: where the mines are): byte 0 the width, byte 1 the
height (so at most 255 each), bytes 2-3 the number of mines (big-endian: high byte first), then
two bytes per mine, its column ``x`` and its row ``y``, both counted from 0. JSMinesweeper
writes the mines in row-major order; any order is read.

JSMinesweeper forgives much (a short row is padded with hidden cells, an unknown character is
a hidden cell, bytes after the mines are more mines); here every such thing is refused, with
one line that says what is wrong, counting lines, rows and columns from 1. Pure: no I/O, and
work in proportion to the text or the bytes, which callers bound (`mines analyze` reads at
most 1 MiB of text, and `MAX_MBF_BYTES`).
"""

from __future__ import annotations

import re

from gridpuzzles.bounds import shown
from gridpuzzles.minesweeper.core.errors import NotationError
from gridpuzzles.minesweeper.core.grid import Layout
from gridpuzzles.minesweeper.core.notation import TRAILING
from gridpuzzles.minesweeper.core.view import FLAG, HIDDEN, NUMBERS, QUESTION, View


class MineTextError(NotationError):
    """Text that is not a ``.mine`` position."""


class MbfError(NotationError):
    """Bytes that are not an MBF board."""


class BeyondFormatError(NotationError):
    """A position or board that a format has no way to write (a side of more than 255 cells
    in MBF, a revealed mine in ``.mine``)."""


MINE_HIDDEN = "H"
MINE_FLAG = "F"
MINE_MARKED = "M"
"""A mine the player marked: JSMinesweeper reads it as a flag, and so is it read here."""
MINE_QUESTION = "?"
MINE_CELLS = MINE_HIDDEN + MINE_FLAG + MINE_MARKED + MINE_QUESTION + NUMBERS
"""The cells a ``.mine`` position is read with (JSMinesweeper writes only H, F and 0-8)."""
_MINE_TO_VIEW = str.maketrans(
    {MINE_HIDDEN: HIDDEN, MINE_FLAG: FLAG, MINE_MARKED: FLAG, MINE_QUESTION: QUESTION}
)
_VIEW_TO_MINE = str.maketrans({HIDDEN: MINE_HIDDEN, FLAG: MINE_FLAG, QUESTION: MINE_HIDDEN})
_HEADER = re.compile(r"(?P<width>[0-9]{1,9})x(?P<height>[0-9]{1,9})x(?P<mines>[0-9]{1,9})")
_DIGITS = "0123456789"

MBF_HEADER_BYTES = 4
MBF_MAX_SIDE = 255
"""The widest and tallest board MBF holds: its width and height are one byte each."""
MAX_MBF_BYTES = MBF_HEADER_BYTES + 2 * MBF_MAX_SIDE * MBF_MAX_SIDE
"""The longest MBF board: every cell of a 255x255 board a mine (130,054 bytes)."""


def starts_as_mine_text(text: str) -> bool:
    """Whether ``text`` is meant as a ``.mine`` position: its first line that is not blank
    starts with a digit and holds an ``x``, as ``30x16x99`` does (no row of a view, of a
    printed board or of a JSON game state starts so)."""
    first = next((line.strip() for line in text.split("\n") if line.strip()), "")
    return first[:1] != "" and first[0] in _DIGITS and "x" in first


def parse_mine(text: str) -> tuple[View, int]:
    """The view and the mines of the whole board in ``.mine`` text; `MineTextError` naming
    the line at fault when it is not one."""
    if "\x00" in text:
        line = text.count("\n", 0, text.index("\x00")) + 1
        raise MineTextError(f"line {line} holds a NUL character: a .mine position is text")
    lines = [line.rstrip(TRAILING) for line in text.split("\n")]
    filled = [number for number, line in enumerate(lines, 1) if line]
    if not filled:
        raise MineTextError("the .mine position is empty")
    first, last = filled[0], filled[-1]
    header = _HEADER.fullmatch(lines[first - 1].lstrip(TRAILING))
    if header is None:
        raise MineTextError(
            f"line {first}: {shown(lines[first - 1].strip(), 40)} is not the first line of a "
            ".mine position: WIDTHxHEIGHTxMINES, as 30x16x99"
        )
    width, height, mines = (int(header[key]) for key in ("width", "height", "mines"))
    if width < 1 or height < 1:
        raise MineTextError(
            f"line {first}: the board is {width}x{height}: it needs at least 1 column and 1 row"
        )
    if mines > width * height:
        raise MineTextError(
            f"line {first}: {mines:,} mines do not fit the {width * height:,} cells of a "
            f"{width}x{height} board"
        )
    rows = lines[first:last]
    if len(rows) < height:
        raise MineTextError(f"the first line says {height} rows, but {len(rows)} follow it")
    for number, row in enumerate(rows[:height], first + 1):
        if len(row) != width:
            raise MineTextError(
                f"line {number} has {len(row)} cells where the first line says {width}"
            )
        bad = next((column for column, cell in enumerate(row, 1) if cell not in MINE_CELLS), 0)
        if bad:
            raise MineTextError(
                f"line {number}, column {bad}: unknown cell {shown(row[bad - 1])} (allowed: "
                f"{' '.join(MINE_CELLS[:4])} 0-8, in upper case)"
            )
    if len(rows) > height:
        extra = next(number for number in filled if number > first + height)
        raise MineTextError(f"line {extra}: more rows than the {height} the first line says")
    return View(width, height, "".join(rows).translate(_MINE_TO_VIEW)), mines


def format_mine(view: View, mines: int) -> str:
    """The ``.mine`` text of ``view`` on a board of ``mines`` mines, as JSMinesweeper writes
    a position: ``H`` for a hidden cell and for a question mark (JSMinesweeper never writes
    ``?``, and when it builds a game from a file it takes ``?`` for a mine), ``F`` for a flag.
    `BeyondFormatError` for a revealed mine or a wrong flag (the view of a lost game: a
    ``.mine`` position is one in play) and for mines that do not fit the board."""
    if not 0 <= mines <= view.width * view.height:
        raise BeyondFormatError(
            f"{mines:,} mines do not fit the {view.width * view.height:,} cells of a "
            f"{view.width}x{view.height} board"
        )
    shown_after_a_loss = next(
        (index for index, cell in enumerate(view.cells) if cell not in _WRITTEN), None
    )
    if shown_after_a_loss is not None:
        row, column = divmod(shown_after_a_loss, view.width)
        what = "a revealed mine" if view.cells[shown_after_a_loss] == "*" else "a wrong flag"
        raise BeyondFormatError(
            f"row {row + 1}, column {column + 1} is {what}, which a .mine position has no "
            "symbol for (it holds a game in play, not a lost one)"
        )
    rows = "".join(f"{row}\n" for row in view.rows())
    return f"{view.width}x{view.height}x{mines}\n{rows.translate(_VIEW_TO_MINE)}"


_WRITTEN = frozenset(HIDDEN + FLAG + QUESTION + NUMBERS)


def parse_mbf(data: bytes) -> Layout:
    """The board (where its mines are) in MBF ``data``; `MbfError` when it is not one: a
    header cut short, a side of 0, more mines than cells, a length that disagrees with the
    mine count, a mine outside the board or one given twice."""
    if len(data) < MBF_HEADER_BYTES:
        raise MbfError(
            f"an MBF board starts with {MBF_HEADER_BYTES} bytes (width, height, mines in 2 "
            f"bytes), but there are {len(data)}"
        )
    width, height = data[0], data[1]
    mines = int.from_bytes(data[2:4], "big")
    if width < 1 or height < 1:
        raise MbfError(
            f"the MBF header says the board is {width}x{height}: it needs at least 1 column "
            "and 1 row"
        )
    if mines > width * height:
        raise MbfError(
            f"the MBF header says {mines:,} mines, more than the {width * height:,} cells of a "
            f"{width}x{height} board"
        )
    follow = len(data) - MBF_HEADER_BYTES
    if follow != 2 * mines:
        raise MbfError(
            f"the MBF header says {mines:,} mines, 2 bytes each, but {follow:,} bytes follow "
            f"it, not {2 * mines:,}"
        )
    first_at: dict[int, int] = {}
    for number in range(1, mines + 1):
        column, row = data[2 + 2 * number], data[3 + 2 * number]
        if column >= width or row >= height:
            raise MbfError(
                f"MBF mine {number} is at row {row + 1}, column {column + 1}, outside the "
                f"board of {height} rows and {width} columns"
            )
        earlier = first_at.setdefault(row * width + column, number)
        if earlier != number:
            raise MbfError(
                f"MBF mine {number} is at row {row + 1}, column {column + 1}, as mine "
                f"{earlier} is: a cell holds one mine"
            )
    return Layout.from_cells(width, height, first_at)


def format_mbf(layout: Layout) -> bytes:
    """The MBF bytes of ``layout``, its mines in row-major order as JSMinesweeper writes
    them; `BeyondFormatError` for a side of more than `MBF_MAX_SIDE` cells."""
    if layout.width > MBF_MAX_SIDE or layout.height > MBF_MAX_SIDE:
        raise BeyondFormatError(
            f"an MBF board has at most {MBF_MAX_SIDE} columns and {MBF_MAX_SIDE} rows, not "
            f"{layout.width}x{layout.height}"
        )
    cells = [index for index, mine in enumerate(layout.mines) if mine]
    mines = bytes(byte for index in cells for byte in reversed(divmod(index, layout.width)))
    header = bytes([layout.width, layout.height]) + len(cells).to_bytes(2, "big")
    return header + mines


def untouched_view(layout: Layout) -> View:
    """The view of ``layout``'s board before any move: every cell hidden."""
    return View(layout.width, layout.height, HIDDEN * layout.size)
