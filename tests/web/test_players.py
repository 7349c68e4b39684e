"""Records per player (`serve --records per-player`): each browser, known by its player
cookie, sees the records of its own Minesweeper and Mondrian games; by default every game
counts for everyone and no player cookie is given."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from benchmarks.server import ServerProcess
from fastapi.testclient import TestClient

from gridpuzzles.storage import Store
from gridpuzzles.web.app import create_app
from gridpuzzles.web.players import PLAYER_COOKIE
from tests.web.conftest import Clock
from tests.web.minesweeper.test_records import finish, first_reveal, new_game, record_of, records
from tests.web.mondrian import test_mondrian_games as mondrian

STATS = "/api/minesweeper/stats"
MONDRIAN_RECORDS = "/api/mondrian/records"


@pytest.fixture
def per_player(store: Store, clock: Clock) -> Iterator[TestClient]:
    with TestClient(create_app(store, clock, records_per_player=True)) as test_client:
        yield test_client


def play_one(client: httpx.Client, store: Store, *, win: bool) -> str:
    """A counted beginner game played to its end by the client's player: its id."""
    game = new_game(client)
    first_reveal(client, game["id"])
    finish(client, store, game["id"], win=win)
    return str(game["id"])


def as_player(client: TestClient, key: str | None) -> None:
    """Make the client the browser of the player ``key`` (None: a new browser)."""
    client.cookies.clear()
    if key is not None:
        client.cookies.set(PLAYER_COOKIE, key)


def solve_mondrian(client: TestClient) -> None:
    game = mondrian.new_game(client, challenge="published", code=mondrian.CODE)
    for placement in mondrian.solution_of(mondrian.CODE):
        state = mondrian.move(client, game, mondrian.placing(placement)).json()
    assert state["solved"] and state["finish"]["kept"]


def test_each_browser_sees_the_records_of_its_own_games(
    per_player: TestClient, store: Store
) -> None:
    as_player(per_player, None)
    won = play_one(per_player, store, win=True)
    ann = per_player.cookies[PLAYER_COOKIE]
    as_player(per_player, None)
    lost = play_one(per_player, store, win=False)
    bob = per_player.cookies[PLAYER_COOKIE]
    assert ann != bob

    as_player(per_player, ann)
    mine = records(per_player)
    assert (record_of(mine)["played"], record_of(mine)["won"]) == (1, 1)
    assert [game["id"] for game in mine["history"]] == [won]
    assert per_player.get(STATS).json()[0] | {"best_time": None} == {
        "level": "beginner",
        "played": 1,
        "won": 1,
        "best_time": None,
    }
    as_player(per_player, bob)
    theirs = records(per_player)
    assert (record_of(theirs)["played"], record_of(theirs)["won"]) == (1, 0)
    assert [game["id"] for game in theirs["history"]] == [lost]
    as_player(per_player, None)
    assert records(per_player) == {"records": [], "history": [], "per_player": True}
    assert per_player.get(STATS).json() == []
    assert (
        sum(record.played for record in store.minesweeper_records()) == 2
    )  # the store keeps them all


def test_a_solved_mondrian_game_counts_for_its_player_only(
    per_player: TestClient, store: Store, clock: Clock
) -> None:
    as_player(per_player, None)
    solve_mondrian(per_player)
    ann = per_player.cookies[PLAYER_COOKIE]
    [record] = per_player.get(MONDRIAN_RECORDS).json()["challenges"]
    assert (record["key"], record["solved"]) == (mondrian.CODE, 1)
    as_player(per_player, None)
    assert per_player.get(MONDRIAN_RECORDS).json() == {
        "challenges": [],
        "difficulties": [],
        "per_player": True,
    }
    clock.now += 100
    game = mondrian.new_game(per_player, challenge="published", code=mondrian.CODE)
    for placement in mondrian.solution_of(mondrian.CODE):
        clock.now += 100  # slower than ann: still this player's first best time
        state = mondrian.move(per_player, game, mondrian.placing(placement)).json()
    assert state["finish"]["new_bests"] == ["challenge", "difficulty"]
    as_player(per_player, ann)
    [record] = per_player.get(MONDRIAN_RECORDS).json()["challenges"]
    assert record["solved"] == 1
    assert len(store.mondrian_finishes()) == 2


@pytest.mark.parametrize("key", ["x", "<script>", "a" * 300, "é" * 40])
def test_a_malformed_player_key_is_replaced_and_the_request_answered(
    per_player: TestClient, key: str
) -> None:
    per_player.cookies.clear()
    answer = per_player.get(STATS, headers={"Cookie": f"{PLAYER_COOKIE}={key}".encode()})
    assert answer.status_code == 200 and answer.json() == []
    given = answer.headers["set-cookie"]
    name, value = given.split(";")[0].split("=", 1)
    assert name == PLAYER_COOKIE and value != key and len(value) == 43
    assert "HttpOnly" in given and "Path=/" in given and "samesite=lax" in given.lower()


def test_by_default_every_game_counts_for_everyone_and_no_player_is_kept(
    client: TestClient, store: Store
) -> None:
    play_one(client, store, win=True)
    assert PLAYER_COOKIE not in client.cookies
    client.cookies.clear()
    body: dict[str, Any] = records(client)
    assert record_of(body)["won"] == 1
    assert body["per_player"] is False
    assert client.get(MONDRIAN_RECORDS).json()["per_player"] is False
    saved = store.load_game(body["history"][0]["id"])
    assert saved is not None and saved.player is None


def test_serve_with_records_per_player_keeps_each_browsers_own(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    server = ServerProcess(db, options=("--records", "per-player"))
    url = server.start()
    store = Store(db)
    try:
        with httpx.Client(base_url=url) as ann, httpx.Client(base_url=url) as bob:
            play_one(ann, store, win=True)
            play_one(bob, store, win=False)
            play_one(bob, store, win=False)
            assert ann.cookies[PLAYER_COOKIE] != bob.cookies[PLAYER_COOKIE]
            assert [(r["played"], r["won"]) for r in records(ann)["records"]] == [(1, 1)]
            assert [(r["played"], r["won"]) for r in records(bob)["records"]] == [(2, 0)]
    finally:
        server.stop()
        store.close()
