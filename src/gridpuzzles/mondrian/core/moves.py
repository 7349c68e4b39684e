"""A move of Mondrian Blocks as a line of text, and the game after it: a game's move log.

A game is stored as its start and the log of what the player did, one line each, and replayed
from its start by playing each line in turn (`parse_step`, `play`), as Minesweeper's moves
are (`gridpuzzles.minesweeper.core.moves.Move`, e.g. ``r4,4``).  The lines are the machine
form, column-first ``X,Y`` counted from 0 (`notation.format_fixed`), the same in the store and
the web API; a person never types them (`notation.typed_form` shows one to a person):

- ``place 1x3:4,7,h``: a coloured block put down (``SIZE:X,Y,O``, X the column and Y the row
  of its top-left cell, 0-based, O its orientation); ``place black 1x3:4,7,h`` a black one,
  while the player makes their own challenge;
- ``lift 4,7`` and ``lift black 4,7``: the block covering column 4, row 7 taken off the board;
- ``turn 4,7``: the coloured block covering that cell turned about its top-left cell;
- ``hint 1x3:4,7,h``: a hint that put that block down.  The line keeps the block, not the
  question: replaying it needs no solver, and gives the same game even when a later solver
  would hint another block;
- ``help``: help that put no block down (a hint naming blocks to lift, the solutions shown):
  it only marks the game assisted;
- ``undo`` and ``redo`` (`gridpuzzles.history.Rewind`): steps through the history, not moves.

Each move has one text, and only that text is read back (``3x1`` for ``1x3``, ``04`` for
``4``, a vertical square or a doubled space are refused), so that ``str`` and `Move.parse`
round-trip both ways and a log is compared, or deduplicated, as text.  Coordinates are at most
`MAX_SIDE` - 1, as everywhere in the notation, so that every `Move` built has a text that
reads back.  Applying a move follows the core's rules (`game`) and nothing else: the same log
gives the same game wherever it is replayed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from gridpuzzles.history import Rewind
from gridpuzzles.mondrian.core.errors import NotationError
from gridpuzzles.mondrian.core.game import (
    Cell,
    Game,
    lift,
    lift_black,
    place,
    place_black,
    puzzle_of,
    turn,
)
from gridpuzzles.mondrian.core.grid import MAX_SIDE, Placement
from gridpuzzles.mondrian.core.notation import format_fixed, parse_fixed, parse_number, quoted


class Action(Enum):
    """The kinds of move, by their word in a move's text."""

    PLACE = "place"
    LIFT = "lift"
    TURN = "turn"
    HINT = "hint"
    HELP = "help"


_BLACK = "black"
_SHAPES = {
    Action.PLACE: "place [black] SIZE:X,Y,O, e.g. place 1x3:4,7,h",
    Action.LIFT: "lift [black] X,Y (column, row), e.g. lift 4,7",
    Action.TURN: "turn X,Y (column, row), e.g. turn 4,7",
    Action.HINT: "hint SIZE:X,Y,O, e.g. hint 1x3:4,7,h",
    Action.HELP: "help, with nothing after it",
}
"""What follows each action word, for the messages."""
_CELL = re.compile(r"([0-9]+),([0-9]+)")
_MOST = MAX_SIDE - 1
_WHY = f" (no board has more than {MAX_SIDE} columns or rows)"


@dataclass(frozen=True)
class Move:
    """One move of a game; its text is the action word, ``black`` for a black block, then the
    block (``place``, ``hint``) or the cell (``lift``, ``turn``), e.g. ``lift black 4,7``.

    A move that cannot be written (a place without its block, a black turn, a cell past the
    largest board) raises `NotationError`.
    """

    action: Action
    black: bool = False
    """Whether the block is black (only a place or a lift): the player makes their challenge."""
    placement: Placement | None = None
    """The block put down, where and how (a place or a hint; None otherwise)."""
    cell: Cell | None = None
    """``(row, col)`` of a cell of the block lifted or turned (None for the other actions)."""

    def __post_init__(self) -> None:
        takes_placement = self.action in (Action.PLACE, Action.HINT)
        takes_cell = self.action in (Action.LIFT, Action.TURN)
        word = self.action.value
        if takes_placement and (self.placement is None or self.cell is not None):
            raise NotationError(f"a {word} move takes a placement and no cell")
        if takes_cell and (self.cell is None or self.placement is not None):
            raise NotationError(f"a {word} move takes a cell and no placement")
        if self.action is Action.HELP and (self.placement, self.cell) != (None, None):
            raise NotationError("a help move takes no placement and no cell")
        if self.black and self.action not in (Action.PLACE, Action.LIFT):
            raise NotationError(f"only a place or a lift move is black, not a {word} move")
        where = self.cell
        if self.placement is not None:
            where = self.placement.row, self.placement.col
        if where is not None and not all(0 <= number <= _MOST for number in where):
            row, col = where
            raise NotationError(
                f"a move's X and Y are from 0 to {_MOST}{_WHY}, not column {col}, row {row}"
            )

    @classmethod
    def parse(cls, text: str) -> Move:
        """The move whose text is ``text`` (outer whitespace aside), e.g. ``turn 4,7``: the
        inverse of ``str``; `NotationError` for any other text, saying what was expected."""
        return _parse(text.strip(), "place, lift, turn, hint or help")

    def __str__(self) -> str:
        black = f" {_BLACK}" if self.black else ""
        if self.placement is not None:
            return f"{self.action.value}{black} {format_fixed(self.placement)}"
        if self.cell is not None:
            row, col = self.cell
            return f"{self.action.value}{black} {col},{row}"
        return self.action.value


