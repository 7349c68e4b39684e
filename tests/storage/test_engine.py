"""Where a store lives: a file or a PostgreSQL URL, refused in one line when it cannot be one;
several connections (threads, other stores as other workers would hold) on one database."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import psycopg
import pytest

from gridpuzzles.cli.main import main, mines_main, mondrian_main
from gridpuzzles.minesweeper import Move, level, new_game, play
from gridpuzzles.storage import DatabaseError, MoveConflict, StorageError, Store, TimedMove, engine
from tests.storage.in_play import add_move
from tests.test_storage import SEED, saved

BIN = Path(sys.executable).parent


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("mysql://me@127.0.0.1/games", "a database URL starts with postgresql://, not mysql://"),
        ("postgresql://me@127.0.0.1", "the database URL names no database"),
        ("postgresql://me@127.0.0.1:notaport/games", "the database URL is not one"),
        ("postgresql://" + "x" * 5000, "at most 4,096 characters, not 5,013"),
    ],
)
@pytest.mark.parametrize(
    "command",
    [
        [main, "stats"],
        [main, "serve"],
        [main, "tui"],
        [mines_main, "play", "--tui"],
        [mondrian_main, "play"],
    ],
)
def test_a_database_url_that_cannot_be_one_is_one_line_and_status_2(
    url: str,
    message: str,
    command: list[Any],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    entry, *argv = command
    with pytest.raises(SystemExit) as leaving:
        entry([*argv, "--db", url])
    assert leaving.value.code == 2
    err = capsys.readouterr().err
    assert message in err.splitlines()[-1] and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.slow  # a refused connection is tried again for seconds, in the test and the command
def test_a_server_that_refuses_is_one_line_without_the_password() -> None:
    url = "postgresql://me:secret@127.0.0.1:1/games"
    with pytest.raises(DatabaseError, match=r"^connection failed: .*Connection refused$"):
        Store(url)
    result = subprocess.run(
        [str(BIN / "gridpuzzles"), "stats", "--db", url],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 2 and result.stdout == ""
    (line,) = result.stderr.splitlines()
    assert line.startswith(
        "gridpuzzles stats: error: cannot open the database "
        "postgresql://me:***@127.0.0.1:1/games: connection failed"
    )
    assert "secret" not in line


def test_a_store_on_a_server_keeps_games_for_the_next_one(postgres_url: str) -> None:
    first = Store(postgres_url)
    assert first.path is None and first.where == postgres_url
    first.add_game(saved())
    first.close()
    with pytest.raises(DatabaseError, match="the database is closed"):
        first.load_game("g1")
    assert Store(postgres_url).load_game("g1") == saved()


def race(stores: list[Store]) -> list[BaseException | None]:
    """Each store adds move 0 of game g1 at the same time; what each raised."""
    after = play(new_game(level("beginner"), SEED), Move.parse("r4,4"), 1.0)
    start = threading.Barrier(len(stores))
    raised: list[BaseException | None] = [None] * len(stores)

    def add(index: int) -> None:
        start.wait()
        try:
            add_move(stores[index], "g1", 0, TimedMove(Move.parse("r4,4"), 1.0), after)
        except StorageError as error:
            raised[index] = error

    threads = [threading.Thread(target=add, args=(index,)) for index in range(len(stores))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return raised


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_the_same_move_number_from_many_workers_is_stored_once(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    where = (
        tmp_path / "games.db" if backend == "sqlite" else request.getfixturevalue("postgres_url")
    )
    shared = Store(where)
    shared.add_game(saved())
    stores = [shared, shared, Store(where), Store(where)]  # threads of one, and other workers
    raised = race(stores)
    assert raised.count(None) == 1
    assert all(isinstance(error, MoveConflict) for error in raised if error is not None)
    loaded = shared.load_game("g1")
    assert loaded is not None and [str(t.move) for t in loaded.moves] == ["r4,4"]


def test_a_failed_migration_on_a_server_leaves_it_as_it_was(postgres_url: str) -> None:
    first = Store(postgres_url)
    first.add_game(saved())
    first.close()
    with psycopg.connect(postgres_url) as db:
        db.execute("UPDATE alembic_version SET version_num = 'v99'")
    with pytest.raises(StorageError, match="its schema is v99"):
        Store(postgres_url)
    with psycopg.connect(postgres_url) as db:
        assert db.execute("SELECT version_num FROM alembic_version").fetchall() == [("v99",)]
        assert db.execute("SELECT id FROM games").fetchall() == [("g1",)]


HOLD = """
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN IMMEDIATE")
db.execute("UPDATE games SET owner = 'held'")
print("holding", flush=True)
time.sleep(1.5)
db.execute("COMMIT")
"""


def test_a_write_waits_for_another_process_writing_the_same_file(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    store = Store(path)
    store.add_game(saved())
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(path)], stdout=subprocess.PIPE, text=True
    )
    assert holder.stdout is not None and holder.stdout.readline() == "holding\n"
    store.add_game(saved("g2"))  # waits for the other process's transaction, then writes
    assert holder.wait(timeout=30) == 0
    mine = store.load_game("g2")
    assert mine is not None and store.last_config("held") is not None


@pytest.mark.parametrize("kind", ["a pipe (FIFO)", "a folder", "a device", "a link to a pipe"])
def test_a_name_that_is_not_a_regular_file_is_refused_before_sqlite_opens_it(
    kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    os.mkfifo(tmp_path / "pipe")  # nobody writes it
    where = {
        "a pipe (FIFO)": tmp_path / "pipe",
        "a folder": tmp_path,
        "a device": Path("/dev/null"),
        "a link to a pipe": tmp_path / "link",
    }[kind]
    (tmp_path / "link").symlink_to(tmp_path / "pipe")
    before = sorted(tmp_path.iterdir())

    def opened(path: Path) -> None:
        raise AssertionError(f"SQLite opened {path}")

    monkeypatch.setattr(engine, "sqlite_engine", opened)
    with pytest.raises(StorageError) as refused:
        Store(where)
    said = "a pipe (FIFO)" if kind == "a link to a pipe" else kind  # the link is followed
    assert str(refused.value) == f"it is {said}, not a regular file"
    assert sorted(tmp_path.iterdir()) == before
