"""Every field of a request that takes a whole number takes a JSON integer only (issue 34):
never text ("1_0", " 9 ", "9"), a decimal (9.0) or a boolean (true), which pydantic's lax
mode would read as 10, 9, 9 and 1. Each is refused 422 in one line of the player's words
naming the field. No request body, however hostile, gets a 5xx; and a search or a
generation past its bound is told as the limit it is, never as a malformed request."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gridpuzzles.minesweeper.core.settings import MAX_SIDE
from gridpuzzles.mondrian.solving.census import CensusLimitError
from gridpuzzles.mondrian.solving.generation import GenerationError
from gridpuzzles.mondrian.solving.solutions import SearchLimitError
from gridpuzzles.storage import Store
from gridpuzzles.web import errors
from gridpuzzles.web.app import create_app
from gridpuzzles.web.models import MAX_MOVE_COUNT
from gridpuzzles.web.mondrian.models import LAST_COL, LAST_ROW
from tests.web.conftest import Clock
from tests.web.test_fuzz import JSON

GAMES = "/api/minesweeper/games"
MONDRIAN = "/api/mondrian"
BLACK = [
    {"size": "1x1", "row": 0, "col": 0, "orientation": "h"},
    {"size": "1x2", "row": 7, "col": 0, "orientation": "h"},
    {"size": "1x3", "row": 0, "col": 7, "orientation": "v"},
]
CODE_WORDS = ("body.", "Input should", "Field required", "Traceback", "pydantic")
STRICT = settings(
    max_examples=40, deadline=None, suppress_health_check=list(HealthCheck), database=None
)
Send = Callable[[TestClient, object], httpx.Response]


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """One app for the module's hundreds of requests: each refusal changes nothing, and an
    app of its own for each would start a solver worker process each time."""
    store = Store(tmp_path_factory.mktemp("strict-json") / "games.db")
    with TestClient(create_app(store, Clock())) as test_client:
        yield test_client


def minesweeper_game(client: TestClient) -> str:
    created = client.post(GAMES, json={"level": "beginner"})
    assert created.status_code == 201, created.text
    return str(created.json()["id"])


def own_mondrian_game(client: TestClient) -> str:
    """An empty board: no solver work, so every answer comes at once."""
    created = client.post(f"{MONDRIAN}/games", json={"challenge": "own"})
    assert created.status_code == 201, created.text
    return str(created.json()["id"])


def new_game_with(name: str) -> Send:
    def send(client: TestClient, value: object) -> httpx.Response:
        response: httpx.Response = client.post(
            GAMES, json={"width": 9, "height": 9, "mines": 10, name: value}
        )
        return response

    return send


def move_seen_after(client: TestClient, value: object) -> httpx.Response:
    game = minesweeper_game(client)
    response: httpx.Response = client.post(
        f"{GAMES}/{game}/moves", json={"move": "f0,0", "version": value}
    )
    return response


def rewind_seen_after(route: str) -> Send:
    def send(client: TestClient, value: object) -> httpx.Response:
        game = minesweeper_game(client)
        response: httpx.Response = client.post(f"{GAMES}/{game}/{route}", json={"version": value})
        return response

    return send


def mondrian_rewind_seen_after(route: str) -> Send:
    def send(client: TestClient, value: object) -> httpx.Response:
        game = own_mondrian_game(client)
        url = f"{MONDRIAN}/games/{game}/{route}"
        response: httpx.Response = client.post(url, json={"version": value})
        return response

    return send


def black_block_with(name: str) -> Send:
    def send(client: TestClient, value: object) -> httpx.Response:
        black = [{**BLACK[0], name: value}, *BLACK[1:]]
        response: httpx.Response = client.post(f"{MONDRIAN}/solutions", json={"black": black})
        return response

    return send


def mondrian_move_with(name: str, route: str) -> Send:
    def send(client: TestClient, value: object) -> httpx.Response:
        game = own_mondrian_game(client)
        move = {"action": "lift", "row": 0, "col": 0, name: value}
        response: httpx.Response = client.post(f"{MONDRIAN}/games/{game}/{route}", json=move)
        return response

    return send


@dataclass(frozen=True)
class NumberField:
    """A request field that takes a whole number: its name in a refusal, its range, whether
    it may be null (left out), and how a value is sent to it."""

    words: str
    least: int
    most: int
    optional: bool
    send: Send


NUMBER_FIELDS = {
    "new game width": NumberField("the width", 1, MAX_SIDE, True, new_game_with("width")),
    "new game height": NumberField("the height", 1, MAX_SIDE, True, new_game_with("height")),
    "new game mines": NumberField(
        "the number of mines", 0, MAX_SIDE * MAX_SIDE, True, new_game_with("mines")
    ),
    "minesweeper move's version": NumberField(
        "the version", 0, MAX_MOVE_COUNT, True, move_seen_after
    ),
    "minesweeper undo's version": NumberField(
        "the version", 0, MAX_MOVE_COUNT, True, rewind_seen_after("undo")
    ),
    "minesweeper redo's version": NumberField(
        "the version", 0, MAX_MOVE_COUNT, True, rewind_seen_after("redo")
    ),
    "mondrian undo's version": NumberField(
        "the version", 0, MAX_MOVE_COUNT, True, mondrian_rewind_seen_after("undo")
    ),
    "mondrian redo's version": NumberField(
        "the version", 0, MAX_MOVE_COUNT, True, mondrian_rewind_seen_after("redo")
    ),
    "mondrian move's version": NumberField(
        "the version", 0, MAX_MOVE_COUNT, True, mondrian_move_with("version", "moves")
    ),
    "solutions black row": NumberField(
        "the row of item 1 of the black blocks", 0, LAST_ROW, False, black_block_with("row")
    ),
    "solutions black col": NumberField(
        "the column of item 1 of the black blocks", 0, LAST_COL, False, black_block_with("col")
    ),
    "mondrian move row": NumberField(
        "the row", 0, LAST_ROW, True, mondrian_move_with("row", "moves")
    ),
    "mondrian move col": NumberField(
        "the column", 0, LAST_COL, True, mondrian_move_with("col", "moves")
    ),
    "mondrian check row": NumberField(
        "the row", 0, LAST_ROW, True, mondrian_move_with("row", "check")
    ),
    "mondrian check col": NumberField(
        "the column", 0, LAST_COL, True, mondrian_move_with("col", "check")
    ),
}
"""Every field of a request model of both APIs that takes a number (the seed, taken as text
of digits on purpose, is apart: `test_the_seed_still_takes_digits_as_text`)."""
TEXT = "(a number is sent without quotes)"
NOT_NUMBERS: list[tuple[object, str]] = [
    ("1_0", "not the text '1_0' " + TEXT),
    (" 9 ", "not the text ' 9 ' " + TEXT),
    (9.0, "not the decimal number 9.0"),
    (True, "not true"),
    ("9", "not the text '9' " + TEXT),
    (False, "not false"),
    ("nine", "not 'nine'"),
    ("", "not ''"),
    (9.5, "not the decimal number 9.5"),
    ([9], "not a list"),
    ({"n": 9}, "not an object"),
]
"""What is sent where a whole number is expected, and how the refusal names it: the first
five are the issue's."""


