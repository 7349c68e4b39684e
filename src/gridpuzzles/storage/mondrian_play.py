"""Mondrian Blocks games in play, kept in the store as Minesweeper's are, so that every
process serving it (`serve --workers N`, or servers on several hosts sharing a PostgreSQL
database) plays the same game.

A game is a row of ``games`` (its ``puzzle`` is ``mondrian``): its id, its owner (an opaque
key: the web app keeps a token's digest there), its player, and its ``setup``, the shell's
document of the game before its first move. Its moves are rows of ``moves``, each its text,
when it was played and a note of what the server learned with it (`schema.moves`): the game
now is its setup with every move replayed. A move is written at the number the process's
copy of the game knows (`store.append_move`, the rule Minesweeper's moves follow too): when
another process wrote that number first, nothing is written and the change is refused
(`MoveConflict`). A solved game's finish goes into the records on its own row (its challenge,
difficulty, time and moves; `store.keep_finish`) in the same transaction as its last move, so
it is kept exactly once however many processes race.

Bounds: starting a game first forgets the games in play that had no move for `IDLE_SECONDS`,
7 days, then the oldest beyond `MAX_IN_PLAY`, 100,000, so a store holds at most that many
unsolved; each takes at most as many moves as the shell's bound.

The shells that play one game at a time on this machine (the full-screen app and the line
mode) keep theirs the same way, through `KeptMondrianGame`; a solved game of any shell is
watched again through the mid-end's replay (`MondrianPlay.watched`), and the latest are listed
with their ids (`MondrianPlay.solved`).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from typing import Any

from sqlalchemy import Connection, bindparam, delete, exists, insert, null, select, update
from sqlalchemy.exc import SQLAlchemyError

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
from gridpuzzles.storage.schema import games, moves
from gridpuzzles.storage.store import (
    MONDRIAN,
    SOLVED,
    Store,
    append_move,
    keep_finish,
    moves_since,
    new_game_id,
    next_seq,
)

IDLE_SECONDS = 7 * 24 * 3600.0
"""How long a game in play is kept without a move: a week."""
MAX_IN_PLAY = 100_000
"""The most unsolved games one store keeps; starting one more forgets the oldest."""
ENDED = "game {game_id!r} is solved or no longer kept: nothing is written"
PLAYING = "playing"

JsonObject = dict[str, Any]
_GAME = games.c
_MINE = (_GAME.id == bindparam("game_id"), _GAME.puzzle == MONDRIAN)
_PLAYED = _GAME.setup.is_not(None)
"""A game that was played here: not a result kept without its game (`store.keep_finish`), which
has no setup, so nothing to play or watch."""
_IN_PLAY = (_GAME.puzzle == MONDRIAN, _GAME.status == PLAYING)
# Built once, as the store's statements of every move are (`store`).
_FETCH = select(_GAME.owner, _GAME.status, _GAME.created_at, _GAME.setup).where(*_MINE, _PLAYED)
_FETCH_KNOWN = select(_GAME.owner, _GAME.status, _GAME.created_at, null()).where(*_MINE, _PLAYED)
_STATUS = select(_GAME.status).where(*_MINE)
_SOLVED = (
    update(games)
    .where(*_MINE)
    .values(
        status=SOLVED,
        ended_at=bindparam("ended_at"),
        seconds=bindparam("seconds"),
        clicks=bindparam("moves"),
        assisted=bindparam("helped"),
        counted=bindparam("kept"),
    )
)


@dataclass(frozen=True)
class Logged:
    """A stored move: its text, when it was played, and the server's note of it (or None)."""

    text: str
    at: float
    note: JsonObject | None = None


@dataclass(frozen=True)
class InPlay:
    """A stored game: its owner, whether it is solved, when it was started (the time its
    moves are counted from in a replay), its setup (None when the caller asked only for the
    moves after those it knows) and its moves from the first one asked for."""

    owner: str
    solved: bool
    created_at: float
    setup: JsonObject | None
    moves: tuple[Logged, ...]


