"""`GET /api/mondrian/games/{id}/review`: a solved Mondrian game judged step by step by the
solutions each step left, to anyone with its id; a dead end is told with the step that left
it, and each step in it with the step that led into it. A game in play, an unknown or
malformed id and a busy store are refused in words, and nothing of a game in play is sent."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from gridpuzzles.storage import DatabaseError, Store
from gridpuzzles.web.errors import STORE_BUSY, STORE_RETRY_SECONDS
from tests.midend.test_mondrian_review import detours
from tests.web.conftest import Clock, answered
from tests.web.mondrian.test_mondrian_games import CODE, GAMES, placing, solution_of
from tests.web.mondrian.test_mondrian_games import new_game as new_api_game
from tests.web.mondrian.test_mondrian_replay_api import Player, replay


def review(client: TestClient, game_id: str, status: int = 200) -> dict[str, Any]:
    client.cookies.clear()  # no token: the id is enough, as for the replay
    return answered(client, f"{GAMES}/{game_id}/review", status)


def test_a_dead_end_is_told_with_the_step_that_left_it_and_each_step_in_it(
    client: TestClient, clock: Clock
) -> None:
    solution, wrong, further = detours()
    game = new_api_game(client, challenge="published", code=CODE)
    player = Player(client, clock, game)
    player.place(solution[0])  # step 1, 2 s after the game was created
    player.place(wrong)  # step 2: into a dead end
    player.place(further)  # step 3: in it
    player.post("undo", wait=1.5)  # step 4: still in it
    player.at("lift", wrong.row + 1, wrong.col)  # step 5: out of it (by another of its cells)
    for placement in solution[1:-1]:  # steps 6 to 11
        player.place(placement)
    finished = player.post("hint", wait=30)  # step 12: the last block, by a hint
    assert finished["solved"] and finished["assisted"]

    judged = review(client, game["id"])
    said = [step["said"] for step in replay(client, game["id"])["steps"]]
    steps = judged["steps"]
    assert judged["id"] == game["id"] and len(steps) == len(said) == 12
    assert [s["number"] for s in steps] == list(range(12))
    assert [s["said"] for s in steps] == said
    assert steps[4]["move"] == f"lift {wrong.col},{wrong.row + 1}"  # the log's form: x,y
    assert [s["solutions"] for s in steps] == [1, 0, 0, 0, *[1] * 8]
    assert [s["verdict"] for s in steps[:6]] == [
        "solutions_left",
        "dead_end",
        "in_dead_end",
        "in_dead_end",
        "solutions_left",
        "solutions_left",
    ]
    # The dead end names the step that left it; each step in it, the step that led into it.
    assert [s["fault"] for s in steps] == [False, True, *[False] * 10]
    assert [(s["since"], s["left_by"]) for s in steps[:5]] == [
        (None, None),
        (1, 4),
        (1, None),
        (1, None),
        (None, None),
    ]
    assert steps[1]["words"] == (
        f"dead end: no solution remains after this step; step 5 ({said[4]}) left it; took 2.0 s"
    )
    assert steps[3]["words"] == (
        f"dead end: no solution remains since step 2 ({said[1]}); took 1.5 s"
    )
    assert steps[0]["words"] == "1 solution left; took 2.0 s"
    assert [s["help"] for s in steps] == [*[False] * 11, True]
    assert steps[-1]["words"] == "help taken; 1 solution left; took 30 s"
    assert [s["seconds"] for s in steps] == [2, 2, 2, 1.5, *[2] * 7, 30]

    # The time per block: every step here was taken on the coloured blocks, 8 at the end.
    seconds = 2 * 10 + 1.5 + 30
    assert judged["summary"] == {
        "steps": 12,
        "hints": 1,
        "dead_ends": 1,
        "blocks": 8,
        "seconds": seconds,
        "seconds_per_block": round(seconds / 8, 3),
        "words": "12 steps, 1 hint, 1 dead end (step 2); 8 blocks in 51 s since the challenge was complete, 6.4 s a block",
    }


def test_what_cannot_be_reviewed_is_refused_in_words_and_nothing_of_a_game_in_play_sent(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = new_api_game(client, challenge="published", code=CODE)
    token = {"X-Game-Token": game["token"]}
    for placement in solution_of(CODE)[:-1]:  # all but the last block
        body = placing(placement)
        assert client.post(f"{GAMES}/{game['id']}/moves", json=body, headers=token).is_success
    # One block short of the end: 409, the replay's words and nothing else.
    refused = {"detail": f"game {game['id']} is still being played: it can be watched once it ends"}
    assert review(client, game["id"], 409) == refused

    unknown = review(client, "nosuchgameXXXXXXXXXXXX", 404)["detail"]
    assert unknown == "there is no game 'nosuchgameXXXXXXXXXXXX': start a new game"
    mines = client.post("/api/minesweeper/games", json={"level": "beginner"}).json()
    assert "there is no game" in review(client, mines["id"], 404)["detail"]
    malformed = review(client, "x" * 65, 422)["detail"]
    assert malformed == "the game id must be at most 64 characters long"

    def busy(*args: object, **kwargs: object) -> None:
        raise DatabaseError("database is locked")

    monkeypatch.setattr(Store, "read", busy)
    client.cookies.clear()
    answer = client.get(f"{GAMES}/{game['id']}/review")
    assert answer.status_code == 503
    assert answer.json() == {"detail": STORE_BUSY, "retry": True}
    assert answer.headers["retry-after"] == str(STORE_RETRY_SECONDS)
