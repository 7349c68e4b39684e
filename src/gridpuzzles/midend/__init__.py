"""What every puzzle's shells share above the puzzle's core: the history of a game in play
(undo and redo, as in Simon Tatham's mid-end), kept as plain values with no I/O."""

from gridpuzzles.history import History, HistoryError, Rewind, undo_limit

__all__ = ["History", "HistoryError", "Rewind", "undo_limit"]
