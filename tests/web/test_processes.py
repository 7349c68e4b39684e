"""Several real `gridpuzzles serve` processes on one database (a SQLite file, or a real
PostgreSQL server), and `serve --workers 2`: clients alternate between the processes and race
on the same games. No move is lost, stored twice or reordered, and no answer is a 5xx."""

from __future__ import annotations

import os
import random
import signal
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import cycle
from pathlib import Path
from typing import Any

import httpx
import pytest
from benchmarks.server import ServerProcess

from gridpuzzles.minesweeper import Move
from gridpuzzles.storage import Store
from tests.web.mondrian.test_mondrian_games import CODE, placing, solution_of

GAMES = "/api/minesweeper/games"
CLIENTS = 4
"""Clients racing on one game."""
MOVES_EACH = 12
"""Moves each client has stored before it stops."""
MOST_TRIES = 200
"""Moves a client tries before the test fails (a server that keeps a stale copy of the game
refuses every move)."""


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def two_servers(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[str, list[str]]]:
    """Two `serve` processes on different ports sharing one database: its location and the
    servers' addresses (shared by the tests of this module: each plays its own games)."""
    if request.param == "sqlite":
        db = str(tmp_path_factory.mktemp("two-servers") / "games.db")
    else:
        db = str(request.getfixturevalue("postgres_server").database())
    servers = [ServerProcess(db), ServerProcess(db)]
    try:
        yield db, [server.start(timeout=60) for server in servers]
    finally:
        for server in servers:
            server.stop()


@dataclass
class Played:
    """What the clients of one game saw: every move the servers accepted, by the number it
    was stored under, and every answer's status."""

    accepted: dict[int, str] = field(default_factory=dict)
    statuses: list[int] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def note(self, status: int, number: int | None = None, move: str = "") -> None:
        with self.lock:
            self.statuses.append(status)
            if number is not None:
                assert number not in self.accepted, f"move number {number} accepted twice"
                self.accepted[number] = move


def client(urls: list[str], game: dict[str, Any], seed: int, played: Played, tell: bool) -> None:
    """Flag and unflag hidden cells of ``game``, each request on the next server in turn,
    until `MOVES_EACH` moves are stored; ``tell``: send the move count seen with each move."""
    rng = random.Random(seed)
    headers = {"X-Game-Token": game["token"]}
    path = f"{GAMES}/{game['id']}"
    servers = cycle(urls)
    stored = 0
    with httpx.Client(timeout=30) as http:
        for _ in range(MOST_TRIES):
            if stored == MOVES_EACH:
                return
            seen = http.get(f"{next(servers)}{path}", headers=headers)
            played.note(seen.status_code)
            assert seen.status_code == 200, seen.text
            state = seen.json()
            hidden = [
                (row, col)
                for row, line in enumerate(state["view"])
                for col, symbol in enumerate(line)
                if symbol in "#F"
            ]
            row, col = rng.choice(hidden)
            body: dict[str, Any] = {"move": f"f{row},{col}"}
            if tell:
                body["version"] = state["version"]
            answer = http.post(f"{next(servers)}{path}/moves", json=body, headers=headers)
            if answer.status_code == 200:
                number = answer.json()["version"] - 1
                if tell:
                    assert number == state["version"], "a move stored on a stale state"
                played.note(200, number, body["move"])
                stored += 1
            else:
                played.note(answer.status_code)
                assert answer.status_code == 409, answer.text
    raise AssertionError(f"{stored} of {MOVES_EACH} moves stored in {MOST_TRIES} tries")


