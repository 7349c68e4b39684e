"""Keeping the Minesweeper games of a shell that plays one game at a time on this machine (the
full-screen app and the line-mode game), written once for both.

Such a game is not resumed elsewhere, so its moves are kept here as they are played, and the
whole game goes into the store, with every move and its time, when it ends or is left: the
store then counts its result (`Store.add_game`, then its last step in a turn of the store's
one API for a game in play, `Store.turn` and `store.write_step`; or `Store.abandon`). A game
whose losing mine is undone after that is played on in the store, step by step. A store that
fails never costs the game: each call gives the words to show instead of raising.
"""

from __future__ import annotations

import sqlite3
from dataclasses import replace

from gridpuzzles.history import Rewind
from gridpuzzles.midend.play import Play
from gridpuzzles.minesweeper import Config, Game, Move
from gridpuzzles.storage.errors import StorageError
from gridpuzzles.storage.playing import MINESWEEPER, new_game_id
from gridpuzzles.storage.store import SavedGame, Store, TimedMove, takes, write_step

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
    ) -> None:
        """``chosen``: the player chose the seed, so the result counts in no statistics."""
        self.store = store
        self.saved = SavedGame(
            new_game_id(), config, seed, owner=owner, counted=not chosen, created_at=created_at
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

    def log(self, step: Move | Rewind, at: float, after: Play[Game]) -> str | None:
        """Keep ``step`` (a move, an undo or a redo), made at ``at``, that led to ``after``;
        in the store at once when the game is there already. The words to show when the
        store failed."""
        timed = TimedMove(step, at)
        self.saved = replace(self.saved, moves=(*self.saved.moves, timed))
        if not self.stored or self.store is None:
            return None
        try:
            self._write(len(self.saved.moves) - 1, timed, after.state, after.assisted)
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
        *earlier, last = record.moves
        try:
            self.store.add_game(replace(record, moves=tuple(earlier)))
            self._write(len(earlier), last, play.state, False)
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

    def _write(self, number: int, timed: TimedMove, after: Game, helped: bool) -> None:
        """Write step ``number`` of the stored game, ``timed``, which led to ``after``
        (`store.write_step`)."""
        assert self.store is not None
        with self.store.turn(MINESWEEPER, self.id, number, timed.at, also=takes(timed.move)) as t:
            write_step(t, timed.move, after, helped)
