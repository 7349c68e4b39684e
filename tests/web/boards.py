"""Seeded games whose layout the tests know from the core: where the mines are, how to win."""

from __future__ import annotations

from gridpuzzles.minesweeper import Layout, level, new_game, reveal
from tests.minesweeper.boards import winning_reveals

SEED = 2024
FIRST = (4, 4)
"""The first reveal of every seeded beginner game in these tests (the board's centre)."""


def beginner_layout(seed: int = SEED, first: tuple[int, int] = FIRST) -> Layout:
    """The mines of the seeded beginner game once ``first`` is revealed."""
    layout = reveal(new_game(level("beginner"), seed), *first).layout
    assert layout is not None
    return layout


def beginner_win(seed: int = SEED, first: tuple[int, int] = FIRST) -> list[str]:
    """Reveal moves (text form) that win the seeded beginner game, ``first`` first."""
    cells = winning_reveals(new_game(level("beginner"), seed), first)
    return [f"r{row},{col}" for row, col in cells]


def beginner_mine(seed: int = SEED, first: tuple[int, int] = FIRST) -> str:
    """A reveal move onto a mine of the seeded beginner game."""
    row, col = divmod(beginner_layout(seed, first).mine_indices()[0], 9)
    return f"r{row},{col}"