def refused_for(field: NumberField, response: httpx.Response) -> bool:
    """Whether ``response`` refuses the value sent to ``field`` itself (not another field,
    nor a rule of the game such as a mine count too high for the board)."""
    return response.status_code == 422 and str(response.json()["detail"]).startswith(
        f"{field.words} must "
    )


def assert_player_words(detail: str) -> None:
    assert "\n" not in detail, detail
    assert not any(word in detail for word in CODE_WORDS), detail


@pytest.mark.parametrize(("sent", "told"), NOT_NUMBERS, ids=[repr(v) for v, _ in NOT_NUMBERS])
@pytest.mark.parametrize("where", list(NUMBER_FIELDS))
def test_a_number_field_refuses_anything_but_a_json_integer(
    client: TestClient, where: str, sent: object, told: str
) -> None:
    field = NUMBER_FIELDS[where]
    response = field.send(client, sent)
    assert response.status_code == 422, response.text
    detail = response.json()["detail"]
    assert detail == f"{field.words} must be a whole number, {told}"
    assert_player_words(detail)


@pytest.mark.parametrize("where", list(NUMBER_FIELDS))
def test_a_number_field_takes_a_json_integer_at_both_ends_of_its_range(
    client: TestClient, where: str
) -> None:
    field = NUMBER_FIELDS[where]
    for value in (field.least, field.most):
        response = field.send(client, value)
        assert response.status_code < 500 and not refused_for(field, response), response.text


