"""A Minesweeper position read back from the text any shell shows: the view and, when the text
says it, the total number of mines.

Four forms, told apart by the text itself:

- **a view** in the text format of `notation` (``.`` is an opened 0 there, as the line mode
  draws it); it does not say how many mines the board has;
- **the board as the line mode prints it** (`rendering.render_board`): column numbers 1 to W
  on the first line, then each row after its number, the cells apart; it may end with the
  line-mode status line (`rendering.render_status`), whose level (or ``WxH, M mines``) and
  "Mines left" give the mines. Its lines hold spaces before their ends, which no row of a view
  does;
- **the web API's game state**, the JSON object of ``GET /api/minesweeper/games/{id}``: its
  ``view`` rows and its ``mines``. It starts with ``{``;
- **a ``.mine`` position**, as JSMinesweeper saves one (`exchange.parse_mine`): a first line
  ``WIDTHxHEIGHTxMINES``, then a row of ``H``, ``F`` and ``0``-``8`` per line. It says the
  mines.

A board in MBF bytes (`exchange.parse_mbf`), the other format of JSMinesweeper, is read as a
position too (`read_mbf_position`): the board before any move, with its mine count.

Colour codes (ANSI SGR, as the line mode prints with colour) are dropped first: they style the
text and say nothing of the position. Anything else that does not fit its form is a
`NotationError` naming the line at fault; nothing is guessed. Pure, and in proportion to the
text, which callers bound (`mines analyze` reads at most 1 MiB).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from enum import Enum
from typing import Any

from gridpuzzles.bounds import BoundError, check_range
from gridpuzzles.minesweeper.core.errors import NotationError
from gridpuzzles.minesweeper.core.exchange import (
    parse_mbf,
    parse_mine,
    starts_as_mine_text,
    untouched_view,
)
from gridpuzzles.minesweeper.core.grid import Layout
from gridpuzzles.minesweeper.core.notation import OPEN_ZERO, TRAILING, parse_view
from gridpuzzles.minesweeper.core.settings import LEVELS
from gridpuzzles.minesweeper.core.view import FLAG, SYMBOLS, WRONG_FLAG, View


class Form(Enum):
    """The form a position was read in, as a person calls it."""

    VIEW = "view"
    PRINTED = "printed board"
    GAME_STATE = "game state"
    MINE = ".mine position"
    MBF = "MBF board"


@dataclass(frozen=True)
class Position:
    """A view, and the total number of mines on its board when the text says it."""

    view: View
    mines: int | None
    """The mines of the whole board (flagged or not), or None when the text does not say."""
    form: Form
    layout: Layout | None = None
    """Where the mines are, when the form says it (an MBF board); None otherwise."""


PRINTED_CELLS = SYMBOLS + OPEN_ZERO
"""The cells of a printed board: the view's symbols, and ``.`` for an opened 0 (as drawn)."""
STATUS_START = "Mines left:"
_COLOUR = re.compile(r"\x1b\[[0-9;]*m")
_STATUS = re.compile(
    r"Mines left: (?P<left>-?[0-9]{1,9})"
    r"(?:\s+Time: [0-9]{1,12} s)?"
    r"(?:\s+\((?P<level>[^()]*), seed [^()]*\))?"
)
"""What `render_status` prints: mines left (the mines less the flags, so it may be below 0),
the time and ``(LEVEL, seed S)``, where LEVEL is a built-in level or ``WxH, M mines``; the time
and the level may be left out. Numbers have a bounded count of ASCII digits (never ``²``)."""
_CUSTOM = re.compile(r"(?P<width>[0-9]{1,9})x(?P<height>[0-9]{1,9}), (?P<mines>[0-9]{1,9}) mines")


def read_position(text: str) -> Position:
    """The position in ``text``, in whichever form (see the module); `NotationError` when it
    fits none."""
    text = _COLOUR.sub("", text)
    start = text.lstrip()
    if start.startswith("{"):
        return _game_state(text)
    if starts_as_mine_text(text):
        return Position(*parse_mine(text), Form.MINE)
    if any(_spaced(line) for line in text.split("\n")):
        return _printed(text)
    return Position(parse_view(text), None, Form.VIEW)


