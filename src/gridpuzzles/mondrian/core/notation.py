"""Text formats of Mondrian Blocks: command-line specs, TOML puzzle files, text grids, JSON
(solutions, and a game's board as it stands).

A block's place has two forms.  The person form is the one a person types and reads, in every
shell, option and puzzle file: ``ROW,COL,O``, the row then the column of the block's top-left
cell counted from 1, and O its orientation, ``h`` or ``v`` (``8,5,h``; with its size,
``1x3:8,5,h``), as every message says a cell (`cells.cell_words`: row 8, column 5).  The
machine form is the one the program keeps: ``X,Y,O``, the column then the row counted from 0
(``4,7,h``; ``1x3:4,7,h``), in the stored games and their move logs, the web API's move text
and the challenges' keys in the records.  The machine form is never shown to a person as it
is: `typed_form` writes it in the person form.  Everything else in the package uses
``(row, col)`` from 0; the conversions happen here and nowhere else.

Parsers never guess: anything not exactly in the format raises :class:`NotationError` with a
one-line message.  Numbers are ASCII digits only (``٣`` is refused, not read as 3), and every
number and list is checked against its bound (`MAX_SIDE`, `MAX_BLOCKS`, `MAX_TOML_BYTES`) by
its length before it is converted or split.
"""

from __future__ import annotations

import re
import string
import tomllib
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from gridpuzzles.bounds import BoundError, parse_whole
from gridpuzzles.cells import typed_cell, typed_numbers
from gridpuzzles.mondrian.core.errors import NotationError
from gridpuzzles.mondrian.core.game import Game, Position
from gridpuzzles.mondrian.core.grid import (
    MAX_BLOCKS,
    MAX_SIDE,
    STANDARD_BLOCKS,
    STANDARD_BOARD,
    Block,
    Board,
    InvalidPuzzleError,
    Orientation,
    Placement,
    Puzzle,
    check_placements,
    make_puzzle,
    sorted_blocks,
)

_POSITION = re.compile(r"([0-9]+),([0-9]+),([hv])")
_CELL = re.compile(r"([0-9]+),([0-9]+)")
_SIZE = re.compile(r"([0-9]+)x([0-9]+)")
_FIXED = re.compile(r"([^:]*):(.*)")
_LABELS = string.ascii_uppercase + string.ascii_lowercase + string.digits
EMPTY_LABEL = "."
MAX_TOML_BYTES = 64 * 1024
"""The largest puzzle file read: 64 KiB, far more than a game of `MAX_BLOCKS` blocks needs."""
_SHOWN = 40


def quoted(text: str, most: int = _SHOWN) -> str:
    """``text`` quoted for a one-line message, cut after ``most`` characters."""
    if len(text) <= most:
        return repr(text)
    return f"{text[:most]!r}... ({len(text)} characters)"


def parse_number(text: str, what: str, low: int, high: int, why: str = "") -> int:
    """A whole number in ASCII digits from ``low`` to ``high``, e.g. a count on the command
    line (`bounds.parse_whole`); ``why`` explains the bound in the message."""
    try:
        return parse_whole(text, what, low, high, why)
    except BoundError as error:
        raise NotationError(str(error)) from None


def parse_position(text: str, block: Block) -> Placement:
    """The machine form ``X,Y,O`` (column, row from 0, ``h``/``v``) for ``block``, e.g.
    ``4,7,h`` (a person types `parse_typed_position`'s ``8,5,h``).

    X and Y are ASCII digits, at most `MAX_SIDE` - 1 (the last column or row of the largest
    board).
    """
    match = _POSITION.fullmatch(text.strip())
    if match is None:
        raise NotationError(
            f"expected the machine form X,Y,O (column, row from 0, h or v), e.g. 4,7,h, not "
            f"{quoted(text.strip())}"
        )
    most, why = MAX_SIDE - 1, f" (no board has more than {MAX_SIDE} columns or rows)"
    col = parse_number(match[1], "X (the column)", 0, most, why)
    row = parse_number(match[2], "Y (the row)", 0, most, why)
    return Placement(row, col, block, Orientation(match[3]))


def _parse_size(text: str, what: str, side: str) -> tuple[int, int]:
    match = _SIZE.fullmatch(text.strip())
    if match is None:
        raise NotationError(f"expected {what} with positive sides, not {quoted(text)}")
    why = f" (boards are at most {MAX_SIDE}x{MAX_SIDE})"
    return parse_number(match[1], side, 1, MAX_SIDE, why), parse_number(
        match[2], side, 1, MAX_SIDE, why
    )


