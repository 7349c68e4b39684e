"""Minesweeper's side of the mid-end: the game in play every shell keeps (`Play`), and the
one way each of them, and the store's replay, moves it on (`stepped`).

Minesweeper's rules of help:

- help tells nothing before the first reveal (the board is all hidden, the first click's
  rule known), so it marks nothing then: a hint, the probabilities (`advised`), an undo or
  redo (`rewind_helps`), a move made with help that leaves the game unstarted (`stepped`);
- a move made with help (Play Move's, or one made with the probabilities shown) marks the
  game once it is played; a refused one marks nothing;
- an undo or redo once the game has started is help, the undo of the mine that lost a game
  included;
- help that changes nothing on the board (a hint, the probabilities) marks only a game being
  played, and is no step of the game's log (the store keeps its mark apart).
"""

from __future__ import annotations

from gridpuzzles.history import HistoryError, Rewind, undo_limit
from gridpuzzles.midend.play import Play
from gridpuzzles.minesweeper import Game, Move, MoveError, play
from gridpuzzles.minesweeper.core.rendering import describe


def play_of(game: Game) -> Play[Game]:
    """A game in play starting at ``game``, keeping as many states to undo to as its board
    allows (`undo_limit`): the same in every shell and in the store's replay."""
    return Play.start(game, undo_limit(game.config.size))


def parse_step(text: str) -> Move | Rewind:
    """The step a line of a move log names: ``undo``, ``redo`` or a move's text (``r4,4``);
    `InvalidMoveError` for any other text."""
    return Rewind.of(text) or Move.parse(text)


def step_text(step: Move | Rewind) -> str:
    """The line of a move log for ``step`` (the inverse of `parse_step`)."""
    return str(step)


def step_words(text: str) -> str:
    """A line of a move log in the player's words, as every shell shows a replay: "reveal
    row 5, column 5", "flag row 1, column 2", "undo"; `InvalidMoveError` for other text."""
    step = parse_step(text)
    return step.value if isinstance(step, Rewind) else describe(step)


def rewind_helps(before: Game, after: Game) -> bool:
    """Whether an undo or redo from ``before`` to ``after`` is help, which makes the game
    assisted: once the game has started on either side (before its first reveal, as with a
    hint, the player has seen nothing to take back)."""
    return before.started_at is not None or after.started_at is not None


def stepped(
    current: Play[Game], step: Move | Rewind, at: float, *, helped: bool = False
) -> Play[Game]:
    """The game after ``step`` played at time ``at`` (seconds, the core's ``now``): a move
    through the core (its errors pass through), or an undo or a redo (`MoveError` when
    there is nothing to undo or redo; help once the game has started, `rewind_helps`).
    ``helped``: the move is help (Play Move, or a move made with the probabilities shown),
    which marks the game when it has started after it (a flag or an unflag before the first
    reveal tells nothing)."""
    if isinstance(step, Rewind):
        try:
            rewound = current.rewound(step, helps=False)
        except HistoryError as error:  # a refusal like any other, as in Mondrian
            raise MoveError(str(error)) from None
        if rewind_helps(current.state, rewound.state):
            return rewound.helped(logged=False)  # the rewind itself is the logged step
        return rewound
    game = play(current.state, step, at)
    return current.moved(game, helped=helped and game.started_at is not None)


def advised(current: Play[Game]) -> Play[Game]:
    """The game after help that changes nothing on the board (a hint, the probabilities):
    assisted when it is being played, that is once it has started and until it ends (before,
    every hidden cell has the same chance and the player has seen nothing; after, nothing is
    left to help with). Not a step of the game's log."""
    game = current.state
    if game.started_at is None or game.over:
        return current
    return current.helped(logged=False)
