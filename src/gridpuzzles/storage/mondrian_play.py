"""Mondrian Blocks games in the store: their part of the one API of a game in play
(`playing`), the solved games listed, and `KeptMondrianGame` for the shells that play one game
at a time on this machine.

A Mondrian game is a row of ``games`` (its ``puzzle`` is ``mondrian``) started by the store's
one API (`Store.start`) like a Minesweeper game, every process serving it (`serve --workers
N`, or servers on several hosts sharing a PostgreSQL database) playing the same game. Its own
part is its ``setup``, the shell's document of the game before its first move
(`mondrian_game`); its steps are rows of ``moves``, each with a note of what the server learned
with it: the game now is its setup with every step replayed. A solved game's finish goes into
the records on its own row (its challenge, difficulty, time and moves; `keep_solved`,
`store.keep_finish`) in the same turn as its last step (`Store.turn`), so it is kept exactly
once however many processes race; the row says it solved (`solved_row`), counted only when
its finish was kept.

Bounds: starting a game first forgets the games in play that had no move for
`playing.IDLE_SECONDS`, 7 days, then the oldest beyond `playing.MAX_IN_PLAY`, 100,000, so a
store holds at most that many unsolved; each takes at most as many moves as the shell's bound.

A solved game of any shell is watched again through the mid-end's replay (`watched`), and the
latest are listed with their ids (`solved_games`).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from sqlalchemy import select

from gridpuzzles.history import Rewind
from gridpuzzles.midend import mondrian as mondrian_rules
from gridpuzzles.midend.mondrian import (
    Facts,
    Replay,
    facts_from_json,
    finish_note,
    setup_from_json,
    step_text,
)
from gridpuzzles.midend.replay import frames
from gridpuzzles.mondrian.core.moves import Move
from gridpuzzles.mondrian.core.records import Finish
from gridpuzzles.storage.errors import MoveConflict, StorageError
from gridpuzzles.storage.playing import MONDRIAN, NewGame, StoredGame, Turn, new_game_id
from gridpuzzles.storage.schema import games, moves
from gridpuzzles.storage.store import SOLVED, Store, keep_finish

JsonObject = dict[str, Any]
_GAME = games.c


def mondrian_game(
    game_id: str,
    owner: str,
    setup: JsonObject,
    now: float,
    *,
    player: str | None = None,
    seed: int = 0,
) -> NewGame:
    """The row that starts a Mondrian game (of ``player``'s records) at ``now`` as ``setup``
    says (its own part; ``seed``, the one it was drawn with, if any)."""
    return NewGame(game_id, MONDRIAN, owner, now, {"setup": setup, "seed": seed}, player=player)


def setup_of(stored: StoredGame) -> JsonObject | None:
    """The setup of a whole read of a Mondrian game (`Store.read`), None in a read since."""
    return None if stored.part is None else stored.part["setup"]


def keep_solved(turn: Turn, finish: Finish, player: str | None = None) -> tuple[str, ...] | None:
    """Keep ``finish``, with which the step of ``turn`` solves its game, in the records
    (``player``'s, or everyone's) on the game's row: what it is a new best time of
    (`store.keep_finish`); None, and nothing of it kept, when the database refuses it (the
    step itself goes on)."""
    return turn.in_records(lambda db: keep_finish(db, finish, player, turn.game_id))


def write_step(
    turn: Turn,
    text: str,
    note: JsonObject | None = None,
    finish: Finish | None = None,
    player: str | None = None,
) -> tuple[str, ...] | None:
    """Append the step ``text`` of a Mondrian game on ``turn`` with what was noted of it; when
    the step solves the game (``finish``), keep the finish in ``player``'s records
    (`keep_solved`), note whether it was kept and what it is a new best time of
    (`finish_note`), and mark the row solved (`solved_row`), all in the one transaction. The
    new best times (None: the records refused the finish, or the step solves nothing)."""
    if finish is None:
        turn.append(text, note or None)
        return None
    bests = keep_solved(turn, finish, player)
    turn.append(text, {**(note or {}), **finish_note(bests)})
    turn.finish(**solved_row(finish, bests is not None))
    return bests


def solved_row(finish: Finish, kept: bool) -> dict[str, Any]:
    """The columns of a game solved with ``finish`` (`Turn.finish`): solved, its time, moves
    and help, counted only when its finish was ``kept`` in the records (`keep_solved`)."""
    return {
        "status": SOLVED,
        "ended_at": finish.ended_at,
        "seconds": finish.seconds,
        "clicks": finish.moves,
        "assisted": finish.assisted,
        "counted": kept,
    }


def solved_games(store: Store, limit: int = 50, player: str | None = None) -> list[SolvedGame]:
    """The last ``limit`` solved games of every shell in ``store`` (``player``'s only, when
    given), the latest first, each with its id and its finish as the records keep it: those
    kept with their steps, to watch again (a result kept without its game is in the records
    only)."""
    query = (
        select(_GAME.id, _GAME.setup, _GAME.seconds, _GAME.assisted, _GAME.clicks, _GAME.ended_at)
        .where(_GAME.puzzle == MONDRIAN, _GAME.status == SOLVED, _GAME.setup.is_not(None))
        .order_by(_GAME.ended_at.desc(), _GAME.seq.desc())
        .limit(limit)
    )
    if player is not None:
        query = query.where(_GAME.player == player)
    with store.transaction(writing=False) as db:
        rows = db.execute(query).all()
        noted = db.execute(
            select(moves.c.game_id, moves.c.note)
            .where(moves.c.game_id.in_([row.id for row in rows]), moves.c.note.is_not(None))
            .order_by(moves.c.number)
        ).all()
    facts = {row.id: _facts_in(row.setup) for row in rows}
    for game_id, note in noted:  # a new challenge's facts come with its last black block
        if isinstance(note, dict) and "facts" in note:
            facts[game_id] = _facts_in({"facts": note["facts"]})
    return [_solved_game(row, facts[row.id]) for row in rows]


@dataclass(frozen=True)
class SolvedGame:
    """A solved game in the store: its id (`gridpuzzles replay ID` shows it again), the
    facts of its challenge (None when its setup cannot be read) and its finish as the records
    keep it."""

    id: str
    facts: Facts | None
    finish: Finish


def solved_json(solved: Sequence[SolvedGame]) -> list[JsonObject]:
    """The solved games listed as JSON data: each its id, its finish as the records keep it
    (`Finish`: challenge, difficulty, seconds, assisted, moves, ended_at) and its published
    code (or null)."""
    return [
        {
            "id": game.id,
            **asdict(game.finish),
            "code": None if game.facts is None else game.facts.code,
        }
        for game in solved
    ]


def _solved_game(row: Any, facts: Facts | None) -> SolvedGame:
    """A row of `solved_games` as a `SolvedGame`."""
    key, difficulty = ("", "") if facts is None else (facts.key, facts.difficulty)
    seconds, moved, ended = row.seconds or 0.0, row.clicks, row.ended_at or 0.0
    return SolvedGame(row.id, facts, Finish(key, difficulty, seconds, row.assisted, moved, ended))


def _facts_in(setup: Any) -> Facts | None:
    """The facts a game's setup (or a move's note) holds, or None when it holds none it can
    tell (a setup changed by hand)."""
    try:
        return facts_from_json(setup["facts"])
    except (KeyError, TypeError, ValueError):
        return None


def watched(game_id: str, stored: StoredGame) -> Replay:
    """The stored game ``game_id`` (a whole read) to watch again: its setup and the game after each step of
    its log, through the mid-end's replay (`replay.frames`), and its challenge's facts after
    its last step (those of its setup, or of the move that put its last black block down).
    `ReplayError` for a log the rules refuse, `NotationError` (or `InvalidPuzzleError`) for a
    setup or a note not in the form every shell writes: each a `ValueError`."""
    setup = setup_from_json(setup_of(stored))
    facts = setup.facts
    for step in stored.steps:
        if step.note is not None and "facts" in step.note:
            facts = facts_from_json(step.note["facts"])
    shown = tuple(frames(mondrian_rules, setup.play, stored.steps, setup.play.version))
    return Replay(game_id, setup, shown, facts, stored.created_at)


NOT_SAVED = "The game could not be kept in {where}: {error}"
MOVE_NOT_SAVED = (
    "The move could not be kept in {where} yet: {error} (it is tried again with the next one)"
)
NO_LONGER_KEPT = "The game is no longer kept in {where}: {error}"


class KeptMondrianGame:
    """One Mondrian game of a shell that plays one game at a time on this machine (the
    full-screen app and the line mode), kept in ``store`` as the web keeps its games (its
    setup, then each step with its time, the finish in the records with the step that solved
    the game), written once for both.

    The game goes into the store with its first step (a challenge only looked at is not
    kept); a step the store could not take waits and is written before the next one, so the
    log has no gap. A store that fails never costs the game: each call gives the words to
    show instead of raising. A game left unsolved stays in play in the store, as a game left
    in the web app does, and is forgotten after `playing.IDLE_SECONDS` (it is never a record)."""

    def __init__(self, store: Store, setup: JsonObject, created_at: float, owner: str) -> None:
        """``setup``: the game before its first move (`midend.mondrian.setup_to_json`), shown
        at ``created_at`` (the clock of the steps' times, seconds since the epoch)."""
        self.id = new_game_id()
        """The game's id in the store (`gridpuzzles replay ID` watches it again)."""
        self._store = store
        self._setup = setup
        self._created_at = created_at
        self._owner = owner
        self._stored = False
        self._written = 0
        self._waiting: list[tuple[str, float]] = []
        self._lost: str | None = None
        """Why the game can no longer be kept (it was forgotten meanwhile), once it is so."""
        self._failing = False
        """Whether the last write failed (a failure is said once, until a write succeeds)."""
        self.solved = False
        """Whether the game is in the store solved, its finish in the records."""

    def log(self, step: Move | Rewind, at: float) -> str | None:
        """Keep ``step``, the next of the game's log (a move, help, undo or redo), made at
        ``at``. The words to show when the store failed."""
        self._waiting.append((step_text(step), at))
        return self._write(None)[1]

    def solve(
        self, step: Move | Rewind, at: float, finish: Finish
    ) -> tuple[tuple[str, ...] | None, str | None]:
        """Keep ``step``, made at ``at``, which solved the game, and ``finish`` in the
        records with it, in one transaction (so it is counted once): what the game is a new
        best time of (None when its finish was not kept), and the words to show when the store
        failed."""
        self._waiting.append((step_text(step), at))
        return self._write(finish)

    def _write(self, finish: Finish | None) -> tuple[tuple[str, ...] | None, str | None]:
        """Write the steps waiting, in order, the last with ``finish`` when given."""
        bests: tuple[str, ...] | None = None
        if self._lost is not None:  # said when it was lost, and again at the finish
            return None, None if finish is None else self._lost
        try:
            if not self._stored:
                started = mondrian_game(self.id, self._owner, self._setup, self._created_at)
                self._store.start(started)
                self._stored = True
            while self._waiting:
                text, at = self._waiting[0]
                ends = finish if len(self._waiting) == 1 else None
                with self._store.turn(MONDRIAN, self.id, self._written, at) as turn:
                    bests = write_step(turn, text, finish=ends)
                self._waiting.pop(0)
                self._written += 1
        except MoveConflict as error:  # forgotten meanwhile: no step of it can be kept
            self._lost = NO_LONGER_KEPT.format(where=self._store.where, error=error)
            return None, self._lost
        except (sqlite3.Error, StorageError) as error:
            if finish is None and self._failing:
                return None, None  # said at the first step that failed
            self._failing = True
            said = MOVE_NOT_SAVED if finish is None else NOT_SAVED
            return None, said.format(where=self._store.where, error=error)
        self._failing = False
        self.solved = finish is not None
        return bests, None
