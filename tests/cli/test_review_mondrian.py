"""`gridpuzzles review ID` of a kept Mondrian Blocks game: each step with the solutions it left,
a dead end with the step that left it, the time each step took and the help, then the summary;
``--json`` prints what the API answers. A game it cannot review is refused in one line."""

from __future__ import annotations

import json
import re
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text

from gridpuzzles.storage import Store
from gridpuzzles.web.app import create_app
from tests.cli.test_replay import run
from tests.midend.test_mondrian_review import detours
from tests.web.conftest import Clock
from tests.web.mondrian.test_mondrian_games import CODE, GAMES, placing, solution_of
from tests.web.mondrian.test_mondrian_games import new_game as new_api_game
from tests.web.mondrian.test_mondrian_replay_api import Player
from tests.web.mondrian.test_mondrian_review_api import review

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message="Using `httpx` with")  # Starlette wants httpx2
    from fastapi.testclient import TestClient


@pytest.fixture
def kept(tmp_path: Path) -> Iterator[tuple[Path, TestClient, Clock]]:
    """A store file, and the web app playing its games (a web game is kept step by step)."""
    db = tmp_path / "games.db"
    store, clock = Store(db), Clock()
    with TestClient(create_app(store, clock)) as client:
        yield db, client, clock
    store.close()


def test_each_step_gets_its_verdict_and_the_json_is_the_apis(
    kept: tuple[Path, TestClient, Clock],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    db, client, clock = kept
    solution, wrong, _ = detours()
    game = new_api_game(client, challenge="published", code=CODE)
    player = Player(client, clock, game)
    player.place(solution[0])
    player.place(wrong)  # step 2: into a dead end
    player.at("lift", wrong.row, wrong.col)  # step 3: out of it
    for placement in solution[1:-1]:
        player.place(placement)
    player.post("hint", wait=12)  # step 10: the last block
    answered = review(client, game["id"])

    status, out, err = run(["review", game["id"], "--db", str(db)], "", monkeypatch, capsys)
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == (
        f"Game {game['id']}: challenge {CODE}, White edition, easy, solved in 28 s, 10 moves, "
        "assisted, 10 steps"
    )
    steps = lines[1:-1]
    assert len(steps) == 10
    said = [step["said"] for step in answered["steps"]]
    assert steps[0] == f"Step 1 of 10, at 0.0 s: {said[0]}: 1 solution left; took 2.0 s"
    assert steps[1] == (
        f"Step 2 of 10, at 2.0 s: {said[1]}: dead end: no solution remains after this step; "
        f"step 3 ({said[2]}) left it; took 2.0 s"
    )
    assert re.fullmatch(
        r"Step 10 of 10, at 28\.0 s: hint: put down .*: help taken; 1 solution "
        r"left; took 12 s",
        steps[9],
    ), steps[9]
    assert lines[-1] == (
        "Summary: 10 steps, 1 hint, 1 dead end (step 2); 8 blocks in 30 s since the challenge was complete, 3.7 s a block"
    )

    argv = ["review", game["id"], "--db", str(db), "--json"]
    status, out, _ = run(argv, "", monkeypatch, capsys)
    assert status == 0 and json.loads(out) == answered


def test_what_cannot_be_reviewed_is_refused_in_one_line(
    kept: tuple[Path, TestClient, Clock],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    db, client, _ = kept
    playing = new_api_game(client, challenge="published", code=CODE)
    token = {"X-Game-Token": playing["token"]}
    first = placing(solution_of(CODE)[0])
    assert client.post(f"{GAMES}/{playing['id']}/moves", json=first, headers=token).is_success
    changed = new_api_game(client, challenge="published", code=CODE)
    token = {"X-Game-Token": changed["token"]}
    for placement in solution_of(CODE):
        body = placing(placement)
        assert client.post(f"{GAMES}/{changed['id']}/moves", json=body, headers=token).is_success
    with Store(db).transaction() as database:
        database.execute(
            text("update moves set move = 'lift 11,11' where game_id = :id and number = 2"),
            {"id": changed["id"]},
        )
    for game_id, said in (
        (playing["id"], "still being played"),
        (changed["id"], f"game {changed['id']} cannot be shown: step 3 of the log, 'lift 11,11'"),
        ("unknownXXXXXXXXXXXXXXX", "no game unknownXXXXXXXXXXXXXXX is kept"),
    ):
        status, out, err = run(["review", game_id, "--db", str(db)], "", monkeypatch, capsys)
        assert status != 0 and out == "", game_id
        assert said in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err