def read_mbf_position(data: bytes) -> Position:
    """The position to analyse the board in MBF ``data`` as: every cell hidden, and the
    board's mine count (an MBF board is the mines, so its position is the one before any
    move); `NotationError` (`exchange.MbfError`) when ``data`` is not an MBF board."""
    board = parse_mbf(data)
    return Position(untouched_view(board), board.mine_count, Form.MBF, board)


def _spaced(line: str) -> bool:
    """Whether ``line`` has a space or tab before its end: a row of a printed board does
    (cells stand apart), a row of a view never does."""
    line = line.rstrip(TRAILING)
    return " " in line or "\t" in line


def _printed(text: str) -> Position:
    """The board as `render_board` prints it, and its status line when one follows."""
    lines = [line.rstrip(TRAILING) for line in text.split("\n")]
    numbered = [(number, line) for number, line in enumerate(lines, 1) if line.strip()]
    (first, header), rows = numbered[0], numbered[1:]
    width = len(header.split())
    if header.split() != [str(column) for column in range(1, width + 1)]:
        raise NotationError(
            f"line {first}: {_short(header.strip())} is neither a row of a view (no spaces) nor the "
            "column numbers 1 2 3 ... of a board as mines play prints it"
        )
    status = None
    if rows and rows[-1][1].lstrip().startswith(STATUS_START):
        status = rows.pop()
    if not rows:
        raise NotationError(f"the printed board has its column numbers on line {first} but no rows")
    cells = []
    for row, (number, line) in enumerate(rows, 1):
        if number != first + row:
            raise NotationError(f"line {number - 1} is blank inside the printed board")
        label, *symbols = line.split()
        if label != str(row):
            raise NotationError(
                f"line {number}: {_short(line.strip())} is not row {row} of the printed board "
                f"(its number {row}, then {width} cells)"
            )
        if len(symbols) != width:
            raise NotationError(
                f"line {number}: row {row} has {len(symbols)} cells but the header numbers "
                f"{width} columns"
            )
        for column, symbol in enumerate(symbols, 1):
            if len(symbol) != 1 or symbol not in PRINTED_CELLS:
                raise NotationError(
                    f"line {number}, row {row}, column {column}: unknown cell {_short(symbol)} "
                    f"(allowed: {PRINTED_CELLS})"
                )
        cells.append("".join(symbols).replace(OPEN_ZERO, "0"))
    view = View(width, len(cells), "".join(cells))
    if status is not None and status[0] != rows[-1][0] + 1:
        raise NotationError(f"line {status[0] - 1} is blank inside the printed board")
    mines = None if status is None else _status_mines(view, *status)
    return Position(view, mines, Form.PRINTED)


def _status_mines(view: View, number: int, line: str) -> int:
    """The mines of the board that the status line on line ``number`` gives: its level's, or
    the mines left plus the flags on the board (both, when both are there, must agree)."""
    found = _STATUS.fullmatch(line.strip())
    if found is None:
        raise NotationError(
            f"line {number}: {_short(line.strip())} is not a status line as mines play prints "
            "it (Mines left: N   Time: T s   (LEVEL, seed S))"
        )
    flags = view.cells.count(FLAG) + view.cells.count(WRONG_FLAG)
    left = int(found["left"]) + flags
    if found["level"] is None:
        return left
    width, height, mines = _level(found["level"], number)
    if (width, height) != (view.width, view.height):
        raise NotationError(
            f"line {number}: the status line's board is {width}x{height}, but the printed "
            f"board is {view.width}x{view.height}"
        )
    if left != mines:
        raise NotationError(
            f"line {number}: the status line says {found['left']} mines left, but {mines} "
            f"mines less the {flags} flags on the board leave {mines - flags}"
        )
    return mines


def _level(name: str, number: int) -> tuple[int, int, int]:
    """The width, height and mines the status line's LEVEL names."""
    if name in LEVELS:
        return LEVELS[name]
    custom = _CUSTOM.fullmatch(name)
    if custom is None:
        raise NotationError(
            f"line {number}: unknown level {_short(name)} in the status line (a level of "
            f"{', '.join(LEVELS)}, or WxH, M mines)"
        )
    return int(custom["width"]), int(custom["height"]), int(custom["mines"])


