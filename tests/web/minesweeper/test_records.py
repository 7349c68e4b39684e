"""Honest records through the API: help makes a game assisted, leaving one after its first
reveal is a loss, and `GET /api/minesweeper/records` gives the store's records as JSON."""

from __future__ import annotations

import json
from typing import Any

import httpx
from fastapi.testclient import TestClient

from gridpuzzles.storage import Store, records_json
from gridpuzzles.web.app import create_app
from tests.web.boards import FIRST, GAMES
from tests.web.conftest import Clock

RECORDS = "/api/minesweeper/records"


def new_game(client: httpx.Client, level: str = "beginner") -> dict[str, Any]:
    """A counted game (no seed asked) and its token."""
    created = client.post(GAMES, json={"level": level})
    assert created.status_code == 201, created.text
    game: dict[str, Any] = created.json()
    return game


def move(client: httpx.Client, game_id: str, text: str) -> dict[str, Any]:
    answer = client.post(f"{GAMES}/{game_id}/moves", json={"move": text})
    assert answer.status_code == 200, answer.text
    state: dict[str, Any] = answer.json()
    return state


def first_reveal(client: httpx.Client, game_id: str) -> dict[str, Any]:
    return move(client, game_id, f"r{FIRST[0]},{FIRST[1]}")


def hidden_cell(
    store: Store, state: dict[str, Any], game_id: str, *, mine: bool
) -> tuple[int, int]:
    """A hidden cell of the game that is (or is not) a mine, from the store's replay."""
    saved = store.load_game(game_id)
    assert saved is not None
    layout = saved.replay().layout
    assert layout is not None
    width = state["width"]
    return next(
        (row, col)
        for row, line in enumerate(state["view"])
        for col, symbol in enumerate(line)
        if symbol == "#" and layout.is_mine(row * width + col) == mine
    )


def finish(client: httpx.Client, store: Store, game_id: str, *, win: bool) -> dict[str, Any]:
    """Play a started game to a win (every safe cell) or a loss (one mine)."""
    state: dict[str, Any] = client.get(f"{GAMES}/{game_id}").json()
    while state["status"] == "playing":
        row, col = hidden_cell(store, state, game_id, mine=not win)
        state = move(client, game_id, f"r{row},{col}")
    assert state["status"] == ("won" if win else "lost")
    return state


def records(client: httpx.Client, history: int = 20) -> dict[str, Any]:
    answer = client.get(RECORDS, params={"history": history})
    assert answer.status_code == 200, answer.text
    body: dict[str, Any] = answer.json()
    return body


def record_of(body: dict[str, Any], level: str = "beginner") -> dict[str, Any]:
    found: list[dict[str, Any]] = [r for r in body["records"] if r["level"] == level]
    assert len(found) == 1, found
    return found[0]


def test_a_hint_makes_the_game_assisted_and_an_assisted_win_sets_no_best_time(
    client: TestClient, store: Store, clock: Clock
) -> None:
    own = new_game(client)
    first_reveal(client, own["id"])
    clock.now += 30.0
    finish(client, store, own["id"], win=True)

    helped = new_game(client)
    assert helped["assisted"] is False
    first_reveal(client, helped["id"])
    assert client.get(f"{GAMES}/{helped['id']}").json()["assisted"] is False
    assert client.get(f"{GAMES}/{helped['id']}/hint").status_code == 200
    assert client.get(f"{GAMES}/{helped['id']}").json()["assisted"] is True
    clock.now += 5.0  # faster than the game played alone, but with help
    won = finish(client, store, helped["id"], win=True)
    assert won["assisted"] is True and won["elapsed"] == 5.0

    record = record_of(records(client))
    assert (record["played"], record["won"]) == (1, 1)
    assert (record["assisted_played"], record["assisted_won"]) == (1, 1)
    assert [best["seconds"] for best in record["best_times"]] == [30.0]
    assert record["average_win_seconds"] == 30.0
    latest = records(client)["history"][0]
    assert latest["id"] == helped["id"] and latest["assisted"] and latest["won"]


