"""SQLite persistence of Minesweeper games and per-level statistics, and of solved Mondrian
Blocks games, for any shell.

A game is stored the way it is reproduced: its `Config`, its seed (and its layout when that
was fixed up front) and the list of moves played, each with the time it was played. Replaying
the moves through the core rebuilds the game exactly (`SavedGame.replay`). Statistics are kept
per level and first-click rule from the finished games themselves (`core.records`): a game
left after its first reveal is kept as abandoned (a loss), and a game in which the player
asked for help is kept as assisted (counted apart, never a best time).

A solved Mondrian game is kept as its `mondrian.core.records.Finish` (the challenge, its
difficulty, the time, whether the player had help); its records are computed from them.

Every write is one transaction, committed before the call returns. The database runs in WAL
mode; a `Store` holds one connection behind a lock, so threads may share it, and other
processes (another shell on the same file) wait for each other's writes.
"""

from __future__ import annotations

import math
import secrets
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from functools import reduce
from pathlib import Path
from typing import Any

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
    figures,
    format_layout,
    new_game,
    parse_layout,
    play,
)
from gridpuzzles.minesweeper.core.records import LevelRecord, Outcome, level_records
from gridpuzzles.minesweeper.core.settings import level_of
from gridpuzzles.minesweeper.solving.noguess import placement
from gridpuzzles.mondrian.core.challenges import LEVELS
from gridpuzzles.mondrian.core.records import (
    Finish,
    Record,
    challenge_records,
    difficulty_records,
)

