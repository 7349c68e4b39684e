"""Seeded games whose layout the tests know from the core: where the mines are, how to win."""

from __future__ import annotations

from typing import TYPE_CHECKING

from benchmarks.web_load import ATTACK_CONFIG, attack_board, exploding_reveals

from gridpuzzles.minesweeper import Layout, level, new_game, reveal
from tests.minesweeper.boards import winning_reveals

if TYPE_CHECKING:
    from fastapi.testclient import TestClient

GAMES = "/api/minesweeper/games"
SEED = 2024
FIRST = (4, 4)
"""The first reveal of every seeded beginner game in these tests (the board's centre)."""


def beginner_layout(seed: int = SEED, first: tuple[int, int] = FIRST) -> Layout:
    """The mines of the seeded beginner game once ``first`` is revealed."""
    layout = reveal(new_game(level("beginner"), seed), *first).layout
    assert layout is not None
    return layout


def beginner_win(seed: int = SEED, first: tuple[int, int] = FIRST) -> list[str]:
    """Reveal moves (text form) that win the seeded beginner game, ``first`` first."""
    cells = winning_reveals(new_game(level("beginner"), seed), first)
    return [f"r{row},{col}" for row, col in cells]


def beginner_mine(seed: int = SEED, first: tuple[int, int] = FIRST) -> str:
    """A reveal move onto a mine of the seeded beginner game."""
    row, col = divmod(beginner_layout(seed, first).mine_indices()[0], 9)
    return f"r{row},{col}"


EXPLODING_SEED = 1
"""A seed of the benchmark's attack board on which exact analysis runs for minutes."""


def exploding_game(client: TestClient) -> tuple[str, str]:
    """A 100x100 game (id, token) played to a view whose exact analysis runs for minutes: the
    attack of `benchmarks/web_load.py`, so that a request on it genuinely runs past a budget."""
    created = client.post(GAMES, json=attack_board(EXPLODING_SEED))
    assert created.status_code == 201, created.text
    game = created.json()
    for move in exploding_reveals(EXPLODING_SEED):
        played = client.post(f"{GAMES}/{game['id']}/moves", json={"move": move})
        assert played.status_code == 200 and played.json()["status"] == "playing", played.text
    return game["id"], game["token"]


def scattered_game(client: TestClient, numbers: int = 150) -> str:
    """A 100x100 game (id) showing ``numbers`` numbers three cells apart: hundreds of separate
    parts of the frontier, too many for the exact solver to combine (it refuses at once)."""
    created = client.post(GAMES, json=attack_board(EXPLODING_SEED))
    assert created.status_code == 201, created.text
    game_id: str = created.json()["id"]
    played = client.post(f"{GAMES}/{game_id}/moves", json={"move": "r0,0"}).json()
    layout = reveal(new_game(ATTACK_CONFIG, EXPLODING_SEED), 0, 0).layout
    assert layout is not None
    cells = [(row, col) for row in range(1, 100, 3) for col in range(1, 100, 3)]
    shown = [
        (row, col)
        for row, col in cells
        if played["view"][row][col] == "#"
        and layout.counts[row * 100 + col]
        and not layout.is_mine(row * 100 + col)
    ][:numbers]
    for row, col in shown:
        answer = client.post(f"{GAMES}/{game_id}/moves", json={"move": f"r{row},{col}"})
        assert answer.status_code == 200, answer.text
    return game_id


MARKED_MINES = 10
MARKED = {"width": 6, "height": 6, "mines": MARKED_MINES, "first_click": "safe", "seed": "271"}
"""A custom board that, after `MARKED_MOVES` (no guess among them), shows two dead cells at
the bottom left and an unavoidable 50/50 at the top right."""
MARKED_MOVES = ("r0,0", "r4,3", "r5,2")


def marked_game(client: TestClient) -> str:
    """A new game (id) of `MARKED`, played through `MARKED_MOVES`."""
    game_id: str = client.post(GAMES, json=MARKED).json()["id"]
    for move in MARKED_MOVES:
        assert client.post(f"{GAMES}/{game_id}/moves", json={"move": move}).status_code == 200
    return game_id