def test_the_probabilities_and_play_move_make_the_game_assisted(
    client: TestClient, store: Store
) -> None:
    shown = new_game(client)
    first_reveal(client, shown["id"])
    assert client.get(f"{GAMES}/{shown['id']}/probabilities").status_code == 200
    assert client.get(f"{GAMES}/{shown['id']}").json()["assisted"] is True

    played = new_game(client)
    first_reveal(client, played["id"])
    state = client.post(f"{GAMES}/{played['id']}/auto-move").json()
    assert state["assisted"] is True
    for _ in range(100):
        if state["status"] != "playing":
            break
        state = client.post(f"{GAMES}/{played['id']}/auto-move").json()
    assert state["status"] in ("won", "lost") and state["assisted"] is True
    saved = store.load_game(played["id"])
    assert saved is not None and saved.assisted
    record = record_of(records(client))
    assert record["played"] == 0 and record["assisted_played"] == 1
    assert record["assisted_won"] == (state["status"] == "won")
    assert record["best_times"] == []


def test_refused_help_marks_nothing(client: TestClient, store: Store) -> None:
    game = new_game(client)
    first_reveal(client, game["id"])
    client.cookies.clear()
    assert client.get(f"{GAMES}/{game['id']}/hint").status_code == 403
    assert client.post(f"{GAMES}/{game['id']}/auto-move").status_code == 403
    headers = {"X-Game-Token": game["token"]}
    assert client.get(f"{GAMES}/{game['id']}", headers=headers).json()["assisted"] is False
    client.headers.update(headers)
    finish(client, store, game["id"], win=False)
    for path in ("hint", "probabilities"):
        assert client.get(f"{GAMES}/{game['id']}/{path}").status_code == 409
    assert client.post(f"{GAMES}/{game['id']}/auto-move").status_code == 409
    record = record_of(records(client))
    assert (record["played"], record["won"], record["assisted_played"]) == (1, 0, 0)
    saved = store.load_game(game["id"])
    assert saved is not None and not saved.assisted


def test_leaving_after_the_first_reveal_is_a_loss(
    client: TestClient, store: Store, clock: Clock
) -> None:
    game = new_game(client)
    first_reveal(client, game["id"])
    clock.now += 12.5
    left_at = clock.now
    left = client.post(f"{GAMES}/{game['id']}/leave")
    assert left.status_code == 200, left.text
    assert left.json()["id"] == game["id"] and left.json()["finish"] is None  # no seed shown
    assert left.json()["status"] == "left"  # as recorded: a loss, abandoned
    assert left.json()["elapsed"] == 12.5  # as recorded: the clock stopped when it was left
    assert not left.json()["can_undo"]
    again = client.post(f"{GAMES}/{game['id']}/leave")  # nothing more happens
    assert again.status_code == 200 and again.json()["view"] == left.json()["view"]
    clock.now += 100
    kept = client.get(f"{GAMES}/{game['id']}").json()
    assert (kept["status"], kept["elapsed"]) == ("left", 12.5)

    body = records(client)
    record = record_of(body)
    assert (record["played"], record["won"], record["current_streak"]) == (1, 0, 0)
    (latest,) = body["history"]
    assert latest["id"] == game["id"] and latest["abandoned"] and not latest["won"]
    assert latest["seconds"] == 12.5
    saved = store.load_game(game["id"])
    assert saved is not None and latest["seed"] == str(saved.seed)
    assert saved.left and saved.left_at == left_at  # another process shows it stopped too

    refused = client.post(f"{GAMES}/{game['id']}/moves", json={"move": "r0,0"})
    assert refused.status_code == 409 and "left this game" in refused.json()["detail"]
    assert client.get(f"{GAMES}/{game['id']}/hint").status_code == 409
    assert len(records(client)["history"]) == 1


def test_leaving_before_any_reveal_forgets_the_game(client: TestClient, store: Store) -> None:
    game = new_game(client)
    flagged = move(client, game["id"], "f0,0")  # a flag does not start the clock
    assert flagged["started"] is False
    left = client.post(f"{GAMES}/{game['id']}/leave")
    assert left.status_code == 200, left.text
    assert store.load_game(game["id"]) is None
    assert records(client) == {"records": [], "history": [], "per_player": False}


def test_leaving_an_ended_game_changes_nothing(client: TestClient, store: Store) -> None:
    game = new_game(client)
    first_reveal(client, game["id"])
    lost = finish(client, store, game["id"], win=False)
    left = client.post(f"{GAMES}/{game['id']}/leave")
    assert left.status_code == 200 and left.json()["status"] == "lost"
    assert left.json()["finish"] == lost["finish"]
    (latest,) = records(client)["history"]
    assert not latest["abandoned"] and not latest["won"]