class Change:
    """Move ``number`` of a game in play, in its transaction (`MondrianPlay.change`)."""

    def __init__(self, db: Connection, game_id: str, number: int, at: float) -> None:
        self._db = db
        self._game_id = game_id
        self._number = number
        self._at = at
        self._kept = False
        """Whether the game's finish is in the records (`keep` succeeded)."""

    def keep(self, finish: Finish, player: str | None = None) -> tuple[str, ...] | None:
        """Keep ``finish`` in the records (``player``'s, or everyone's: the game's player)
        with this move, on the game's row: what it is a new best time of
        (`store.keep_finish`); None, and nothing of it kept, when the database refuses it
        (the move itself goes on)."""
        try:
            with self._db.begin_nested():
                bests = keep_finish(self._db, finish, player, self._game_id)
        except SQLAlchemyError:
            return None
        self._kept = True
        return bests

    def write(
        self, text: str, note: JsonObject | None = None, finish: Finish | None = None
    ) -> None:
        """The move's text and note; with ``finish``, the game is solved by it, in the records
        only when `keep` kept it. `MoveConflict`, and nothing of the change written, when
        another process wrote a move of this number first."""
        append_move(self._db, self._game_id, self._number, text, self._at, note)
        if finish is not None:
            self._db.execute(
                _SOLVED,
                {
                    "game_id": self._game_id,
                    "ended_at": finish.ended_at,
                    "seconds": finish.seconds,
                    "moves": finish.moves,
                    "helped": finish.assisted,
                    "kept": self._kept,
                },
            )


class MondrianPlay:
    """The Mondrian games in play of ``store``, on its database."""

    def __init__(self, store: Store) -> None:
        self._store = store
        self.where = store.where
        """The store's file or server, as messages name it."""

    def start(
        self,
        game_id: str,
        owner: str,
        setup: JsonObject,
        now: float,
        *,
        player: str | None = None,
        seed: int = 0,
    ) -> None:
        """Keep a new game (of ``player``'s records), started at ``now`` as ``setup`` says,
        after forgetting the games in play with no move for `IDLE_SECONDS` and the oldest
        beyond `MAX_IN_PLAY`."""
        cutoff = now - IDLE_SECONDS
        with self._store.transaction() as db:
            moved_lately = exists().where(moves.c.game_id == _GAME.id, moves.c.at >= cutoff)
            db.execute(delete(games).where(*_IN_PLAY, _GAME.created_at < cutoff, ~moved_lately))
            oldest_kept = db.execute(
                select(_GAME.created_at)
                .where(*_IN_PLAY)
                .order_by(_GAME.created_at.desc())
                .offset(MAX_IN_PLAY - 1)
                .limit(1)
            ).scalar_one_or_none()
            if oldest_kept is not None:
                db.execute(delete(games).where(*_IN_PLAY, _GAME.created_at <= oldest_kept))
            db.execute(
                insert(games).values(
                    id=game_id,
                    owner=owner,
                    puzzle=MONDRIAN,
                    setup=setup,
                    seed=seed,
                    counted=True,
                    status=PLAYING,
                    created_at=now,
                    assisted=False,
                    clicks=0,
                    seq=next_seq(db),
                    player=player,
                )
            )

    def fetch(self, game_id: str, since: int | None = None) -> InPlay | None:
        """The game ``game_id`` (None when there is none, or no longer, or only its result is
        kept): its setup and every move, or, ``since`` a number of moves its caller knows, only
        the moves after them."""
        with self._store.transaction(writing=False) as db:
            statement = _FETCH if since is None else _FETCH_KNOWN
            row = db.execute(statement, {"game_id": game_id}).first()
            if row is None:
                return None
            logged = moves_since(db, game_id, since or 0)
        owner, status, created_at, setup = row
        moved = tuple(Logged(*move) for move in logged)
        return InPlay(owner, status == SOLVED, created_at, setup, moved)

    @contextmanager
    def change(self, game_id: str, number: int, now: float) -> Iterator[Change]:
        """Move ``number`` of the game ``game_id``, played at ``now``, in one transaction:
        the block writes it (`Change.write`) and keeps a finish with it (`Change.keep`).
        `MoveConflict`, and nothing written, when the game is solved or no longer kept, or
        another process wrote a move of that number first."""
        with self._store.transaction() as db:
            if db.execute(_STATUS, {"game_id": game_id}).scalar() != PLAYING:
                raise MoveConflict(ENDED.format(game_id=game_id))
            yield Change(db, game_id, number, now)

    def watched(self, game_id: str) -> Replay | None:
        """The game ``game_id`` to watch again, step by step (`watched`), or None when there
        is none (any more). Check `Replay.in_play` before showing any of it."""
        stored = self.fetch(game_id)
        return None if stored is None else watched(game_id, stored)

    def solved(self, limit: int = 50, player: str | None = None) -> list[SolvedGame]:
        """The last ``limit`` solved games of every shell (``player``'s only, when given), the
        latest first, each with its id and its finish as the records keep it: those kept with
        their steps, to watch again (a result kept without its game is in the records only)."""
        query = (
            select(
                _GAME.id, _GAME.setup, _GAME.seconds, _GAME.assisted, _GAME.clicks, _GAME.ended_at
            )
            .where(_GAME.puzzle == MONDRIAN, _GAME.status == SOLVED, _PLAYED)
            .order_by(_GAME.ended_at.desc(), _GAME.seq.desc())
            .limit(limit)
        )
        if player is not None:
            query = query.where(_GAME.player == player)
        with self._store.transaction(writing=False) as db:
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
    """A row of `MondrianPlay.solved` as a `SolvedGame`."""
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


