"""A real server process killed (SIGKILL) mid-game and restarted on its database loses nothing."""

from __future__ import annotations

from pathlib import Path

import httpx
from benchmarks.server import ServerProcess

from tests.web.boards import SEED, beginner_win

GAMES = "/api/minesweeper/games"


def test_a_killed_server_continues_every_game_where_it_was(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "games.db")
    moves = beginner_win()
    half = len(moves) // 2
    try:
        url = server.start()
        game = httpx.post(f"{url}{GAMES}", json={"level": "beginner", "seed": SEED}).json()
        headers = {"X-Game-Token": game["token"]}
        for text in moves[:half]:
            answer = httpx.post(
                f"{url}{GAMES}/{game['id']}/moves", json={"move": text}, headers=headers
            )
            assert answer.status_code == 200
        before = answer.json()
        server.kill()

        url = server.start()
        after = httpx.get(f"{url}{GAMES}/{game['id']}", headers=headers).json()
        assert after["view"] == before["view"] and after["clicks"] == half
        assert httpx.get(f"{url}{GAMES}/{game['id']}").status_code == 403
        for text in moves[half:]:
            answer = httpx.post(
                f"{url}{GAMES}/{game['id']}/moves", json={"move": text}, headers=headers
            )
        assert answer.json()["status"] == "won"
    finally:
        server.stop()
