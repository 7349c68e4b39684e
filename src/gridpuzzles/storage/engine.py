"""Where the store lives (a SQLite file or a PostgreSQL server by URL), the connections to it,
and bringing its schema to the newest Alembic revision when it is opened.

A SQLite file runs in WAL mode with foreign keys on; a write transaction starts with
``BEGIN IMMEDIATE``, so writers of other processes wait (up to `BUSY_SECONDS`) instead of
failing; on PostgreSQL a lock waits as long (``lock_timeout``). Opening never writes to a file before it is known to be a gridpuzzles store (or
empty), and the whole migration is one transaction: a failed one leaves the file as it was.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from importlib.resources import as_file, files
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Column,
    Connection,
    Engine,
    MetaData,
    PrimaryKeyConstraint,
    String,
    Table,
    create_engine,
    event,
    inspect,
    text,
)
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import (
    ArgumentError,
    DBAPIError,
    NoSuchModuleError,
    OperationalError,
    SQLAlchemyError,
)

from gridpuzzles.storage import VERSION
from gridpuzzles.storage.errors import DatabaseError, StorageError
from gridpuzzles.storage.location import MAX_LOCATION, is_url, kind_of, not_a_regular_file
from gridpuzzles.storage.schema import LEGACY_COLUMNS, LEGACY_MONDRIAN, metadata

BUSY_SECONDS = 2.0
"""How long a write waits for a lock another program holds (another process's SQLite write,
a row a PostgreSQL transaction holds) before it fails with `DatabaseError`: the writes of
gridpuzzles take milliseconds, so only a lock held from outside (a backup, a second program,
a shell) lasts this long. A SQLite write may wait as long again for its turn in the process
(`Store`), so a request is answered within 5 s even then."""
FIRST_PAUSE, LAST_PAUSE = 0.0002, 0.005
"""The pauses between a SQLite writer's tries for the file's lock: the first, doubled up to
the last."""
CONNECT_SECONDS = 4
"""How long a connection to a database server may take before it fails (within the 5 s a
request is answered in)."""
SCHEMES = ("postgresql", "postgresql+psycopg")
"""The URL schemes of a database server the store speaks to (PostgreSQL, through psycopg 3)."""
_MIGRATION_LOCK = 0x67726964
"""The PostgreSQL advisory lock held while a process migrates (other processes wait)."""
OPEN_SECONDS = 10.0
"""How long opening a SQLite store waits for another process's: the server's workers and a
second command open the same file at once, and a first opening migrates it (seconds on a
large file, more on a loaded machine), which the others wait for rather than fail."""
_WRITING = "gridpuzzles_writing"
"""The execution option of a writing connection: how many seconds its ``BEGIN IMMEDIATE``
waits for the file's lock."""


Location = Path | str | URL
"""Where a store lives: a SQLite file's name, or a server's URL (as text or parsed)."""


def server_url(where: str | URL) -> URL:
    """The URL of a database server, checked (as given: `str` hides its password); a
    `StorageError` in one line for a malformed URL, a scheme not in `SCHEMES`, no database
    named or a URL longer than `MAX_LOCATION`."""
    if isinstance(where, str) and len(where) > MAX_LOCATION:
        raise StorageError(
            f"a database URL has at most {MAX_LOCATION:,} characters, not {len(where):,}"
        )
    try:
        url = make_url(where)
    except (ArgumentError, ValueError):
        raise StorageError(
            "the database URL is not one: write postgresql://USER:PASSWORD@HOST:PORT/DATABASE"
        ) from None
    if url.drivername not in SCHEMES:
        raise StorageError(f"a database URL starts with postgresql://, not {url.drivername}://")
    if not url.database:
        raise StorageError(
            "the database URL names no database: write "
            "postgresql://USER:PASSWORD@HOST:PORT/DATABASE"
        )
    return url


