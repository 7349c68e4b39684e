"""Play Move, Hint and the probability overlay through the API: advice from the view alone."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from fastapi.testclient import TestClient

from gridpuzzles.minesweeper import Move, parse_view
from gridpuzzles.minesweeper.solving.guessing import GuessRule
from gridpuzzles.minesweeper.solving.insight import insight
from gridpuzzles.web.minesweeper.assist import Situation
from tests.web.boards import (
    FIRST,
    MARKED_MINES,
    SEED,
    beginner_layout,
    beginner_mine,
    marked_game,
)

GAMES = "/api/minesweeper/games"


def seeded(client: TestClient) -> str:
    game_id: str = client.post(GAMES, json={"level": "beginner", "seed": SEED}).json()["id"]
    client.post(f"{GAMES}/{game_id}/moves", json={"move": f"r{FIRST[0]},{FIRST[1]}"})
    return game_id


def test_play_move_plays_one_move_of_the_auto_player(client: TestClient) -> None:
    game_id = seeded(client)
    before = client.get(f"{GAMES}/{game_id}").json()
    played = client.post(f"{GAMES}/{game_id}/auto-move").json()
    assert played["clicks"] == before["clicks"] + 1
    Move.parse(played["move"])
    assert played["view"] != before["view"]


def test_the_auto_player_finishes_a_game(client: TestClient) -> None:
    game_id = seeded(client)
    state: dict[str, Any] = {"status": "playing"}
    for _ in range(100):
        state = client.post(f"{GAMES}/{game_id}/auto-move").json()
        if state["status"] != "playing":
            break
    assert state["status"] in ("won", "lost")
    refused = client.post(f"{GAMES}/{game_id}/auto-move")
    assert refused.status_code == 409 and "game is over" in refused.json()["detail"]


def test_a_hint_is_the_safest_cell(client: TestClient) -> None:
    game_id = seeded(client)
    advice = client.get(f"{GAMES}/{game_id}/hint").json()
    chances = client.get(f"{GAMES}/{game_id}/probabilities").json()["probabilities"]
    hidden = [p for row in chances for p in row if p is not None]
    assert advice["mine_probability"] == min(hidden) or advice["certain"]
    assert chances[advice["row"]][advice["col"]] == advice["mine_probability"]
    if advice["certain"]:
        assert not beginner_layout().is_mine(advice["row"] * 9 + advice["col"])
        assert advice["reason"] is None
    else:
        assert advice["reason"] in {rule.value for rule in GuessRule}
    assert advice["why"]
    assert advice["reason"] is None or advice["reason"] not in advice["why"]  # player words


def test_probabilities_cover_hidden_cells_and_agree_with_the_mine_count(
    client: TestClient,
) -> None:
    game_id = seeded(client)
    view = client.get(f"{GAMES}/{game_id}").json()["view"]
    chances = client.get(f"{GAMES}/{game_id}/probabilities").json()["probabilities"]
    for row, symbols in zip(chances, view, strict=True):
        for chance, symbol in zip(row, symbols, strict=True):
            assert (chance is None) == (symbol not in "#F?")
    assert abs(sum(p for row in chances for p in row if p is not None) - 10) < 1e-9


def test_advice_needs_the_token_and_a_game_in_play(client: TestClient) -> None:
    game_id = seeded(client)
    client.post(f"{GAMES}/{game_id}/moves", json={"move": beginner_mine()})
    for path in ("hint", "probabilities"):
        assert client.get(f"{GAMES}/{game_id}/{path}").status_code == 409
    client.cookies.clear()
    assert client.get(f"{GAMES}/{game_id}/hint").status_code == 403
    assert client.post(f"{GAMES}/{game_id}/auto-move").status_code == 403


def test_the_workers_get_what_the_player_sees_and_nothing_else() -> None:
    assert [field.name for field in fields(Situation)] == ["view", "mines", "first_click"]


def test_the_probabilities_mark_dead_cells_and_unavoidable_fifty_fifties(
    client: TestClient,
) -> None:
    game_id = marked_game(client)
    shown = client.get(f"{GAMES}/{game_id}").json()["view"]
    answer = client.get(f"{GAMES}/{game_id}/probabilities").json()
    marks, safety = answer["marks"], answer["secondary_safety"]
    marked = {
        (row, col): mark
        for row, line in enumerate(marks)
        for col, mark in enumerate(line)
        if mark is not None
    }
    assert marked == {(5, 0): "dead", (5, 1): "dead", (0, 5): "fifty-fifty", (1, 5): "fifty-fifty"}
    assert all(answer["probabilities"][row][col] == 0.5 for row, col in [(0, 5), (1, 5)])
    # The marks come from the view alone: the solver's insight into what the page shows.
    seen = insight(parse_view("\n".join(shown)), MARKED_MINES)
    assert {c.cell for c in seen.cells if c.dead} >= {(5, 0), (5, 1)}
    scored = {(c.cell, c.secondary_safety) for c in seen.cells if c.secondary_safety is not None}
    assert scored and scored == {
        ((row, col), value)
        for row, line in enumerate(safety)
        for col, value in enumerate(line)
        if value is not None
    }
    assert all(0 <= value <= 1 for _, value in scored)


def test_the_hint_takes_the_marked_fifty_fifty_and_says_so(client: TestClient) -> None:
    advice = client.get(f"{GAMES}/{marked_game(client)}/hint").json()
    assert (advice["row"], advice["col"]) == (0, 5) and not advice["certain"]
    assert advice["reason"] == GuessRule.FIFTY_FIFTY.value
    assert advice["rank"] == "while the safest cell has 33%"  # taken now: it must be guessed
    assert advice["why"] == "a 50/50 no later move can settle: guess now"
    assert 0 < advice["secondary_safety"] <= 1 - advice["mine_probability"]
