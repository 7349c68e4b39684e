"""Seeds through the API: sent out as strings of digits (exact past 2**53, where JavaScript
numbers lose digits), taken in as such a string or, for older clients, as a JSON integer, and
anything else refused with one line in player words."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from gridpuzzles.bounds import MAX_SEED
from gridpuzzles.minesweeper import level, new_game, reveal, view
from tests.web.boards import FIRST

GAMES = "/api/minesweeper/games"
BIG_SEED = 4494805136092911258
"""The seed of the issue: above 2**53, so that a JavaScript number would round it (to
4494805136092911000 on the page, and float() gives 4494805136092911104)."""
REFUSAL = "the seed must be a whole number from 0 to 9223372036854775807 (2**63 - 1)"


def first_then_mine(client: TestClient, seed: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """A beginner game on ``seed`` (as sent): the state after the first reveal, and after a
    reveal of one of its mines (which ends it)."""
    created = client.post(GAMES, json={"level": "beginner", "seed": seed})
    assert created.status_code == 201, created.text
    game_id = created.json()["id"]
    first = client.post(f"{GAMES}/{game_id}/moves", json={"move": "r{},{}".format(*FIRST)})
    assert first.status_code == 200 and first.json()["status"] == "playing", first.text
    mine = next(
        (row, col)
        for row, line in enumerate(first.json()["view"])
        for col, symbol in enumerate(line)
        if symbol == "#" and core_layout_is_mine(int(seed), row, col)
    )
    last = client.post(f"{GAMES}/{game_id}/moves", json={"move": "r{},{}".format(*mine)})
    assert last.status_code == 200 and last.json()["status"] == "lost", last.text
    return first.json(), last.json()


def core_layout_is_mine(seed: int, row: int, col: int) -> bool:
    layout = reveal(new_game(level("beginner"), seed), *FIRST).layout
    assert layout is not None
    return layout.is_mine(row * 9 + col)


def test_a_big_seed_in_a_string_plays_the_exact_board_and_comes_back_as_a_string(
    client: TestClient,
) -> None:
    first, last = first_then_mine(client, str(BIG_SEED))
    expected = reveal(new_game(level("beginner"), BIG_SEED), *FIRST)
    rounded = reveal(new_game(level("beginner"), int(float(BIG_SEED))), *FIRST)
    assert view(rounded).rows() != view(expected).rows()  # a rounded seed is another board
    assert first["view"] == view(expected).rows()
    assert first["finish"] is None
    assert last["finish"]["seed"] == str(BIG_SEED)


def test_the_seed_is_a_json_string_in_the_raw_answer(client: TestClient) -> None:
    _, last = first_then_mine(client, str(BIG_SEED))
    raw = json.dumps(last["finish"])
    assert f'"seed": "{BIG_SEED}"' in raw


def test_an_integer_seed_still_works_and_gives_the_same_board(client: TestClient) -> None:
    by_text = first_then_mine(client, str(BIG_SEED))
    by_number = first_then_mine(client, BIG_SEED)
    assert by_number[0]["view"] == by_text[0]["view"]
    assert by_number[1]["view"] == by_text[1]["view"]
    assert by_number[1]["finish"]["seed"] == str(BIG_SEED)


@pytest.mark.parametrize(
    ("sent", "shown"),
    [("0", "0"), ("007", "7"), (str(MAX_SEED), str(MAX_SEED)), ("0" * 21 + "42", "42")],
)
def test_seeds_at_the_bounds_and_with_leading_zeros(
    client: TestClient, sent: str, shown: str
) -> None:
    first, last = first_then_mine(client, sent)
    assert last["finish"]["seed"] == shown
    assert first["view"] == view(reveal(new_game(level("beginner"), int(sent)), *FIRST)).rows()


@pytest.mark.parametrize(
    ("seed", "refused"),
    [
        (-1, "not -1"),
        ("-1", "not '-1'"),
        (MAX_SEED + 1, f"not {MAX_SEED + 1}"),
        (str(MAX_SEED + 1), f"not '{MAX_SEED + 1}'"),
        ("\u0663", "not '\u0663'"),
        ("\u00b2", "not '\u00b2'"),
        ("1" * 41, "not a text of 41 characters"),
        ("7" * 10_000, "not a text of 10,000 characters"),
        ("1" * 30, "not '11111111111111111111..."),
        (1.5, "not the decimal number 1.5"),
        (7.0, "not the decimal number 7.0"),
        (True, "not true"),
        (False, "not false"),
        ("", "not ''"),
        (" 7", "not ' 7'"),
        ("+7", "not '+7'"),
        ("7_000", "not '7_000'"),
        ("0x10", "not '0x10'"),
        ([7], "not a list"),
        ({"seed": 7}, "not an object"),
    ],
)
def test_a_bad_seed_gets_a_one_line_4xx(client: TestClient, seed: Any, refused: str) -> None:
    response = client.post(GAMES, json={"level": "beginner", "seed": seed})
    assert response.status_code == 422, response.text
    detail = response.json()["detail"]
    assert detail == f"{REFUSAL} in digits, {refused}"
    assert "\n" not in detail and len(detail) < 200


def test_the_openapi_schema_documents_seeds_as_strings(client: TestClient) -> None:
    schemas = client.get("/openapi.json").json()["components"]["schemas"]
    asked = schemas["NewGame"]["properties"]["seed"]["anyOf"]
    assert {"type": "string", "pattern": "^[0-9]{1,40}$", "maxLength": 40} in asked
    assert {"type": "integer", "minimum": 0, "exclusiveMaximum": 2**63} in asked
    # A playout seed is asked for as a JSON integer JavaScript keeps exactly.
    playouts = schemas["WinChanceIn"]["properties"]["seed"]
    assert playouts["type"] == "integer" and playouts["maximum"] == 2**53 - 1
    sent = [
        (name, model["properties"]["seed"])
        for name, model in schemas.items()
        if name not in ("NewGame", "WinChanceIn") and "seed" in model.get("properties", {})
    ]
    # the places a seed goes out, both about ended games: a game's result and the history
    assert sorted(name for name, _ in sent) == ["PlayedGameOut", "Result"]
    assert all(seed["type"] == "string" and seed["pattern"] == "^[0-9]+$" for _, seed in sent)
