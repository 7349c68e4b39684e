"""How hard a challenge is for a player who reasons: the search a logical player needs.

The logical player looks, at each step, for the most constrained thing on the board: an empty
cell that the fewest block placements can cover, or a block (the only one of its size) that
fits in the fewest places.  When that is one placement, the move is forced; none, a dead end;
more, a choice, and each option is tried in turn.  This is the exact-cover search with the
"fewest options first" rule (Knuth's Algorithm X); the fast solver of `solutions` branches on
corner cells instead, a trick of the engine that a player does not use.

The difficulty's score is the number of positions the logical player visits to search the whole
tree, per solution found (a challenge of many solutions is easy to fill: any of them will do);
forced moves before the first choice are reported too.  Checked against the published
challenges' own levels (`benchmarks/mondrian_difficulty.py`): the rank correlation over the 352
is 0.676 (Spearman), against 0.620 for the fast solver's tree.  The thresholds of `THRESHOLDS`
sit halfway between the medians of the published levels (Easy 42.5, Medium 106, Hard 168.5,
Master 221 positions).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from gridpuzzles.mondrian.core.challenges import LEVELS, published_of
from gridpuzzles.mondrian.core.game import count_words
from gridpuzzles.mondrian.core.grid import Block, Board, Placement, Puzzle
from gridpuzzles.mondrian.solving.solutions import SearchLimitError

Cell = tuple[int, int]

MAX_NODES = 200_000
"""The most positions one logical search visits before `SearchLimitError`: a published
challenge needs at most a few hundred, the 8x8 game with nothing fixed far more."""

THRESHOLDS = (("easy", 74), ("medium", 137), ("hard", 195))
"""The largest score of each level but the last, ``master``."""

NO_SOLUTION = "no solution"
"""The level of black blocks that leave no way to fill the board: no level of `LEVELS`, since
there is nothing to find, however little the search it takes to see it."""


@dataclass(frozen=True)
class Focus:
    """Where a logical player looks first: an empty cell, or a block, and its options."""

    cell: Cell | None
    """The empty cell the fewest placements can cover (None when a block has fewer)."""
    block: Block | None
    """The block with the fewest places (None when a cell has fewer)."""
    options: tuple[Placement, ...]
    """The placements covering ``cell`` or placing ``block``: none is a dead end, one is a
    forced move."""


@dataclass(frozen=True)
class Effort:
    """What the logical player's whole search meets."""

    positions: int
    forced_first: int
    """Forced moves in a row from the start, before the first choice."""
    choices: int
    """Positions with several options."""
    dead_ends: int
    """Positions where some cell or block has no option left."""
    solutions: int
    """Full boards found."""

    @property
    def score(self) -> int:
        """Positions per solution (all positions when there is none), rounded up."""
        return -(-self.positions // max(self.solutions, 1))


@dataclass(frozen=True)
class Difficulty:
    """A level of `LEVELS` (`NO_SOLUTION` when there is none), the score it comes from, and
    the reason in words."""

    level: str
    score: int
    reason: str


class _Table:
    """Every placement of the free blocks that misses the fixed ones, as bit masks."""

    def __init__(self, board: Board, blocks: Iterable[Block], taken: Iterable[Placement]) -> None:
        self.board = board
        self.kinds = tuple(sorted(set(blocks), key=lambda b: (-b.area, b)))
        self.taken = 0
        for placement in taken:
            self.taken |= self.mask(placement)
        rows = []
        for kind, block in enumerate(self.kinds):
            for placement in board.placements(block):
                mask = self.mask(placement)
                if not mask & self.taken:
                    rows.append((kind, mask, placement))
        self.rows = tuple(rows)
        self.row_cells = tuple(self._bits(mask) for _, mask, _ in rows)
        self.full = (1 << board.area) - 1

    def mask(self, placement: Placement) -> int:
        return sum(1 << (row * self.board.width + col) for row, col in placement.cells())

    @staticmethod
    def _bits(mask: int) -> tuple[int, ...]:
        return tuple(index for index in range(mask.bit_length()) if mask >> index & 1)

    def focus(self, occupied: int, left: list[int], live: list[int]) -> tuple[bool, int, list[int]]:
        """The most constrained cell or block among the ``live`` rows: (is a block, its cell or
        kind, its rows)."""
        cover = [0] * self.board.area
        per_kind = [0] * len(self.kinds)
        for number in live:
            per_kind[self.rows[number][0]] += 1
            for cell in self.row_cells[number]:
                cover[cell] += 1
        empty = self.full & ~occupied
        best_count, best_cell = 1 << 30, -1
        for cell in self._bits(empty):
            if cover[cell] < best_count:
                best_count, best_cell = cover[cell], cell
        best_kind = min(
            (kind for kind, count in enumerate(left) if count == 1),
            key=lambda kind: per_kind[kind],
            default=None,
        )
        if best_kind is not None and per_kind[best_kind] < best_count:
            return True, best_kind, [n for n in live if self.rows[n][0] == best_kind]
        bit = 1 << best_cell
        return False, best_cell, [n for n in live if self.rows[n][1] & bit]


def focus(board: Board, tray: Iterable[Block], taken: Iterable[Placement]) -> Focus:
    """Where a logical player looks first when ``taken`` are on the board and ``tray`` left.

    ``tray`` must fill the empty cells exactly (a game in play always does).
    """
    tray = tuple(tray)
    table = _Table(board, tray, taken)
    if table.taken == table.full:
        return Focus(None, None, ())
    left = [Counter(tray)[kind] for kind in table.kinds]
    is_block, which, rows = table.focus(table.taken, left, list(range(len(table.rows))))
    options = tuple(table.rows[n][2] for n in rows)
    if is_block:
        return Focus(None, table.kinds[which], options)
    return Focus(divmod(which, board.width), None, options)


def logical_effort(puzzle: Puzzle, max_nodes: int = MAX_NODES) -> Effort:
    """Walk the logical player's whole search tree of ``puzzle`` and tally what it meets.

    Raises `SearchLimitError` past ``max_nodes`` positions.
    """
    table = _Table(puzzle.board, puzzle.free_blocks, puzzle.fixed)
    counts = Counter(puzzle.free_blocks)
    tally = Counter[str]()
    forced_first = 0
    on_first_path = True

    def visit(occupied: int, left: list[int], live: list[int]) -> None:
        nonlocal forced_first, on_first_path
        tally["positions"] += 1
        if tally["positions"] > max_nodes:
            raise SearchLimitError(max_nodes)
        if occupied == table.full:
            tally["solutions"] += 1
            return
        _, _, rows = table.focus(occupied, left, live)
        if len(rows) != 1:
            on_first_path = False
            tally["dead_ends" if not rows else "choices"] += 1
        elif on_first_path:
            forced_first += 1
        for number in rows:
            kind, mask, _ = table.rows[number]
            after = occupied | mask
            left[kind] -= 1
            visit(
                after,
                left,
                [n for n in live if left[table.rows[n][0]] and not table.rows[n][1] & after],
            )
            left[kind] += 1

    visit(table.taken, [counts[kind] for kind in table.kinds], list(range(len(table.rows))))
    return Effort(
        tally["positions"], forced_first, tally["choices"], tally["dead_ends"], tally["solutions"]
    )


def level_of_score(score: int) -> str:
    """The level of a logical search of ``score`` positions per solution."""
    return next((name for name, most in THRESHOLDS if score <= most), LEVELS[-1])


def rate(puzzle: Puzzle, max_nodes: int = MAX_NODES) -> Difficulty:
    """The difficulty of ``puzzle`` from its logical search (`SearchLimitError` past
    ``max_nodes`` positions); `NO_SOLUTION` when the search finds no full board."""
    effort = logical_effort(puzzle, max_nodes)
    if effort.solutions == 0:
        seen = count_words(effort.positions, "position")
        reason = f"no way to fill the board: a logical player sees it in {seen}"
        return Difficulty(NO_SOLUTION, effort.score, reason)
    per = "" if effort.solutions < 2 else f" for {effort.solutions} solutions ({effort.score} each)"
    reason = (
        f"a logical player searches {effort.positions} positions{per}: "
        f"{count_words(effort.forced_first, 'forced move')} before the first choice, "
        f"{count_words(effort.choices, 'choice')} in all, "
        f"{count_words(effort.dead_ends, 'dead end')}"
    )
    return Difficulty(level_of_score(effort.score), effort.score, reason)


def difficulty_of(puzzle: Puzzle) -> str:
    """The level a player knows the challenge by: a published challenge's own level, else
    the rated one (`NO_SOLUTION` for black blocks that leave none)."""
    entry = published_of(puzzle)
    return entry.level.lower() if entry is not None else rate(puzzle).level
