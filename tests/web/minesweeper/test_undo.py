"""Undo and redo over the Minesweeper API: the latest move is taken back (also the mine of a
lost game, which takes back the loss), redo plays it again, either marks the game assisted,
a win is final, and a stale or foreign request changes nothing."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from gridpuzzles.storage import Store
from tests.web.boards import FIRST, SEED, beginner_mine, beginner_win
from tests.web.minesweeper.test_api import GAMES, create, move

OPEN = f"r{FIRST[0]},{FIRST[1]}"


def rewind(client: TestClient, game_id: str, step: str, status: int = 200, **body: Any) -> Any:
    response = client.post(f"{GAMES}/{game_id}/{step}", json=body or None)
    assert response.status_code == status, response.text
    return response.json()


def test_undo_and_redo_walk_the_moves_and_mark_the_game_assisted(client: TestClient) -> None:
    game = create(client, level="beginner", seed=SEED)
    assert (game["can_undo"], game["can_redo"]) == (False, False)
    refused = rewind(client, game["id"], "undo", 409)
    assert refused["detail"] == "there is nothing to undo"
    opened = move(client, game["id"], OPEN)
    flagged = move(client, game["id"], "f0,0")
    assert flagged["can_undo"] and not flagged["assisted"]
    back = rewind(client, game["id"], "undo")
    assert back["view"] == opened["view"] and back["can_redo"] and back["assisted"]
    assert back["version"] == 3  # the log counts the undo: a stale move is still refused
    again = rewind(client, game["id"], "redo", version=3)
    assert again["view"] == flagged["view"] and not again["can_redo"]
    assert rewind(client, game["id"], "redo", 409)["detail"] == "there is nothing to redo"


def test_undo_takes_back_the_mine_and_the_loss_in_the_records(
    client: TestClient, store: Store
) -> None:
    game = create(client, level="beginner")  # no seed chosen: the game counts
    saved = store.load_game(game["id"])
    assert saved is not None
    opened = move(client, game["id"], OPEN)
    lost = move(client, game["id"], beginner_mine(saved.seed))
    assert lost["status"] == "lost" and lost["can_undo"]
    assert [g.outcome.won for g in store.minesweeper_history()] == [False]
    back = rewind(client, game["id"], "undo")
    assert back["status"] == "playing" and back["view"] == opened["view"]
    assert back["finish"] is None and back["assisted"]
    assert store.minesweeper_history() == []  # played again: not in the records until it ends anew
    for text in beginner_win(saved.seed)[1:]:
        won = move(client, game["id"], text)
    assert won["status"] == "won" and won["assisted"] and not won["can_undo"]
    [kept] = store.minesweeper_history()
    assert kept.outcome.won and kept.outcome.assisted
    refused = rewind(client, game["id"], "undo", 409)
    assert "won" in refused["detail"] and "nothing can be undone" in refused["detail"]


def test_a_restarted_server_replays_undo_and_redo(client: TestClient, store: Store) -> None:
    game = create(client, level="beginner", seed=SEED)
    move(client, game["id"], OPEN)
    move(client, game["id"], "f0,0")
    rewind(client, game["id"], "undo")
    move(client, game["id"], "f1,0")  # forgets the redo
    played = client.get(f"{GAMES}/{game['id']}").json()
    saved = store.load_game(game["id"])
    assert saved is not None
    replayed = saved.play()
    assert replayed.state.mark(1, 0) != replayed.state.mark(0, 0)
    assert not replayed.can_redo and replayed.can_undo
    assert (replayed.version, replayed.moves, replayed.assisted) == (4, 3, True)
    assert played["view"][1][0] == "F" and played["view"][0][0] == "#"


def test_a_stale_or_foreign_undo_changes_nothing(client: TestClient) -> None:
    game = create(client, level="beginner", seed=SEED)
    move(client, game["id"], OPEN)
    rewind(client, game["id"], "undo", 409, version=0)  # chosen on the game before the reveal
    other = TestClient(client.app)
    assert other.post(f"{GAMES}/{game['id']}/undo").status_code == 403
    assert client.get(f"{GAMES}/{game['id']}").json()["started"]
