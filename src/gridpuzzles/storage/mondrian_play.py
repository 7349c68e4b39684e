"""Mondrian Blocks games in play, kept in the store, so that every process serving it (`serve
--workers N`, or servers on several hosts sharing a PostgreSQL database) plays the same game.

A game in play is one row of ``mondrian_play``: its id, its owner (an opaque key: the web app
keeps a token's digest there), its state as a JSON document (the shell's own: the core's game
with its undo and redo history, and the clock), its ``version`` (the changes written so far,
from 0) and when it was last written. A change is written only over the version it was made
from (``UPDATE ... WHERE version = ?``): when another process wrote first, nothing is written
and the change is refused (`MoveConflict`). The finish of a solved game goes into
``mondrian_games`` in the same transaction as its last state, so it is kept exactly once
however many processes race to store it.

Bounds: starting a game first deletes the games in play untouched (not written) for
`IDLE_SECONDS`, 7 days, then the least recently written beyond `MAX_IN_PLAY`, 100,000, so a
store holds at most that many; each is at most as large as the shell's move bound makes it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, bindparam, case, delete, insert, select, update
from sqlalchemy.exc import SQLAlchemyError

from gridpuzzles.mondrian.core.records import Finish
from gridpuzzles.storage.errors import MoveConflict
from gridpuzzles.storage.schema import mondrian_games, mondrian_play
from gridpuzzles.storage.store import Store, finish_row

IDLE_SECONDS = 7 * 24 * 3600.0
"""How long a game in play is kept without a change: a week."""
MAX_IN_PLAY = 100_000
"""The most games in play one store keeps; starting one more forgets the least recently
played."""
STALE = "game {game_id!r} was changed by another request first: nothing is written"

JsonObject = dict[str, Any]
_PLAY = mondrian_play.c
# Built once, as the store's statements of every move are (`store`).
_FETCH = select(_PLAY.owner, _PLAY.version, _PLAY.state).where(_PLAY.id == bindparam("game_id"))
_FETCH_CHANGED = select(
    _PLAY.owner,
    _PLAY.version,
    case((_PLAY.version == bindparam("known"), None), else_=_PLAY.state),
).where(_PLAY.id == bindparam("game_id"))
_CLAIM = (
    update(mondrian_play)
    .where(_PLAY.id == bindparam("game_id"), _PLAY.version == bindparam("from_version"))
    .values(version=_PLAY.version + 1, updated_at=bindparam("now"))
)
_WRITE = (
    update(mondrian_play)
    .where(_PLAY.id == bindparam("game_id"))
    .values(state=bindparam("new_state"))
)


@dataclass(frozen=True)
class InPlay:
    """A stored game in play: its owner, its version and its state (None when the version is
    the one the caller said it knows: its copy is current)."""

    owner: str
    version: int
    state: JsonObject | None


class Change:
    """One change of a game in play, in its transaction (`MondrianPlay.change`)."""

    def __init__(self, db: Connection, game_id: str) -> None:
        self._db = db
        self._game_id = game_id

    def keep(self, finish: Finish, player: str | None = None) -> bool:
        """Keep ``finish`` in the records (``player``'s, or everyone's) with this change;
        False, and nothing of it kept, when the database refuses it (the change itself goes
        on)."""
        try:
            with self._db.begin_nested():
                self._db.execute(insert(mondrian_games).values(finish_row(finish, player)))
        except SQLAlchemyError:
            return False
        return True

    def write(self, state: JsonObject) -> None:
        """The state of the game after the change."""
        self._db.execute(_WRITE, {"game_id": self._game_id, "new_state": state})


class MondrianPlay:
    """The games in play of ``store``, on its database."""

    def __init__(self, store: Store) -> None:
        self._store = store

    def start(self, game_id: str, owner: str, state: JsonObject, now: float) -> None:
        """Keep a new game at version 0, written at ``now``, after forgetting the games
        untouched for `IDLE_SECONDS` and the least recently played beyond `MAX_IN_PLAY`."""
        with self._store.transaction() as db:
            db.execute(delete(mondrian_play).where(_PLAY.updated_at < now - IDLE_SECONDS))
            oldest_kept = db.execute(
                select(_PLAY.updated_at)
                .order_by(_PLAY.updated_at.desc())
                .offset(MAX_IN_PLAY - 1)
                .limit(1)
            ).scalar_one_or_none()
            if oldest_kept is not None:
                db.execute(delete(mondrian_play).where(_PLAY.updated_at <= oldest_kept))
            db.execute(
                insert(mondrian_play).values(
                    id=game_id, owner=owner, state=state, version=0, updated_at=now
                )
            )

    def fetch(self, game_id: str, known: int | None = None) -> InPlay | None:
        """The game in play ``game_id`` (None when there is none, or no longer), with its
        state unless its version is ``known``: one read, the state sent only when it is
        needed."""
        with self._store.transaction(writing=False) as db:
            if known is None:
                row = db.execute(_FETCH, {"game_id": game_id}).first()
            else:
                row = db.execute(_FETCH_CHANGED, {"game_id": game_id, "known": known}).first()
        return None if row is None else InPlay(*row)

    @contextmanager
    def change(self, game_id: str, version: int, now: float) -> Iterator[Change]:
        """A change of the game ``game_id`` made from its state at ``version``, in one
        transaction: the version goes up by one, the change is written at ``now``, and the
        block writes the state (`Change.write`) and keeps a finish with it (`Change.keep`).
        `MoveConflict`, and nothing written, when the game is at another version (another
        process changed it first) or is no longer kept."""
        with self._store.transaction() as db:
            claimed = db.execute(
                _CLAIM, {"game_id": game_id, "from_version": version, "now": now}
            ).rowcount
            if claimed != 1:
                raise MoveConflict(STALE.format(game_id=game_id))
            yield Change(db, game_id)