def parse_block(text: str) -> Block:
    """A block size such as ``2x3`` (``3x2`` is the same block); sides at most `MAX_SIDE`."""
    return Block.of(*_parse_size(text, "a block size such as 2x3", "a block side"))


def parse_blocks(text: str) -> tuple[Block, ...]:
    """Comma-separated block sizes, e.g. ``1x1,1x2,2x3``: at most `MAX_BLOCKS` of them."""
    count = text.count(",") + 1
    if count > MAX_BLOCKS:
        raise NotationError(f"a game has at most {MAX_BLOCKS} blocks, not {count}")
    return tuple(parse_block(part) for part in text.split(","))


def parse_board(text: str) -> Board:
    """A board size ``WxH``: width (columns) then height (rows), each at most `MAX_SIDE`."""
    width, height = _parse_size(
        text, "a board size WxH (columns x rows) such as 8x8", "a board side"
    )
    return Board(height, width)


def parse_fixed(text: str) -> Placement:
    """A placement in the machine form ``SIZE:X,Y,O``, e.g. ``1x3:4,7,h`` (a person types
    `parse_typed_fixed`'s ``1x3:8,5,h``)."""
    match = _FIXED.fullmatch(text.strip())
    if match is None:
        raise NotationError(
            f"expected the machine form SIZE:X,Y,O (column, row from 0), e.g. 1x3:4,7,h, not "
            f"{quoted(text)}"
        )
    return parse_position(match[2], parse_block(match[1]))


def format_position(placement: Placement) -> str:
    """The machine form ``X,Y,O`` of a placement (the inverse of :func:`parse_position`)."""
    return f"{placement.col},{placement.row},{placement.orientation.value}"


def format_fixed(placement: Placement) -> str:
    """The machine form ``SIZE:X,Y,O`` of a placement (the inverse of :func:`parse_fixed`)."""
    return f"{placement.block}:{format_position(placement)}"


# The person form: row first, counted from 1

_TYPED_POSITION = "ROW,COL,O (the row and the column from 1, then h or v), e.g. 8,5,h"
_TYPED_FIXED = "SIZE:ROW,COL,O (the row and the column from 1, then h or v), e.g. 1x3:8,5,h"
_WHY_SIDE = f" (no board has more than {MAX_SIDE} rows or columns)"


def parse_typed_cell(text: str) -> tuple[int, int]:
    """The cell ``(row, col)`` a person names as ``ROW,COL``, counted from 1: ``8,5`` is
    ``(7, 4)``; each number from 1 to `MAX_SIDE`."""
    match = _CELL.fullmatch(text.strip())
    if match is None:
        raise NotationError(
            "expected a cell ROW,COL (the row and the column from 1), e.g. 8,5, not "
            f"{quoted(text.strip())}"
        )
    return typed_cell(
        parse_number(match[1], "the row", 1, MAX_SIDE, _WHY_SIDE),
        parse_number(match[2], "the column", 1, MAX_SIDE, _WHY_SIDE),
    )


def parse_typed_position(text: str, block: Block) -> Placement:
    """``ROW,COL,O`` as a person types it for ``block``: the row and the column of its
    top-left cell counted from 1, each at most `MAX_SIDE`, and ``h`` or ``v`` (``8,5,h`` is
    the machine form's ``4,7,h``)."""
    match = _POSITION.fullmatch(text.strip())
    if match is None:
        raise NotationError(f"expected {_TYPED_POSITION}, not {quoted(text.strip())}")
    row, col = parse_typed_cell(f"{match[1]},{match[2]}")
    return Placement(row, col, block, Orientation(match[3]))


def parse_typed_fixed(text: str) -> Placement:
    """``SIZE:ROW,COL,O`` as a person types it, e.g. ``1x3:8,5,h`` (`parse_typed_position`)."""
    match = _FIXED.fullmatch(text.strip())
    if match is None:
        raise NotationError(f"expected a block as {_TYPED_FIXED}, not {quoted(text)}")
    return parse_typed_position(match[2], parse_block(match[1]))


def typed_position(placement: Placement) -> str:
    """The ``ROW,COL,O`` a person types for a placement (the inverse of
    :func:`parse_typed_position`)."""
    return f"{typed_numbers((placement.row, placement.col))},{placement.orientation.value}"


def typed_fixed(placement: Placement) -> str:
    """The ``SIZE:ROW,COL,O`` a person types for a placement (the inverse of
    :func:`parse_typed_fixed`)."""
    return f"{placement.block}:{typed_position(placement)}"


