"""The rules of Mondrian Blocks as immutable values: blocks, placements, puzzles and their checks.

Coordinates are ``(row, col)``, 0-based from the top-left corner.  A block is a rectangle
``short x long``; placed ``HORIZONTAL`` it spans ``long`` columns, ``VERTICAL`` it spans
``long`` rows.  A square block has one orientation, ``HORIZONTAL``.

Sizes are bounded, so that every game made here can be worked on: boards and blocks have
sides of at most `MAX_SIDE` and a game at most `MAX_BLOCKS` blocks.  Larger ones are refused
when they are made, before anything is built from them.
"""

from __future__ import annotations

import enum
import itertools
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TypeVar

from gridpuzzles.mondrian.core.errors import MondrianError
from gridpuzzles.mondrian.core.words import CellNamer, Words, cell_words, words

_Item = TypeVar("_Item")


class InvalidPuzzleError(MondrianError, ValueError):
    """A puzzle whose board, fixed blocks or block set cannot make a game (a block or a
    board of sides out of bounds too)."""


MAX_SIDE = 12
"""The longest side of a board or a block: a board is at most 12x12."""
MAX_BLOCKS = MAX_SIDE * MAX_SIDE
"""The most blocks in a game (fixed ones included): one per cell of the largest board."""


class Orientation(enum.Enum):
    """How a block lies on the board."""

    HORIZONTAL = "h"
    VERTICAL = "v"


@dataclass(frozen=True, order=True)
class Block:
    """A rectangular block of ``short x long`` cells (``short <= long``)."""

    short: int
    long: int

    def __post_init__(self) -> None:
        if not 1 <= self.short <= self.long:
            raise InvalidPuzzleError(f"a block needs 1 <= short side <= long side, not {self}")
        if self.long > MAX_SIDE:
            raise InvalidPuzzleError(
                f"a block side is at most {MAX_SIDE}, the longest side of a board, not {self}"
            )

    @classmethod
    def of(cls, first: int, second: int) -> Block:
        """The block with sides ``first`` and ``second`` in either order."""
        if first < 1 or second < 1:
            raise InvalidPuzzleError(f"block sides must be positive, not {first}x{second}")
        return cls(min(first, second), max(first, second))

    @property
    def area(self) -> int:
        return self.short * self.long

    @property
    def is_square(self) -> bool:
        return self.short == self.long

    def orientations(self) -> tuple[Orientation, ...]:
        """The distinct ways to lay the block: one for a square, two otherwise."""
        if self.is_square:
            return (Orientation.HORIZONTAL,)
        return (Orientation.HORIZONTAL, Orientation.VERTICAL)

    def extent(self, orientation: Orientation) -> tuple[int, int]:
        """``(height, width)`` of the block laid in ``orientation``."""
        if orientation is Orientation.HORIZONTAL:
            return self.short, self.long
        return self.long, self.short

    def __str__(self) -> str:
        return f"{self.short}x{self.long}"


@dataclass(frozen=True)
class Placement:
    """A block at a top-left cell ``(row, col)`` in an orientation."""

    row: int
    col: int
    block: Block
    orientation: Orientation = Orientation.HORIZONTAL

    def __post_init__(self) -> None:
        if self.block.is_square and self.orientation is not Orientation.HORIZONTAL:
            object.__setattr__(self, "orientation", Orientation.HORIZONTAL)

    @property
    def height(self) -> int:
        return self.block.extent(self.orientation)[0]

    @property
    def width(self) -> int:
        return self.block.extent(self.orientation)[1]

    def cells(self) -> frozenset[tuple[int, int]]:
        """Every ``(row, col)`` the block covers."""
        return frozenset(
            (self.row + dr, self.col + dc) for dr in range(self.height) for dc in range(self.width)
        )

    def sort_key(self) -> tuple[int, int, int, int, str]:
        """Order of placements: by top-left cell, then block and orientation."""
        return (self.row, self.col, self.block.short, self.block.long, self.orientation.value)

    def __str__(self) -> str:
        return f"{self.block} at (row {self.row}, col {self.col}) {self.orientation.name.lower()}"


@dataclass(frozen=True)
class Board:
    """A rectangular board of ``height`` rows and ``width`` columns."""

    height: int
    width: int

    def __post_init__(self) -> None:
        if not (1 <= self.height <= MAX_SIDE and 1 <= self.width <= MAX_SIDE):
            raise InvalidPuzzleError(
                f"a board has 1 to {MAX_SIDE} columns and 1 to {MAX_SIDE} rows, not {self}"
            )

    @property
    def area(self) -> int:
        return self.height * self.width

    def contains(self, placement: Placement) -> bool:
        return (
            placement.row >= 0
            and placement.col >= 0
            and placement.row + placement.height <= self.height
            and placement.col + placement.width <= self.width
        )

    def placements(self, block: Block) -> tuple[Placement, ...]:
        """Every placement of ``block`` inside the board, in row-major order of top-left cell."""
        return tuple(
            Placement(row, col, block, orientation)
            for orientation in block.orientations()
            for row in range(self.height - block.extent(orientation)[0] + 1)
            for col in range(self.width - block.extent(orientation)[1] + 1)
        )

    def __str__(self) -> str:
        return f"{self.width}x{self.height}"


