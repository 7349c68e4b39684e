"""A game in play as every shell of every puzzle keeps it (`Play`): the puzzle's state with
what undo and redo reach, the moves made, whether the player had help, and how many steps
its log holds.

The puzzle's core knows only states and moves; what a game in play adds is the same for both
puzzles and written here once, as in Simon Tatham's mid-end:

- undo and redo walk the `History` of states; they are not moves and do not take back help
  (an undo does not make a hint unseen), so the move count and the assisted mark live beside
  the history, never inside a state it keeps;
- ``version`` counts the steps of the game's log (moves, undo and redo, and help where the
  puzzle writes it in the log): the number the next step is stored at, which the web's
  concurrency rule checks.
- the game's clock (``started``, ``ended``, `Play.elapsed`) is kept here for both puzzles, each
  puzzle's step saying when it starts and stops (`Play.timed`): Minesweeper's at the first
  reveal and at the end, Mondrian's at the first coloured block put down and when the board is
  full. So every shell reads one clock and times a game the same way.

A `Play` is a plain frozen value with no I/O: each change returns a new one.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Generic, TypeVar

from gridpuzzles.history import History, Rewind

State = TypeVar("State")


@dataclass(frozen=True)
class Play(Generic[State]):
    """A game in play: its ``history`` (the state now and what undo and redo reach), the
    ``moves`` made, whether the player had help (``assisted``: no record then) and the
    ``version``, the steps of its log."""

    history: History[State]
    moves: int = 0
    """Moves made: not undo and redo, nor help that changed nothing on the board."""
    assisted: bool = False
    version: int = 0
    """The steps logged so far (moves, undo and redo, logged help): the next one's number."""
    started: float | None = None
    """When the game's clock started (seconds, the clock of the steps' times); None before."""
    ended: float | None = None
    """When the game's clock stopped, at its end; None while it runs."""

    @classmethod
    def start(cls, state: State, limit: int | None = None) -> Play[State]:
        """A game starting at ``state``, keeping at most ``limit`` states to undo to."""
        return cls(History(state, limit=limit))

    @property
    def state(self) -> State:
        """The game as it stands."""
        return self.history.present

    @property
    def can_undo(self) -> bool:
        return self.history.can_undo

    @property
    def can_redo(self) -> bool:
        return self.history.can_redo

    def elapsed(self, now: float) -> float:
        """The seconds on the game's clock at ``now``: none before it starts, and no more
        after it stops."""
        if self.started is None:
            return 0.0
        return max(0.0, (now if self.ended is None else self.ended) - self.started)

    def timed(self, started: float | None, ended: float | None) -> Play[State]:
        """The game with its clock started at ``started`` and stopped at ``ended`` (either
        None: not yet), as its puzzle's step says."""
        return replace(self, started=started, ended=ended)

    def moved(self, state: State, *, helped: bool = False) -> Play[State]:
        """The game after a move led to ``state`` (one more step in its log); ``helped`` when
        the move was help (a hint's block, Play Move): the game is then assisted."""
        return replace(
            self,
            history=self.history.then(state),
            moves=self.moves + 1,
            assisted=self.assisted or helped,
            version=self.version + 1,
        )

    def rewound(self, rewind: Rewind, *, helps: bool) -> Play[State]:
        """The game after an undo or redo (`HistoryError` when there is nothing to undo or
        redo); ``helps`` when the puzzle counts this one as help. Not a move."""
        return replace(
            self,
            history=self.history.rewound(rewind),
            assisted=self.assisted or helps,
            version=self.version + 1,
        )

    def helped(self, *, logged: bool) -> Play[State]:
        """The game after help that changed no state (a hint to lift, solutions shown): it is
        assisted; ``logged`` when the help is a step of the log, as Mondrian writes it."""
        return replace(self, assisted=True, version=self.version + logged)
