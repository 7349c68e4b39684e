"""A game of Mondrian Blocks being played: the player fills the board with the coloured blocks.

Vocabulary:

- the **black blocks** are the challenge: fixed before play (`new_game` from a `Puzzle`), or
  placed by the player when they make their own challenge (`custom_game`, `place_black`);
- the **tray** holds the coloured blocks still to place; **placed** ones are on the board;
- a **placement** (`grid.Placement`) is a block, its top-left cell and its orientation, so
  turning a block is choosing the other orientation (`turned`); a person types it
  ``SIZE:ROW,COL,O`` from 1 (`notation.typed_fixed`, e.g. ``2x3:1,5,h``), and the move log
  keeps the machine form ``SIZE:X,Y,O`` from 0 (`notation.format_fixed`, ``2x3:4,0,h``).

Every action (`place`, `lift`, `turn`, `place_black`, `lift_black`) returns a new `Game`, or
raises `MoveError` with a message in the board's own terms ("the 2x3 block would stick out past
the right edge", "the 2x3 block would cover the 1x4 block at row 2, column 1"); a refused
action changes nothing.  The message keeps the cells it names (`words.Words`): its ``str()``
counts them from 1, row first, and `MoveError.words` says them as a shell asks.  A `Game` is
the board as it stands and nothing else: undo and redo, the count of moves and whether the
player had help belong to the game in play that every shell keeps
(`gridpuzzles.midend.mondrian`), and the core keeps no time.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace

from gridpuzzles.mondrian.core.errors import MondrianError
from gridpuzzles.mondrian.core.grid import (
    BLACK_BLOCKS,
    STANDARD_BLOCKS,
    STANDARD_BOARD,
    Block,
    Board,
    Orientation,
    Placement,
    Puzzle,
    make_puzzle,
    sorted_blocks,
)

# The game's words too:
from gridpuzzles.mondrian.core.grid import block_phrase as block_phrase
from gridpuzzles.mondrian.core.grid import block_words as block_words
from gridpuzzles.mondrian.core.words import Cell as Cell
from gridpuzzles.mondrian.core.words import CellNamer as CellNamer
from gridpuzzles.mondrian.core.words import Words, words
from gridpuzzles.mondrian.core.words import cell_words as cell_words


class MoveError(MondrianError, ValueError):
    """An action the game refuses; the message says why, in the board's own terms (Minesweeper's
    refusals are `gridpuzzles.minesweeper.core.game.MoveError` too)."""


@dataclass(frozen=True)
class Position:
    """The blocks on the board, each tuple in the order they were put down."""

    black: tuple[Placement, ...] = ()
    placed: tuple[Placement, ...] = ()


@dataclass(frozen=True)
class Game:
    """A game's board as it stands: its blocks and those on the board.  Build it with
    `new_game` or `custom_game`; change it with the actions of this module."""

    board: Board
    black_blocks: tuple[Block, ...]
    """Every black block of the challenge, on the board or not (largest first)."""
    coloured_blocks: tuple[Block, ...]
    """Every coloured block of the game (largest first)."""
    position: Position = Position()
    """The blocks on the board now."""

    @property
    def black(self) -> tuple[Placement, ...]:
        """The black blocks on the board."""
        return self.position.black

    @property
    def placed(self) -> tuple[Placement, ...]:
        """The coloured blocks on the board, in the order they were put down."""
        return self.position.placed

    @property
    def tray(self) -> tuple[Block, ...]:
        """The coloured blocks still to place, largest first."""
        return _left(self.coloured_blocks, self.placed)

    @property
    def black_tray(self) -> tuple[Block, ...]:
        """The black blocks not on the board yet (only while making a challenge)."""
        return _left(self.black_blocks, self.black)

    @property
    def solved(self) -> bool:
        """Whether every block is on the board, so that the board is full."""
        return not self.tray and not self.black_tray


def _left(blocks: tuple[Block, ...], placements: Iterable[Placement]) -> tuple[Block, ...]:
    return sorted_blocks((Counter(blocks) - Counter(p.block for p in placements)).elements())


def new_game(puzzle: Puzzle) -> Game:
    """The game of a challenge: its fixed blocks are the black ones, the others go to the tray."""
    return Game(
        puzzle.board,
        sorted_blocks(p.block for p in puzzle.fixed),
        puzzle.free_blocks,
        Position(black=puzzle.fixed),
    )


def custom_game(
    board: Board = STANDARD_BOARD,
    blocks: Iterable[Block] = STANDARD_BLOCKS,
    black_blocks: Iterable[Block] = BLACK_BLOCKS,
) -> Game:
    """An empty board on which the player first places ``black_blocks`` (`place_black`) to
    make their own challenge; ``blocks`` are all the blocks, black ones included.

    Raises `InvalidPuzzleError` when the blocks do not fill the board exactly, and `MoveError`
    when a black block is not among ``blocks``.
    """
    puzzle = make_puzzle(board, blocks)
    black = sorted_blocks(black_blocks)
    missing = Counter(black) - Counter(puzzle.blocks)
    if missing:
        raise MoveError(f"the black {_sizes(missing.elements())} not among the game's blocks")
    coloured = sorted_blocks((Counter(puzzle.blocks) - Counter(black)).elements())
    return Game(board, black, coloured)


def puzzle_of(game: Game) -> Puzzle:
    """The challenge being played: the board, every block and the black ones fixed.

    Raises `MoveError` while black blocks are still off the board.
    """
    if game.black_tray:
        raise MoveError(
            f"place the black blocks first: the black {_sizes(game.black_tray)} "
            "not on the board yet"
        )
    return make_puzzle(game.board, (*game.black_blocks, *game.coloured_blocks), game.black)


# Words


def placement_phrase(placement: Placement, black: bool = False) -> Words:
    """Where and how a block goes: ``the 2x3 block at row 1, column 5, 2 rows high and 3
    columns wide`` (the size alone for a square; ``the black 1x3 block ...`` for a black
    one)."""
    where = block_phrase(placement, black)
    if placement.block.is_square:
        return where
    return words(where, f", {extent_words(placement)}")


def extent_words(placement: Placement) -> str:
    """How a block lies, by the rows and columns it covers: ``2 rows high and 3 columns
    wide``."""
    height, width = count_words(placement.height, "row"), count_words(placement.width, "column")
    return f"{height} high and {width} wide"


def placement_words(placement: Placement, name_cell: CellNamer = cell_words) -> str:
    """`placement_phrase` said, its cell by ``name_cell`` (the core's words by default)."""
    return placement_phrase(placement).say(name_cell)


def count_words(number: int, noun: str) -> str:
    """``1 row``, ``3 rows``: a number of things in words."""
    return f"{number} {noun}{'' if number == 1 else 's'}"


def _sizes(blocks: Iterable[Block]) -> str:
    """``1x2 is`` or ``1x2 and 1x3 are``: sizes for a sentence."""
    names = [str(block) for block in blocks]
    listed = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    return f"{listed} {'is' if len(names) == 1 else 'are'}"


# Looking at the board


def turned(placement: Placement) -> Placement:
    """The same block at the same top-left cell, in the other orientation (a square is
    unchanged)."""
    other = (
        Orientation.VERTICAL
        if placement.orientation is Orientation.HORIZONTAL
        else Orientation.HORIZONTAL
    )
    return replace(placement, orientation=other)


def block_at(game: Game, cell: Cell) -> Placement | None:
    """The block covering ``cell`` (black or coloured), or None."""
    return next((p for p in (*game.black, *game.placed) if cell in p.cells()), None)


def why_not(
    game: Game, placement: Placement, black: bool = False, name_cell: CellNamer = cell_words
) -> str | None:
    """Why ``placement`` cannot be put down now (a coloured block, or a black one when
    ``black``), its cells said by ``name_cell``, or None when it can: what the shells show while
    a block is dragged."""
    try:
        _check(game, placement, black)
    except MoveError as error:
        return error.words(name_cell)
    return None


def _check(game: Game, placement: Placement, black: bool) -> None:
    """Raise `MoveError` unless ``placement`` can be put down now."""
    _check_in_tray(game, placement.block, black)
    _check_inside(game.board, placement)
    for other in game.black:
        if other.cells() & placement.cells():
            raise MoveError(
                words(f"the {placement.block} block would cover ", block_phrase(other, black=True))
            )
    for other in game.placed:
        if other.cells() & placement.cells():
            raise MoveError(words(f"the {placement.block} block would cover ", block_phrase(other)))


def _check_in_tray(game: Game, block: Block, black: bool) -> None:
    tray, on_board = (game.black_tray, game.black) if black else (game.tray, game.placed)
    if block in tray:
        return
    if black and block in game.coloured_blocks:
        raise MoveError(f"the {block} block is not black: it is placed as a coloured block")
    if not black and block in game.black_blocks:
        raise MoveError(
            f"the {block} block is black: it belongs to the challenge (edit the "
            "challenge to move it)"
        )
    there = [p for p in on_board if p.block == block]
    if there:
        raise MoveError(
            words(
                "that block is already on the board: ",
                block_phrase(there[-1], black),
                "; lift it first",
            )
        )
    listed = ", ".join(map(str, tray)) if tray else "nothing"
    raise MoveError(f"no {block} block in the {'black ' if black else ''}tray (it holds {listed})")


def _check_inside(board: Board, placement: Placement) -> None:
    row, col = placement.row, placement.col
    if not (0 <= row < board.height and 0 <= col < board.width):
        rows, columns = count_words(board.height, "row"), count_words(board.width, "column")
        raise MoveError(words((row, col), f" is off the board, which has {rows} and {columns}"))
    edges = [
        name
        for name, out in (
            ("right", col + placement.width > board.width),
            ("bottom", row + placement.height > board.height),
        )
        if out
    ]
    if edges:
        sides = " and ".join(edges)
        raise MoveError(
            f"the {placement.block} block would stick out past the {sides} "
            f"edge{'s' if len(edges) > 1 else ''}"
        )


# Actions


def _moved(game: Game, position: Position) -> Game:
    """``game`` after an action that led to ``position``."""
    return replace(game, position=position)


def place(game: Game, placement: Placement) -> Game:
    """Put a coloured block from the tray on the board at ``placement``."""
    _check(game, placement, black=False)
    return _moved(game, replace(game.position, placed=(*game.placed, placement)))


def _find(game: Game, at: Cell | Block, black: bool) -> Placement:
    """The block to lift: the one covering cell ``at``, or the last one of size ``at`` put
    down; `MoveError` when there is none of the kind asked for."""
    mine = game.black if black else game.placed
    if isinstance(at, Block):
        found = [p for p in mine if p.block == at]
        if not found:
            raise MoveError(f"no {at} {'black ' if black else ''}block on the board")
        return found[-1]
    covering = block_at(game, at)
    if covering is None:
        raise MoveError(words("no block at ", at))
    if covering not in mine:
        if black:
            raise MoveError(words(block_phrase(covering), " is coloured, not a black block"))
        raise MoveError(
            words(
                block_phrase(covering, black=True),
                " is part of the challenge: edit the challenge to move it",
            )
        )
    return covering


def _without(placements: tuple[Placement, ...], gone: Placement) -> tuple[Placement, ...]:
    """``placements`` less the last occurrence of ``gone``."""
    index = len(placements) - 1 - placements[::-1].index(gone)
    return placements[:index] + placements[index + 1 :]


def lift(game: Game, at: Cell | Block) -> Game:
    """Take a coloured block back to the tray: the one covering cell ``at``, or the last one
    of size ``at`` that was put down."""
    gone = _find(game, at, black=False)
    return _moved(game, replace(game.position, placed=_without(game.placed, gone)))


def turn(game: Game, at: Cell | Block) -> Game:
    """Turn a coloured block on the board about its top-left cell (one action); refused, with
    the reason, when the turned block would not fit there."""
    old = _find(game, at, black=False)
    if old.block.is_square:
        raise MoveError(f"the {old.block} block is square: turning it changes nothing")
    lifted = replace(game.position, placed=_without(game.placed, old))
    new = turned(old)
    _check(replace(game, position=lifted), new, black=False)
    return _moved(game, replace(lifted, placed=(*lifted.placed, new)))


def place_black(game: Game, placement: Placement) -> Game:
    """Editing the challenge: put a black block on the board, with the same checks as a
    coloured one."""
    _check(game, placement, black=True)
    return _moved(game, replace(game.position, black=(*game.black, placement)))


def lift_black(game: Game, at: Cell | Block) -> Game:
    """Editing the challenge: take a black block off the board (to place it elsewhere)."""
    gone = _find(game, at, black=True)
    return _moved(game, replace(game.position, black=_without(game.black, gone)))
