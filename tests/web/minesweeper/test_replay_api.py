"""`GET /api/minesweeper/games/{id}/replay`: a finished game step by step, from the mid-end's
replay, to anyone with its id; a game in play is refused and nothing of it is sent."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from gridpuzzles.storage import Store
from tests.web.boards import FIRST, SEED, beginner_mine, beginner_win
from tests.web.conftest import answered
from tests.web.minesweeper.test_api import GAMES, create, move

OPEN = f"r{FIRST[0]},{FIRST[1]}"


def replay(client: TestClient, game_id: str, status: int = 200) -> dict[str, Any]:
    client.cookies.clear()  # no token: the id is enough to watch a finished game
    return answered(client, f"{GAMES}/{game_id}/replay", status)


def test_a_lost_game_replays_every_step_to_its_last_board(client: TestClient) -> None:
    game = create(client, level="beginner", seed=SEED, first_click="safe")
    mine = beginner_mine(SEED)
    states = [move(client, game["id"], text) for text in (OPEN, f"f{mine[1:]}", f"f{mine[1:]}")]
    client.post(f"{GAMES}/{game['id']}/undo")
    client.post(f"{GAMES}/{game['id']}/redo")
    states.append(move(client, game["id"], mine))
    shown = replay(client, game["id"])
    steps = shown["steps"]
    assert isinstance(steps, list)
    row, col = (int(n) + 1 for n in mine[1:].split(","))
    assert [(step["number"], step["move"], step["said"]) for step in steps] == [
        (0, OPEN, "reveal row 5, column 5"),
        (1, f"f{mine[1:]}", f"flag row {row}, column {col}"),
        (2, f"f{mine[1:]}", f"flag row {row}, column {col}"),
        (3, "undo", "undo"),
        (4, "redo", "redo"),
        (5, mine, f"reveal row {row}, column {col}"),
    ]
    assert steps[0]["state"]["view"] == states[0]["view"]
    assert steps[-1]["state"]["view"] == states[-1]["view"] and "*" in "".join(states[-1]["view"])
    assert (
        steps[-1]["state"]["status"] == "lost"
        and steps[3]["state"]["view"] == steps[1]["state"]["view"]
    )
    assert shown["start"]["view"] == ["#" * 9] * 9
    ats = [step["at"] for step in steps]
    assert ats == sorted(ats) and all(at >= 0 for at in ats)


def test_a_won_game_and_a_game_left_are_watched_too(client: TestClient) -> None:
    won = create(client, level="beginner", seed=SEED, first_click="safe")
    for text in beginner_win(SEED):
        last = move(client, won["id"], text)
    assert last["status"] == "won"
    assert replay(client, won["id"])["steps"][-1]["state"]["status"] == "won"
    left = create(client, level="beginner", seed=SEED, first_click="safe")
    move(client, left["id"], OPEN)
    client.post(f"{GAMES}/{left['id']}/leave")
    steps = replay(client, left["id"])["steps"]
    assert steps[-1]["state"]["status"] == "left" and "*" not in "".join(steps[-1]["state"]["view"])


def test_a_game_in_play_and_an_unknown_one_are_refused_in_words(
    client: TestClient, store: Store
) -> None:
    game = create(client, level="beginner", seed=SEED, first_click="safe")
    move(client, game["id"], OPEN)
    refused = replay(client, game["id"], 409)
    assert refused == {
        "detail": f"game {game['id']} is still being played: it can be watched once it ends"
    }
    assert "not found" not in replay(client, "nosuchgameXXXXXXXXXXXX", 404)["detail"].lower()
    # A log changed by hand is refused in words too, never a 500.
    with store.transaction() as db:
        from sqlalchemy import text

        db.execute(text("update moves set move = 'r20,20' where game_id = :id"), {"id": game["id"]})
    detail = replay(client, game["id"], 409)["detail"]
    assert "cannot be replayed: step 1 of the log, 'r20,20'" in detail
