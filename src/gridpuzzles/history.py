"""The history of a game: the states it went through, where undo and redo walk (the one
implementation both puzzles use: the mid-end's `Play` keeps one for a game of either puzzle
in every shell; neither core keeps any). Pure and generic, so it sits at the bottom of the
layers with `bounds`.

A game's log is its moves and rewinds (`Rewind.UNDO`, `Rewind.REDO`) in the order they were
made; folding the log through `History.then`, `History.undo` and `History.redo` gives the
state to show and what undo and redo can reach. A move after an undo forgets the states
redo could have reached, as in every editor and in Simon Tatham's collection.

A history keeps at most ``limit`` states to undo to (the oldest go first): a state can be
large (a 100x100 Minesweeper board is 10 KB), a game can have any number of moves, and a
server holds thousands of games. The limit is part of the game's rules as every shell plays
them, so a log folds the same way wherever it is replayed.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from typing import Generic, TypeVar

State = TypeVar("State")


class HistoryError(ValueError):
    """Undo with nothing to undo, or redo with nothing to redo."""


class Rewind(Enum):
    """A step through a game's history, by its text in a move log."""

    UNDO = "undo"
    REDO = "redo"

    def __str__(self) -> str:
        return self.value

    @classmethod
    def of(cls, text: str) -> Rewind | None:
        """The step named ``text``, or None when ``text`` names none (it is a move)."""
        try:
            return cls(text)
        except ValueError:
            return None


@dataclass(frozen=True)
class History(Generic[State]):
    """A game's ``present`` state, the states undo goes back to (``past``, the latest last)
    and those redo goes forward to (``future``, the next last)."""

    present: State
    past: tuple[State, ...] = ()
    future: tuple[State, ...] = ()
    limit: int | None = None
    """The most states kept to undo to (None: all)."""
    dropped: bool = False
    """Whether older states were let go for the limit (undo then stops short of the start)."""

    @property
    def can_undo(self) -> bool:
        return bool(self.past)

    @property
    def can_redo(self) -> bool:
        return bool(self.future)

    def then(self, state: State) -> History[State]:
        """The history after a move led to ``state``: the present becomes undoable, and
        what redo could reach is forgotten."""
        past = (*self.past, self.present)
        dropped = self.limit is not None and len(past) > self.limit
        kept = past[len(past) - self.limit :] if dropped and self.limit is not None else past
        return replace(self, present=state, past=kept, future=(), dropped=self.dropped or dropped)

    def undo(self) -> History[State]:
        """Back to the state before the latest move (`HistoryError` with none)."""
        if not self.past:
            if self.dropped:
                raise HistoryError(f"undo goes back {self.limit} moves at most in this game")
            raise HistoryError("there is nothing to undo")
        future = (*self.future, self.present)
        return replace(self, present=self.past[-1], past=self.past[:-1], future=future)

    def redo(self) -> History[State]:
        """Forward to the state the latest undo left (`HistoryError` with none)."""
        if not self.future:
            raise HistoryError("there is nothing to redo")
        past = (*self.past, self.present)
        return replace(self, present=self.future[-1], past=past, future=self.future[:-1])

    def rewound(self, rewind: Rewind) -> History[State]:
        """The history after ``rewind``: an undo or a redo."""
        return self.undo() if rewind is Rewind.UNDO else self.redo()


UNDO_BUDGET = 2**16
"""How much of a game's states a history keeps to undo to, in cells: a history of states of
``cells`` cells each keeps `undo_limit` of them."""
LEAST_UNDO = 10
"""The fewest states a history keeps to undo to, however large each one is."""


def undo_limit(cells: int) -> int:
    """How many states of ``cells`` cells a history keeps to undo to: 809 of a 9x9 board,
    136 of a 30x16 one, 10 of a 100x100 one."""
    return max(LEAST_UNDO, UNDO_BUDGET // max(cells, 1))