MONDRIAN_SCHEMA = """
CREATE TABLE IF NOT EXISTS mondrian_games (
    id INTEGER PRIMARY KEY,
    challenge TEXT NOT NULL,
    difficulty TEXT NOT NULL,
    seconds REAL NOT NULL,
    assisted INTEGER NOT NULL,
    moves INTEGER NOT NULL,
    ended_at REAL NOT NULL
);
"""
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
    created_at REAL NOT NULL,
    assisted INTEGER NOT NULL DEFAULT 0,
    ended_at REAL,
    seconds REAL,
    three_bv INTEGER,
    clicks INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS moves (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    move TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (game_id, number)
) WITHOUT ROWID;
""" + MONDRIAN_SCHEMA
VERSION = 2
"""The schema's version (SQLite's ``user_version``). Version 0 kept a ``stats`` table of
per-level counts and no figures per game; version 1 had no Mondrian games. `Store` migrates
them when it opens them."""
MAX_CHALLENGE_KEY = 4096
"""The longest challenge key kept for a Mondrian game (a published code has 9 characters, the
black blocks of a challenge 17; a game of 144 blocks fixed fits too)."""
_LARGEST_INTEGER = 2**63 - 1
"""The largest integer SQLite keeps."""

SCHEMA_0 = """
CREATE TABLE games (
    id TEXT PRIMARY KEY, owner TEXT NOT NULL, level TEXT NOT NULL, width INTEGER NOT NULL,
    height INTEGER NOT NULL, mines INTEGER NOT NULL, first_click TEXT NOT NULL,
    win_rule TEXT NOT NULL, question_marks INTEGER NOT NULL, seed INTEGER NOT NULL,
    layout TEXT, counted INTEGER NOT NULL, status TEXT NOT NULL, created_at REAL NOT NULL
);
CREATE TABLE moves (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE, number INTEGER NOT NULL,
    move TEXT NOT NULL, at REAL NOT NULL, PRIMARY KEY (game_id, number)
) WITHOUT ROWID;
CREATE TABLE stats (
    level TEXT PRIMARY KEY, played INTEGER NOT NULL, won INTEGER NOT NULL, best_time REAL
);
"""

ABANDONED = "abandoned"
"""The status of a game left unfinished after its first reveal."""
_ENDED = (Status.WON.value, Status.LOST.value, ABANDONED)


def _tables(schema: str) -> dict[str, tuple[str, ...]]:
    """Every table of ``schema`` and its columns, as SQLite reads them."""
    db = sqlite3.connect(":memory:")
    try:
        db.executescript(schema)
        names = [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {
            name: tuple(row[1] for row in db.execute(f"PRAGMA table_info({name})"))
            for name in names
        }
    finally:
        db.close()


_TABLES = _tables(SCHEMA)
_TABLES_0 = _tables(SCHEMA_0)


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
    assisted: bool = False
    """Whether the player asked for help (Play Move, a hint, the probabilities)."""

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
class PlayedGame:
    """A finished game in the history: what reproduces it and how it ended."""

    id: str
    config: Config
    seed: int
    outcome: Outcome


@dataclass(frozen=True)
class LevelStats:
    """The short record of one level (every first-click rule): unassisted games finished,
    won and the best unassisted winning time."""

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
        older = self._check_tables()
        version = int(db.execute("PRAGMA user_version").fetchone()[0])
        with db:
            db.execute(f"PRAGMA user_version = {version}")  # fails at once if read-only
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA foreign_keys = ON")
        with self._connection():
            if older:
                self._migrate_from_0()
            if older or version == 1:
                self._migrate_from_1()
            else:
                db.executescript(SCHEMA)
            db.execute(f"PRAGMA user_version = {VERSION}")

    def _migrate_from_0(self) -> None:
        """Bring a version 0 database to `VERSION`, in the open transaction: add each game's
        figures (replayed from its moves) and drop the per-level counts, now computed."""
        db = self._db
        db.execute("BEGIN")  # one transaction: a failed migration leaves the file as it was
        for column in ("assisted INTEGER NOT NULL DEFAULT 0", "ended_at REAL", "seconds REAL",
                       "three_bv INTEGER", "clicks INTEGER NOT NULL DEFAULT 0"):
            db.execute(f"ALTER TABLE games ADD COLUMN {column}")
        ended = [row[0] for row in db.execute(
            "SELECT id FROM games WHERE status IN (?, ?)", (Status.WON.value, Status.LOST.value)
        )]
        for game_id in ended:
            try:
                saved = self._load(db, game_id)
                if saved is not None and saved.moves:
                    self._record_end(db, game_id, saved.replay(), saved.moves[-1].at, None)
            except ValueError as error:  # a move that cannot be read or played
                raise StorageError(f"its game {game_id!r} does not replay: {error}") from None
        db.execute("DROP TABLE stats")

    def _migrate_from_1(self) -> None:
        """Bring a version 1 database to `VERSION`, in the open transaction: add the table of
        solved Mondrian games."""
        self._db.execute(MONDRIAN_SCHEMA)

    def _check_tables(self) -> bool:
        """Refuse (`StorageError`) a database with tables that are not those of `SCHEMA` or
        of version 0 (`SCHEMA_0`); whether it is of version 0."""
        tables = [
            row[0]
            for row in self._db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
        ]
        found = {table: self._columns(table) for table in tables}
        older = "stats" in found or found.get("games") == _TABLES_0["games"]
        expected = _TABLES_0 if older else _TABLES
        for table, columns in found.items():
            if columns != expected.get(table):
                raise StorageError(
                    f"its table {table!r} has the columns {', '.join(columns)}, not those of "
                    "gridpuzzles: another program's database?"
                )
        return older

    def _columns(self, table: str) -> tuple[str, ...]:
        quoted = '"' + table.replace('"', '""') + '"'
        return tuple(row[1] for row in self._db.execute(f"PRAGMA table_info({quoted})"))

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
                "INSERT INTO games (id, owner, level, width, height, mines, first_click, "
                "win_rule, question_marks, seed, layout, counted, status, created_at, assisted) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
                    saved.assisted,
                ),
            )
            db.executemany(
                "INSERT INTO moves VALUES (?, ?, ?, ?)",
                [(saved.id, n, str(t.move), t.at) for n, t in enumerate(saved.moves)],
            )

    def load_game(self, game_id: str) -> SavedGame | None:
        """The stored game with this id, or None."""
        with self._connection() as db:
            return self._load(db, game_id)

    @staticmethod
    def _load(db: sqlite3.Connection, game_id: str) -> SavedGame | None:
        """The stored game with this id, or None, read on ``db``."""
        row = db.execute(
            "SELECT width, height, mines, first_click, win_rule, question_marks, seed, "
            "layout, owner, counted, created_at, assisted FROM games WHERE id = ?",
            (game_id,),
        ).fetchone()
        if row is None:
            return None
        moves = db.execute(
            "SELECT move, at FROM moves WHERE game_id = ? ORDER BY number", (game_id,)
        ).fetchall()
        width, height, mines, first, win, marks, seed, layout, owner, counted, created, helped = row
        return SavedGame(
            id=game_id,
            config=Config(width, height, mines, FirstClick(first), WinRule(win), bool(marks)),
            seed=seed,
            layout=None if layout is None else parse_layout(layout),
            moves=tuple(TimedMove(Move.parse(text), at) for text, at in moves),
            owner=owner,
            counted=bool(counted),
            created_at=created,
            assisted=bool(helped),
        )

    def add_move(self, game_id: str, number: int, timed: TimedMove, after: Game) -> None:
        """Append move ``number`` (0-based) of a game; ``after`` is the game it led to.

        When the move ends the game, its status, time and figures are stored with it, in the
        same transaction.
        """
        with self._connection() as db:
            status = db.execute("SELECT status FROM games WHERE id = ?", (game_id,)).fetchone()
            if status is not None and status[0] != Status.PLAYING.value:
                raise StorageError(f"game {game_id!r} has ended ({status[0]}): no move is kept")
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
                self._record_end(db, game_id, after, timed.at, after.status.value)

    @staticmethod
    def _record_end(
        db: sqlite3.Connection, game_id: str, game: Game, at: float, status: str | None
    ) -> None:
        """Keep how a game ended: its status (unless None), when, its time and figures."""
        numbers = figures(game, at)
        db.execute(
            "UPDATE games SET status = COALESCE(?, status), ended_at = ?, seconds = ?, "
            "three_bv = ?, clicks = ? WHERE id = ?",
            (status, at, numbers.elapsed, numbers.three_bv, numbers.clicks, game_id),
        )

    def mark_assisted(self, game_id: str) -> None:
        """Note that the player of a game still being played asked for help (Play Move, a
        hint, the probabilities): the game no longer counts as their own."""
        with self._connection() as db:
            db.execute(
                "UPDATE games SET assisted = 1 WHERE id = ? AND status = ?",
                (game_id, Status.PLAYING.value),
            )

    def abandon(self, game_id: str, game: Game, at: float) -> None:
        """The player leaves ``game`` (the stored game ``game_id`` as it is now) at time
        ``at``: once its clock has started it counts as a loss; before, it is forgotten."""
        with self._connection() as db:
            if game.over:
                return
            if game.started_at is None:
                db.execute(
                    "DELETE FROM games WHERE id = ? AND status = ?",
                    (game_id, Status.PLAYING.value),
                )
                return
            db.execute(
                "UPDATE games SET status = ? WHERE id = ? AND status = ?",
                (ABANDONED, game_id, Status.PLAYING.value),
            )
            self._record_end(db, game_id, game, at, None)

    def last_config(self, owner: str) -> Config | None:
        """The board and rules of ``owner``'s latest game (to play them again), or None."""
        with self._connection() as db:
            row = db.execute(
                "SELECT width, height, mines, first_click, win_rule, question_marks FROM games "
                "WHERE owner = ? ORDER BY created_at DESC, rowid DESC LIMIT 1",
                (owner,),
            ).fetchone()
        if row is None:
            return None
        width, height, mines, first, win, marks = row
        return Config(width, height, mines, FirstClick(first), WinRule(win), bool(marks))

    def history(self, limit: int = 50) -> list[PlayedGame]:
        """The last ``limit`` counted games that ended, the latest first."""
        return self._played("ORDER BY ended_at DESC, rowid DESC LIMIT ?", (limit,))

    def records(self) -> list[LevelRecord]:
        """The record of every level and first-click rule played (`core.records`)."""
        return level_records(game.outcome for game in self._played("", ()))

    def _played(self, tail: str, parameters: tuple[object, ...]) -> list[PlayedGame]:
        with self._connection() as db:
            rows = db.execute(
                "SELECT id, level, width, height, mines, first_click, win_rule, question_marks,"
                " seed, status, assisted, seconds, three_bv, clicks, ended_at FROM games "
                f"WHERE counted AND status IN (?, ?, ?) {tail}",
                (*_ENDED, *parameters),
            ).fetchall()
        return [_played_game(*row) for row in rows]

    def add_mondrian_finish(self, finish: Finish) -> None:
        """Keep a solved Mondrian game; `StorageError`, before anything is written, for a
        difficulty not in `LEVELS`, a key longer than `MAX_CHALLENGE_KEY`, a time or move
        count that is not a number from 0, or an end that is not a number."""
        if finish.difficulty not in LEVELS:
            raise StorageError(f"a difficulty is one of {', '.join(LEVELS)}, not "
                               f"{finish.difficulty[:40]!r}")
        if not 0 < len(finish.challenge) <= MAX_CHALLENGE_KEY:
            raise StorageError(f"a challenge key has 1 to {MAX_CHALLENGE_KEY} characters, not "
                               f"{len(finish.challenge)}")
        if not (math.isfinite(finish.seconds) and finish.seconds >= 0
                and math.isfinite(finish.ended_at) and 0 <= finish.moves <= _LARGEST_INTEGER):
            raise StorageError(f"a solved game needs a time and a move count from 0 and when it "
                               f"ended, not {finish.seconds} s, {finish.moves} moves, "
                               f"{finish.ended_at}")
        with self._connection() as db:
            db.execute(
                "INSERT INTO mondrian_games (challenge, difficulty, seconds, assisted, moves, "
                "ended_at) VALUES (?, ?, ?, ?, ?, ?)",
                (finish.challenge, finish.difficulty, finish.seconds, finish.assisted,
                 finish.moves, finish.ended_at),
            )

    def mondrian_finishes(self) -> list[Finish]:
        """Every solved Mondrian game, in the order they were kept."""
        with self._connection() as db:
            rows = db.execute(
                "SELECT challenge, difficulty, seconds, assisted, moves, ended_at "
                "FROM mondrian_games ORDER BY id"
            ).fetchall()
        return [
            Finish(challenge, difficulty, seconds, bool(assisted), moves, ended_at)
            for challenge, difficulty, seconds, assisted, moves, ended_at in rows
        ]

    def mondrian_records(self) -> tuple[list[Record], list[Record]]:
        """The Mondrian records per challenge and per difficulty (`mondrian.core.records`)."""
        finishes = self.mondrian_finishes()
        return challenge_records(finishes), difficulty_records(finishes)

    def level_stats(self) -> list[LevelStats]:
        """The short record of every level played so far, by level name."""
        by_level: dict[str, list[LevelRecord]] = {}
        for record in self.records():
            by_level.setdefault(record.level, []).append(record)
        return [
            LevelStats(
                level,
                sum(r.played for r in records),
                sum(r.won for r in records),
                min((r.best_times[0].seconds for r in records if r.best_times), default=None),
            )
            for level, records in sorted(by_level.items())
        ]


