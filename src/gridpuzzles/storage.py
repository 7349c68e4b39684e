"""SQLite persistence of Minesweeper games and per-level statistics, for any shell.

A game is stored the way it is reproduced: its `Config`, its seed (and its layout when that
was fixed up front) and the list of moves played, each with the time it was played. Replaying
the moves through the core rebuilds the game exactly (`SavedGame.replay`). Statistics are kept
per level: games played (ended), won and the best winning time.

Every write is one transaction, committed before the call returns. The database runs in WAL
mode; a `Store` holds one connection behind a lock, so threads may share it, and other
processes (another shell on the same file) wait for each other's writes.
"""

from __future__ import annotations

import secrets
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import reduce
from pathlib import Path

from platformdirs import user_data_dir

from gridpuzzles.bounds import BoundError, check_seed
from gridpuzzles.minesweeper import (
    Config,
    FirstClick,
    Game,
    Layout,
    Move,
    Status,
    WinRule,
    format_layout,
    new_game,
    parse_layout,
    play,
)
from gridpuzzles.minesweeper.core.settings import level_of
from gridpuzzles.minesweeper.solving.noguess import placement

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    level TEXT NOT NULL,
    width INTEGER NOT NULL,
    height INTEGER NOT NULL,
    mines INTEGER NOT NULL,
    first_click TEXT NOT NULL,
    win_rule TEXT NOT NULL,
    question_marks INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    layout TEXT,
    counted INTEGER NOT NULL,
    status TEXT NOT NULL,
    created_at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS moves (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    move TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (game_id, number)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS stats (
    level TEXT PRIMARY KEY,
    played INTEGER NOT NULL,
    won INTEGER NOT NULL,
    best_time REAL
);
"""

_RECORD_RESULT = """
INSERT INTO stats (level, played, won, best_time)
SELECT level, 1, :won, :best FROM games WHERE id = :id AND counted
ON CONFLICT (level) DO UPDATE SET
    played = played + 1,
    won = won + excluded.won,
    best_time = COALESCE(MIN(best_time, excluded.best_time), best_time, excluded.best_time)
"""


def _tables() -> dict[str, tuple[str, ...]]:
    """Every table of `SCHEMA` and its columns, as SQLite reads them."""
    db = sqlite3.connect(":memory:")
    try:
        db.executescript(SCHEMA)
        names = [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {
            name: tuple(row[1] for row in db.execute(f"PRAGMA table_info({name})"))
            for name in names
        }
    finally:
        db.close()


_TABLES = _tables()


def default_db() -> Path:
    """The database every shell uses unless told otherwise: in the user's data directory."""
    return Path(user_data_dir("gridpuzzles")) / "gridpuzzles.db"


def new_game_id() -> str:
    """An unguessable id for a stored game (128 random bits)."""
    return secrets.token_urlsafe(16)


class StorageError(Exception):
    """The database cannot do what was asked (unknown game, a move number already taken)."""


@dataclass(frozen=True)
class TimedMove:
    """A move and the time it was played (seconds, as passed to the core as ``now``)."""

    move: Move
    at: float


@dataclass(frozen=True)
class SavedGame:
    """Everything needed to rebuild a game: config, seed or layout, and the moves played."""

    id: str
    config: Config
    seed: int
    layout: Layout | None = None
    """The mines when they were fixed before the first move (e.g. a no-guess board)."""
    moves: tuple[TimedMove, ...] = ()
    owner: str = ""
    """An opaque key of who may play the game (the web app keeps a token's hash here)."""
    counted: bool = True
    """Whether the result goes into the statistics (not for games on a chosen seed)."""
    created_at: float = 0.0

    def start(self) -> Game:
        """The game before any move."""
        if self.layout is None:
            return new_game(self.config, self.seed, placement(self.config))
        return Game(self.config, self.seed, self.layout, bytes(self.config.size))

    def replay(self) -> Game:
        """The game after every stored move, exactly as it was played."""
        return reduce(
            lambda game, timed: play(game, timed.move, timed.at), self.moves, self.start()
        )


@dataclass(frozen=True)
class LevelStats:
    """The record of one level: games ended, games won and the best winning time."""

    level: str
    played: int
    won: int
    best_time: float | None


def level_key(config: Config) -> str:
    """The name statistics are kept under: a built-in level's name, or ``WxH/MINES``, with
    `` no-guess`` after it for no-guess boards (their times compare only with each other)."""
    name = level_of(config) or f"{config.width}x{config.height}/{config.mines}"
    return f"{name} no-guess" if config.first_click is FirstClick.NO_GUESS else name


class Store:
    """A SQLite database of games and statistics at ``path`` (created when missing)."""

    def __init__(self, path: Path | str) -> None:
        """Open (or create) the database; `StorageError` or `sqlite3.Error` when ``path`` is a
        folder, not a SQLite file, another program's database or cannot be written. A file
        refused is left as it was."""
        self.path = Path(path)
        if self.path.is_dir():
            raise StorageError("it is a folder, not a database file")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, timeout=30.0, check_same_thread=False)
        try:
            self._open()
        except (sqlite3.Error, StorageError):
            self._db.close()
            raise

    def _open(self) -> None:
        """Check, before writing anything, that the file is a SQLite database holding no table
        but those of `SCHEMA` (with their columns); then that it can be written; then make the
        tables."""
        db = self._db
        self._check_tables()
        version = int(db.execute("PRAGMA user_version").fetchone()[0])
        with db:
            db.execute(f"PRAGMA user_version = {version}")  # fails at once if read-only
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA foreign_keys = ON")
        with self._connection():
            db.executescript(SCHEMA)

    def _check_tables(self) -> None:
        """Refuse (`StorageError`) a database with tables that are not those of `SCHEMA`."""
        tables = [
            row[0]
            for row in self._db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
        ]
        for table in tables:
            quoted = '"' + table.replace('"', '""') + '"'
            found = tuple(row[1] for row in self._db.execute(f"PRAGMA table_info({quoted})"))
            if found != _TABLES.get(table):
                raise StorageError(
                    f"its table {table!r} has the columns {', '.join(found)}, not those of "
                    "gridpuzzles: another program's database?"
                )

    @contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection]:
        """The connection, for one transaction: committed on success, rolled back on error."""
        with self._lock, self._db:
            yield self._db

    def close(self) -> None:
        """Close the database connection; the store cannot be used afterwards."""
        with self._lock:
            self._db.close()

    def add_game(self, saved: SavedGame) -> None:
        """Store a new game and its moves; `StorageError` for a seed SQLite cannot keep
        exactly (outside 0 to `MAX_SEED`), before anything is written."""
        try:
            check_seed(saved.seed, "the seed of a stored game")
        except BoundError as error:
            raise StorageError(str(error)) from None
        config = saved.config
        with self._connection() as db:
            db.execute(
                "INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    saved.id,
                    saved.owner,
                    level_key(config),
                    config.width,
                    config.height,
                    config.mines,
                    config.first_click.value,
                    config.win_rule.value,
                    config.question_marks,
                    saved.seed,
                    None if saved.layout is None else format_layout(saved.layout),
                    saved.counted,
                    saved.replay().status.value,
                    saved.created_at,
                ),
            )
            db.executemany(
                "INSERT INTO moves VALUES (?, ?, ?, ?)",
                [(saved.id, n, str(t.move), t.at) for n, t in enumerate(saved.moves)],
            )

    def load_game(self, game_id: str) -> SavedGame | None:
        """The stored game with this id, or None."""
        with self._connection() as db:
            row = db.execute(
                "SELECT width, height, mines, first_click, win_rule, question_marks, seed, "
                "layout, owner, counted, created_at FROM games WHERE id = ?",
                (game_id,),
            ).fetchone()
            if row is None:
                return None
            moves = db.execute(
                "SELECT move, at FROM moves WHERE game_id = ? ORDER BY number", (game_id,)
            ).fetchall()
        width, height, mines, first, win, marks, seed, layout, owner, counted, created = row
        return SavedGame(
            id=game_id,
            config=Config(width, height, mines, FirstClick(first), WinRule(win), bool(marks)),
            seed=seed,
            layout=None if layout is None else parse_layout(layout),
            moves=tuple(TimedMove(Move.parse(text), at) for text, at in moves),
            owner=owner,
            counted=bool(counted),
            created_at=created,
        )

    def add_move(
        self, game_id: str, number: int, timed: TimedMove, after: Game, seconds: float
    ) -> None:
        """Append move ``number`` (0-based) of a game; ``after`` is the game it led to.

        When the move ends the game, its status is stored and the level's statistics are
        updated (``seconds`` being the game's time), in the same transaction.
        """
        with self._connection() as db:
            try:
                db.execute(
                    "INSERT INTO moves VALUES (?, ?, ?, ?)",
                    (game_id, number, str(timed.move), timed.at),
                )
            except sqlite3.IntegrityError:
                raise StorageError(
                    f"game {game_id!r} is unknown or already has a move number {number}"
                ) from None
            if after.over:
                db.execute(
                    "UPDATE games SET status = ? WHERE id = ?", (after.status.value, game_id)
                )
                won = after.status is Status.WON
                db.execute(
                    _RECORD_RESULT, {"id": game_id, "won": won, "best": seconds if won else None}
                )

    def level_stats(self) -> list[LevelStats]:
        """The statistics of every level played so far, by level name."""
        with self._connection() as db:
            rows = db.execute(
                "SELECT level, played, won, best_time FROM stats ORDER BY level"
            ).fetchall()
        return [LevelStats(*row) for row in rows]
