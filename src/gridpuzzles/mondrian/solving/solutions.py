"""Find, count and check the solutions of a Mondrian Blocks puzzle.

The search works on bitboards (Python ints).  The board is laid out row by row with a
stride wider than the board; the padding and extra rows above and below are "wall" bits,
always occupied, so a block that would leave the board simply overlaps the wall.

At each step the search looks at the *corner cells*: empty cells whose neighbour above (or
below) and neighbour to the left (or right) are occupied.  A block covering such a cell must
have that cell as one of its corners, so each remaining block has at most two placements
there (one per orientation).  The search branches on the corner with the fewest blocks that
fit -- none means a dead end, one is a forced move.  Whether a block fits at a corner only
depends on the occupied cells in the square window of the largest block side around it, so
the fitting blocks are looked up in a per-window cache.  Positions (occupied cells, blocks
left) known to lead nowhere are remembered during one search, and counting memoises the
number of completions of every position.  Blocks of the same size are one kind with a count,
so interchangeable blocks never multiply the solutions.

Every search is bounded: past `MAX_POSITIONS` positions visited (or remembered, when
counting) it raises :class:`SearchLimitError` instead of going on, so that no game, however
many ways its blocks can be laid, takes more than about a minute or 600 MB.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from gridpuzzles.bounds import LimitError
from gridpuzzles.mondrian.core.errors import MondrianError
from gridpuzzles.mondrian.core.grid import (
    Block,
    Board,
    Orientation,
    Placement,
    Puzzle,
    sort_placements,
)

Solution = tuple[Placement, ...]
"""Every block of a solved puzzle (fixed ones included), in row-major order of top-left cell."""

Move = tuple[int, int, int]
"""A step of the search: (cells of the block, blocks left afterwards, shape index)."""

_CORNERS = 4  # top-left, top-right, bottom-left, bottom-right

MAX_POSITIONS = 1_500_000
"""The most positions one search visits, or remembers when counting.