def sort_placements(placements: Iterable[Placement]) -> tuple[Placement, ...]:
    """Placements in canonical order (row-major by top-left cell)."""
    return tuple(sorted(placements, key=Placement.sort_key))


def sorted_blocks(blocks: Iterable[Block]) -> tuple[Block, ...]:
    """A block multiset in canonical order, largest area first."""
    return tuple(sorted(blocks, key=lambda block: (-block.area, block)))


@dataclass(frozen=True)
class Puzzle:
    """A board, every block of the game, and the placements of the blocks fixed in advance.

    Build it with :func:`make_puzzle`, which checks it; the free blocks are the ones left to
    place.
    """

    board: Board
    blocks: tuple[Block, ...]
    fixed: tuple[Placement, ...]

    @property
    def free_blocks(self) -> tuple[Block, ...]:
        """The blocks still to place (all blocks minus the fixed ones), largest first."""
        remaining = Counter(self.blocks) - Counter(p.block for p in self.fixed)
        return sorted_blocks(remaining.elements())

    def fixed_cells(self) -> frozenset[tuple[int, int]]:
        return frozenset(cell for placement in self.fixed for cell in placement.cells())


def make_puzzle(board: Board, blocks: Iterable[Block], fixed: Iterable[Placement] = ()) -> Puzzle:
    """A checked puzzle; raises :class:`InvalidPuzzleError` saying what is wrong.

    At most `MAX_BLOCKS` blocks are read from ``blocks`` and ``fixed``: more are refused.
    """
    puzzle = Puzzle(board, sorted_blocks(_at_most(blocks)), sort_placements(_at_most(fixed)))
    _check_fixed(puzzle)
    _check_area(puzzle)
    return puzzle


def _at_most(items: Iterable[_Item]) -> tuple[_Item, ...]:
    """The first `MAX_BLOCKS` items; `InvalidPuzzleError` when there are more."""
    kept = tuple(itertools.islice(items, MAX_BLOCKS + 1))
    if len(kept) > MAX_BLOCKS:
        raise InvalidPuzzleError(
            f"a game has at most {MAX_BLOCKS} blocks (one per cell of a "
            f"{MAX_SIDE}x{MAX_SIDE} board), not more"
        )
    return kept


def block_phrase(placement: Placement, black: bool = False) -> Words:
    """A block on the board by its size and top-left cell: ``the 1x4 block at row 2, column 1``
    (``the black 1x2 block ...`` for a black one)."""
    colour = "black " if black else ""
    return words(f"the {colour}{placement.block} block at ", (placement.row, placement.col))


def block_words(
    placement: Placement, black: bool = False, name_cell: CellNamer = cell_words
) -> str:
    """`block_phrase` said, its cell by ``name_cell`` (the core's words by default)."""
    return block_phrase(placement, black).say(name_cell)


def check_placements(board: Board, placements: Iterable[Placement]) -> None:
    """Raise :class:`InvalidPuzzleError` if a placement leaves the board or two overlap; the
    message names the blocks as the player does, counting from 1."""
    earlier: list[Placement] = []
    for placement in placements:
        laid = "" if placement.block.is_square else f", {placement.orientation.name.lower()},"
        if not board.contains(placement):
            raise InvalidPuzzleError(
                words(block_phrase(placement), f"{laid} leaves the {board} board")
            )
        cells = placement.cells()
        for other in earlier:
            if cells & other.cells():
                raise InvalidPuzzleError(
                    words(
                        block_phrase(placement),
                        f"{laid} overlaps another block, ",
                        block_phrase(other),
                    )
                )
        earlier.append(placement)


def _check_fixed(puzzle: Puzzle) -> None:
    available = Counter(puzzle.blocks)
    for placement in puzzle.fixed:
        if available[placement.block] == 0:
            raise InvalidPuzzleError(
                f"fixed block {placement.block} is not in the block set (or used too often)"
            )
        available[placement.block] -= 1
    check_placements(puzzle.board, puzzle.fixed)


def _check_area(puzzle: Puzzle) -> None:
    total = sum(block.area for block in puzzle.blocks)
    if total != puzzle.board.area:
        free_cells = puzzle.board.area - len(puzzle.fixed_cells())
        free_area = sum(block.area for block in puzzle.free_blocks)
        raise InvalidPuzzleError(
            f"the free blocks cover {free_area} cells but {free_cells} cells are free"
        )


STANDARD_BOARD = Board(8, 8)
BLACK_BLOCKS = (Block(1, 1), Block(1, 2), Block(1, 3))
COLOURED_BLOCKS = sorted_blocks(
    Block.of(*sides) for sides in ((1, 4), (1, 5), (2, 2), (2, 3), (2, 4), (2, 5), (3, 3), (3, 4))
)
STANDARD_BLOCKS = sorted_blocks((*BLACK_BLOCKS, *COLOURED_BLOCKS))


def challenge(black: Iterable[Placement]) -> Puzzle:
    """The standard 8x8 game with the three black blocks fixed at ``black``."""
    placements = tuple(black)
    if sorted(p.block for p in placements) != sorted(BLACK_BLOCKS):
        sizes = ", ".join(str(p.block) for p in placements) or "none"
        raise InvalidPuzzleError(f"a challenge fixes the black 1x1, 1x2 and 1x3, not {sizes}")
    return make_puzzle(STANDARD_BOARD, STANDARD_BLOCKS, placements)
