"""``POST /api/minesweeper/analysis/win-chance``: the solver's chance to win from a position
the player brings, exact on a small position, else estimated by seeded playouts with a 95%
interval, its method said in words; asked apart from the chances, on the analysis's body."""

from __future__ import annotations

import base64
import random

import pytest
from fastapi.testclient import TestClient

from gridpuzzles.minesweeper import FirstClick
from gridpuzzles.minesweeper.core.exchange import parse_mine
from gridpuzzles.minesweeper.solving.win_chance import playouts

WIN_CHANCE = "/api/minesweeper/analysis/win-chance"
TWO_LAYOUTS = "3x3x1\n1HH\n1HH\nHHH\n"
"""The mine is at row 1 or row 2 of column 2; row 3, column 3 shows which: a certain win."""
COIN = "2x1x1\nHH\n"
"""Two hidden cells and one mine, nothing to tell them apart: a 50/50, won half the time."""
OPEN_BOARD = "16x16x40\n" + "H" * 16 + "\n" + ("H" * 16 + "\n") * 15
"""An untouched intermediate board: too many layouts to list, so estimated by playouts."""


def test_a_small_position_has_its_exact_chance_from_every_layout(client: TestClient) -> None:
    for text, wins, layouts in ((TWO_LAYOUTS, 2, 2), (COIN, 1, 2)):
        answer = client.post(WIN_CHANCE, json={"position": text})
        assert answer.status_code == 200, answer.text
        found = answer.json()
        chance = wins / layouts
        assert found["exact"] is True
        assert (found["estimate"], found["low"], found["high"]) == (chance, chance, chance)
        assert (found["wins"], found["layouts"], found["playouts"]) == (wins, layouts, 0)
        assert found["percent"] == f"{100 * wins // layouts}%"
        assert found["method"].startswith(
            f"exact: perfect play from this position wins {wins} of the {layouts} layouts"
        )


def test_a_large_position_is_estimated_by_seeded_playouts_and_says_how(
    client: TestClient,
) -> None:
    body = {"position": OPEN_BOARD, "playouts": 8, "seed": 7}
    found = client.post(WIN_CHANCE, json=body).json()
    assert found["exact"] is False and found["layouts"] is None
    assert (found["playouts"], found["complete"]) == (8, True)
    # the server's tally is the solver's own for the same seed: reproducible, and pure
    view, mines = parse_mine(OPEN_BOARD)
    # a given position promises no safe first click, as for the analysis
    *_, tally = playouts(view, mines, random.Random(7), 8, rule=FirstClick.NONE)
    assert found["wins"] == tally.wins
    assert (found["low"], found["high"]) == pytest.approx(tally.interval)
    assert found["low"] <= found["estimate"] <= found["high"]
    assert found["method"].startswith(
        "playouts of the solver's own play from this position: 8 games, "
    )
    assert "won, 95% interval " in found["method"]
    assert client.post(WIN_CHANCE, json=body).json() == found  # the same seed, the same answer


def test_an_mbf_board_takes_the_same_body_as_the_analysis(client: TestClient) -> None:
    board = bytes([2, 1, 0, 1, 0, 0])  # 2x1, one mine at the left
    answer = client.post(WIN_CHANCE, json={"mbf": base64.b64encode(board).decode()})
    assert answer.status_code == 200, answer.text
    assert answer.json()["estimate"] == 0.5  # nothing tells the two cells apart


def test_an_inconsistent_position_is_refused_in_the_analysis_words(client: TestClient) -> None:
    body = {"position": "3x3x1\n2HH\nHHH\nHHH\n"}
    answer = client.post(WIN_CHANCE, json=body)
    assert answer.status_code == 422, answer.text
    assert answer.json() == client.post("/api/minesweeper/analysis", json=body).json()


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"position": COIN, "playouts": 0}, "playouts"),
        ({"position": COIN, "playouts": 1001}, "playouts"),
        ({"position": COIN, "seed": -1}, "seed"),
        ({"position": "1##\n###\n"}, '"mines": N'),
    ],
)
def test_a_bad_bound_or_a_missing_mine_count_is_refused_in_words(
    client: TestClient, body: dict[str, object], words: str
) -> None:
    answer = client.post(WIN_CHANCE, json=body)
    assert answer.status_code == 422, answer.text
    assert words in answer.json()["detail"]
