"""The base of Minesweeper's errors, and the one about text that cannot be read.

Every error that Minesweeper's core and solving raise on purpose derives from
`MinesweeperError`. Those about the input (text that cannot be read, a game that cannot
exist, a move the rules refuse...) also derive from `ValueError`, as they always did, so that
a caller catching `ValueError` still catches them; those about the solver's own bounds derive
from `gridpuzzles.bounds.LimitError` instead (`solving.probabilities.SolverLimitError`)."""

from __future__ import annotations


class MinesweeperError(Exception):
    """Base class of every error Minesweeper's core and solving raise on purpose."""


class NotationError(MinesweeperError, ValueError):
    """Text that cannot be read: not a valid board, or move, in the expected format."""
