"""A game in play of any puzzle, in the store: one API, written once for both puzzles.

A game is a row of ``games`` (its ``puzzle`` says whose rules it follows) and its steps are
rows of ``moves``, each its number, text, time and note (`schema`). The store's API for a game
in play has four verbs (`Store.start`, `Store.read`, `Store.turn`, with `Turn.append` and
`Turn.finish` in the turn):

- start: a game's row (`NewGame`: id, puzzle, owner, created_at, player, counted, and the
  puzzle's own columns, its ``part``), with the steps it already has;
- read since: the game's row and its steps from number N on (`StoredGame`, the same shape for
  every puzzle; its ``part`` only in a whole read);
- append: one step at its number, with its note and the game's changed columns (assisted,
  a game played again); refused (`MoveConflict`, nothing written) when another process wrote
  that number first, or the game ended or is no longer kept;
- finish: the game's end, in the same transaction as the step that ended it, so it is kept
  exactly once however many processes race; what the records keep beyond the game's row is
  written in a savepoint the database may refuse (`Turn.in_records`) without costing the step.

What is one puzzle's only (Minesweeper's board columns and figures, a Mondrian game's setup and
finish in the records) is that puzzle's part, built or read by small functions beside it
(`store`, `mondrian_play`).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from typing import Any, TypeVar

from sqlalchemy import (
    ColumnElement,
    Connection,
    Update,
    bindparam,
    delete,
    exists,
    func,
    insert,
    select,
    true,
    update,
)
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from gridpuzzles.storage.errors import MoveConflict
from gridpuzzles.storage.schema import games, moves

T = TypeVar("T")

MINESWEEPER = "minesweeper"
MONDRIAN = "mondrian"
"""The puzzles of the games of `schema.games` (its ``puzzle``)."""
PLAYING = "playing"
"""The status of a game in play, in every puzzle."""

PARTS: dict[str, tuple[str, ...]] = {
    MINESWEEPER: (
        "width",
        "height",
        "mines",
        "first_click",
        "win_rule",
        "question_marks",
        "seed",
        "layout",
        "imported",
    ),
    MONDRIAN: ("setup",),
}
"""The columns of ``games`` that are each puzzle's own part of a game: how it starts."""
_PLAYED: dict[str, ColumnElement[bool]] = {
    MINESWEEPER: true(),
    MONDRIAN: games.c.setup.is_not(None),
}
"""Which rows of a puzzle are games that were played (a Mondrian result kept without its game,
`store.keep_finish`, has no setup: nothing to play or watch, so no game to read)."""
BOUNDED = frozenset({MONDRIAN})
"""The puzzles whose games in play are bounded: starting one first forgets the games in play
of that puzzle with no move for `IDLE_SECONDS`, then the oldest beyond `MAX_IN_PLAY`, so a
store holds at most that many unfinished (a Minesweeper game in play is kept until it ends or
is left)."""
IDLE_SECONDS = 7 * 24 * 3600.0
"""How long a game in play of a bounded puzzle is kept without a move: a week."""
MAX_IN_PLAY = 100_000
"""The most games in play of a bounded puzzle one store keeps; starting one more forgets the
oldest."""

GONE = "game {game_id!r} is unknown or no longer kept: nothing is written"
ENDED = "game {game_id!r} has ended ({status}): nothing is written"


@dataclass(frozen=True)
class StoredStep:
    """A stored step of a game (a move, help, undo or redo): its number in the log (from 0),
    its text, when it was made, and the server's note of it (or None)."""

    number: int
    text: str
    at: float
    note: Any = None


@dataclass(frozen=True)
class NewGame:
    """A game's row as it is started (`Store.start`): ``part`` holds the puzzle's own columns
    (`PARTS`)."""

    id: str
    puzzle: str
    owner: str
    """An opaque key of who may play the game (the web app keeps a token's digest here)."""
    created_at: float
    part: Mapping[str, Any]
    counted: bool = True
    """Whether the game's end goes into the records (not for a game on a chosen seed)."""
    player: str | None = None
    """Whose records the game counts in (an opaque key), or None: everyone's."""
    status: str = PLAYING
    assisted: bool = False


