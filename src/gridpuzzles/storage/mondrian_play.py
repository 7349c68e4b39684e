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
(`MoveConflict`). The finish of a solved game goes into ``mondrian_games`` in the same
transaction as its last move, so it is kept exactly once however many processes race.

Bounds: starting a game first forgets the games in play that had no move for `IDLE_SECONDS`,
7 days, then the oldest beyond `MAX_IN_PLAY`, 100,000, so a store holds at most that many
unsolved; each takes at most as many moves as the shell's bound.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, bindparam, delete, exists, insert, null, select, update
from sqlalchemy.exc import SQLAlchemyError

from gridpuzzles.mondrian.core.records import Finish
from gridpuzzles.storage.errors import MoveConflict
from gridpuzzles.storage.schema import games, moves
from gridpuzzles.storage.store import (
    MONDRIAN,
    Store,
    append_move,
    keep_finish,
    moves_since,
    next_seq,
)

IDLE_SECONDS = 7 * 24 * 3600.0
"""How long a game in play is kept without a move: a week."""
MAX_IN_PLAY = 100_000
"""The most unsolved games one store keeps; starting one more forgets the oldest."""
ENDED = "game {game_id!r} is solved or no longer kept: nothing is written"
PLAYING = "playing"
SOLVED = "won"

JsonObject = dict[str, Any]
_GAME = games.c
_MINE = (_GAME.id == bindparam("game_id"), _GAME.puzzle == MONDRIAN)
_IN_PLAY = (_GAME.puzzle == MONDRIAN, _GAME.status == PLAYING)
# Built once, as the store's statements of every move are (`store`).
_FETCH = select(_GAME.owner, _GAME.status, _GAME.created_at, _GAME.setup).where(*_MINE)
_FETCH_KNOWN = select(_GAME.owner, _GAME.status, _GAME.created_at, null()).where(*_MINE)
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

    def keep(self, finish: Finish, player: str | None = None) -> tuple[str, ...] | None:
        """Keep ``finish`` in the records (``player``'s, or everyone's) with this move: what
        it is a new best time of (`store.keep_finish`); None, and nothing of it kept, when the
        database refuses it (the move itself goes on)."""
        try:
            with self._db.begin_nested():
                return keep_finish(self._db, finish, player)
        except SQLAlchemyError:
            return None

    def write(
        self, text: str, note: JsonObject | None = None, finish: Finish | None = None
    ) -> None:
        """The move's text and note; with ``finish``, the game is solved by it.
        `MoveConflict`, and nothing of the change written, when another process wrote a move
        of this number first."""
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
                },
            )


class MondrianPlay:
    """The Mondrian games in play of ``store``, on its database."""

    def __init__(self, store: Store) -> None:
        self._store = store

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
        """The game ``game_id`` (None when there is none, or no longer): its setup and every
        move, or, ``since`` a number of moves its caller knows, only the moves after them."""
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
