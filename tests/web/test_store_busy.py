"""A game store another program holds locked (a SQLite file in a shell's transaction, a
PostgreSQL row locked by another session): a move is answered 503 with Retry-After and a
player sentence within 5 s, never 409; nothing is half-stored, and the same move is played
once the lock is gone."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager

import psycopg
import pytest
from fastapi.testclient import TestClient

from gridpuzzles.storage import Store
from gridpuzzles.web.app import create_app
from gridpuzzles.web.errors import STORE_BUSY, STORE_RETRY_SECONDS
from tests.web.conftest import Clock
from tests.web.mondrian.test_mondrian_games import CODE, placing, solution_of

MINES = "/api/minesweeper/games"
MONDRIAN = "/api/mondrian/games"
ANSWERED_WITHIN = 5.0
"""Seconds a request on a locked store may take before its answer (the issue's bound)."""

Lock = Callable[[str], AbstractContextManager[None]]
"""Holds the store at a database locked for the block, as another program would; given the
row (a game id) a PostgreSQL session locks."""


@contextmanager
def sqlite_locked(path: str) -> Iterator[None]:
    """The SQLite file's write lock, held by another connection (``sqlite3`` in a shell)."""
    other = sqlite3.connect(path, isolation_level=None)
    try:
        other.execute("BEGIN EXCLUSIVE")
        yield
        other.execute("ROLLBACK")
    finally:
        other.close()


def postgres_locked(url: str) -> Callable[[str], AbstractContextManager[None]]:
    @contextmanager
    def locked(game_id: str) -> Iterator[None]:
        """The game's rows, locked by another session until the block ends."""
        with psycopg.connect(url) as other:
            other.execute("SELECT 1 FROM games WHERE id = %s FOR UPDATE", (game_id,))
            yield
            other.rollback()

    return locked


@pytest.fixture
def client_and_lock(database: str) -> Iterator[tuple[TestClient, Lock]]:
    store = Store(database)
    lock: Lock
    if database.startswith("postgresql"):
        lock = postgres_locked(database)
    else:
        lock = lambda _game_id: sqlite_locked(database)  # noqa: E731
    with TestClient(create_app(store, Clock(), solver_workers=1)) as client:
        yield client, lock
    store.close()


def refused_busy(send: Callable[[], object]) -> None:
    """``send`` is answered 503, told as a busy store with its Retry-After, within 5 s."""
    started = time.monotonic()
    answer = send()
    took = time.monotonic() - started
    assert getattr(answer, "status_code", None) == 503, getattr(answer, "text", answer)
    assert answer.json() == {"detail": STORE_BUSY, "retry": True}  # type: ignore[attr-defined]
    assert answer.headers["retry-after"] == str(STORE_RETRY_SECONDS)  # type: ignore[attr-defined]
    assert took < ANSWERED_WITHIN, f"answered after {took:.1f} s"


def test_a_minesweeper_move_on_a_locked_store_is_503_then_played(
    client_and_lock: tuple[TestClient, Lock],
) -> None:
    client, lock = client_and_lock
    game = client.post(MINES, json={"level": "beginner", "seed": 5}).json()
    path, token = f"{MINES}/{game['id']}", {"X-Game-Token": game["token"]}
    first = client.post(f"{path}/moves", json={"move": "r4,4", "version": 0}, headers=token)
    assert first.status_code == 200
    before = first.json()
    move = {"move": "f0,0", "version": before["version"]}
    with lock(game["id"]):
        refused_busy(lambda: client.post(f"{path}/moves", json=move, headers=token))
    assert client.get(path, headers=token).json() == before  # nothing half-stored
    played = client.post(f"{path}/moves", json=move, headers=token)
    assert played.status_code == 200
    assert played.json()["version"] == before["version"] + 1 and played.json()["view"][0][0] == "F"


def test_a_mondrian_move_on_a_locked_store_is_503_then_played(
    client_and_lock: tuple[TestClient, Lock],
) -> None:
    client, lock = client_and_lock
    game = client.post(MONDRIAN, json={"challenge": "published", "code": CODE}).json()
    path, token = f"{MONDRIAN}/{game['id']}", {"X-Game-Token": game["token"]}
    move = placing(solution_of(CODE)[0])
    with lock(game["id"]):
        refused_busy(lambda: client.post(f"{path}/moves", json=move, headers=token))
    assert client.get(path, headers=token).json()["version"] == 0
    played = client.post(f"{path}/moves", json=move, headers=token)
    assert played.status_code == 200 and played.json()["version"] == 1


def test_a_new_game_on_a_locked_sqlite_store_is_503(tmp_path: object) -> None:
    path = str(tmp_path) + "/games.db"
    store = Store(path)
    with TestClient(create_app(store, Clock(), solver_workers=1)) as client, sqlite_locked(path):
        refused_busy(lambda: client.post(MINES, json={"level": "beginner"}))
        refused_busy(lambda: client.post(MONDRIAN, json={"challenge": "random"}))
    store.close()


def test_a_move_while_the_database_server_refuses_connections_is_503_then_played(
    postgres_url: str,
) -> None:
    """The server's database stops taking connections (and its sessions end), then comes
    back: the move in between is answered 503, the same move afterwards is played."""
    name = postgres_url.rsplit("/", 1)[1]
    admin_url = postgres_url.rsplit("/", 1)[0] + "/postgres"
    store = Store(postgres_url)
    with (
        TestClient(create_app(store, Clock(), solver_workers=1)) as client,
        psycopg.connect(admin_url, autocommit=True) as admin,
    ):
        game = client.post(MINES, json={"level": "beginner", "seed": 5}).json()
        path, token = f"{MINES}/{game['id']}", {"X-Game-Token": game["token"]}
        move = {"move": "r4,4", "version": 0}
        admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false')
        admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s", (name,)
        )
        try:
            refused_busy(lambda: client.post(f"{path}/moves", json=move, headers=token))
        finally:
            admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true')
        played = client.post(f"{path}/moves", json=move, headers=token)
        assert played.status_code == 200 and played.json()["version"] == 1
    store.close()
