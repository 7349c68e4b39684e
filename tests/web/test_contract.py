"""The contract every puzzle's game API keeps, run on each puzzle (`contract_games.PUZZLES`):
over HTTP both answer alike.

- A new game is 201 with its token and its state; read back with the token, it is the same.
- Every state tells what every game in play has (`PLAY_KEYS`): its moves count no undo.
- A legal move changes the board; a move the rules refuse is 409 in words, a move the API
  cannot read 422 in words, and neither changes anything.
- Undo goes back to the board before, redo forward again; with nothing to undo or redo, both
  are refused alike (409).
- A restarted server (a new app over the same database file) replays every game where it
  was, undo included, and redo still goes forward.
- A request without the game's token, or with another, is refused alike (403), and changes
  nothing; an unknown game is 404.
- A move sent with an older move count than the game's (played on in another tab, or undone
  there) is stale: 409, nothing changes.
- A move on a database another program holds locked is 503 with Retry-After within seconds,
  changes nothing, and is played once the lock is gone.
"""

from __future__ import annotations

import time
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message="Using `httpx` with")
    from fastapi.testclient import TestClient

from gridpuzzles.storage import Store
from gridpuzzles.web.app import create_app
from gridpuzzles.web.errors import STORE_BUSY
from tests.web.conftest import Clock
from tests.web.contract_games import PUZZLES, Body, Puzzle, State
from tests.web.test_store_busy import sqlite_locked

REFUSED = 409
"""A move the rules refuse, a stale move, undo or redo with nothing to take back or again."""
MALFORMED = 422
FOREIGN = 403
"""A request without the game's token, or with another one."""
UNKNOWN = 404
BUSY = 503
ANSWERED_WITHIN = 5.0
"""Seconds a request on a locked database may take before its answer."""


@pytest.fixture(params=PUZZLES, ids=[p.name for p in PUZZLES])
def puzzle(request: pytest.FixtureRequest) -> Puzzle:
    chosen: Puzzle = request.param
    return chosen


@pytest.fixture
def db_file(tmp_path: Path) -> Path:
    return tmp_path / "games.db"


@contextmanager
def serving(db_file: Path, clock: Clock) -> Iterator[TestClient]:
    """A server (the whole app, in process) on the database file: one started anew each time."""
    store = Store(str(db_file))
    try:
        with TestClient(create_app(store, clock, solver_workers=1)) as client:
            yield client
    finally:
        store.close()


@pytest.fixture
def client(db_file: Path, clock: Clock) -> Iterator[TestClient]:
    with serving(db_file, clock) as served:
        yield served


@dataclass(frozen=True)
class Game:
    """A game in play: how the contract reaches it."""

    puzzle: Puzzle
    id: str
    token: str
    created: State

    @property
    def path(self) -> str:
        return self.puzzle.path(self.id)

    @property
    def headers(self) -> dict[str, str]:
        return {"X-Game-Token": self.token}


def new_game(client: TestClient, puzzle: Puzzle) -> Game:
    answer = client.post(puzzle.games, json=puzzle.new_game)
    assert answer.status_code == 201, answer.text
    created: State = answer.json()
    assert isinstance(created.get("id"), str) and created["id"], created
    assert isinstance(created.get("token"), str) and len(created["token"]) >= 20, created
    return Game(puzzle, created["id"], created["token"], created)


def read(client: TestClient, game: Game) -> State:
    """The game as its token holder reads it now."""
    answer = client.get(game.path, headers=game.headers)
    assert answer.status_code == 200, answer.text
    state: State = answer.json()
    return state


def send(client: TestClient, game: Game, body: Body) -> httpx.Response:
    answer: httpx.Response = client.post(f"{game.path}/moves", json=body, headers=game.headers)
    return answer


def played(client: TestClient, game: Game, body: Body) -> State:
    answer = send(client, game, body)
    assert answer.status_code == 200, answer.text
    state: State = answer.json()
    return state


def rewind(client: TestClient, game: Game, step: tuple[str, Body | None]) -> httpx.Response:
    suffix, body = step
    answer: httpx.Response = client.post(f"{game.path}{suffix}", json=body, headers=game.headers)
    return answer


