"""What only the tests need of Mondrian Blocks: a check of a solution independent of the
solver, the writer of the puzzle files that the parser's round trips read back, and a game in
play after a list of steps."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import reduce

from gridpuzzles.history import Rewind
from gridpuzzles.midend.mondrian import stepped
from gridpuzzles.midend.play import Play
from gridpuzzles.mondrian.core.game import Game
from gridpuzzles.mondrian.core.grid import Placement, Puzzle
from gridpuzzles.mondrian.core.moves import Move
from gridpuzzles.mondrian.core.notation import typed_fixed


def is_solution(puzzle: Puzzle, placements: Sequence[Placement]) -> bool:
    """Whether ``placements`` solve ``puzzle``; checked cell by cell, independent of the search.

    The placements must include the fixed ones, use exactly the puzzle's blocks, stay on the
    board, not overlap and cover every cell.
    """
    if Counter(p.block for p in placements) != Counter(puzzle.blocks):
        return False
    if not set(puzzle.fixed) <= set(placements):
        return False
    covered: set[tuple[int, int]] = set()
    for placement in placements:
        if not puzzle.board.contains(placement):
            return False
        cells = placement.cells()
        if cells & covered:
            return False
        covered |= cells
    return len(covered) == puzzle.board.area


def puzzle_to_toml(puzzle: Puzzle) -> str:
    """The TOML text of a puzzle (read back by `notation.parse_puzzle_toml`)."""
    blocks = ", ".join(f'"{block}"' for block in puzzle.blocks)
    fixed = ", ".join(f'"{typed_fixed(placement)}"' for placement in puzzle.fixed)
    return f'board = "{puzzle.board}"\nblocks = [{blocks}]\nfixed = [{fixed}]\n'


def replayed(play: Play[Game], steps: Iterable[Move | Rewind], at: float = 0.0) -> Play[Game]:
    """``play`` after each of ``steps`` in turn, all made at ``at`` (`MoveError` at the first
    refused)."""
    return reduce(lambda before, step: stepped(before, step, at), steps, play)
