"""Play Move says why, in the player's words: the number that makes the cell safe or a mine,
named where the page shows it (rows and columns counted from 1), or the risk of a guess."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from gridpuzzles.minesweeper import Move
from gridpuzzles.minesweeper.core.grid import neighbours

GAMES = "/api/minesweeper/games"
NUMBER = re.compile(r"the (\d) at row (\d+), column (\d+) ")
GUESS = re.compile(
    r"^no safe cell: \d{1,3}% risk, "
    r"(the safest|the safest living cell|while the safest cell has \d{1,3}%); .+$"
)


def check_words(before: list[str], played: dict[str, object]) -> str:
    """Assert that ``played`` says why in player words that fit the board ``before`` it;
    return the kind of reason ("safe", "certain mine" or "no safe cell")."""
    why = played["why"]
    assert isinstance(why, str) and isinstance(played["move"], str)
    move = Move.parse(played["move"])
    assert not re.search(r"[rfc]\d+,\d+|lookahead|endgame search", why), why
    kind = why.split(":")[0]
    assert kind in ("safe", "certain mine", "no safe cell"), why
    assert (kind == "certain mine") == (
        move.action.value == "f" and before[move.row][move.col] == "#"
    )
    if kind == "no safe cell":
        assert GUESS.match(why), why
    named = NUMBER.search(why)
    if named:  # the number is where the words say, counting from 1, and next to the move
        number, row, col = (int(group) for group in named.groups())
        assert before[row - 1][col - 1] == str(number)
        width = len(before[0])
        around = set(neighbours(width, len(before), move.row * width + move.col))
        assert (row - 1) * width + col - 1 in around
    return kind


def test_every_play_move_says_why_and_flags_name_a_certain_mine(client: TestClient) -> None:
    kinds: set[str] = set()
    for seed in range(1, 9):
        game = client.post(GAMES, json={"level": "intermediate", "seed": str(seed)}).json()
        state = game
        while state["status"] == "playing":
            played = client.post(f"{GAMES}/{game['id']}/auto-move")
            assert played.status_code == 200, played.text
            kinds.add(check_words(state["view"], played.json()))
            state = played.json()
        if kinds == {"safe", "certain mine", "no safe cell"}:
            break
    assert kinds == {"safe", "certain mine", "no safe cell"}


def test_the_hint_counts_rows_and_columns_from_1_like_the_page(client: TestClient) -> None:
    game = client.post(GAMES, json={"level": "beginner", "seed": "2024"}).json()
    client.post(f"{GAMES}/{game['id']}/moves", json={"move": "r4,4"})
    for _ in range(30):
        state = client.get(f"{GAMES}/{game['id']}").json()
        if state["status"] != "playing":
            break
        advice = client.get(f"{GAMES}/{game['id']}/hint").json()
        named = NUMBER.search(advice["why"])
        if named:
            number, row, col = (int(group) for group in named.groups())
            assert state["view"][row - 1][col - 1] == str(number)
        client.post(f"{GAMES}/{game['id']}/auto-move")