def refused(answer: httpx.Response, status: int, *words: str) -> str:
    """``answer`` is ``status`` with a sentence (a JSON string, not a list of errors) that
    says each of ``words``; the sentence."""
    assert answer.status_code == status, f"{answer.status_code} {answer.text}"
    detail = answer.json().get("detail")
    assert isinstance(detail, str) and detail.strip(), answer.text
    for word in words:
        assert word in detail, f"{word!r} not in {detail!r}"
    return detail


def with_count(body: Body, puzzle: Puzzle, count: int) -> Body:
    """``body`` saying the move count the player saw."""
    return {**body, "version": count}


# A new game


def test_a_new_game_is_201_with_a_token_and_its_state(client: TestClient, puzzle: Puzzle) -> None:
    game = new_game(client, puzzle)
    state = {k: v for k, v in game.created.items() if k != "token"}
    assert read(client, game) == state
    assert state["version"] == 0


# What every game shows

PLAY_KEYS = {
    "id",
    "version",
    "moves",
    "assisted",
    "can_undo",
    "can_redo",
    "started",
    "in_play",
    "elapsed",
    "finish",
}
"""What every state tells of its game in play, whatever the puzzle (`web.models.PlayState`),
under the same names (a page of either puzzle reads them alike)."""


def test_every_state_counts_the_moves_apart_from_undo_and_redo(
    client: TestClient, puzzle: Puzzle
) -> None:
    game = new_game(client, puzzle)
    assert set(game.created) >= PLAY_KEYS and game.created["moves"] == 0
    assert not game.created["in_play"] and game.created["finish"] is None
    assert played(client, game, puzzle.legal[0])["in_play"]  # the first move starts the clock
    back = rewind(client, game, puzzle.undo)
    assert back.status_code == 200, back.text
    state = back.json()
    assert (state["moves"], state["version"]) == (1, 2)  # an undo is a step, not a move
    assert (state["can_undo"], state["can_redo"]) == (False, True)


# Moves


def test_a_legal_move_changes_the_board(client: TestClient, puzzle: Puzzle) -> None:
    game = new_game(client, puzzle)
    first = played(client, game, puzzle.legal[0])
    assert puzzle.board(first) != puzzle.board(game.created)
    assert first["version"] == 1
    second = played(client, game, puzzle.legal[1])
    assert puzzle.board(second) != puzzle.board(first)
    assert read(client, game) == second


def test_a_move_the_rules_refuse_is_409_in_words_and_changes_nothing(
    client: TestClient, puzzle: Puzzle
) -> None:
    game = new_game(client, puzzle)
    before = played(client, game, puzzle.legal[0])
    refused(send(client, game, puzzle.illegal), REFUSED, puzzle.illegal_words)
    assert read(client, game) == before


def test_a_malformed_move_is_422_in_words_and_changes_nothing(
    client: TestClient, puzzle: Puzzle
) -> None:
    game = new_game(client, puzzle)
    before = played(client, game, puzzle.legal[0])
    refused(send(client, game, puzzle.malformed), MALFORMED, puzzle.malformed_words)
    refused(send(client, game, {**puzzle.legal[1], "colour": "red"}), MALFORMED, "colour")
    assert read(client, game) == before


# Undo and redo


def test_undo_goes_back_and_redo_forward_again(client: TestClient, puzzle: Puzzle) -> None:
    game = new_game(client, puzzle)
    first = played(client, game, puzzle.legal[0])
    second = played(client, game, puzzle.legal[1])
    back = rewind(client, game, puzzle.undo)
    assert back.status_code == 200, back.text
    assert puzzle.board(back.json()) == puzzle.board(first)
    assert back.json()["can_redo"]
    again = rewind(client, game, puzzle.redo)
    assert again.status_code == 200, again.text
    assert puzzle.board(again.json()) == puzzle.board(second)
    assert puzzle.board(read(client, game)) == puzzle.board(second)
    refused(rewind(client, game, puzzle.redo), REFUSED, "nothing to redo")
    assert puzzle.board(read(client, game)) == puzzle.board(second)


def test_undo_with_nothing_to_undo_is_refused_alike(client: TestClient, puzzle: Puzzle) -> None:
    game = new_game(client, puzzle)
    refused(rewind(client, game, puzzle.undo), REFUSED, "nothing to undo")
    assert read(client, game) == {k: v for k, v in game.created.items() if k != "token"}


# A restarted server


