"""Minesweeper's side of the mid-end: the history every shell keeps of a game."""

from __future__ import annotations

from gridpuzzles.history import History, undo_limit
from gridpuzzles.minesweeper import Game


def history_of(game: Game) -> History[Game]:
    """A history starting at ``game``, keeping as many states to undo to as its board allows
    (`undo_limit`): the same in every shell and in the store's replay."""
    return History(game, limit=undo_limit(game.config.size))
