"""The base of Mondrian Blocks' errors, and the one about text that cannot be read (as
`gridpuzzles.minesweeper.core.errors` for Minesweeper)."""

from __future__ import annotations

from gridpuzzles.mondrian.core.words import CellNamer, Words, cell_words, words


class MondrianError(Exception):
    """Base class of every error Mondrian Blocks' core and solving raise on purpose.

    Those about the input (text that cannot be read, a puzzle that cannot be, a move the rules
    refuse...) also derive from `ValueError`, as they always did, so that a caller catching
    `ValueError` still catches them; those about the work's own bounds derive from
    `gridpuzzles.bounds.LimitError` instead (`SearchLimitError`, `GenerationError`,
    `CensusLimitError`).

    Its ``message`` keeps the cells it names apart from its text (`words.Words`), so that
    `words` says them in a shell's convention; ``str()`` says them as the core does, counting
    from 1 (the full-screen app and the web page show it).
    """

    def __init__(self, message: str | Words) -> None:
        self.message = message if isinstance(message, Words) else words(message)
        super().__init__(str(self.message))

    def words(self, name_cell: CellNamer = cell_words) -> str:
        """The message, each cell said by ``name_cell``."""
        return self.message.say(name_cell)


class NotationError(MondrianError, ValueError):
    """Text that cannot be read: not in the expected format."""