def test_a_missing_black_block_row_is_told_as_null(client: TestClient) -> None:
    response = black_block_with("row")(client, None)
    assert response.status_code == 422
    assert response.json()["detail"] == (
        "the row of item 1 of the black blocks must be a whole number, not null"
    )


@pytest.mark.parametrize(
    ("seed", "taken"),
    [
        ("9", True),
        ("0009", True),
        (9, True),
        (" 9 ", False),
        ("1_0", False),
        (9.0, False),
        (True, False),
        ("٩", False),
    ],
    ids=repr,
)
def test_the_seed_still_takes_digits_as_text(client: TestClient, seed: object, taken: bool) -> None:
    """The page sends the seed as text on purpose (JavaScript numbers lose digits above
    2**53): text of ASCII digits stays accepted, and nothing else that is not an integer."""
    response = client.post(GAMES, json={"level": "beginner", "seed": seed})
    if taken:
        assert response.status_code == 201, response.text
    else:
        assert response.status_code == 422
        detail = response.json()["detail"]
        assert detail.startswith("the seed must be a whole number"), detail
        assert_player_words(detail)


# Hypothesis: nothing but an integer in range is taken, and no body gets a 5xx.

NUMBER_LIKE = (
    st.integers(-(2**70), 2**70)
    | st.integers(-3, 110).map(float)
    | st.from_regex(r" ?[-+]?[0-9][0-9_]{0,3}(\.0)? ?", fullmatch=True)
)
"""Values a lax reading might take for a number: integers near and far past the ranges,
whole decimals, and text that Python's ``int`` or ``float`` would read."""


def taken_by_the_field(field: NumberField, value: object) -> bool:
    if value is None:
        return field.optional  # null is the field left out
    return (
        isinstance(value, int)
        and not isinstance(value, bool)
        and field.least <= value <= field.most
    )


@pytest.mark.parametrize("where", list(NUMBER_FIELDS))
@given(value=NUMBER_LIKE | JSON)
@STRICT
def test_only_an_integer_in_range_is_ever_taken(
    client: TestClient, where: str, value: object
) -> None:
    field = NUMBER_FIELDS[where]
    response = field.send(client, value)
    assert response.status_code < 500, response.text
    assert refused_for(field, response) != taken_by_the_field(field, value), response.text
    if response.status_code == 422:
        assert_player_words(str(response.json()["detail"]))


def with_fields(*names: str) -> st.SearchStrategy[Any]:
    """A JSON object of some of ``names`` (each any JSON value), or any JSON value at all."""
    return st.fixed_dictionaries({}, optional=dict.fromkeys(names, NUMBER_LIKE | JSON)) | JSON


