"""Keeping the Minesweeper games of a shell that plays one game at a time on this machine (the
full-screen app and the line-mode game), written once for both.

Such a game is not resumed elsewhere, so its moves are kept here as they are played, and the
whole game goes into the store, with every move and its time, when it ends or is left: the
store then counts its result (`Store.add_game`, then its last step in a turn of the store's
one API for a game in play, `store.write_minesweeper_steps`; or `Store.abandon`). A game
whose losing mine is undone after that is played on in the store, step by step. Help is a
step like any other (a ``help`` line: `midend.minesweeper.logged_steps`). A store that fails
never costs the game: each call gives the words to show instead of raising.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import replace

from gridpuzzles.midend.play import Play
from gridpuzzles.minesweeper import Config, Game, Layout
from gridpuzzles.minesweeper.core.moves import Help, Step
from gridpuzzles.storage.errors import StorageError
from gridpuzzles.storage.playing import new_game_id
from gridpuzzles.storage.store import SavedGame, Store, TimedMove, write_minesweeper_steps

NOT_SAVED = "The game was not saved: {error}"
MOVE_NOT_SAVED = "The move was not saved: {error}"


class KeptGame:
    """One game of a shell, kept in ``store`` (or nowhere when it is None): its record so far
    (`record`) and whether the store holds it yet (`stored`)."""

    def __init__(
        self,
        store: Store | None,
        config: Config,
        seed: int,
        *,
        chosen: bool,
        owner: str,
        created_at: float,
        layout: Layout | None = None,
    ) -> None:
        """``chosen``: the player chose the seed or the board, so the result counts in no
        statistics; ``layout``: the mines, when the board was given rather than dealt."""
        self.store = store
        self.saved = SavedGame(
            new_game_id(),
            config,
            seed,
            layout=layout,
            owner=owner,
            counted=not chosen,
            created_at=created_at,
        )
        """What the store keeps of the game but its assisted mark, the game in play's."""
        self.stored = False
        """Whether the game is in the store already (it ended or was left)."""

    @property
    def id(self) -> str:
        """The game's id in the store (`gridpuzzles replay ID` watches it again)."""
        return self.saved.id

    @property
    def counted(self) -> bool:
        """Whether the game's result goes into the statistics: kept, and no chosen seed."""
        return self.store is not None and self.saved.counted

    def record(self, play: Play[Game]) -> SavedGame:
        """The game as the store keeps it: its steps so far, assisted when ``play`` is."""
        return replace(self.saved, assisted=play.assisted)

    def log(self, steps: Sequence[Step], at: float, after: Play[Game]) -> str | None:
        """Keep ``steps``, made at ``at``, that led to ``after``: the lines a step takes in
        the log (`midend.minesweeper.logged_steps`: a move, an undo or a redo, maybe with a
        ``help`` line after it, or a help line alone; none for help that marked nothing); in
        the store at once when the game is there already. The words to show when the store
        failed."""
        if not steps:
            return None
        number = len(self.saved.moves)
        timed = tuple(TimedMove(step, at) for step in steps)
        self.saved = replace(self.saved, moves=(*self.saved.moves, *timed))
        if not self.stored or self.store is None:
            return None
        try:
            self._write(number, at, steps, after)
        except (sqlite3.Error, StorageError) as error:
            return MOVE_NOT_SAVED.format(error=error)
        return None

    def keep(self, play: Play[Game]) -> str | None:
        """Store the game that has just ended (``play``), with every step: the store counts
        its result. The words to show when the store failed."""
        if self.store is None or self.stored or not self.saved.moves:
            return None
        self.stored = True
        record = self.record(play)
        ending = len(record.moves) - 1  # the step that ended it, with the help after it
        while ending > 0 and isinstance(record.moves[ending].move, Help):
            ending -= 1
        earlier, last = record.moves[:ending], record.moves[ending:]
        try:
            self.store.add_game(replace(record, moves=earlier))
            self._write(ending, last[0].at, tuple(timed.move for timed in last), play)
        except (sqlite3.Error, StorageError) as error:
            return NOT_SAVED.format(error=error)
        return None

    def leave(self, play: Play[Game], at: float) -> str | None:
        """The player leaves the game (``play``) at ``at``: stored with its steps, a loss once
        it has started (`Store.abandon`). The words to show when the store failed."""
        if self.store is None:
            return None
        try:
            if not self.stored:
                self.store.add_game(self.record(play))
                self.stored = True
            self.store.abandon(self.id, play.state, at)
        except (sqlite3.Error, StorageError) as error:
            return NOT_SAVED.format(error=error)
        return None

    def _write(self, number: int, at: float, steps: Sequence[Step], after: Play[Game]) -> None:
        """Write ``steps`` of the stored game from step ``number`` on, made at ``at``, which
        led to ``after`` (`store.write_minesweeper_steps`)."""
        assert self.store is not None
        write_minesweeper_steps(self.store, self.id, number, at, steps, after.state, after.assisted)
