"""Minesweeper's side of the mid-end: the history every shell keeps of a game."""

from __future__ import annotations

from gridpuzzles.history import History, undo_limit
from gridpuzzles.minesweeper import Game


def history_of(game: Game) -> History[Game]:
    """A history starting at ``game``, keeping as many states to undo to as its board allows
    (`undo_limit`): the same in every shell and in the store's replay."""
    return History(game, limit=undo_limit(game.config.size))


def rewind_helps(before: Game, after: Game) -> bool:
    """Whether an undo or redo from ``before`` to ``after`` is help, which makes the game
    assisted: once the game has started on either side (before its first reveal, as with a
    hint, the player has seen nothing to take back)."""
    return before.started_at is not None or after.started_at is not None