def shown(where: Location) -> str:
    """A file name or a server's URL as messages show it (the password hidden)."""
    if is_url(where):
        try:
            return make_url(where).render_as_string(hide_password=True)
        except (ArgumentError, ValueError):
            return str(where)[:200]
    return str(where)


def first_line(error: BaseException) -> str:
    """The first line of what a driver says (psycopg adds hints on further lines)."""
    lines = str(getattr(error, "orig", None) or error).strip().splitlines()
    return lines[0] if lines else type(error).__name__


@contextmanager
def translated() -> Iterator[None]:
    """Any failure of the database as a `DatabaseError` in one line."""
    try:
        yield
    except DBAPIError as error:
        raise DatabaseError(first_line(error)) from None
    except SQLAlchemyError as error:
        raise DatabaseError(first_line(error)) from None


def sqlite_engine(path: Path) -> Engine:
    """Connections to the SQLite file ``path``: each with foreign keys on and Python's own
    transaction handling off, so that SQLAlchemy's transactions (DDL too) are SQLite's."""
    engine = create_engine(
        URL.create("sqlite+pysqlite", database=str(path)),
        # A connection comes back to the pool with its transaction committed or rolled back
        # (`transaction`): no rollback on its return.
        pool_reset_on_return=None,
        connect_args={"timeout": BUSY_SECONDS, "check_same_thread": False},
    )

    @event.listens_for(engine, "connect")
    def on_connect(dbapi_connection: Any, _record: object) -> None:
        dbapi_connection.isolation_level = None
        dbapi_connection.execute("PRAGMA foreign_keys = ON")

    @event.listens_for(engine, "begin")
    def on_begin(connection: Connection) -> None:
        seconds = connection.get_execution_options().get(_WRITING)
        if seconds:
            begin_writing(connection, seconds)
        else:
            connection.exec_driver_sql("BEGIN")

    return engine


def begin_writing(connection: Connection, seconds: float = BUSY_SECONDS) -> None:
    """``BEGIN IMMEDIATE`` on a SQLite file, tried again while another process writes, every
    fraction of a millisecond at first, for ``seconds`` at most (then SQLite's "database
    is locked"). SQLite's own wait sleeps in steps of up to 100 ms, so a writer would wait
    far longer than the other's write takes (every move writes)."""
    driver = connection.connection.driver_connection
    assert driver is not None  # an open connection
    deadline = time.monotonic() + seconds
    pause = FIRST_PAUSE
    # SQLite's own wait is off while this loop waits, and on again for the transaction's
    # other statements (which wait only at odd moments: another connection's checkpoint).
    driver.execute("PRAGMA busy_timeout = 0")
    try:
        while True:
            try:
                connection.exec_driver_sql("BEGIN IMMEDIATE")
                return
            except OperationalError as error:
                busy = getattr(error.orig, "sqlite_errorcode", None) == sqlite3.SQLITE_BUSY
                if not busy or time.monotonic() + pause > deadline:
                    raise
            time.sleep(pause)
            pause = min(2 * pause, LAST_PAUSE)
    finally:
        driver.execute(f"PRAGMA busy_timeout = {round(BUSY_SECONDS * 1000)}")


def server_engine(url: URL) -> Engine:
    """Connections to a PostgreSQL server; `StorageError` when its driver is not installed."""
    try:
        return create_engine(
            url,
            pool_pre_ping=True,
            connect_args={
                "connect_timeout": CONNECT_SECONDS,
                "options": f"-c lock_timeout={round(BUSY_SECONDS * 1000)}",
            },
        )
    except (NoSuchModuleError, ImportError):
        raise StorageError(
            "PostgreSQL needs its driver: pip install 'gridpuzzles[server]'"
        ) from None


@contextmanager
def transaction(engine: Engine, writing: bool) -> Iterator[Connection]:
    """A connection in one transaction, committed on success and rolled back on error; a
    writing one takes SQLite's write lock at once."""
    with engine.connect() as connection:
        if writing:
            connection.execution_options(**{_WRITING: BUSY_SECONDS})
        with connection.begin():
            yield connection


