"""Reference answers for the solver tests: brute force over every layout, random positions."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

from gridpuzzles.minesweeper import (
    Config,
    Mark,
    Status,
    View,
    new_game,
    parse_view,
    reveal,
    toggle_flag,
    view,
)
from gridpuzzles.minesweeper.core.grid import neighbours
from gridpuzzles.minesweeper.solving.probabilities import Position, cell_values, position

MINE_SYMBOLS = "*"


def brute_force(board: View, mines: int, trust_flags: bool = False) -> list[Fraction | None] | None:
    """Every cell's mine probability by trying every layout of the hidden cells; None when no
    layout fits. Revealed cells (and '*', 'X') get None."""
    known = set(MINE_SYMBOLS + ("F" if trust_flags else ""))
    hidden_symbols = set("#?" + ("" if trust_flags else "F"))
    cells = board.cells
    hidden = [i for i, s in enumerate(cells) if s in hidden_symbols]
    shown_mines = [i for i, s in enumerate(cells) if s in known]
    numbers = [(i, int(s)) for i, s in enumerate(cells) if s.isdigit()]
    around = {i: list(neighbours(board.width, board.height, i)) for i, _ in numbers}
    missing = mines - len(shown_mines)
    if not 0 <= missing <= len(hidden):
        return None
    fits = 0
    hits = dict.fromkeys(hidden, 0)
    for chosen in itertools.combinations(hidden, missing):
        mine_set = set(chosen) | set(shown_mines)
        if all(sum(n in mine_set for n in around[i]) == k for i, k in numbers):
            fits += 1
            for c in chosen:
                hits[c] += 1
    if fits == 0:
        return None
    result: list[Fraction | None] = [None] * len(cells)
    for c in hidden:
        result[c] = Fraction(hits[c], fits)
    for c in shown_mines:
        if cells[c] == "F":
            result[c] = Fraction(1)
    return result


def random_position(rng: random.Random, max_hidden: int = 14) -> tuple[View, int]:
    """A view of a small random game after a few random reveals (and maybe some flags)."""
    while True:
        width, height = rng.randint(1, 6), rng.randint(1, 5)
        size = width * height
        if size < 2:
            continue
        mines = rng.randint(1, max(1, size // 2))
        game = new_game(Config(width, height, mines), rng.randrange(2**32))
        for _ in range(rng.randint(1, 5)):
            hidden = [i for i in range(size) if game.marks[i] == Mark.HIDDEN]
            if game.over or not hidden:
                break
            game = reveal(game, *divmod(rng.choice(hidden), width))
        if game.status is not Status.PLAYING:
            continue
        for _ in range(rng.choice([0, 0, 1, 2])):
            hidden = [i for i in range(size) if game.marks[i] == Mark.HIDDEN]
            if hidden:
                game = toggle_flag(game, *divmod(rng.choice(hidden), width))
        board = view(game)
        if sum(s in "#F?" for s in board.cells) <= max_hidden:
            return board, mines


def position_of(text: str, mines: int) -> Position:
    """The solver position of a view written as text."""
    board = parse_view(text)
    return position(board.width, board.height, cell_values(board), mines)


def positions(count: int, seed: int, max_hidden: int) -> list[Position]:
    """Solver positions of ``count`` small random views (inconsistent ones skipped)."""
    rng = random.Random(seed)
    found: list[Position] = []
    while len(found) < count:
        board, mines = random_position(rng, max_hidden)
        try:
            found.append(position(board.width, board.height, cell_values(board), mines))
        except ValueError:
            continue
    return found