def typed_form(machine: str) -> str:
    """A text in the machine form as a person reads and types it: each ``X,Y,O``,
    ``SIZE:X,Y,O`` or ``X,Y`` in ``machine`` (a challenge's key, a placement, a move's text)
    row first and counted from 1, and every other word as it is.  ``2,3,h 0,1,v 4,7,h`` is
    ``4,3,h 2,1,v 8,5,h``, the ``--black`` of that challenge; a published code stays itself."""
    return " ".join(map(_typed_word, machine.split(" ")))


def _typed_word(word: str) -> str:
    fixed = _FIXED.fullmatch(word)
    size, place = (f"{fixed[1]}:", fixed[2]) if fixed else ("", word)
    position, cell = _POSITION.fullmatch(place), _CELL.fullmatch(place)
    if position is not None:
        return f"{size}{int(position[2]) + 1},{int(position[1]) + 1},{position[3]}"
    if cell is not None:
        return f"{size}{int(cell[2]) + 1},{int(cell[1]) + 1}"
    return word


_TOML_KEYS = {"board", "blocks", "fixed"}


def parse_puzzle_toml(text: str) -> Puzzle:
    """A puzzle file: ``board = "WxH"``, ``blocks = ["2x3", ...]``, ``fixed = ["1x3:8,5,h"]``,
    the fixed blocks in the person form (`parse_typed_fixed`: a person writes the file).

    ``board`` defaults to 8x8 and ``blocks`` to the eleven blocks of the game; the block list
    includes the fixed blocks.  Texts longer than `MAX_TOML_BYTES` and lists longer than
    `MAX_BLOCKS` are refused before they are read.
    """
    if len(text) > MAX_TOML_BYTES:
        raise NotationError(
            f"a puzzle file has at most {MAX_TOML_BYTES} characters, not {len(text)}"
        )
    table = _toml_table(text)
    unknown = sorted(set(table) - _TOML_KEYS)
    if unknown:
        listed = ", ".join(quoted(key) for key in unknown[:5])
        raise NotationError(
            f"unknown key(s) in puzzle file: {listed}; the keys are board, blocks and fixed"
        )
    board = parse_board(_toml_string(table, "board", str(STANDARD_BOARD)))
    blocks = tuple(map(parse_block, _toml_strings(table, "blocks", map(str, STANDARD_BLOCKS))))
    fixed = tuple(map(parse_typed_fixed, _toml_strings(table, "fixed", ())))
    return make_puzzle(board, blocks, fixed)