@dataclass(frozen=True)
class StoredGame:
    """A stored game of any puzzle, as one read gives it (`Store.read`): its row, its own
    columns (``part``: None in a read of the steps after those a copy knows) and its steps
    from the first asked for."""

    id: str
    puzzle: str
    owner: str
    status: str
    created_at: float
    assisted: bool
    ended_at: float | None
    player: str | None
    counted: bool
    part: Mapping[str, Any] | None
    steps: tuple[StoredStep, ...]

    @property
    def ended(self) -> bool:
        """Whether the game has ended: won, lost or left (a Mondrian game: solved)."""
        return self.status != PLAYING


def new_game_id() -> str:
    """An unguessable id for a stored game (128 random bits, in 22 URL-safe characters), never
    starting with "-", so that a command line takes it as it is (`gridpuzzles replay ID`)."""
    while (game_id := secrets.token_urlsafe(16)).startswith("-"):
        pass
    return game_id


def next_seq(db: Connection) -> int:
    """The place in storing order (``games.seq``) of the next game stored on ``db``, of
    either puzzle."""
    last: int = db.execute(select(func.coalesce(func.max(games.c.seq), 0))).scalar_one()
    return last + 1


# The statements of every step, built once: SQLAlchemy then reuses their compiled form and
# cache key, where a statement built per call took more processor time than the move itself.
_ROW = (
    games.c.owner,
    games.c.status,
    games.c.created_at,
    games.c.assisted,
    games.c.ended_at,
    games.c.player,
    games.c.counted,
)
_READ = {
    (puzzle, whole): select(*_ROW, *(games.c[name] for name in PARTS[puzzle] if whole)).where(
        games.c.id == bindparam("game_id"), games.c.puzzle == puzzle, _PLAYED[puzzle]
    )
    for puzzle in PARTS
    for whole in (False, True)
}
_STEPS = (
    select(moves.c.number, moves.c.move, moves.c.at, moves.c.note)
    .where(moves.c.game_id == bindparam("game_id"), moves.c.number >= bindparam("since"))
    .order_by(moves.c.number)
)
_TURN = select(games.c.status, games.c.assisted).where(
    games.c.id == bindparam("game_id"), games.c.puzzle == bindparam("puzzle")
)
_APPEND = insert(moves)


@cache
def _changing(names: tuple[str, ...]) -> Update:
    """The update of a game's columns ``names`` (built once for each set of names)."""
    values: dict[str, Any] = {name: bindparam(f"new_{name}") for name in names}
    return update(games).where(games.c.id == bindparam("game_id")).values(values)


def start(db: Connection, game: NewGame, steps: Sequence[StoredStep] = ()) -> None:
    """Write ``game``'s row and its ``steps`` on ``db`` (`Store.start`)."""
    if game.puzzle in BOUNDED:
        _forget_idle(db, game.puzzle, game.created_at)
    db.execute(
        insert(games).values(
            id=game.id,
            owner=game.owner,
            puzzle=game.puzzle,
            created_at=game.created_at,
            counted=game.counted,
            player=game.player,
            status=game.status,
            assisted=game.assisted,
            clicks=0,
            seq=next_seq(db),
            **{"seed": 0, **game.part},
        )
    )
    rows = [{"game_id": game.id, "number": s.number, "move": s.text, "at": s.at} for s in steps]
    noted = [
        {**row, "note": s.note} for row, s in zip(rows, steps, strict=True) if s.note is not None
    ]
    plain = [row for row, s in zip(rows, steps, strict=True) if s.note is None]
    for written in (plain, noted):  # a step with no note keeps NULL, not JSON's null
        if written:
            db.execute(_APPEND, written)


def _forget_idle(db: Connection, puzzle: str, now: float) -> None:
    """Forget the games in play of ``puzzle`` with no move for `IDLE_SECONDS` before
    ``now``, then the oldest beyond the `MAX_IN_PLAY` newest."""
    in_play = (games.c.puzzle == puzzle, games.c.status == PLAYING)
    cutoff = now - IDLE_SECONDS
    moved_lately = exists().where(moves.c.game_id == games.c.id, moves.c.at >= cutoff)
    db.execute(delete(games).where(*in_play, games.c.created_at < cutoff, ~moved_lately))
    oldest_kept = db.execute(
        select(games.c.created_at)
        .where(*in_play)
        .order_by(games.c.created_at.desc())
        .offset(MAX_IN_PLAY - 1)
        .limit(1)
    ).scalar_one_or_none()
    if oldest_kept is not None:
        db.execute(delete(games).where(*in_play, games.c.created_at <= oldest_kept))


