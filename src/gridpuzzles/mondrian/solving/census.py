"""The census: for every placement of the black blocks, how many solutions it leaves.

Every tiling of the board by *all* the blocks (black ones included) is a solution of exactly
one challenge, the one fixing its black blocks where they lie.  So the census counts the
tilings of the board grouped by where the black blocks are, in one pass for all 583,864
challenges.

Tilings are built by always covering the first empty cell in row-major order (the block
covering it has it as top-left corner).  A *position* is the set of occupied cells with the
blocks left.  The search is split at a cut cell: a forward pass runs from the empty board to
every position whose first empty cell is at or past the cut, carrying, per position, how many
ways lead there for each placement of the black blocks already laid.  A memoised backward
pass gives, for each such position, the number of completions for each placement of the
black blocks still to lay.  Multiplying both sides position by position and adding up gives
the count of every challenge.  A black placement is a number (the sum of one code per black
block), so joining the two halves is an addition.

The census is bounded twice.  Before any work, the placements of the black blocks it would
go through (the product of each black block's placements on the board, overlapping ones
included) must be at most `MAX_CENSUS_PLACEMENTS`.  During the work, the counts it keeps
(one per position and black placement) and combines must stay within `MAX_CENSUS_COUNTS`;
past it the census stops with :class:`CensusLimitError`.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field

from gridpuzzles.bounds import LimitError
from gridpuzzles.mondrian.core.errors import MondrianError
from gridpuzzles.mondrian.core.grid import (
    BLACK_BLOCKS,
    STANDARD_BLOCKS,
    STANDARD_BOARD,
    Block,
    Board,
    InvalidPuzzleError,
    Placement,
)

Progress = Callable[[float], None]
"""Told the fraction of the census done, from 0 to 1."""

_CUT_FRACTION = 3 / 8  # where the forward and backward passes meet; balances their work

MAX_CENSUS_PLACEMENTS = 1_000_000
"""The most placements of the black blocks a census goes through: the product of each black
block's placements on the board.  The 8x8 game has 64 x 112 x 96 = 688,128."""

MAX_CENSUS_COUNTS = 6_000_000
"""The most counts a census keeps or combines (one per position and black placement).

The census of the 8x8 game keeps and combines 5,224,993 of them (about 550 MB); a census
stopped at the bound has used at most about 600 MB and half a minute."""


class CensusLimitError(LimitError, MondrianError):
    """A census bigger than its bounds: refused before the work, or stopped during it."""


@dataclass(frozen=True)
class Census:
    """Solution counts of every placement of the ``marked`` (black) blocks on ``board``."""

    board: Board
    marked: tuple[Block, ...]
    placements: int
    """How many non-overlapping placements of the marked blocks there are."""
    counts_by_code: Mapping[int, int] = field(repr=False)
    """Solution count of each placement with at least one, keyed by placement code."""

    def histogram(self) -> dict[int, int]:
        """How many placements have 0, 1, 2, ... solutions (only counts that occur)."""
        histogram = Counter(self.counts_by_code.values())
        unsolvable = self.placements - len(self.counts_by_code)
        if unsolvable:
            histogram[0] = unsolvable
        return dict(sorted(histogram.items()))

    @property
    def tilings(self) -> int:
        """All solutions of all placements: the tilings of the board by every block."""
        return sum(self.counts_by_code.values())

    def items(self) -> Iterator[tuple[tuple[Placement, ...], int]]:
        """Each placement with at least one solution and its count."""
        codes = _Codes(self.board, self.marked)
        for code, count in self.counts_by_code.items():
            yield codes.decode(code), count


class _Codes:
    """Numbers for placements of the marked blocks: block i at its k-th placement adds k*base_i."""

    def __init__(self, board: Board, marked: tuple[Block, ...]) -> None:
        self.options = tuple(board.placements(block) for block in marked)
        self.index = tuple({p: k for k, p in enumerate(options)} for options in self.options)
        bases = [1]
        for options in self.options[:-1]:
            bases.append(bases[-1] * len(options))
        self.bases = tuple(bases)

    def code(self, which: int, placement: Placement) -> int:
        return self.index[which][placement] * self.bases[which]

    def decode(self, code: int) -> tuple[Placement, ...]:
        found = []
        for options in self.options:
            code, k = divmod(code, len(options))
            found.append(options[k])
        return tuple(found)


