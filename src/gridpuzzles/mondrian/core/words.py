"""Sentences that name cells, kept apart from their text.

Every shell says a cell as a person names it, counting from 1, the row first (``row 3,
column 5``: `cell_words`).  A message of the core is `Words`: its text and the cells it
names, in order, so that a reader can point at those cells (`Words.cells`) and `Words.say`
can put them in other words (a test's, say); ``str()`` says them with `cell_words`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from gridpuzzles.cells import Cell as Cell
from gridpuzzles.cells import cell_words as cell_words

CellNamer = Callable[[Cell], str]
"""How a shell says a cell, e.g. `cell_words`."""


@dataclass(frozen=True)
class Words:
    """A sentence naming cells: pieces of text and the cells in between (build it with
    `words`).  ``str()`` says the cells as the core does."""

    parts: tuple[str | Cell, ...]

    @property
    def cells(self) -> tuple[Cell, ...]:
        """The cells named, in the order they are said."""
        return tuple(part for part in self.parts if not isinstance(part, str))

    def say(self, name_cell: CellNamer = cell_words) -> str:
        """The sentence, each cell said by ``name_cell``."""
        return "".join(part if isinstance(part, str) else name_cell(part) for part in self.parts)

    def __str__(self) -> str:
        return self.say()


def words(*parts: str | Cell | Words) -> Words:
    """The sentence of ``parts`` one after the other: text, cells and other sentences."""
    flat: list[str | Cell] = []
    for part in parts:
        for piece in part.parts if isinstance(part, Words) else (part,):
            if isinstance(piece, str) and flat and isinstance(flat[-1], str):
                flat[-1] += piece  # one piece of text between two cells, whatever the joins
            else:
                flat.append(piece)
    return Words(tuple(flat))


def joined(phrases: Iterable[Words], between: str) -> Words:
    """The ``phrases`` one after the other with ``between`` in between, e.g. `` and ``."""
    listed: list[str | Words] = []
    for phrase in phrases:
        listed.extend((between, phrase) if listed else (phrase,))
    return words(*listed)