def _toml_table(text: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise NotationError(f"not a valid TOML file: {error}") from None
    except ValueError:  # an integer of more digits than Python converts
        raise NotationError("not a valid TOML file: a number is too long") from None
    except RecursionError:
        raise NotationError("not a valid TOML file: arrays or tables nested too deeply") from None


def _toml_string(table: Mapping[str, Any], key: str, default: str) -> str:
    value = table.get(key, default)
    if not isinstance(value, str):
        raise NotationError(f'{key!r} must be a string such as "8x8"')
    return value


def _toml_strings(table: Mapping[str, Any], key: str, default: Iterable[str]) -> list[str]:
    value = table.get(key, list(default))
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise NotationError(f'{key!r} must be a list of strings such as ["1x3:8,5,h"]')
    if len(value) > MAX_BLOCKS:
        raise NotationError(f"{key!r} lists at most {MAX_BLOCKS} blocks, not {len(value)}")
    return value


def block_label(number: int) -> str:
    """The letter naming the ``number``-th block of a board (A-Z, a-z, 0-9, then again)."""
    return _LABELS[number % len(_LABELS)]


def label_grid(board: Board, placements: Sequence[Placement]) -> tuple[tuple[str, ...], ...]:
    """Rows of labels: the letter of the block covering each cell, ``.`` where empty."""
    grid = [[EMPTY_LABEL] * board.width for _ in range(board.height)]
    for number, placement in enumerate(placements):
        for row, col in placement.cells():
            grid[row][col] = block_label(number)
    return tuple(tuple(row) for row in grid)


JsonObject = dict[str, Any]


def placement_to_json(placement: Placement) -> JsonObject:
    """A placement as JSON: block size, top-left ``row``/``col`` and orientation."""
    return {
        "block": str(placement.block),
        "row": placement.row,
        "col": placement.col,
        "orientation": placement.orientation.name.lower(),
        "height": placement.height,
        "width": placement.width,
    }


def solutions_to_json(count: int, solutions: Iterable[Sequence[Placement]] | None) -> JsonObject:
    """``{"count": N, "solutions": [[placement, ...], ...]}``; no solutions key when ``None``."""
    document: JsonObject = {"count": count}
    if solutions is not None:
        document["solutions"] = [[placement_to_json(p) for p in solution] for solution in solutions]
    return document


GAME_KEYS = ("board", "black_blocks", "blocks", "position")
"""The keys of a game's JSON (`game_to_json`)."""


def game_to_json(game: Game) -> JsonObject:
    """A game as JSON, read back by :func:`game_from_json`: the board ``WxH``, the black and
    the coloured blocks (sizes) and the position (`position_to_json`)."""
    return {
        "board": str(game.board),
        "black_blocks": [str(block) for block in game.black_blocks],
        "blocks": [str(block) for block in game.coloured_blocks],
        "position": position_to_json(game.position),
    }


def game_from_json(document: Any) -> tuple[Game, Positions]:
    """The game :func:`game_to_json` wrote, and the reader of its positions (for the other
    positions a game in play keeps with it); `NotationError` for a document not in that form
    and `InvalidPuzzleError` for one whose blocks cannot make the game (they do not fill the
    board, or the position holds blocks the game has not, off the board or overlapping).
    Every list is checked against `MAX_BLOCKS` before it is read."""
    if not isinstance(document, dict) or sorted(document) != sorted(GAME_KEYS):
        raise NotationError(f"a game is a JSON object with the keys {', '.join(GAME_KEYS)}")
    board = parse_board(_json_text(document["board"], "the board"))
    black = sorted_blocks(map(parse_block, _json_texts(document["black_blocks"], "black_blocks")))
    coloured = sorted_blocks(map(parse_block, _json_texts(document["blocks"], "blocks")))
    make_puzzle(board, (*black, *coloured))  # the blocks fill the board
    positions = Positions(board, black, coloured)
    return Game(board, black, coloured, positions.read(document["position"])), positions


def position_to_json(position: Position) -> JsonObject:
    """The blocks on the board: ``black`` and ``placed``, each ``SIZE:X,Y,O`` in the order
    they were put down."""
    return {
        "black": [format_fixed(p) for p in position.black],
        "placed": [format_fixed(p) for p in position.placed],
    }


class Positions:
    """Reads the positions (`position_to_json`) of one game on ``board`` with these ``black``
    and ``coloured`` blocks; each placement text and each position is read and checked once
    (a long history repeats them)."""

    def __init__(self, board: Board, black: tuple[Block, ...], coloured: tuple[Block, ...]):
        self.board, self.black, self.coloured = board, black, coloured
        self._placements: dict[str, tuple[Placement, frozenset[tuple[int, int]]]] = {}
        self._positions: dict[tuple[tuple[str, ...], tuple[str, ...]], Position] = {}

    def read(self, document: Any) -> Position:
        """The position ``document`` holds; `NotationError` or `InvalidPuzzleError` as
        `game_from_json` says."""
        if not isinstance(document, dict) or sorted(document) != ["black", "placed"]:
            raise NotationError("a position is a JSON object with the keys black and placed")
        key = (
            tuple(_json_texts(document["black"], "black")),
            tuple(_json_texts(document["placed"], "placed")),
        )
        if key not in self._positions:
            self._positions[key] = self._checked(*key)
        return self._positions[key]

    def _checked(self, black: tuple[str, ...], placed: tuple[str, ...]) -> Position:
        for text in (*black, *placed):
            if text not in self._placements:
                placement = parse_fixed(text)
                self._placements[text] = placement, placement.cells()
        position = Position(
            *(tuple(self._placements[text][0] for text in texts) for texts in (black, placed))
        )
        for placements, blocks, kind in (
            (position.black, self.black, "black"),
            (position.placed, self.coloured, "coloured"),
        ):
            extra = Counter(p.block for p in placements) - Counter(blocks)
            if extra:
                sizes = ", ".join(map(str, sorted_blocks(extra.elements())))
                raise InvalidPuzzleError(f"the game has no {kind} {sizes} block to put there")
        cells = [self._placements[text][1] for text in (*black, *placed)]
        inside = all(map(self.board.contains, (*position.black, *position.placed)))
        if not inside or len(frozenset().union(*cells)) != sum(map(len, cells)):
            check_placements(self.board, (*position.black, *position.placed))  # says which
        return position


def _json_text(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise NotationError(f"{what} must be a string")
    return value


def _json_texts(value: Any, what: str) -> list[str]:
    """A JSON list of at most `MAX_BLOCKS` strings (``what`` names it in the message)."""
    if not isinstance(value, list) or len(value) > MAX_BLOCKS:
        raise NotationError(f"{what} must be a list of at most {MAX_BLOCKS} strings")
    return [_json_text(item, f"each item of {what}") for item in value]
