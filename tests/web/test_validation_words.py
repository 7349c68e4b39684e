"""A request the API cannot read is refused in the player's words: the field named in words,
what it must be and what was sent; never pydantic's "body.width: Input should be ..."."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from pydantic import BaseModel

from gridpuzzles.web.errors import describe_validation
from gridpuzzles.web.models import Strict
from gridpuzzles.web.mondrian import routes  # noqa: F401  (its request models join Strict's subclasses)

GAMES = "/api/minesweeper/games"
CODE_WORDS = ("body.", "query.", "path.", "header.", "Input should", "Field required")


@pytest.mark.parametrize(
    ("method", "path", "body", "detail"),
    [
        (
            "POST",
            GAMES,
            {"width": 0, "height": 9, "mines": 1},
            "the width must be at least 1, not 0",
        ),
        (
            "POST",
            GAMES,
            {"width": 101, "height": 9, "mines": 1},
            "the width must be at most 100, not 101",
        ),
        ("POST", GAMES, {"width": "ten"}, "the width must be a whole number, not 'ten'"),
        (
            "POST",
            GAMES,
            {"height": 1.5},
            "the height must be a whole number, not the decimal number 1.5",
        ),
        ("POST", GAMES, {"mines": -1}, "the number of mines must be at least 0, not -1"),
        ("POST", GAMES, {"level": "expert", "foo": 1}, "unknown field 'foo'"),
        ("POST", GAMES, [1], "the body must be a JSON object, not a list"),
        ("POST", GAMES, {"level": 3}, "the level must be text (a JSON string), not 3"),
        (
            "POST",
            GAMES,
            {"level": "expert", "first_click": "lucky"},
            "the first-click rule must be 'safe', 'opening', 'none' or 'no-guess', not 'lucky'",
        ),
        (
            "POST",
            GAMES,
            {"level": "expert", "win_rule": "luck"},
            "the win rule must be 'reveal' or 'flags', not 'luck'",
        ),
        (
            "POST",
            GAMES,
            {"level": "expert", "question_marks": "maybe"},
            "the question-marks setting must be true or false, not 'maybe'",
        ),
        ("POST", "{game}/moves", {}, "the move is missing"),
        ("POST", "{game}/moves", {"move": "r" * 40}, "the move must be at most 32 characters long"),
        ("POST", "{game}/moves", {"move": "r0,0", "x": 1}, "unknown field 'x'"),
        (
            "GET",
            "/api/minesweeper/records?history=ten",
            None,
            "the number of latest games must be a whole number, not 'ten'",
        ),
        (
            "GET",
            "/api/minesweeper/records?history=201",
            None,
            "the number of latest games must be at most 200, not 201",
        ),
        ("GET", f"{GAMES}/{'x' * 65}", None, "the game id must be at most 64 characters long"),
        (
            "POST",
            "/api/mondrian/solutions",
            {"black": [{"size": "1x1", "row": 9, "col": 0}] * 3},
            "the row of item 1 of the black blocks must be at most 7, not 9",
        ),
        (
            "POST",
            "/api/mondrian/solutions",
            {"black": [{"size": "1x1", "row": 0, "col": 0}]},
            "the black blocks must hold at least 3 items, not 1",
        ),
        (
            "POST",
            "/api/mondrian/solutions",
            {"black": [{"size": "1x1", "row": 0, "col": 0, "colour": "red"}] * 3},
            "unknown field 'colour' in item 1 of the black blocks",
        ),
    ],
)
def test_a_bad_request_is_told_in_player_words(
    client: TestClient, method: str, path: str, body: Any, detail: str
) -> None:
    game = client.post(GAMES, json={"level": "beginner"}).json()
    url = path.replace("{game}", f"{GAMES}/{game['id']}")
    response = client.request(method, url, json=body)
    assert response.status_code == 422, response.text
    told = response.json()["detail"]
    assert told == detail or told.startswith(f"{detail}; ")
    assert not any(word in told for word in CODE_WORDS)


def test_a_header_too_long_is_named_as_the_header(client: TestClient) -> None:
    game = client.post(GAMES, json={"level": "beginner"}).json()
    response = client.get(f"{GAMES}/{game['id']}", headers={"X-Game-Token": "t" * 200})
    assert response.status_code == 422
    assert (
        response.json()["detail"] == "the X-Game-Token header must be at most 128 characters long"
    )


def request_models() -> list[type[BaseModel]]:
    """Every request body of the API (they all forbid unknown fields)."""
    return list(Strict.__subclasses__())


def test_every_field_of_every_request_is_named_in_words() -> None:
    models = request_models()
    assert {model.__name__ for model in models} >= {"NewGame", "MoveRequest", "SolveRequest"}
    for model in models:
        for name in model.model_fields:
            for kind in ("missing", "int_parsing", "string_too_long", "enum", "too_short"):
                error: dict[str, Any] = {
                    "type": kind,
                    "loc": ("body", name),
                    "msg": "m",
                    "input": "x",
                    "ctx": {},
                }
                told = describe_validation([error])
                assert told.startswith("the ") and (" is " in told or " must " in told), told
                assert "_" not in told, (model, name, told)
                assert not any(word in told for word in CODE_WORDS), (model, name, told)


def test_several_errors_are_one_line_and_a_context_without_its_bound_still_reads() -> None:
    errors = [
        {"type": "greater_than_equal", "loc": ("body", "width"), "input": 0, "ctx": {"ge": 1}},
        {"type": "greater_than_equal", "loc": ("body", "height"), "msg": "too small", "input": 0},
    ]
    assert describe_validation(errors) == (
        "the width must be at least 1, not 0; the height is not valid (too small)"
    )
    assert describe_validation([]) == "the request is invalid"