def _check(board: Board, blocks: tuple[Block, ...], marked: tuple[Block, ...]) -> None:
    if len(set(marked)) != len(marked):
        raise InvalidPuzzleError("the census needs marked blocks of different sizes")
    counts = Counter(blocks)
    if any(counts[block] != 1 for block in marked):
        raise InvalidPuzzleError("each marked block must appear exactly once in the block set")
    if sum(block.area for block in blocks) != board.area:
        raise InvalidPuzzleError(f"the blocks do not cover the {board} board exactly")
    planned = planned_placements(board, marked)
    if planned > MAX_CENSUS_PLACEMENTS:
        raise CensusLimitError(
            f"the census would go through {planned:,} placements of the marked blocks on the "
            f"{board} board; the bound is {MAX_CENSUS_PLACEMENTS:,} (mark fewer or larger blocks)"
        )


def planned_placements(board: Board, marked: tuple[Block, ...]) -> int:
    """The product of each marked block's placements on ``board``, overlapping ones included."""
    return math.prod(len(board.placements(block)) for block in marked)


def count_placements(board: Board, blocks: tuple[Block, ...]) -> int:
    """The number of ways to place ``blocks`` on ``board`` without overlap."""
    masks = [[_mask(board, p) for p in board.placements(block)] for block in blocks]

    def ways(which: int, occupied: int) -> int:
        if which == len(masks) - 1:
            return sum(1 for mask in masks[which] if not mask & occupied)
        return sum(ways(which + 1, occupied | m) for m in masks[which] if not m & occupied)

    return ways(0, 0) if masks else 1


def _mask(board: Board, placement: Placement) -> int:
    row_bits = (1 << placement.width) - 1
    return sum(
        row_bits << ((placement.row + dr) * board.width + placement.col)
        for dr in range(placement.height)
    )


Step = tuple[int, int, int]
"""Laying a block: (its cells, blocks left after, code added to the black placement)."""


class _Steps:
    """The blocks that can go at each cell (as its top-left corner) for each set of blocks left.

    Blocks left are one bit field per kind holding how many of it remain.
    """

    def __init__(self, board: Board, blocks: tuple[Block, ...], marked: tuple[Block, ...]) -> None:
        codes = _Codes(board, marked)
        free = Counter(blocks) - Counter(marked)
        kinds = [*sorted(free), *marked]
        amounts = [free[kind] for kind in kinds[: len(free)]] + [1] * len(marked)
        offsets = [0]
        for amount in amounts:
            offsets.append(offsets[-1] + amount.bit_length())
        self.full_set = sum(a << o for a, o in zip(amounts, offsets, strict=False))
        self.marked_bits = sum(1 << offsets[len(free) + k] for k in range(len(marked)))
        self.area = board.area
        self.layers: list[list[tuple[int, int, int, int]]] = [[] for _ in range(board.area)]
        for kind, block in enumerate(kinds):
            field_mask = ((1 << amounts[kind].bit_length()) - 1) << offsets[kind]
            for placement in board.placements(block):
                code = codes.code(kind - len(free), placement) if kind >= len(free) else 0
                cell = placement.row * board.width + placement.col
                self.layers[cell].append(
                    (field_mask, 1 << offsets[kind], _mask(board, placement), code)
                )
        self.cache: dict[tuple[int, int], tuple[Step, ...]] = {}

    def at(self, cell: int, remaining: int) -> tuple[Step, ...]:
        steps = tuple(
            (mask, remaining - unit, code)
            for field_mask, unit, mask, code in self.layers[cell]
            if remaining & field_mask
        )
        self.cache[(cell, remaining)] = steps
        return steps


def census(
    board: Board = STANDARD_BOARD,
    blocks: tuple[Block, ...] = STANDARD_BLOCKS,
    marked: tuple[Block, ...] = BLACK_BLOCKS,
    progress: Progress | None = None,
    max_counts: int = MAX_CENSUS_COUNTS,
) -> Census:
    """Count the solutions of every placement of ``marked`` among ``blocks`` on ``board``.

    Raises :class:`CensusLimitError` before any work when the marked blocks have more than
    `MAX_CENSUS_PLACEMENTS` placements, and once the work keeps or combines more than
    ``max_counts`` counts.
    """
    _check(board, blocks, marked)
    report = progress or (lambda fraction: None)
    steps = _Steps(board, blocks, marked)
    cut = max(1, round(board.area * _CUT_FRACTION))
    frontier, kept = _forward(steps, cut, report, max_counts)
    counts = _join(steps, frontier, report, _Backward(steps, max_counts - kept))
    report(1.0)
    return Census(board, marked, count_placements(board, marked), counts)


Ways = dict[int, int]
"""Number of ways for each black placement code."""


def _first_empty(occupied: int) -> int:
    return (~occupied & (occupied + 1)).bit_length() - 1