The largest search of the 8x8 game, counting the 1,977,968 solutions of the whole game with
nothing fixed, remembers 1,184,656 positions (about 15 s and 270 MB); a published challenge
needs a few hundred.  A search stopped at the bound has used half a minute to a minute and
at most about 600 MB (on a 12x12 board, whose positions take the most memory).
"""


class SearchLimitError(LimitError, MondrianError):
    """A search that went past its bound on positions: the game is too big to search."""

    def __init__(self, max_positions: int) -> None:
        self.max_positions = max_positions
        super().__init__(
            f"this game is too big to search: the search went past {max_positions:,} "
            "positions, its bound (fix more blocks in place, or use fewer and larger blocks)"
        )

    def __reduce__(self) -> tuple[type[SearchLimitError], tuple[int]]:
        """Pickled as its bound, not its message (a solver worker sends its errors back so)."""
        return type(self), (self.max_positions,)


@dataclass(frozen=True)
class _Shape:
    """One orientation of one kind of free block."""

    kind: int
    block: Block
    orientation: Orientation
    height: int
    width: int


class _Geometry:
    """Bit layout and lookup tables for one board and one set of free block kinds."""

    def __init__(self, board: Board, kinds: tuple[Block, ...], counts: tuple[int, ...]) -> None:
        self.board = board
        self.shapes = tuple(
            _Shape(kind, block, orientation, *block.extent(orientation))
            for kind, block in enumerate(kinds)
            for orientation in block.orientations()
        )
        side = max((block.long for block in kinds), default=1)
        self.stride = board.width + side - 1
        self.top_rows = side
        self.board_bits = sum(
            ((1 << board.width) - 1) << self.index(row, 0) for row in range(board.height)
        )
        all_bits = (1 << ((board.height + 2 * side) * self.stride)) - 1
        self.walls = all_bits & ~self.board_bits
        self.window = sum(((1 << side) - 1) << (row * self.stride) for row in range(side))
        last = side - 1
        self.offsets = (0, last, last * self.stride, last * self.stride + last)
        self.relative = tuple(
            tuple(self._relative_shape(corner, shape, side) for shape in self.shapes)
            for corner in range(_CORNERS)
        )
        widths = (count.bit_length() for count in counts)
        self.field_offsets = tuple(itertools.accumulate(widths, initial=0))
        self.units = tuple(1 << self.field_offsets[shape.kind] for shape in self.shapes)
        self.full_set = sum(count << self.field_offsets[kind] for kind, count in enumerate(counts))
        self.fit_cache: tuple[dict[int, int], ...] = tuple({} for _ in range(_CORNERS))
        self.available_cache: dict[int, int] = {}

    def index(self, row: int, col: int) -> int:
        """The bit of cell ``(row, col)``."""
        return (row + self.top_rows) * self.stride + col

    def cell(self, bit_index: int) -> tuple[int, int]:
        """The ``(row, col)`` of a bit index."""
        row, col = divmod(bit_index, self.stride)
        return row - self.top_rows, col

    def mask(self, placement: Placement) -> int:
        row_bits = (1 << placement.width) - 1
        return sum(
            row_bits << self.index(placement.row + dr, placement.col)
            for dr in range(placement.height)
        )

    def _relative_shape(self, corner: int, shape: _Shape, side: int) -> int:
        top = 0 if corner < 2 else side - shape.height
        left = 0 if corner % 2 == 0 else side - shape.width
        row_bits = (1 << shape.width) - 1
        return sum(row_bits << ((top + dr) * self.stride + left) for dr in range(shape.height))

    def fitting(self, corner: int, window: int) -> int:
        """Bit set of the shapes that fit at a corner whose window has ``window`` occupied."""
        fits = 0
        for number, shape_bits in enumerate(self.relative[corner]):
            if not shape_bits & window:
                fits |= 1 << number
        self.fit_cache[corner][window] = fits
        return fits

    def available(self, remaining: int) -> int:
        """Bit set of the shapes whose kind has a block left in ``remaining``."""
        shapes = 0
        for number, shape in enumerate(self.shapes):
            offset = self.field_offsets[shape.kind]
            width = self.field_offsets[shape.kind + 1] - offset
            if (remaining >> offset) & ((1 << width) - 1):
                shapes |= 1 << number
        self.available_cache[remaining] = shapes
        return shapes

    def placement(self, shape_number: int, mask: int) -> Placement:
        shape = self.shapes[shape_number]
        row, col = self.cell((mask & -mask).bit_length() - 1)
        return Placement(row, col, shape.block, shape.orientation)


@functools.lru_cache(maxsize=16)
def _geometry(board: Board, free_blocks: tuple[Block, ...]) -> _Geometry:
    counts = Counter(free_blocks)
    kinds = tuple(sorted(counts, key=lambda block: (-block.area, block)))
    return _Geometry(board, kinds, tuple(counts[kind] for kind in kinds))


def _mover(geometry: _Geometry) -> Callable[[int, int], list[Move]]:
    """The function giving the moves at the most constrained corner of a position."""
    stride = geometry.stride
    board_bits = geometry.board_bits
    window = geometry.window
    units = geometry.units
    corner_tables = tuple(
        (corner, geometry.offsets[corner], geometry.fit_cache[corner], geometry.relative[corner])
        for corner in range(_CORNERS)
    )
    available_cache = geometry.available_cache
    fitting = geometry.fitting
    available = geometry.available

    def moves(occupied: int, remaining: int) -> list[Move]:
        empty = ~occupied & board_bits
        above, below = occupied << stride, occupied >> stride
        left, right = occupied << 1, occupied >> 1
        corner_cells = (
            empty & above & left,
            empty & above & right,
            empty & below & left,
            empty & below & right,
        )
        shapes_left = available_cache.get(remaining)
        if shapes_left is None:
            shapes_left = available(remaining)
        best_count = 1 << 30
        best = (0, 0, 0)
        for corner, offset, cache, _ in corner_tables:
            cells = corner_cells[corner]
            while cells:
                lowest = cells & -cells
                cells ^= lowest
                bit_index = lowest.bit_length() - 1
                seen = (occupied >> (bit_index - offset)) & window
                fits = cache.get(seen)
                if fits is None:
                    fits = fitting(corner, seen)
                fits &= shapes_left
                count = fits.bit_count()
                if count < best_count:
                    if count == 0:
                        return []
                    best_count, best = count, (corner, bit_index - offset, fits)
            if best_count == 1:
                break
        corner, shift, fits = best
        relative = corner_tables[corner][3]
        found: list[Move] = []
        while fits:
            lowest = fits & -fits
            fits ^= lowest
            number = lowest.bit_length() - 1
            found.append((relative[number] << shift, remaining - units[number], number))
        return found

    return moves


@dataclass(frozen=True)
class _Start:
    geometry: _Geometry
    occupied: int
    remaining: int


def _start(puzzle: Puzzle) -> _Start:
    geometry = _geometry(puzzle.board, puzzle.free_blocks)
    occupied = geometry.walls
    for placement in puzzle.fixed:
        occupied |= geometry.mask(placement)
    return _Start(geometry, occupied, geometry.full_set)


def _search(start: _Start, max_positions: int) -> Iterator[list[tuple[int, int]]]:
    """Every solution as (shape index, cells) pairs, depth first, without recursion.

    Raises :class:`SearchLimitError` on visiting more than ``max_positions`` positions.
    """
    if start.remaining == 0:
        yield []
        return
    moves_at = _mover(start.geometry)
    dead: set[tuple[int, int]] = set()
    path: list[tuple[int, int]] = []
    found = visited = 0
    frames = [(start.occupied, start.remaining, iter(moves_at(start.occupied, start.remaining)), 0)]
    while frames:
        occupied, remaining, moves, found_before = frames[-1]
        for cells, left, number in moves:
            after = occupied | cells
            if left == 0:
                found += 1
                yield [*path, (number, cells)]
                continue
            if (after, left) in dead:
                continue
            visited += 1
            if visited > max_positions:
                raise SearchLimitError(max_positions)
            next_moves = moves_at(after, left)
            if not next_moves:
                dead.add((after, left))
                continue
            path.append((number, cells))
            frames.append((after, left, iter(next_moves), found))
            break
        else:
            frames.pop()
            if found == found_before:
                dead.add((occupied, remaining))
            if frames:
                path.pop()


def solutions(puzzle: Puzzle, max_positions: int = MAX_POSITIONS) -> Iterator[Solution]:
    """Every solution of ``puzzle``, lazily; same-size blocks are interchangeable.

    Raises :class:`SearchLimitError` once the search has visited more than ``max_positions``
    positions.
    """
    start = _start(puzzle)
    placement = start.geometry.placement
    for steps in _search(start, max_positions):
        yield sort_placements(
            itertools.chain(puzzle.fixed, (placement(number, cells) for number, cells in steps))
        )


def first_solution(puzzle: Puzzle, max_positions: int = MAX_POSITIONS) -> Solution | None:
    """A solution of ``puzzle``, or ``None`` when it has none."""
    return next(solutions(puzzle, max_positions), None)


def count_up_to(puzzle: Puzzle, limit: int, max_positions: int = MAX_POSITIONS) -> int:
    """The number of solutions, stopping the search once ``limit`` are found."""
    return sum(1 for _ in itertools.islice(_search(_start(puzzle), max_positions), limit))


def is_unique(puzzle: Puzzle) -> bool:
    """Whether ``puzzle`` has exactly one solution (the search stops at the second)."""
    return count_up_to(puzzle, 2) == 1


def count_solutions(puzzle: Puzzle, max_positions: int = MAX_POSITIONS) -> int:
    """The number of solutions, without building them (memoised on position).

    Raises :class:`SearchLimitError` rather than remember more than ``max_positions``
    positions.
    """
    start = _start(puzzle)
    if start.remaining == 0:
        return 1
    moves_at = _mover(start.geometry)
    memo: dict[tuple[int, int], int] = {}

    def completions(occupied: int, remaining: int) -> int:
        total = 0
        for cells, left, _ in moves_at(occupied, remaining):
            after = occupied | cells
            if left == 0:
                total += 1
                continue
            known = memo.get((after, left))
            if known is None:
                if len(memo) >= max_positions:
                    raise SearchLimitError(max_positions)
                known = memo[(after, left)] = completions(after, left)
            total += known
        return total

    return completions(start.occupied, start.remaining)


@dataclass(frozen=True)
class SearchEffort:
    """How much work the search does on a puzzle: a measure of difficulty."""

    positions: int
    """Positions the search visits (without remembering dead ends)."""
    forced: int
    """Positions where exactly one block fits at the most constrained corner."""
    choices: int
    """Positions where several blocks fit at the most constrained corner."""
    dead_ends: int
    """Positions where some corner has no fitting block."""


def search_effort(puzzle: Puzzle, max_positions: int = MAX_POSITIONS) -> SearchEffort:
    """Walk the whole search tree of ``puzzle`` once and tally what it meets.

    Raises :class:`SearchLimitError` on meeting more than ``max_positions`` positions.
    """
    start = _start(puzzle)
    moves_at = _mover(start.geometry)
    tally = Counter[str]()
    stack = [(start.occupied, start.remaining)]
    while stack:
        occupied, remaining = stack.pop()
        tally["positions"] += 1
        if tally["positions"] > max_positions:
            raise SearchLimitError(max_positions)
        if remaining == 0:
            continue
        moves = moves_at(occupied, remaining)
        kind = "dead_ends" if not moves else "forced" if len(moves) == 1 else "choices"
        tally[kind] += 1
        stack.extend((occupied | cells, left) for cells, left, _ in moves)
    return SearchEffort(tally["positions"], tally["forced"], tally["choices"], tally["dead_ends"])