def watched(game_id: str, stored: InPlay) -> Replay:
    """The stored game ``game_id`` to watch again: its setup and the game after each step of
    its log, through the mid-end's replay (`replay.frames`), and its challenge's facts after
    its last step (those of its setup, or of the move that put its last black block down).
    `ReplayError` for a log the rules refuse, `NotationError` (or `InvalidPuzzleError`) for a
    setup or a note not in the form every shell writes: each a `ValueError`."""
    setup = setup_from_json(stored.setup)
    facts = setup.facts
    for logged in stored.moves:
        if logged.note is not None and "facts" in logged.note:
            facts = facts_from_json(logged.note["facts"])
    shown = tuple(frames(mondrian_rules, setup.play, stored.moves, setup.play.version))
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
    in the web app does, and is forgotten after `IDLE_SECONDS` (it is never a record)."""

    def __init__(self, store: Store, setup: JsonObject, created_at: float, owner: str) -> None:
        """``setup``: the game before its first move (`midend.mondrian.setup_to_json`), shown
        at ``created_at`` (the clock of the steps' times, seconds since the epoch)."""
        self.id = new_game_id()
        """The game's id in the store (`gridpuzzles replay ID` watches it again)."""
        self._play = MondrianPlay(store)
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
                self._play.start(self.id, self._owner, self._setup, self._created_at)
                self._stored = True
            while self._waiting:
                text, at = self._waiting[0]
                ends = finish if len(self._waiting) == 1 else None
                with self._play.change(self.id, self._written, at) as change:
                    note = None
                    if ends is not None:
                        bests = change.keep(ends)
                        note = finish_note(bests)
                    change.write(text, note, ends)
                self._waiting.pop(0)
                self._written += 1
        except MoveConflict as error:  # forgotten meanwhile: no step of it can be kept
            self._lost = NO_LONGER_KEPT.format(where=self._play.where, error=error)
            return None, self._lost
        except (sqlite3.Error, StorageError) as error:
            if finish is None and self._failing:
                return None, None  # said at the first step that failed
            self._failing = True
            said = MOVE_NOT_SAVED if finish is None else NOT_SAVED
            return None, said.format(where=self._play.where, error=error)
        self._failing = False
        self.solved = finish is not None
        return bests, None