def _forward(
    steps: _Steps, cut: int, report: Progress, max_counts: int
) -> tuple[dict[tuple[int, int], Ways], int]:
    """Ways to reach every position whose first empty cell is at or past ``cut``, and how
    many counts were kept on the way."""
    pending: list[dict[tuple[int, int], Ways]] = [{} for _ in range(cut)]
    pending[0][(0, steps.full_set)] = {0: 1}
    reached: dict[tuple[int, int], Ways] = {}
    cache = steps.cache
    kept = 1
    for cell in range(cut):
        for (occupied, remaining), ways in pending[cell].items():
            for mask, left, code in cache.get((cell, remaining)) or steps.at(cell, remaining):
                if mask & occupied:
                    continue
                after = occupied | mask
                following = _first_empty(after)
                target = pending[following] if following < cut else reached
                kept += _add_shifted(target, (after, left), ways, code)
                if kept > max_counts:
                    raise _too_many(max_counts)
        pending[cell] = {}
        report(0.5 * (cell + 1) / cut)
    return reached, kept


def _too_many(max_counts: int) -> CensusLimitError:
    return CensusLimitError(
        f"this census is too big: it went past {max_counts:,} counts, its bound "
        "(mark fewer blocks, or use a smaller board or fewer small blocks)"
    )


def _add_shifted(
    target: dict[tuple[int, int], Ways], key: tuple[int, int], ways: Ways, code: int
) -> int:
    """Add ``ways``, their codes shifted by ``code``, to ``target[key]``; the new counts."""
    known = target.get(key)
    if known is None:
        target[key] = {k + code: n for k, n in ways.items()} if code else dict(ways)
        return len(ways)
    before = len(known)
    for k, n in ways.items():
        known[k + code] = known.get(k + code, 0) + n
    return len(known) - before


def _join(
    steps: _Steps, frontier: dict[tuple[int, int], Ways], report: Progress, backward: _Backward
) -> Ways:
    """Combine the ways into every frontier position with the ways out of it."""
    counts: Ways = {}
    every = max(1, len(frontier) // 100)
    for done, ((occupied, remaining), ways_in) in enumerate(frontier.items(), 1):
        ways_out = backward.ways_out(occupied, remaining)
        backward.spend(len(ways_out) * len(ways_in))
        for code_out, n_out in ways_out.items():
            for code_in, n_in in ways_in.items():
                code = code_in + code_out
                counts[code] = counts.get(code, 0) + n_in * n_out
        if done % every == 0:
            report(0.5 + 0.5 * done / len(frontier))
    return counts


class _Backward:
    """Memoised completions of a position: per black placement code, or a plain number once
    every black block is laid.  At most ``max_counts`` counts are kept (or combined, see
    :meth:`spend`)."""

    def __init__(self, steps: _Steps, max_counts: int) -> None:
        self.steps = steps
        self.by_code: dict[tuple[int, int], Ways] = {}
        self.plain: dict[tuple[int, int], int] = {}
        self.left = max_counts
        self.bound = max_counts

    def spend(self, counts: int) -> None:
        """Take ``counts`` from what is left; `CensusLimitError` when that runs out."""
        self.left -= counts
        if self.left < 0:
            raise _too_many(self.bound)

    def ways_out(self, occupied: int, remaining: int) -> Ways:
        if not remaining & self.steps.marked_bits:
            total = self.count(occupied, remaining)
            return {0: total} if total else {}
        return self.with_codes(occupied, remaining)

    def with_codes(self, occupied: int, remaining: int) -> Ways:
        key = (occupied, remaining)
        known = self.by_code.get(key)
        if known is not None:
            return known
        cell = _first_empty(occupied)
        ways: Ways = {}
        cache, marked_bits = self.steps.cache, self.steps.marked_bits
        for mask, left, code in cache.get((cell, remaining)) or self.steps.at(cell, remaining):
            if mask & occupied:
                continue
            if left & marked_bits:
                for k, n in self.with_codes(occupied | mask, left).items():
                    ways[k + code] = ways.get(k + code, 0) + n
            else:
                total = self.count(occupied | mask, left)
                if total:
                    ways[code] = ways.get(code, 0) + total
        self.spend(1 + len(ways))
        self.by_code[key] = ways
        return ways

    def count(self, occupied: int, remaining: int) -> int:
        if remaining == 0:
            return 1
        key = (occupied, remaining)
        known = self.plain.get(key)
        if known is not None:
            return known
        cell = _first_empty(occupied)
        total = 0
        for mask, left, _ in self.steps.cache.get((cell, remaining)) or self.steps.at(
            cell, remaining
        ):
            if not mask & occupied:
                total += self.count(occupied | mask, left)
        self.spend(1)
        self.plain[key] = total
        return total