def _parse(text: str, expected: str) -> Move:
    """The move written ``text`` (already stripped); ``expected`` lists the words that may
    begin it, for the message."""
    if not text:
        raise NotationError(f"a move cannot be empty: expected {expected}")
    first, *rest = text.split(" ")
    try:
        action = Action(first)
    except ValueError:
        raise NotationError(
            f"cannot read move {quoted(text)}: it begins with {expected}, not {quoted(first)}"
        ) from None
    black = action in (Action.PLACE, Action.LIFT) and rest[:1] == [_BLACK]
    operands = rest[1:] if black else rest
    if len(operands) != (0 if action is Action.HELP else 1):
        raise NotationError(f"cannot read move {quoted(text)}: expected {_SHAPES[action]}")
    try:
        if action is Action.HELP:
            move = Move(action)
        elif action in (Action.PLACE, Action.HINT):
            move = Move(action, black, placement=parse_fixed(operands[0]))
        else:
            move = Move(action, black, cell=_parse_cell(operands[0]))
    except NotationError as error:
        raise NotationError(f"cannot read move {quoted(text)}: {error}") from None
    if str(move) != text:
        raise NotationError(
            f"cannot read move {quoted(text)}: a move log writes it {str(move)!r}, its one form"
        )
    return move


def _parse_cell(text: str) -> Cell:
    """``X,Y`` (column, row), each at most `MAX_SIDE` - 1, as ``(row, col)``."""
    match = _CELL.fullmatch(text)
    if match is None:
        raise NotationError(f"expected X,Y (column, row), e.g. 4,7, not {quoted(text)}")
    col = parse_number(match[1], "X (the column)", 0, _MOST, _WHY)
    row = parse_number(match[2], "Y (the row)", 0, _MOST, _WHY)
    return row, col


def step_text(step: Move | Rewind) -> str:
    """The line of a move log for ``step``: a move's text, or ``undo``, ``redo``."""
    return str(step)


def parse_step(text: str) -> Move | Rewind:
    """The step a line of a move log names (the inverse of `step_text`): `Rewind.UNDO` or
    `Rewind.REDO` for ``undo`` or ``redo``, else the move (`Move.parse`)."""
    stripped = text.strip()
    rewind = Rewind.of(stripped)
    if rewind is not None:
        return rewind
    return _parse(stripped, "place, lift, turn, hint, help, undo or redo")


def play(game: Game, move: Move) -> Game:
    """The board after ``move``, by the core's rules: `MoveError` (from `game`) saying why not,
    and then nothing changes.  Undo and redo, and the help a hint or ``help`` is, belong to the
    game in play (`gridpuzzles.midend.mondrian.stepped`), which calls this for the board.

    A coloured block is put down or turned only once the black blocks are all on the board (as
    every shell plays it), though the core's `place` and `turn` alone would let it.  A hint
    puts its block down, as `solving.hints.take_hint` does; ``help`` leaves the board as it is.
    """
    if move.action is Action.HELP:
        return game
    if move.action is Action.LIFT:
        assert move.cell is not None  # Move checks it
        return (lift_black if move.black else lift)(game, move.cell)
    if not move.black:
        puzzle_of(game)  # `MoveError` while black blocks are off the board
    if move.action is Action.TURN:
        assert move.cell is not None
        return turn(game, move.cell)
    assert move.placement is not None
    return (place_black if move.black else place)(game, move.placement)
