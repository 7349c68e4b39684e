"""Small helpers shared by the Minesweeper tests: reference implementations and strategies."""

from __future__ import annotations

from hypothesis import strategies as st

from gridpuzzles.minesweeper import (
    Config,
    Game,
    Layout,
    Mark,
    Status,
    WinRule,
    game_from_layout,
    parse_layout,
    reveal,
)
from gridpuzzles.minesweeper.core.grid import neighbours


@st.composite
def layouts(draw: st.DrawFn, max_side: int = 8) -> Layout:
    """Random small layouts of any density."""
    width = draw(st.integers(1, max_side))
    height = draw(st.integers(1, max_side))
    mines = draw(st.lists(st.booleans(), min_size=width * height, max_size=width * height))
    return Layout(width, height, bytes(mines))


def brute_counts(layout: Layout) -> list[int]:
    """Adjacent-mine counts by looking at every neighbour of every cell."""
    return [
        sum(layout.is_mine(n) for n in neighbours(layout.width, layout.height, i))
        for i in range(layout.size)
    ]


def brute_opening(layout: Layout, start: int, blocked: frozenset[int] = frozenset()) -> set[int]:
    """The cells a reveal of safe ``start`` opens: a plain breadth-first search."""
    counts = brute_counts(layout)
    opened = {start}
    frontier = [start] if counts[start] == 0 else []
    while frontier:
        cell = frontier.pop()
        for n in neighbours(layout.width, layout.height, cell):
            if n in opened or n in blocked:
                continue
            opened.add(n)
            if counts[n] == 0:
                frontier.append(n)
    return opened


BOARD = """
*....
.....
...*.
.....
"""
"""A small board with two openings and three numbers no opening reaches (3BV 5)."""


def board(
    text: str = BOARD, win_rule: WinRule = WinRule.REVEAL, question_marks: bool = False
) -> Game:
    """A fresh game on a layout given as text."""
    return game_from_layout(parse_layout(text), win_rule, question_marks)


def winning_reveals(game: Game, first: tuple[int, int]) -> list[tuple[int, int]]:
    """Reveals that win ``game``: ``first``, then each safe cell still hidden, in order."""
    moves = [first]
    game = reveal(game, *first)
    assert game.layout is not None
    for index in range(game.layout.size):
        if game.status is Status.WON:
            break
        if not game.layout.is_mine(index) and game.marks[index] != Mark.REVEALED:
            cell = divmod(index, game.width)
            moves.append(cell)
            game = reveal(game, *cell)
    assert game.status is Status.WON
    return moves


def striped_game(side: int = 100) -> Game:
    """A game whose view is beyond the exact solver (`SolverLimitError`) though every move
    was legal: every even row revealed, every odd row hidden with a mine in every third cell,
    so that all the hidden cells form one part of the frontier of ``side`` * ``side`` / 2
    different groups."""
    mines = [r * side + c for r in range(1, side, 2) for c in range(0, side, 3)]
    layout = Layout.from_cells(side, side, mines)
    marks = bytes(
        Mark.REVEALED if r % 2 == 0 else Mark.HIDDEN for r in range(side) for _ in range(side)
    )
    return Game(Config(side, side, len(mines)), 1, layout, marks)
