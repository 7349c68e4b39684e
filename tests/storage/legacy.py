"""The SQLite schemas of the releases before Alembic, as their code wrote them (by
``user_version``), to build old files that the store must open and migrate."""

from __future__ import annotations

import sqlite3
from importlib.resources import as_file, files
from pathlib import Path

from sqlalchemy import Engine

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
SCHEMA_1 = """
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
"""
SCHEMA_2 = SCHEMA_1 + MONDRIAN_SCHEMA
"""Today's release (``user_version`` 2)."""
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
SCHEMAS = {0: SCHEMA_0, 1: SCHEMA_1, 2: SCHEMA_2}


def old_file(path: Path, version: int) -> sqlite3.Connection:
    """A new SQLite file at ``path`` as the release of schema ``version`` made it (WAL mode,
    its ``user_version``); the connection, to fill it."""
    db = sqlite3.connect(path)
    db.executescript(SCHEMAS[version])
    db.execute("PRAGMA journal_mode = WAL")
    db.execute(f"PRAGMA user_version = {version}")
    return db


def tables(path: Path) -> dict[str, list[str]]:
    """Every table of the SQLite file at ``path`` and its columns."""
    with sqlite3.connect(path) as db:
        names = [
            row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        ]
        found = {
            name: [row[1] for row in db.execute(f"PRAGMA table_info({name})")] for name in names
        }
    db.close()
    return found


def migrated_to(path: Path, revision: str) -> None:
    """Bring the file at ``path`` (made by `old_file`) to Alembic's ``revision`` and no further,
    as the release of that revision left it."""
    from gridpuzzles.storage.engine import sqlite_engine

    upgraded_to(sqlite_engine(path), revision, legacy=True)


def server_migrated_to(url: str, revision: str) -> None:
    """Bring the new empty PostgreSQL database at ``url`` to Alembic's ``revision`` and no
    further, its tables made from scratch as the release of that revision made them."""
    from sqlalchemy import create_engine

    from gridpuzzles.storage.engine import server_url

    engine = create_engine(server_url(url).set(drivername="postgresql+psycopg"))
    upgraded_to(engine, revision, legacy=False)


def upgraded_to(engine: Engine, revision: str, *, legacy: bool = False) -> None:
    """Run Alembic's migrations on ``engine`` up to ``revision`` (a ``legacy`` file, made
    before Alembic, first stamped with the revision it matches), then close it."""
    from alembic import command
    from alembic.config import Config
    from alembic.runtime.migration import MigrationContext
    from alembic.script import ScriptDirectory

    from gridpuzzles.storage.engine import legacy_revision

    with (
        as_file(files("gridpuzzles.storage") / "migrations") as folder,
        engine.begin() as connection,
    ):
        config = Config()
        config.set_main_option("script_location", str(folder))
        config.attributes["connection"] = connection
        if legacy:
            stamped = legacy_revision(connection)
            assert stamped is not None
            MigrationContext.configure(connection).stamp(ScriptDirectory(str(folder)), stamped)
        command.upgrade(config, revision)
    engine.dispose()
