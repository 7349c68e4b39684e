"""The history of a game: the states it went through, where undo and redo walk.

A game's log is its moves and rewinds (`Rewind.UNDO`, `Rewind.REDO`) in the order they were
made; folding the log through `History.then`, `History.undo` and `History.redo` gives the
state to show and what undo and redo can reach. A move after an undo forgets the states
redo could have reached, as in every editor and in Simon Tatham's collection.
"""

from __future__ import annotations

from dataclasses import dataclass
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

    @property
    def can_undo(self) -> bool:
        return bool(self.past)

    @property
    def can_redo(self) -> bool:
        return bool(self.future)

    def then(self, state: State) -> History[State]:
        """The history after a move led to ``state``: the present becomes undoable, and
        what redo could reach is forgotten."""
        return History(state, (*self.past, self.present))

    def undo(self) -> History[State]:
        """Back to the state before the latest move (`HistoryError` with none)."""
        if not self.past:
            raise HistoryError("there is nothing to undo")
        return History(self.past[-1], self.past[:-1], (*self.future, self.present))

    def redo(self) -> History[State]:
        """Forward to the state the latest undo left (`HistoryError` with none)."""
        if not self.future:
            raise HistoryError("there is nothing to redo")
        return History(self.future[-1], (*self.past, self.present), self.future[:-1])

    def rewound(self, rewind: Rewind) -> History[State]:
        """The history after ``rewind``: an undo or a redo."""
        return self.undo() if rewind is Rewind.UNDO else self.redo()