def _played_game(
    game_id: str, level: str, width: int, height: int, mines: int, first: str, win: str,
    marks: int, seed: int, status: str, assisted: int, seconds: float | None,
    bv: int | None, clicks: int, ended_at: float | None,
) -> PlayedGame:
    """A row of `Store._played` as a `PlayedGame`."""
    config = Config(width, height, mines, FirstClick(first), WinRule(win), bool(marks))
    outcome = Outcome(
        level=level,
        first_click=config.first_click,
        won=status == Status.WON.value,
        abandoned=status == ABANDONED,
        assisted=bool(assisted),
        seconds=seconds or 0.0,
        three_bv=bv,
        clicks=clicks,
        ended_at=ended_at or 0.0,
    )
    return PlayedGame(game_id, config, seed, outcome)


def records_json(
    records: Sequence[LevelRecord], history: Sequence[PlayedGame]
) -> dict[str, Any]:
    """The records and the latest games as JSON data (seeds as strings: they are exact)."""
    return {
        "records": [
            {**asdict(record), "first_click": record.first_click.value, "win_rate": record.win_rate}
            for record in records
        ],
        "history": [
            {
                "id": game.id,
                "seed": str(game.seed),
                "width": game.config.width,
                "height": game.config.height,
                "mines": game.config.mines,
                **asdict(game.outcome),
                "first_click": game.outcome.first_click.value,
                "three_bv_per_second": game.outcome.three_bv_per_second,
            }
            for game in history
        ],
    }