ALEMBIC_VERSION = Table(
    "alembic_version",
    MetaData(),
    Column("version_num", String(32), nullable=False),
    PrimaryKeyConstraint("version_num", name="alembic_version_pkc"),
)
"""Alembic's own table of the revision a database is at, as Alembic makes it."""


def table_names(connection: Connection) -> set[str]:
    """The tables of the database, SQLite's own left out."""
    return set(inspect(connection).get_table_names()) - {"sqlite_sequence"}


def stored_revision(connection: Connection, names: set[str]) -> str | None:
    """The revision Alembic keeps in the database whose tables are ``names`` (`table_names`),
    or None: empty, or made before Alembic."""
    if ALEMBIC_VERSION.name not in names:
        return None
    return connection.execute(ALEMBIC_VERSION.select()).scalar()


def create_newest(connection: Connection) -> None:
    """Make the tables of the newest revision in the empty database on ``connection`` and
    mark it at that revision, as Alembic would after running every revision from the first
    (a test compares the two): a new store takes milliseconds, with no revision run."""
    metadata.create_all(connection)
    ALEMBIC_VERSION.create(connection)
    connection.execute(ALEMBIC_VERSION.insert().values(version_num=VERSION))


def legacy_revision(connection: Connection) -> str | None:
    """The Alembic revision of a database made before Alembic (by its tables), None for an
    empty database or one Alembic already keeps; `StorageError` for another program's."""
    inspector = inspect(connection)
    names = table_names(connection)
    if not names or "alembic_version" in names:
        return None
    found = {name: tuple(c["name"] for c in inspector.get_columns(name)) for name in names}
    older = "stats" in found or found.get("games") == LEGACY_COLUMNS[0]["games"]
    expected = LEGACY_COLUMNS[0] if older else LEGACY_COLUMNS[2]
    for table, columns in sorted(found.items()):
        if columns != expected.get(table):
            raise StorageError(
                f"its table {table!r} has the columns {', '.join(columns)}, not those of "
                "gridpuzzles: another program's database?"
            )
    if not {"games", "moves"} <= names:
        raise StorageError(
            f"its tables {', '.join(sorted(names))} are not those of gridpuzzles: "
            "another program's database?"
        )
    if older:
        return "v0"
    # Version 2 is version 1 with the table of solved Mondrian games (the newest schema has
    # it no more: a file made before Alembic is told by its own tables, frozen).
    return "v2" if LEGACY_MONDRIAN in found else "v1"


def check_intact(connection: Connection) -> None:
    """`StorageError` for a SQLite file whose pages are damaged (SQLite's quick check, which
    reads every page once): such a file is refused when it is opened, before anything is
    written to it, rather than failing at some later move."""
    found = connection.exec_driver_sql("PRAGMA quick_check(1)").scalars().all()
    if found != ["ok"]:
        said = " ".join(str(found[0]).replace("*** in database main ***", "").split())
        raise StorageError(
            f"the file is damaged ({said or 'unreadable'}): restore it from a backup, or give "
            "another file with --db"
        )


def check_writable(connection: Connection) -> None:
    """Fail at once (not at the first game) on a SQLite file that cannot be written."""
    version = connection.exec_driver_sql("PRAGMA user_version").scalar_one()
    connection.exec_driver_sql(f"PRAGMA user_version = {int(version)}")


