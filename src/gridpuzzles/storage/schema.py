"""The tables of the store as they are at the newest schema version, in SQLAlchemy Core.

The same tables serve SQLite and PostgreSQL. Flags are booleans (SQLite keeps them as 0 and 1),
times are double-precision seconds, seeds 64-bit integers. How a database reaches this shape
from an older one is told by the Alembic revisions in `gridpuzzles.storage.migrations`.
"""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    Table,
    Text,
    false,
)

SECONDS = Float(53)
"""A time in seconds: a double everywhere (PostgreSQL's REAL would be single precision)."""

metadata = MetaData()

games = Table(
    "games",
    metadata,
    Column("id", Text, primary_key=True),
    Column("owner", Text, nullable=False),
    Column("level", Text),
    # The level a game's records are kept under: Minesweeper's `store.level_key`, a Mondrian
    # challenge's difficulty (once solved and kept in the records).
    Column("width", Integer),
    Column("height", Integer),
    Column("mines", Integer),
    Column("first_click", Text),
    Column("win_rule", Text),
    Column("question_marks", Boolean),
    Column("seed", BigInteger, nullable=False),
    Column("layout", Text),
    Column("counted", Boolean, nullable=False),
    # Whether the game's end goes into the records: not for a Minesweeper game on a chosen
    # seed, nor for a solved Mondrian game whose finish the database refused.
    Column("status", Text, nullable=False),
    Column("created_at", SECONDS, nullable=False),
    Column("assisted", Boolean, nullable=False, server_default=false()),
    Column("ended_at", SECONDS),
    Column("seconds", SECONDS),
    Column("three_bv", Integer),
    Column("clicks", BigInteger, nullable=False, server_default="0"),
    # Minesweeper's clicks, a solved Mondrian game's moves.
    Column("seq", BigInteger, index=True),
    # The order games were stored in, 1 up: the tie-breaker of games started or ended at the
    # same time (SQLite's rowid did it before; PostgreSQL has none).
    Column("player", Text, index=True),
    # Whose records the game counts in (an opaque key), or NULL: everyone's.
    Column("puzzle", Text, nullable=False, server_default="minesweeper"),
    # Which puzzle the game is of: ``minesweeper`` or ``mondrian``. Minesweeper's own columns
    # (width to question_marks, layout, three_bv) are NULL on a Mondrian game.
    Column("setup", JSON),
    # How a Mondrian game starts, before its first move (its challenge, as its shell keeps it);
    # NULL on a Mondrian result kept without its game (`store.keep_finish`, and the records of
    # stores older than the move log), which has nothing to replay.
    Column("challenge", Text),
    # The key of a solved Mondrian game's challenge, once it is in the records; NULL before,
    # and on a Minesweeper game.
    Column("imported", JSON),
    # Where a Minesweeper game imported from a video comes from (`video_import.VideoSource`
    # as JSON: the file, its format, player, software, whether it claims to be official);
    # NULL for a game played here. An imported game is never counted.
    Index("ix_games_in_play", "puzzle", "status", "created_at"),
    # The defaults are those the revision that added ``assisted`` and ``clicks`` gave the rows
    # it found: a new store has them too (tests/storage/test_new_store.py).
)
"""Every game of both puzzles, in play or ended: how it starts, whose it is, and once it ends
how. The records of both puzzles are read from here: a game that ended and is ``counted``
(a Mondrian game's finish is counted once it is kept in the records, with its challenge and
difficulty). Its moves are the rows of `moves`."""

moves = Table(
    "moves",
    metadata,
    Column("game_id", Text, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("move", Text, nullable=False),
    Column("at", SECONDS, nullable=False),
    Column("note", JSON),
    # What the server learned with the move that a replay could only learn again from the
    # solver (a Mondrian challenge's facts, the records a finish set), or NULL.
    sqlite_with_rowid=False,
)
"""The moves of every game, undo and redo included, numbered from 0 in the order played: a
move is written at the number its player's copy of the game knows, so the primary key
refuses a second writer (one rule for both puzzles)."""

_GAMES_V0 = (
    "id",
    "owner",
    "level",
    "width",
    "height",
    "mines",
    "first_click",
    "win_rule",
    "question_marks",
    "seed",
    "layout",
    "counted",
    "status",
    "created_at",
)
_GAMES_V1 = (*_GAMES_V0, "assisted", "ended_at", "seconds", "three_bv", "clicks")
_MOVES_V0 = ("game_id", "number", "move", "at")
LEGACY_MONDRIAN = "mondrian_games"
"""The table of solved Mondrian games of schema version 2 (the one table that tells it from 1)."""
LEGACY_COLUMNS: dict[int, dict[str, tuple[str, ...]]] = {
    0: {"games": _GAMES_V0, "moves": _MOVES_V0, "stats": ("level", "played", "won", "best_time")},
    1: {"games": _GAMES_V1, "moves": _MOVES_V0},
    2: {
        "games": _GAMES_V1,
        "moves": _MOVES_V0,
        LEGACY_MONDRIAN: (
            "id",
            "challenge",
            "difficulty",
            "seconds",
            "assisted",
            "moves",
            "ended_at",
        ),
    },
}
"""The tables of the SQLite files of releases before Alembic, by their ``user_version`` (2 is
1 with `LEGACY_MONDRIAN`, the solved Mondrian games, which revision v7 moved into ``games``): a
file holding other tables or columns is another program's. Written out, frozen: the tables
above change with later schemas, these files never do."""