def read(db: Connection, puzzle: str, game_id: str, since: int | None) -> StoredGame | None:
    """The game ``game_id`` of ``puzzle`` read on ``db`` (`Store.read`), or None."""
    row = db.execute(_READ[puzzle, since is None], {"game_id": game_id}).first()
    if row is None:
        return None
    owner, status, created_at, assisted, ended_at, player, counted, *own = row
    steps = db.execute(_STEPS, {"game_id": game_id, "since": since or 0})
    return StoredGame(
        id=game_id,
        puzzle=puzzle,
        owner=owner,
        status=status,
        created_at=created_at,
        assisted=bool(assisted),
        ended_at=ended_at,
        player=player,
        counted=bool(counted),
        part=None if since is not None else dict(zip(PARTS[puzzle], own, strict=True)),
        steps=tuple(StoredStep(*step) for step in steps),
    )


class Turn:
    """One step of a game in play, in its transaction (`Store.turn`): the game's status and
    assisted mark before it, then the step appended (`append`; a Minesweeper move made with
    help appends its ``help`` line after it, in the same turn) and the game's end
    (`finish`)."""

    def __init__(
        self, db: Connection, game_id: str, number: int, at: float, status: str, assisted: bool
    ) -> None:
        self._db = db
        self.game_id = game_id
        self.number = number
        """The number of the next step appended: at first the number of steps the caller's
        copy knows, one more after each `append` (a turn may append several steps)."""
        self.at = at
        """When the step was made."""
        self.status = status
        """The game's status before the step."""
        self.assisted = assisted
        """Whether the game was assisted before the step (maybe through another process)."""

    def append(self, text: str, note: Any = None, **changed: Any) -> None:
        """Write the next step (at `number`): its text, its note (or None) and the game's
        ``changed`` columns (e.g. ``assisted=True``). `MoveConflict`, and nothing of the turn
        written, when another process wrote a step of this number first: the primary key
        refuses it."""
        values = {"game_id": self.game_id, "number": self.number, "move": text, "at": self.at}
        if note is not None:  # most steps have none: the column stays NULL, no JSON is written
            values["note"] = note
        try:
            self._db.execute(_APPEND, values)
        except IntegrityError:  # the primary key (game_id, number)
            raise MoveConflict(
                f"game {self.game_id!r} already has a move number {self.number}: play on its "
                "current state"
            ) from None
        self._change(changed)
        self.number += 1

    def finish(self, **ended: Any) -> None:
        """Write how the game ended, on its row (its status, ended_at, seconds, clicks and the
        puzzle's own figures), with the step that ended it."""
        self._change(ended)

    def in_records(self, keep: Callable[[Connection], T]) -> T | None:
        """What ``keep`` tells once it has written what the records keep beyond the game's
        row (it reads and writes on the turn's connection), in a savepoint: None, and nothing
        of it written, when the database refuses it (the step itself goes on)."""
        try:
            with self._db.begin_nested():
                return keep(self._db)
        except SQLAlchemyError:
            return None

    def _change(self, columns: Mapping[str, Any]) -> None:
        """Write ``columns`` on the game's row."""
        if columns:
            names = tuple(sorted(columns))
            values = {f"new_{name}": columns[name] for name in names}
            self._db.execute(_changing(names), {"game_id": self.game_id, **values})


@contextmanager
def turn(
    db: Connection,
    puzzle: str,
    game_id: str,
    number: int,
    at: float,
    also: Collection[str] = (),
) -> Iterator[Turn]:
    """Step ``number`` of the game ``game_id`` of ``puzzle`` on ``db`` (`Store.turn`)."""
    row = db.execute(_TURN, {"game_id": game_id, "puzzle": puzzle}).first()
    if row is None:
        raise MoveConflict(GONE.format(game_id=game_id))
    if row.status != PLAYING and row.status not in also:
        raise MoveConflict(ENDED.format(game_id=game_id, status=row.status))
    yield Turn(db, game_id, number, at, row.status, bool(row.assisted))
