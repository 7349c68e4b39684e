"""Solver work runs in worker processes within a time budget, and the server stays responsive.

The slow requests here are genuinely slow: exact analysis of the crafted view of
`boards.exploding_game` runs for minutes, generating the dense 50x50 no-guess board
`DENSE_NO_GUESS` about twenty seconds. The budget is two seconds, so each such request ends
within a few. "At once" is told by order, not by the clock, which the full test run stretches
(it shares two cores among four test processes and their servers' workers): an answer given
while the slow request is still running did not wait for it.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from functools import partial
from typing import Any

import anyio
import httpx
import pytest
from fastapi.testclient import TestClient

from gridpuzzles.storage import Store
from gridpuzzles.web.app import create_app
from gridpuzzles.web.workers import Workers
from tests.web.boards import GAMES, SEED, exploding_game, scattered_game
from tests.web.conftest import Clock

BUDGET = 2.0
SLACK = 3.0
"""How much longer than the budget a request past it may take to be answered (the worker is
killed and a new one started first; the test machine may be busy)."""
DENSE_NO_GUESS = {"width": 50, "height": 50, "mines": 750, "first_click": "no-guess", "seed": 2}
"""The densest no-guess board the server makes; from a click in its middle, generating it
takes about twenty seconds."""


@contextmanager
def app_client(store: Store, clock: Clock, queue: int = 4) -> Iterator[TestClient]:
    """A client of an app with a `BUDGET`-second budget, once its worker has started (so that
    the times measured are the requests' own)."""
    with TestClient(create_app(store, clock, solver_seconds=BUDGET, solver_queue=queue)) as client:
        client.portal.call(workers_of(client).start)  # type: ignore[union-attr]
        yield client


@pytest.fixture
def client(store: Store, clock: Clock) -> Iterator[TestClient]:
    with app_client(store, clock) as test_client:
        yield test_client


@pytest.fixture
def background() -> Iterator[ThreadPoolExecutor]:
    with ThreadPoolExecutor(max_workers=2) as executor:
        yield executor


def workers_of(client: TestClient) -> Workers:
    workers: Workers = client.app.state.workers  # type: ignore[attr-defined]
    return workers


def started(
    client: TestClient, executor: ThreadPoolExecutor, method: str, url: str, **kwargs: Any
) -> Future[tuple[httpx.Response, float]]:
    """`timed` sent from another thread, returned once a worker has taken the request."""
    pending = executor.submit(timed, client, method, url, **kwargs)
    deadline = time.monotonic() + 10
    while not workers_of(client).busy():
        assert time.monotonic() < deadline and not pending.done(), "no worker took the request"
        time.sleep(0.01)
    return pending


def timed(client: TestClient, method: str, url: str, **kwargs: Any) -> tuple[httpx.Response, float]:
    """The answer to a request and the seconds it took."""
    start = time.monotonic()
    response = client.request(method, url, **kwargs)
    return response, time.monotonic() - start


def beginner(client: TestClient) -> str:
    game_id: str = client.post(GAMES, json={"level": "beginner", "seed": SEED}).json()["id"]
    assert client.post(f"{GAMES}/{game_id}/moves", json={"move": "r4,4"}).status_code == 200
    return game_id


def assert_over_budget(answer: httpx.Response, seconds: float, detail: str) -> None:
    assert answer.status_code == 503, answer.text
    assert detail in answer.json()["detail"]
    assert answer.headers["Retry-After"] == str(math.ceil(BUDGET))
    assert BUDGET <= seconds < BUDGET + SLACK


def test_advice_past_the_budget_is_a_503_while_other_games_are_answered_at_once(
    client: TestClient, background: ThreadPoolExecutor
) -> None:
    slow_id, _ = exploding_game(client)
    other = beginner(client)
    hint = started(client, background, "GET", f"{GAMES}/{slow_id}/hint")
    for method, url, body in (
        ("POST", f"{GAMES}/{other}/moves", {"move": "f0,0"}),
        ("GET", "/api/minesweeper/options", None),
        ("GET", f"{GAMES}/{other}", None),
    ):
        answer = client.request(method, url, json=body)
        assert answer.status_code == 200, (url, answer.text)
    assert not hint.done()  # those were answered while the worker was computing
    answer, seconds = hint.result()
    assert_over_budget(
        answer, seconds, f"this position is too large to analyse within {BUDGET:g} seconds"
    )


@pytest.mark.parametrize(("method", "path"), [("GET", "probabilities"), ("POST", "auto-move")])
def test_every_kind_of_advice_past_the_budget_is_a_503_that_changes_nothing(
    client: TestClient, method: str, path: str
) -> None:
    game_id, _ = exploding_game(client)
    before = client.get(f"{GAMES}/{game_id}").json()
    answer, seconds = timed(client, method, f"{GAMES}/{game_id}/{path}")
    assert_over_budget(answer, seconds, "try again after a few more moves")
    assert client.get(f"{GAMES}/{game_id}").json() == before


def test_a_busy_worker_with_a_full_queue_answers_503_at_once(
    store: Store, clock: Clock, background: ThreadPoolExecutor
) -> None:
    with app_client(store, clock, queue=0) as client:
        slow_id, _ = exploding_game(client)
        other = beginner(client)
        hint = started(client, background, "GET", f"{GAMES}/{slow_id}/hint")
        answer = client.get(f"{GAMES}/{other}/probabilities")
        assert answer.status_code == 503 and not hint.done()  # refused, not made to wait
        assert answer.json() == {
            "detail": "the server is busy analysing other positions; try again in a few seconds"
        }
        assert hint.result()[0].status_code == 503
        after = client.get(f"{GAMES}/{other}/probabilities")
        assert after.status_code == 200, after.text


def test_a_worker_past_the_budget_is_killed_and_replaced(client: TestClient) -> None:
    workers = workers_of(client)
    pid = partial(workers.run, os.getpid, too_slow="")
    before = client.portal.call(pid)  # type: ignore[union-attr]
    slow_id, _ = exploding_game(client)
    assert client.get(f"{GAMES}/{slow_id}/hint").status_code == 503
    with pytest.raises(ProcessLookupError):
        os.kill(before, 0)  # the process that computed is gone, not computing on
    assert client.portal.call(pid) != before  # type: ignore[union-attr]
    other = beginner(client)
    hint = client.get(f"{GAMES}/{other}/hint")
    assert hint.status_code == 200 and 0 <= hint.json()["mine_probability"] <= 1


def test_a_no_guess_first_reveal_past_the_budget_leaves_the_game_unchanged(
    client: TestClient, store: Store, background: ThreadPoolExecutor
) -> None:
    created = client.post(GAMES, json=DENSE_NO_GUESS).json()
    path = f"{GAMES}/{created['id']}"
    other = beginner(client)
    reveal = started(client, background, "POST", f"{path}/moves", json={"move": "r25,25"})
    answer = client.post(f"{GAMES}/{other}/moves", json={"move": "f0,0"})
    assert answer.status_code == 200 and not reveal.done()  # answered while it generates
    answer, seconds = reveal.result()
    assert_over_budget(answer, seconds, "no no-guess board for a first click here was found")
    assert "the game is unchanged" in answer.json()["detail"]
    state = client.get(path).json()
    assert state["view"] == ["#" * 50] * 50
    assert (state["clicks"], state["started"], state["status"]) == (0, False, "playing")
    saved = store.load_game(created["id"])
    assert saved is not None and saved.moves == ()
    flagged = client.post(f"{path}/moves", json={"move": "f0,0"})
    assert flagged.status_code == 200 and flagged.json()["clicks"] == 1


@pytest.mark.parametrize("path", ["hint", "probabilities"])
def test_a_position_beyond_the_solver_bounds_is_a_503_without_trying(
    client: TestClient, path: str
) -> None:
    """The refusal names the frontier's size, which only the bounds check knows: a solve tried
    and cut off by the budget says "within N seconds" instead."""
    game_id = scattered_game(client)
    answer = client.get(f"{GAMES}/{game_id}/{path}")
    assert answer.status_code == 503, answer.text
    detail = answer.json()["detail"]
    assert detail.startswith("this position is too large to analyse exactly (the frontier has")
    assert detail.endswith("; try again after a few more moves")


def test_solver_workers_start_when_work_needs_them() -> None:
    """An idle server holds one worker process (started ahead for the first job), not as
    many as it may use; a second starts only when two jobs run at once, and a job reuses a
    worker already started."""

    async def check() -> None:
        workers = Workers(4, seconds=30)
        try:
            await workers.start()
            assert workers.running == 1
            first = await workers.run(os.getpid, too_slow="")
            assert await workers.run(os.getpid, too_slow="") == first and workers.running == 1
            async with anyio.create_task_group() as both:
                for _ in range(2):
                    both.start_soon(partial(workers.run, time.sleep, 0.5, too_slow=""))
            assert workers.running == 2
        finally:
            await workers.close()
        assert workers.running == 0

    anyio.run(check)