def race(urls: list[str], tell: bool) -> tuple[dict[str, Any], Played]:
    """A game started on the first server, played by `CLIENTS` racing clients."""
    game = httpx.post(f"{urls[0]}{GAMES}", json={"level": "beginner"}, timeout=30).json()
    played = Played()
    failures: list[BaseException] = []

    def run(index: int) -> None:
        try:
            client(urls[index % 2 :] + urls[: index % 2], game, index, played, tell)
        except BaseException as error:  # reported by the test below
            failures.append(error)

    threads = [threading.Thread(target=run, args=(index,)) for index in range(CLIENTS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures, failures
    return game, played


def check_stored(db: str, urls: list[str], game: dict[str, Any], played: Played) -> None:
    """The store holds exactly the accepted moves, in the order they were accepted, and every
    server shows the game they make."""
    assert all(status < 500 for status in played.statuses)
    assert sorted(played.accepted) == list(range(CLIENTS * MOVES_EACH))
    store = Store(db)
    try:
        saved = store.load_game(game["id"])
    finally:
        store.close()
    assert saved is not None
    assert [str(timed.move) for timed in saved.moves] == [
        played.accepted[number] for number in sorted(played.accepted)
    ]
    flags: set[tuple[int, int]] = set()
    for number in sorted(played.accepted):
        move = Move.parse(played.accepted[number])
        flags ^= {(move.row, move.col)}
    headers = {"X-Game-Token": game["token"]}
    for url in urls:
        state = httpx.get(f"{url}{GAMES}/{game['id']}", headers=headers, timeout=30).json()
        assert state["version"] == CLIENTS * MOVES_EACH
        shown = {
            (row, col)
            for row, line in enumerate(state["view"])
            for col, symbol in enumerate(line)
            if symbol == "F"
        }
        assert shown == flags


@pytest.mark.parametrize("tell", [True, False], ids=["with-move-count", "without"])
def test_clients_racing_over_two_servers_lose_and_reorder_no_move(
    two_servers: tuple[str, list[str]], tell: bool
) -> None:
    db, urls = two_servers
    game, played = race(urls, tell)
    check_stored(db, urls, game, played)
    if tell:  # four clients on one game: some moves were chosen on a state gone stale
        assert 409 in played.statuses


def test_a_stale_move_count_is_refused_with_409_and_nothing_changes(
    two_servers: tuple[str, list[str]],
) -> None:
    _, (one, other) = two_servers
    game = httpx.post(f"{one}{GAMES}", json={"level": "beginner"}, timeout=30).json()
    path, headers = f"{GAMES}/{game['id']}", {"X-Game-Token": game["token"]}
    assert httpx.get(f"{one}{path}", headers=headers).json()["version"] == 0  # cached on one
    moved = httpx.post(f"{other}{path}/moves", json={"move": "f0,0", "version": 0}, headers=headers)
    assert moved.status_code == 200 and moved.json()["version"] == 1
    stale = httpx.post(f"{one}{path}/moves", json={"move": "f1,1", "version": 0}, headers=headers)
    assert stale.status_code == 409
    assert "another tab" in stale.json()["detail"]
    now = httpx.get(f"{one}{path}", headers=headers).json()
    assert now["version"] == 1 and now["view"][0][0] == "F" and now["view"][1][1] == "#"


def test_a_game_left_through_another_server_takes_no_move(
    two_servers: tuple[str, list[str]],
) -> None:
    """The first server's copy has the move count the player saw, but the game was left
    through the other server: the move is refused and nothing is stored."""
    _, (one, other) = two_servers
    game = httpx.post(f"{one}{GAMES}", json={"level": "beginner", "seed": 3}, timeout=30).json()
    path, headers = f"{GAMES}/{game['id']}", {"X-Game-Token": game["token"]}
    first = httpx.post(f"{one}{path}/moves", json={"move": "r4,4", "version": 0}, headers=headers)
    assert first.status_code == 200 and first.json()["status"] == "playing"
    assert httpx.post(f"{other}{path}/leave", headers=headers).status_code == 200
    late = httpx.post(f"{one}{path}/moves", json={"move": "f0,0", "version": 1}, headers=headers)
    assert late.status_code == 409
    for url in (one, other):
        now = httpx.get(f"{url}{path}", headers=headers).json()
        assert now["version"] == 1 and now["view"][0][0] != "F"


def test_a_mondrian_game_is_played_over_two_servers(two_servers: tuple[str, list[str]]) -> None:
    _, (one, other) = two_servers
    games = "/api/mondrian/games"
    body = {"challenge": "published", "code": CODE}
    game = httpx.post(f"{one}{games}", json=body, timeout=30).json()
    path, headers = f"{games}/{game['id']}", {"X-Game-Token": game["token"]}
    for index, placement in enumerate(solution_of(CODE)):
        url = (one, other)[index % 2]
        answer = httpx.post(f"{url}{path}/moves", json=placing(placement), headers=headers)
        assert answer.status_code == 200, answer.text
    assert httpx.get(f"{one}{path}", headers=headers).json()["solved"]


def test_serve_with_two_workers_keeps_every_raced_move_and_starts_a_dead_one_again(
    tmp_path: Path,
) -> None:
    db = str(tmp_path / "games.db")
    server = ServerProcess(db, workers=2)  # one start for both checks: each costs seconds
    url = server.start(timeout=60)
    try:
        game, played = race([url, url], tell=True)
        check_stored(db, [url], game, played)
        assert server.process is not None
        children = Path(f"/proc/{server.process.pid}/task/{server.process.pid}/children")
        before = set(children.read_text().split())
        served = [
            pid for pid in before if b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes()
        ]
        assert len(served) == 2
        os.kill(int(served[0]), signal.SIGKILL)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            now = set(children.read_text().split()) - before
            if now:
                break
            time.sleep(0.2)
        assert now, "no new server process"
        for _ in range(20):  # the server answers all the while
            answer = httpx.post(f"{url}{GAMES}", json={"level": "beginner"}, timeout=30)
            assert answer.status_code == 201
    finally:
        server.stop()