def test_a_restarted_server_replays_the_game_undo_included(
    db_file: Path, clock: Clock, puzzle: Puzzle
) -> None:
    with serving(db_file, clock) as first_server:
        game = new_game(first_server, puzzle)
        played(first_server, game, puzzle.legal[0])
        second = played(first_server, game, puzzle.legal[1])
        undone = rewind(first_server, game, puzzle.undo)
        assert undone.status_code == 200, undone.text
        before = read(first_server, game)
    with serving(db_file, clock) as restarted:
        assert read(restarted, game) == before
        again = rewind(restarted, game, puzzle.redo)
        assert again.status_code == 200, again.text
        assert puzzle.board(again.json()) == puzzle.board(second)
    with serving(db_file, clock) as restarted_again:
        assert read(restarted_again, game) == again.json()


# Tokens and ids


def test_a_foreign_token_is_refused_alike_and_changes_nothing(
    client: TestClient, puzzle: Puzzle
) -> None:
    game = new_game(client, puzzle)
    before = played(client, game, puzzle.legal[0])
    stranger = TestClient(client.app)  # another browser: no cookie, no token
    for headers in ({}, {"X-Game-Token": "a guess"}, {"X-Game-Token": game.token + "x"}):
        refused(stranger.get(game.path, headers=headers), FOREIGN, "token")
        moved = stranger.post(f"{game.path}/moves", json=puzzle.legal[1], headers=headers)
        refused(moved, FOREIGN, "token")
        suffix, body = puzzle.undo
        refused(stranger.post(f"{game.path}{suffix}", json=body, headers=headers), FOREIGN)
    assert read(client, game) == before


def test_an_unknown_game_is_404(client: TestClient, puzzle: Puzzle) -> None:
    other = new_game(client, puzzle)  # a token that is some game's, not this one's
    unknown = Game(puzzle, "no-such-game", other.token, other.created)
    refused(client.get(unknown.path, headers=unknown.headers), UNKNOWN, "there is no game")
    refused(send(client, unknown, puzzle.legal[0]), UNKNOWN, "there is no game")
    refused(rewind(client, unknown, puzzle.undo), UNKNOWN, "there is no game")


# Stale moves


def test_a_move_sent_with_an_older_move_count_is_409_and_changes_nothing(
    client: TestClient, puzzle: Puzzle
) -> None:
    game = new_game(client, puzzle)
    seen = game.created["version"]
    first = played(client, game, puzzle.legal[0])  # in another tab
    stale = send(client, game, with_count(puzzle.legal[1], puzzle, seen))
    refused(stale, REFUSED, "changed")
    assert read(client, game) == first
    now = played(client, game, with_count(puzzle.legal[1], puzzle, first["version"]))
    assert puzzle.board(now) != puzzle.board(first)


def test_a_move_chosen_before_an_undo_is_stale(client: TestClient, puzzle: Puzzle) -> None:
    """The move count tells every change apart, undo too: a move chosen before another tab
    undid is refused, though the move itself would be legal again."""
    game = new_game(client, puzzle)
    played(client, game, puzzle.legal[0])
    second = played(client, game, puzzle.legal[1])
    undone = rewind(client, game, puzzle.undo)  # in another tab
    assert undone.status_code == 200, undone.text
    assert undone.json()["version"] != second["version"], (
        f"the undo left the version at {second['version']}: a "
        "move chosen before it cannot be told stale"
    )
    stale = send(client, game, with_count(puzzle.legal[1], puzzle, second["version"]))
    refused(stale, REFUSED, "changed")
    assert read(client, game) == undone.json()


# A locked database


def test_a_move_on_a_locked_database_is_503_with_retry_after_then_played(
    client: TestClient, db_file: Path, puzzle: Puzzle
) -> None:
    game = new_game(client, puzzle)
    before = played(client, game, puzzle.legal[0])
    with sqlite_locked(str(db_file)):
        started = time.monotonic()
        answer = send(client, game, puzzle.legal[1])
        took = time.monotonic() - started
        assert refused(answer, BUSY) == STORE_BUSY
        retry: Any = answer.headers.get("retry-after")
        assert retry is not None and retry.isdigit() and 1 <= int(retry) <= 10, retry
        assert took < ANSWERED_WITHIN, f"answered after {took:.1f} s"
    assert read(client, game) == before
    after = played(client, game, puzzle.legal[1])
    assert puzzle.board(after) != puzzle.board(before)
    assert after["version"] == before["version"] + 1