def test_leaving_needs_the_token(client: TestClient, store: Store) -> None:
    game = new_game(client)
    first_reveal(client, game["id"])
    client.cookies.clear()
    for headers in ({}, {"X-Game-Token": "not-the-token"}):
        refused = client.post(f"{GAMES}/{game['id']}/leave", headers=headers)
        assert refused.status_code == 403, refused.text
        assert "token" in refused.json()["detail"]
    assert records(client)["history"] == []
    assert client.post(f"{GAMES}/nobody/leave").status_code == 404
    left = client.post(f"{GAMES}/{game['id']}/leave", headers={"X-Game-Token": game["token"]})
    assert left.status_code == 200
    assert records(client)["history"][0]["abandoned"]


def test_the_history_is_the_latest_games_within_its_bounds(
    client: TestClient, clock: Clock
) -> None:
    ids = []
    for _ in range(21):
        game = new_game(client)
        first_reveal(client, game["id"])
        clock.now += 1.0
        assert client.post(f"{GAMES}/{game['id']}/leave").status_code == 200
        ids.append(game["id"])
    default = client.get(RECORDS).json()
    assert [game["id"] for game in default["history"]] == ids[::-1][:20]
    assert record_of(default)["played"] == 21
    assert [game["id"] for game in records(client, 1)["history"]] == [ids[-1]]
    none = records(client, 0)
    assert none["history"] == [] and none["records"] == default["records"]
    assert len(records(client, 200)["history"]) == 21
    for bad in ("201", "-1", "ten", "1.5"):
        answer = client.get(RECORDS, params={"history": bad})
        assert answer.status_code == 422, answer.text
        detail = answer.json()["detail"]
        assert detail.startswith("the number of latest games must be ") and "\n" not in detail


def test_the_records_are_the_stores_with_seeds_as_strings(
    client: TestClient, store: Store, clock: Clock
) -> None:
    for level, win in (("beginner", True), ("intermediate", False), ("beginner", False)):
        game = new_game(client, level)
        first_reveal(client, game["id"])
        clock.now += 7.0
        finish(client, store, game["id"], win=win)
    seeded = client.post(GAMES, json={"level": "beginner", "seed": "2024"}).json()
    first_reveal(client, seeded["id"])
    finish(client, store, seeded["id"], win=True)  # a chosen seed: not counted

    body = records(client)
    # exactly what `gridpuzzles stats --json` prints, and whose records they are
    assert body.pop("per_player") is False
    assert body == json.loads(
        json.dumps(records_json(store.minesweeper_records(), store.minesweeper_history(20)))
    )
    assert len(body["history"]) == 3 and seeded["id"] not in {g["id"] for g in body["history"]}
    for game in body["history"]:
        saved = store.load_game(game["id"])
        assert saved is not None
        assert isinstance(game["seed"], str) and game["seed"] == str(saved.seed)
    beginner = record_of(body)
    assert (beginner["played"], beginner["won"], beginner["win_rate"]) == (2, 1, 0.5)
    assert beginner["best_streak"] == 1 and beginner["current_streak"] == 0
    assert [best["seconds"] for best in beginner["best_times"]] == [7.0]
    assert record_of(body, "intermediate")["won"] == 0


def test_the_records_route_is_documented(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    records_route = spec["paths"][RECORDS]["get"]
    assert records_route["responses"]["200"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/RecordsOut"
    }
    (parameter,) = records_route["parameters"]
    assert parameter["schema"]["maximum"] == 200 and parameter["schema"]["minimum"] == 0
    leave = spec["paths"][f"{GAMES}/{{game_id}}/leave"]["post"]
    assert leave["summary"] == "Leave a game"
    assert {"200", "403", "404", "503"} <= set(leave["responses"])


def test_a_restarted_server_knows_the_game_is_assisted(
    client: TestClient, store: Store, clock: Clock
) -> None:
    game = new_game(client)
    first_reveal(client, game["id"])
    assert client.get(f"{GAMES}/{game['id']}/probabilities").status_code == 200
    headers = {"X-Game-Token": game["token"]}
    with TestClient(create_app(store, clock)) as restarted:  # an empty cache: replayed
        state = restarted.get(f"{GAMES}/{game['id']}", headers=headers).json()
        assert state["assisted"] is True and state["status"] == "playing"
        won = finish_with(restarted, store, game["id"], headers)
    assert won["assisted"] is True
    record = record_of(records(client))
    assert (record["played"], record["assisted_won"]) == (0, 1)


def finish_with(
    client: TestClient, store: Store, game_id: str, headers: dict[str, str]
) -> dict[str, Any]:
    """Win a started game with the token in ``headers``."""
    client.headers.update(headers)
    return finish(client, store, game_id, win=True)
