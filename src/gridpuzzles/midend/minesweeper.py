"""Minesweeper's side of the mid-end: the game in play every shell keeps (`Play`), the one way
each of them, and the store's replay, moves it on (`stepped`), the lines of the log a step
takes (`logged_steps`), and a kept game watched again (`Replay`: its steps, and their words
and clock as every shell says them).

Minesweeper's rules of help:

- help tells nothing before the first reveal (the board is all hidden, the first click's
  rule known), so it marks nothing then: a hint, the probabilities (`advised`), an undo or
  redo (`rewind_helps`), a move made with help that leaves the game unstarted (`stepped`);
- a move made with help (Play Move's, or one made with the probabilities shown) marks the
  game once it is played; a refused one marks nothing;
- an undo or redo once the game has started is help, the undo of the mine that lost a game
  included;
- help that changes nothing on the board (a hint, the probabilities) marks only a game being
  played.

Help that marks the game is a step of its log, as in Mondrian: a ``help`` line (`HELP`) after
the move made with help, or alone for a hint or the probabilities; an undo or redo that helps
is that line itself. Help is logged only when it changes the mark, that is the first help of
a game: a player who keeps the probabilities shown does not double the log, and help that
marks nothing is not logged at all. So the log says from which step a game was assisted, and
every shell, the store's replay and the review read the same mark from it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from gridpuzzles.history import HistoryError, Rewind, undo_limit
from gridpuzzles.midend.play import Play
from gridpuzzles.midend.replay import Frame
from gridpuzzles.minesweeper import (
    HELP,
    Config,
    Figures,
    Game,
    Help,
    Move,
    MoveError,
    Status,
    figures,
    play,
)
from gridpuzzles.minesweeper.core.moves import Step
from gridpuzzles.minesweeper.core.moves import parse_step as parse_step
from gridpuzzles.minesweeper.core.moves import step_text as step_text
from gridpuzzles.minesweeper.core.rendering import describe
from gridpuzzles.minesweeper.core.settings import level_of


def play_of(game: Game) -> Play[Game]:
    """A game in play starting at ``game``, keeping as many states to undo to as its board
    allows (`undo_limit`): the same in every shell and in the store's replay. Its clock is
    the game's (`timed_by`)."""
    return timed_by(Play.start(game, undo_limit(game.config.size)))


def timed_by(current: Play[Game]) -> Play[Game]:
    """``current`` with the clock of its game: started at the first reveal, stopped at the
    end (the core keeps both, as its rules need the first reveal; an undo of the losing mine
    sets the clock going again)."""
    game = current.state
    return current.timed(game.started_at, game.ended_at)


HELP_WORDS = "help: a hint, the probabilities or Play Move"
"""A ``help`` line in words: the log keeps only that the player had help, not which."""


def figures_of(current: Play[Game], now: float) -> Figures:
    """The figures of the game in play at ``now`` as every shell shows them (its mines left,
    clicks, and once ended its 3BV and efficiency), timed by the game in play's clock
    (`Play.elapsed`), as a Mondrian game is."""
    return replace(figures(current.state, now), elapsed=current.elapsed(now))


def step_words(text: str) -> str:
    """A line of a move log in the player's words, as every shell shows a replay: "reveal
    row 5, column 5", "flag row 1, column 2", "undo", "help: ..." (`HELP_WORDS`);
    `InvalidMoveError` for other text."""
    step = parse_step(text)
    if isinstance(step, Help):
        return HELP_WORDS
    return step.value if isinstance(step, Rewind) else describe(step)


def rewind_helps(before: Game, after: Game) -> bool:
    """Whether an undo or redo from ``before`` to ``after`` is help, which makes the game
    assisted: once the game has started on either side (before its first reveal, as with a
    hint, the player has seen nothing to take back)."""
    return before.started_at is not None or after.started_at is not None


def stepped(current: Play[Game], step: Step, at: float, *, helped: bool = False) -> Play[Game]:
    """The game after ``step`` played at time ``at`` (seconds, the core's ``now``): a move
    through the core (its errors pass through), an undo or a redo (`MoveError` when there
    is nothing to undo or redo; help once the game has started, `rewind_helps`), or a
    logged help (`HELP`: the game is assisted once it has started; before, the step only
    counts in the log). ``helped``: the move is help (Play Move, or a move made with the
    probabilities shown): when the game has started after it and was not assisted yet (the
    move may have ended it), a logged `HELP` step follows the move, so the version is two
    more (`logged_steps` gives both lines, and a replay of them gives this same game)."""
    if isinstance(step, Help):
        if current.state.started_at is None:
            return replace(current, version=current.version + 1)
        return current.helped(logged=True)
    if isinstance(step, Rewind):
        try:
            rewound = current.rewound(step, helps=False)
        except HistoryError as error:  # a refusal like any other, as in Mondrian
            raise MoveError(str(error)) from None
        if rewind_helps(current.state, rewound.state):
            rewound = rewound.helped(logged=False)  # the rewind itself is the logged step
        return timed_by(rewound)
    moved = timed_by(current.moved(play(current.state, step, at)))
    return _marked(moved) if helped else moved


