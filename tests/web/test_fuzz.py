"""Fuzzing: whatever a client sends, the API answers with a 2xx or a 4xx JSON error, never a
500. A 503 is accepted only from an operation that documents it (work handed to a solver
worker that ran past the time budget, or every worker busy), as a JSON error with a
``Retry-After``: it is the server declining work it was built to decline, not a failure. The
fuzzed app has a budget of one second, so that such a case ends quickly."""

from __future__ import annotations

import atexit
import json
import shutil
import tempfile
from pathlib import Path
from typing import Any

import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gridpuzzles.storage import Store
from gridpuzzles.web.app import create_app

GAMES = "/api/minesweeper/games"
FUZZ = settings(
    max_examples=40, deadline=None, suppress_health_check=list(HealthCheck), database=None
)


FOLDER = Path(tempfile.mkdtemp(prefix="gridpuzzles-fuzz-"))
atexit.register(shutil.rmtree, FOLDER, True)
schema = schemathesis.openapi.from_asgi(
    "/openapi.json", create_app(Store(FOLDER / "games.db"), solver_seconds=1.0)
)
"""The API as its schema says, sent to an app of its own (a store in a temporary folder, removed
when the test process ends). Built when the module is read rather than in a fixture, so that
each operation is a test of its own, which the test processes share out (in one test, the
operations ran one after another for most of a minute)."""


@schema.parametrize()
@FUZZ
def test_no_operation_answers_with_a_server_error(case: Any) -> None:
    response = case.call()
    if response.status_code == 503:
        assert "503" in case.operation.definition.raw["responses"], case.operation.path
        assert "retry-after" in {name.lower() for name in response.headers}
    else:
        assert response.status_code < 500, response.text
    assert "detail" in response.json() or response.status_code < 400


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=10,
)
NEW_GAME_FIELDS = st.fixed_dictionaries(
    {},
    optional={
        "level": st.sampled_from(["beginner", "expert", "nope"]) | st.none(),
        "width": st.integers(-5, 200),
        "height": st.integers(-5, 200),
        "mines": st.integers(-5, 50_000),
        "first_click": st.sampled_from(["safe", "opening", "none", "x"]),
        "seed": st.integers(-1, 2**64)
        | st.from_regex(r"[0-9]{1,45}", fullmatch=True)
        | st.text(max_size=45)
        | st.floats()
        | st.booleans(),
    },
)


@given(body=NEW_GAME_FIELDS | JSON)
@FUZZ
def test_any_new_game_request_gets_a_game_or_a_4xx(client: TestClient, body: Any) -> None:
    # Sent as Python writes it: a float seed may be NaN or Infinity, which httpx's json=
    # refuses to send, but a client may.
    content = json.dumps(body)
    response = client.post(GAMES, content=content, headers={"Content-Type": "application/json"})
    assert response.status_code in (201, 422), response.text


@given(
    move=st.from_regex(r"[rfcx]?-?\d{0,3},?-?\d{0,3}", fullmatch=True) | st.text(max_size=40),
    body=JSON,
)
@FUZZ
def test_any_move_on_a_real_game_gets_a_state_or_a_4xx(
    client: TestClient, move: str, body: Any
) -> None:
    game = client.post(GAMES, json={"width": 5, "height": 4, "mines": 3}).json()
    for payload in ({"move": move}, body):
        response = client.post(f"{GAMES}/{game['id']}/moves", json=payload)
        assert response.status_code in (200, 409, 422), response.text
        assert response.json()