def upgrade(connection: Connection, legacy: str | None) -> bool:
    """Bring the database on ``connection`` (in its open transaction) to the newest revision:
    a database made before Alembic is first stamped with the revision it matches. Whether a
    migration ran."""
    from alembic import command  # Alembic loads when a store opens, not with every command
    from alembic.config import Config as AlembicConfig
    from alembic.runtime.migration import MigrationContext
    from alembic.script import ScriptDirectory
    from alembic.util import CommandError

    with as_file(files("gridpuzzles.storage") / "migrations") as folder:
        config = AlembicConfig()
        config.set_main_option("script_location", str(folder))
        config.attributes["connection"] = connection
        context = MigrationContext.configure(connection)
        if legacy is not None:
            context.stamp(ScriptDirectory(str(folder)), legacy)
        before = context.get_current_revision()
        try:
            command.upgrade(config, "head")
        except CommandError:  # a revision this release does not have
            raise StorageError(
                f"its schema is {context.get_current_revision()}, which this gridpuzzles does "
                "not know: made by a newer release?"
            ) from None
        return context.get_current_revision() != before


def open_engine(where: Location) -> tuple[Engine, Path | None]:
    """The engine of the store at ``where`` (a file, created when missing, or a server URL)
    and its file (None on a server), its schema at the newest revision. A name that is not a
    regular file (a folder, a pipe, a device) is refused before SQLite opens it."""
    if is_url(where):
        url = server_url(where)
        engine, path = server_engine(url.set(drivername="postgresql+psycopg")), None
    else:
        assert not isinstance(where, URL)
        path = Path(where)
        try:
            kind = kind_of(path)  # before SQLite opens it: a pipe would block it
        except ValueError:  # a NUL character: no file has such a name
            raise StorageError("a database file name cannot hold a NUL character") from None
        if kind is not None:
            raise StorageError(not_a_regular_file(kind))
        path.parent.mkdir(parents=True, exist_ok=True)
        engine = sqlite_engine(path)
    try:
        with translated():
            _migrate(engine, path is not None)
    except StorageError:
        engine.dispose()
        raise
    return engine, path


def _migrate(engine: Engine, sqlite: bool) -> None:
    """Check, before writing anything, that the database holds no table but gridpuzzles's;
    then (SQLite) that it can be written and runs in WAL mode; then migrate it, all in one
    transaction that other processes wait for."""
    with engine.connect() as connection:
        driver: Any = None
        with connection.begin():
            if sqlite:
                legacy_revision(connection)
                check_intact(connection)
            names = table_names(connection)
            current = stored_revision(connection, names)
        if names and current != VERSION:
            # Alembic loads (a second on a loaded machine) before the lock is taken, not
            # while the other processes opening the store wait for it; a store already at
            # the newest revision, or a new one, never loads it.
            import alembic.command  # noqa: F401
        if sqlite:
            with connection.execution_options(**{_WRITING: OPEN_SECONDS}).begin():
                check_writable(connection)
            driver = connection.connection.driver_connection
            assert driver is not None  # an open connection
            driver.execute("PRAGMA journal_mode = WAL")  # outside any transaction
            # A migration may rebuild a table (SQLite alters few columns in place): dropping
            # the old ``games`` would delete every move with it unless foreign keys are off,
            # which is set outside any transaction; they are checked before it commits.
            driver.execute("PRAGMA foreign_keys = OFF")
        try:
            with connection.begin():
                if not sqlite:
                    # Waiting for another process's migration has no time limit.
                    connection.execute(text("SET LOCAL lock_timeout = 0"))
                    connection.execute(
                        text("SELECT pg_advisory_xact_lock(:key)"), {"key": _MIGRATION_LOCK}
                    )
                # Read again under the lock: another process may have migrated it since.
                migrated = False
                names = table_names(connection)
                if not names:
                    create_newest(connection)
                elif stored_revision(connection, names) != VERSION:
                    migrated = upgrade(connection, legacy_revision(connection))
                # Only after a migration: the check reads every move.
                if (
                    migrated
                    and sqlite
                    and connection.exec_driver_sql("PRAGMA foreign_key_check").first()
                ):
                    raise StorageError("it holds moves of no game: it is left as it was")
        finally:
            if driver is not None:
                driver.execute("PRAGMA foreign_keys = ON")