def advised(current: Play[Game]) -> Play[Game]:
    """The game after help that changes nothing on the board (a hint, the probabilities):
    after a logged `HELP` step when the help marks it, that is when it is being played (once
    it has started and until it ends: before, every hidden cell has the same chance and the
    player has seen nothing; after, nothing is left to help with) and not assisted yet;
    else ``current`` itself, and nothing is logged (help is logged only when it changes the
    game's mark: the first help of a game)."""
    return current if current.state.over else _marked(current)


def _marked(current: Play[Game]) -> Play[Game]:
    """``current`` after a logged `HELP` step when help marks it (it has started and is not
    assisted yet), else ``current`` itself."""
    if current.assisted or current.state.started_at is None:
        return current
    return stepped(current, HELP, 0.0)


def logged_steps(before: Play[Game], step: Step, after: Play[Game]) -> tuple[Step, ...]:
    """The lines of the log for ``step``, which led from ``before`` to ``after`` (`stepped`,
    `advised`), as every shell keeps them: none for help that marked nothing (`advised` gave
    ``before`` back), the move and then `HELP` for a move made with help that marked the game
    (a move alone never marks it), else the step alone."""
    if after.version == before.version:
        return ()
    if isinstance(step, Move) and after.assisted and not before.assisted:
        return (step, HELP)
    return (step,)


ENDINGS = {
    Status.WON: "won",
    Status.LOST: "lost",
    Status.PLAYING: "left unfinished",
}
"""How a game watched again ended, by the status after its last step (a game still being
played is never shown: one that is playing there was left)."""


@dataclass(frozen=True)
class Replay:
    """A kept game to watch again, as every shell shows it: how it started, the game after
    each step of its log (the mid-end's replay, `replay.frames`) and how it was kept: its
    id, whether it counts in the records (not on a chosen seed), had help, or was left."""

    game_id: str
    start: Game
    frames: tuple[Frame[Game], ...]
    counted: bool = True
    assisted: bool = False
    left: bool = False
    imported_from: str | None = None
    """Where a game imported from a video comes from, in words
    (`video_import.VideoSource.words`); None for a game played here."""

    @property
    def steps(self) -> int:
        """The steps of its log: moves, help, undo and redo."""
        return len(self.frames)

    @property
    def last(self) -> Game:
        """The game after its last step (its start when it has none)."""
        return self.frames[-1].state if self.frames else self.start

    @property
    def in_play(self) -> bool:
        """Whether the game is still being played: it is never shown then (its mines would
        be told before its end)."""
        return not self.left and not self.last.over

    @property
    def heading(self) -> str:
        """Which game, how it ended and how many steps it took: "Game ID: beginner, seed 11,
        a chosen seed, lost, 4 steps"."""
        return f"Game {self.game_id}: {self.description}"

    @property
    def description(self) -> str:
        """The `heading` without the game's id: "beginner, seed 11, a chosen seed, lost, 4
        steps"; an imported game says where it comes from instead of its seed: "expert,
        imported from a.evf (EVF by Ann), won, 180 steps"."""
        name = board_words(self.start.config)
        if self.imported_from is not None:
            name = f"{name}, {self.imported_from}"
        else:
            name += f", seed {self.start.seed}" + ("" if self.counted else ", a chosen seed")
        helped = ", assisted" if self.assisted else ""
        steps = f"{self.steps} step{'' if self.steps == 1 else 's'}"
        return f"{name}, {ENDINGS[self.last.status]}{helped}, {steps}"

    def said(self, frame: Frame[Game]) -> str:
        """A step in words with the game's clock when it was made: "Step 3 of 41, at 4.2 s:
        flag row 2, column 7" (rows and columns from 1)."""
        return (
            f"Step {frame.number + 1} of {self.steps}, at {clock_at(frame):.1f} s: "
            f"{step_words(frame.text)}"
        )


def board_words(config: Config) -> str:
    """A game's board in words: its level's name, else "20x10, 30 mines"."""
    return level_of(config) or f"{config.width}x{config.height}, {config.mines} mines"


def clock_at(frame: Frame[Game]) -> float:
    """The game's clock as it stood when ``frame``'s step was made (seconds since the first
    reveal, stopped at the end): the game in play's clock (`Play.elapsed`)."""
    return frame.play.elapsed(frame.at)
