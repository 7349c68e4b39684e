"""A Minesweeper move: its kinds, its text (a line of a move log, as `parse_step` reads it and
`step_text` writes it) and `play`, which makes it on a game by the rules of `game` (as
`gridpuzzles.mondrian.core.moves` for Mondrian Blocks). A log's lines are moves, undo and redo
(`Rewind`) and `Help`: the player had help that changed nothing on the board."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from gridpuzzles.bounds import shown
from gridpuzzles.history import Rewind
from gridpuzzles.minesweeper.core.errors import NotationError
from gridpuzzles.minesweeper.core.game import Game, chord, reveal, toggle_flag


class InvalidMoveError(NotationError):
    """A move whose text cannot be read."""


class Action(Enum):
    """The kinds of move, by their one-letter code in a move's text."""

    REVEAL = "r"
    FLAG = "f"
    CHORD = "c"


_MOVE_TEXT = re.compile(f"([{''.join(a.value for a in Action)}])([0-9]{{1,8}}),([0-9]{{1,8}})")


@dataclass(frozen=True)
class Move:
    """One move; its text is the action letter and the cell, e.g. ``r3,4`` (row 3, col 4)."""

    action: Action
    row: int
    col: int

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move from its text form, e.g. ``r3,4``, ``f0,0``, ``c12,29``: the action
        letter, then the row and column in ASCII digits, at most 8 of each (more than any
        board has); anything else raises `InvalidMoveError`."""
        found = _MOVE_TEXT.fullmatch(text.strip())
        if found is None:
            raise InvalidMoveError(
                f"cannot read move {shown(text)}: expected r, f or c then ROW,COL "
                "(whole numbers of at most 8 digits), e.g. r3,4"
            )
        letter, row, col = found.groups()
        return cls(Action(letter), int(row), int(col))

    def __str__(self) -> str:
        return f"{self.action.value}{self.row},{self.col}"


class Help(Enum):
    """Help that changed nothing on the board (a hint, the probabilities, or the mark of a
    move made with help), as a line of a move log: ``help``. The log keeps only that the
    player had help there, not which."""

    HELP = "help"

    def __str__(self) -> str:
        return self.value

    @classmethod
    def of(cls, text: str) -> Help | None:
        """The help step ``text`` names, or None when it names none."""
        return cls.HELP if text == cls.HELP.value else None


HELP = Help.HELP
"""The one help step."""

Step = Move | Help | Rewind
"""A line of a move log: a move, help, an undo or a redo."""


def play(game: Game, move: Move, now: float = 0.0) -> Game:
    """Apply one `Move`."""
    action = {Action.REVEAL: reveal, Action.FLAG: toggle_flag, Action.CHORD: chord}[move.action]
    return action(game, move.row, move.col, now)


def parse_step(text: str) -> Step:
    """The step a line of a move log names: ``undo``, ``redo``, ``help`` or a move's text
    (``r4,4``); `InvalidMoveError` for any other text."""
    return Rewind.of(text) or Help.of(text) or Move.parse(text)


def step_text(step: Step) -> str:
    """The line of a move log for ``step`` (the inverse of `parse_step`)."""
    return str(step)
