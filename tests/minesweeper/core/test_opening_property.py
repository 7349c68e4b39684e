"""The flood fill of a reveal on sparse boards, played to the win.

At low mine densities zeros touch each other only at a corner often enough that a fill
linked by sides alone (four-connected) opens less than the rules say; dense boards with many
flags hide that. Here boards have at most 30% mines and at most three flags, and every game
reveals its safe cells one by one until it is won.
"""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import given
from hypothesis import strategies as st

from gridpuzzles.minesweeper import (
    Game,
    Layout,
    Mark,
    Status,
    game_from_layout,
    reveal,
    toggle_flag,
)

MOST_DENSITY = 0.3


@dataclass(frozen=True)
class Board:
    """A sparse board: its size, its mines and the cells flagged before the first reveal."""

    width: int
    height: int
    mines: frozenset[int]
    flags: frozenset[int]

    def around(self, cell: int) -> list[int]:
        """The up to eight neighbours of ``cell``."""
        row, col = divmod(cell, self.width)
        return [
            r * self.width + c
            for r in range(row - 1, row + 2)
            for c in range(col - 1, col + 2)
            if (r, c) != (row, col) and 0 <= r < self.height and 0 <= c < self.width
        ]

    def count(self, cell: int) -> int:
        return sum(n in self.mines for n in self.around(cell))

    @property
    def safe(self) -> frozenset[int]:
        return frozenset(range(self.width * self.height)) - self.mines


def reference_opening(board: Board, flags: frozenset[int], start: int) -> set[int]:
    """What a reveal of the safe cell ``start`` opens, by the rules read plainly: a number
    opens alone; a zero opens its neighbours, and every zero so opened does the same, through
    corners too; a flagged cell is neither opened nor passed through."""
    if board.count(start) != 0:
        return {start}
    opened, todo = {start}, [start]
    while todo:
        zero = todo.pop()
        for cell in board.around(zero):
            if cell in flags or cell in opened:
                continue
            opened.add(cell)
            if board.count(cell) == 0:
                todo.append(cell)
    return opened


@st.composite
def sparse_boards(draw: st.DrawFn) -> Board:
    """Up to 12x12, mines on 0% to 30% of the cells, at most three flags anywhere (on mines
    or not)."""
    width, height = draw(st.integers(1, 12)), draw(st.integers(1, 12))
    size = width * height
    density = draw(st.floats(0.0, MOST_DENSITY))
    order = draw(st.permutations(range(size)))
    mines = frozenset(order[: int(density * size)])
    flags = draw(st.frozensets(st.integers(0, size - 1), max_size=3))
    return Board(width, height, mines, flags)


def marked(game: Game, mark: Mark) -> frozenset[int]:
    return frozenset(i for i, m in enumerate(game.marks) if m == mark)


def flagged_game(board: Board) -> Game:
    game = game_from_layout(Layout.from_cells(board.width, board.height, board.mines))
    for cell in sorted(board.flags):
        game = toggle_flag(game, *divmod(cell, board.width))
    return game


@given(sparse_boards(), st.data())
def test_every_reveal_opens_the_eight_connected_closure_and_the_last_one_wins(
    board: Board, data: st.DataObject
) -> None:
    game = flagged_game(board)
    while game.status is Status.PLAYING:
        closed = sorted(board.safe - marked(game, Mark.REVEALED))
        assert closed, "every safe cell is open, but the game is not won"
        cell = data.draw(st.sampled_from(closed))
        if game.marks[cell] == Mark.FLAGGED:  # a flag on a safe cell is taken off first
            game = toggle_flag(game, *divmod(cell, board.width))
        flags = marked(game, Mark.FLAGGED)
        was_open = marked(game, Mark.REVEALED)
        game = reveal(game, *divmod(cell, board.width))
        now_open = was_open | reference_opening(board, flags, cell)
        if now_open == board.safe:
            assert game.status is Status.WON
            # The win shows the solution: every mine flagged, every safe cell open.
            assert marked(game, Mark.FLAGGED) == board.mines
            assert marked(game, Mark.REVEALED) == board.safe
        else:
            assert game.status is Status.PLAYING
            assert marked(game, Mark.REVEALED) == now_open
            assert marked(game, Mark.FLAGGED) == flags


@given(sparse_boards(), st.data())
def test_a_zero_opens_exactly_its_closure_and_never_a_flag(
    board: Board, data: st.DataObject
) -> None:
    zeros = sorted(c for c in board.safe - board.flags if board.count(c) == 0)
    if not zeros:
        return
    start = data.draw(st.sampled_from(zeros))
    game = reveal(flagged_game(board), *divmod(start, board.width))
    expected = reference_opening(board, board.flags, start)
    if expected == board.safe:
        assert game.status is Status.WON
        return
    assert game.status is Status.PLAYING
    assert marked(game, Mark.REVEALED) == expected
    assert marked(game, Mark.FLAGGED) == board.flags
