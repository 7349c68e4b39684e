"""What every puzzle's shells share above the puzzle's core, as in Simon Tatham's mid-end: the
game in play (`play.Play`: its history for undo and redo, its moves, the help had, its
version), the one interface each puzzle gives it (`puzzle.PuzzleRules`) and each puzzle's side
(`minesweeper`, `mondrian`), kept as plain values with no I/O."""

from gridpuzzles.history import History, HistoryError, Rewind, undo_limit

__all__ = ["History", "HistoryError", "Rewind", "undo_limit"]
