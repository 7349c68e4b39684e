"""Advice asked before a game's first reveal marks nothing (in-process, with the TestClient):
the overlay belongs to one game, and a game not started yet has had no help."""

from __future__ import annotations

from fastapi.testclient import TestClient

from gridpuzzles.storage import Store
from tests.web.boards import FIRST, SEED

GAMES = "/api/minesweeper/games"


def test_advice_before_the_first_reveal_marks_nothing_on_the_server(
    client: TestClient, store: Store
) -> None:
    game_id: str = client.post(GAMES, json={"level": "beginner", "seed": SEED}).json()["id"]
    for path in ("probabilities", "hint"):
        answer = client.get(f"{GAMES}/{game_id}/{path}")
        assert answer.status_code == 200, answer.text
        assert client.get(f"{GAMES}/{game_id}").json()["assisted"] is False, path
    saved = store.load_game(game_id)
    assert saved is not None and not saved.assisted

    client.post(f"{GAMES}/{game_id}/moves", json={"move": f"r{FIRST[0]},{FIRST[1]}"})
    assert client.get(f"{GAMES}/{game_id}").json()["assisted"] is False
    assert client.get(f"{GAMES}/{game_id}/probabilities").status_code == 200
    assert client.get(f"{GAMES}/{game_id}").json()["assisted"] is True  # started: help now
    saved = store.load_game(game_id)
    assert saved is not None and saved.assisted