BODIES: dict[str, tuple[str, st.SearchStrategy[Any]]] = {
    "minesweeper new game": (
        GAMES,
        with_fields("level", "width", "height", "mines", "first_click", "win_rule", "seed"),
    ),
    "minesweeper move": ("{minesweeper}/moves", with_fields("move", "version")),
    "minesweeper undo": ("{minesweeper}/undo", with_fields("version")),
    "minesweeper redo": ("{minesweeper}/redo", with_fields("version")),
    # "generated" is left out: it is solver work, whose answer past the budget is a 503 by
    # design (tests/web/test_budget.py); any other text is refused at once.
    "mondrian new game": (
        f"{MONDRIAN}/games",
        st.fixed_dictionaries(
            {},
            optional={
                "challenge": st.sampled_from(["published", "random", "own"]) | JSON,
                "code": st.sampled_from(["001040531"]) | JSON,
                "level": JSON,
                "edition": JSON,
            },
        )
        | JSON,
    ),
    "mondrian move": (
        "{mondrian}/moves",
        with_fields("action", "block", "row", "col", "orientation", "black", "version"),
    ),
    "mondrian undo": ("{mondrian}/undo", with_fields("version")),
    "mondrian redo": ("{mondrian}/redo", with_fields("version")),
    "mondrian check": (
        "{mondrian}/check",
        with_fields("action", "block", "row", "col", "orientation", "black"),
    ),
    "mondrian solutions": (
        f"{MONDRIAN}/solutions",
        st.fixed_dictionaries(
            {"black": st.lists(with_fields("size", "row", "col", "orientation"), max_size=4)}
        )
        | JSON,
    ),
}
"""Every route that reads a request model, with bodies for it: near-valid and wild."""


@pytest.mark.parametrize("route", list(BODIES))
@given(data=st.data(), raw=st.none() | st.binary(max_size=40))
@STRICT
def test_no_request_body_gets_a_server_error(
    client: TestClient, route: str, data: st.DataObject, raw: bytes | None
) -> None:
    path, bodies = BODIES[route]
    if "{minesweeper}" in path:
        path = path.replace("{minesweeper}", f"{GAMES}/{minesweeper_game(client)}")
    if "{mondrian}" in path:
        path = path.replace("{mondrian}", f"{MONDRIAN}/games/{own_mondrian_game(client)}")
    # Not valid JSON at times (raw bytes), and as Python writes it at others.
    content = raw if raw is not None else json.dumps(data.draw(bodies)).encode()
    response = client.post(path, content=content, headers={"Content-Type": "application/json"})
    assert response.status_code < 500, response.text
    if response.status_code >= 400:
        assert_player_words(str(response.json()["detail"]))


# Limits: a search or a generation past its bound is told as a limit.

LIMITS = [
    SearchLimitError(5_000_000),
    GenerationError("no challenge of level hard with exactly one solution in 100000 attempts"),
    CensusLimitError("the census would keep more than 6,000,000 positions, its bound"),
]


def app_raising(error: Exception) -> FastAPI:
    app = FastAPI()
    errors.install(app, retry_after=7)

    @app.get("/work")
    def work() -> None:
        raise error

    return app


@pytest.mark.parametrize("error", LIMITS, ids=lambda error: type(error).__name__)
def test_a_limit_is_answered_as_a_limit_in_its_own_words(error: Exception) -> None:
    with TestClient(app_raising(error), raise_server_exceptions=False) as client:
        response = client.get("/work")
    assert response.status_code == 503
    assert response.headers["Retry-After"] == "7"
    assert response.json() == {"detail": str(error)}
    assert "malformed" not in response.text


YES_OR_NO_FIELDS = {
    "new game question marks": ("the question-marks setting", new_game_with("question_marks")),
    "mondrian move black": ("the black setting", mondrian_move_with("black", "moves")),
}
"""Every field of a request model that is a yes or no."""


@pytest.mark.parametrize("sent", [1, 0, "yes", "true", "", None, 1.0], ids=repr)
@pytest.mark.parametrize("where", list(YES_OR_NO_FIELDS))
def test_a_yes_or_no_field_takes_json_true_or_false_only(
    client: TestClient, where: str, sent: object
) -> None:
    words, send = YES_OR_NO_FIELDS[where]
    response = send(client, sent)
    assert response.status_code == 422, response.text
    detail = str(response.json()["detail"])
    assert detail.startswith(f"{words} must be true or false, not "), detail
    assert_player_words(detail)
    assert send(client, False).status_code != 422