def _game_state(text: str) -> Position:
    """The view and mines of the web API's JSON game state."""
    try:
        state: Any = json.loads(text)
    except RecursionError:
        raise NotationError("the JSON game state is nested too deeply to read") from None
    except ValueError as error:  # JSONDecodeError, and numbers of too many digits
        raise NotationError(f"the JSON game state cannot be read: {error}") from None
    rows = state.get("view") if isinstance(state, dict) else None
    if not isinstance(rows, list) or not rows or not all(isinstance(r, str) for r in rows):
        raise NotationError(
            "the JSON is not a game state of the web API: an object whose 'view' is a list of "
            "rows of text"
        )
    for number, row in enumerate(rows, 1):
        if not row.strip() or "\n" in row:
            what = "is empty" if not row.strip() else "holds a line break"
            raise NotationError(f"row {number} of the game state's view {what}")
    view = parse_view("\n".join(rows))
    for key, size in (("width", view.width), ("height", view.height)):
        if key in state and state[key] != size:
            raise NotationError(
                f"the game state's {key} is {_value(state[key])}, but its view is "
                f"{view.width}x{view.height}"
            )
    mines = state.get("mines")
    if mines is not None and (type(mines) is not int or mines < 0):
        raise NotationError(
            f"the game state's mines must be a whole number from 0, not {_value(mines)}"
        )
    return Position(view, mines, Form.GAME_STATE)


def _value(value: object) -> str:
    """A JSON value in an error line: a number or text as it is (cut short), else its kind."""
    if isinstance(value, (bool, int, float, str)) or value is None:
        text = json.dumps(value)
        return text if len(text) <= 40 else text[:37] + "..."
    return "a list" if isinstance(value, list) else "an object"


def _short(text: str, most: int = 40) -> str:
    """``text`` quoted, cut to ``most`` characters: an error line stays one short line."""
    return repr(text if len(text) <= most else text[: most - 3] + "...")


MAX_ANALYSED_CELLS = 250_000
"""The most cells of a position analysed (e.g. 500x500): the solver's tables of a view grow
with its cells (about 200 MB at this size). `mines analyze` and the web's analysis take no
more (`check_analysed_size`)."""


class PositionTooLargeError(NotationError):
    """A position of more cells than `MAX_ANALYSED_CELLS`."""


def check_analysed_size(view: View) -> None:
    """`PositionTooLargeError` when ``view`` has more cells than `MAX_ANALYSED_CELLS`."""
    if view.width * view.height > MAX_ANALYSED_CELLS:
        raise PositionTooLargeError(
            f"the view is {view.width}x{view.height}: at most {MAX_ANALYSED_CELLS:,} cells "
            "are analysed"
        )


class MineCountError(NotationError):
    """A position's mine count missing, or against the count the caller was given."""


def mine_count(position: Position, given: int | None, named: tuple[str, str], most: int) -> int:
    """The mines to analyse ``position`` with: ``given``, or what the position says; when both
    are there they must agree, since one of them is wrong otherwise. ``named``: how the caller
    names the count given, alone and with a value (``("--mines", "--mines N")``); ``most``: the
    largest count taken. `MineCountError` when the count is missing, out of range, or the two
    disagree."""
    name, asked = named
    said = position.mines
    if given is None:
        if said is None:
            raise MineCountError(
                f"the {position.form.value} does not say how many mines the board has: give "
                f"{asked} (all its mines, flagged or not)"
            )
        return _within(said, f"the {position.form.value}'s mine count", most)
    if said is not None and said != given:
        raise MineCountError(
            f"{name} {given:,} but the {position.form.value} says {said:,} mines: leave "
            f"{name} out, or make them agree"
        )
    return _within(given, name, most)


def _within(count: int, what: str, most: int) -> int:
    """``count`` when it is from 0 to ``most``, else `MineCountError` saying so."""
    try:
        return check_range(count, what, 0, most)
    except BoundError as error:
        raise MineCountError(str(error)) from None
