"""What a player sees of a game: one symbol per cell.

The symbols are those of the view text format (see `gridpuzzles.minesweeper.core.notation`):
``#`` hidden, ``F`` flagged, ``?`` question mark, ``0``-``8`` a revealed count, ``*`` a
revealed mine and ``X`` a wrong flag shown after a loss.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from gridpuzzles.minesweeper.core.game import Game, Mark, Status

HIDDEN = "#"
FLAG = "F"
QUESTION = "?"
MINE = "*"
WRONG_FLAG = "X"
NUMBERS = "012345678"
SYMBOLS = HIDDEN + FLAG + QUESTION + NUMBERS + MINE + WRONG_FLAG


@dataclass(frozen=True)
class View:
    """A board as the player sees it; ``cells`` holds one symbol per cell, row-major."""

    width: int
    height: int
    cells: str

    def __post_init__(self) -> None:
        if self.width < 1 or self.height < 1:
            raise ValueError(
                f"a view needs at least one row and one column, not {self.width}x{self.height}"
            )
        if len(self.cells) != self.width * self.height:
            raise ValueError(
                f"a {self.width}x{self.height} view needs {self.width * self.height} cells, not {len(self.cells)}"
            )
        unknown = set(self.cells) - set(SYMBOLS)
        if unknown:
            raise ValueError(
                f"unknown view symbols {''.join(sorted(unknown))!r}; allowed: {SYMBOLS}"
            )

    def at(self, row: int, col: int) -> str:
        return self.cells[row * self.width + col]

    def rows(self) -> list[str]:
        return [self.cells[r * self.width : (r + 1) * self.width] for r in range(self.height)]


def view(game: Game) -> View:
    """What the player may see: hidden cells stay hidden until the game is lost."""
    marks = np.frombuffer(game.marks, dtype=np.uint8)
    symbols = np.full(marks.shape, ord(HIDDEN), dtype=np.uint8)
    symbols[marks == Mark.FLAGGED] = ord(FLAG)
    symbols[marks == Mark.QUESTION] = ord(QUESTION)
    if game.layout is not None:
        counts = np.frombuffer(game.layout.counts, dtype=np.uint8)
        revealed = marks == Mark.REVEALED
        symbols[revealed] = ord("0") + counts[revealed]
        if game.status is Status.LOST:
            mines = np.frombuffer(game.layout.mines, dtype=np.uint8) == 1
            flagged = marks == Mark.FLAGGED
            symbols[mines & ~flagged] = ord(MINE)
            symbols[flagged & ~mines] = ord(WRONG_FLAG)
    return View(game.width, game.height, symbols.tobytes().decode("ascii"))
