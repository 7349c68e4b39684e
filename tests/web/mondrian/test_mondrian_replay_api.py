"""`GET /api/mondrian/games/{id}/replay`: a solved Mondrian game step by step, from the
mid-end's replay, to anyone with its id, in the shape of a Minesweeper replay; a game in play
is refused and nothing of it is sent."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import text

from gridpuzzles.mondrian.core.grid import Orientation, Placement
from gridpuzzles.storage import Store
from tests.web.conftest import Clock, answered
from tests.web.mondrian.test_mondrian_games import CODE, GAMES, new_game, placing, solution_of

MINESWEEPER_GAMES = "/api/minesweeper/games"


def replay(client: TestClient, game_id: str, status: int = 200) -> dict[str, Any]:
    client.cookies.clear()  # no token: the id is enough to watch a solved game
    return answered(client, f"{GAMES}/{game_id}/replay", status)


class Player:
    """Plays one game through the API, a few seconds apart on the test's clock, and keeps
    what each step answered and when it was made (seconds after the game was created)."""

    def __init__(self, client: TestClient, clock: Clock, game: dict[str, Any]) -> None:
        self.client, self.clock, self.game = client, clock, game
        self.created = clock.now
        self.answered: list[dict[str, Any]] = []
        self.ats: list[float] = []

    def post(self, path: str, body: dict[str, Any] | None = None, wait: float = 2) -> Any:
        self.clock.now += wait
        answer = self.client.post(f"{GAMES}/{self.game['id']}/{path}", json=body)
        assert answer.status_code == 200, answer.text
        self.answered.append(answer.json())
        self.ats.append(self.clock.now - self.created)
        return answer.json()

    def place(self, placement: Placement) -> Any:
        return self.post("moves", placing(placement))

    def at(self, action: str, row: int, col: int) -> Any:
        return self.post("moves", {"action": action, "row": row, "col": col})


def test_a_solved_game_replays_every_step_to_the_state_it_ended_in(
    client: TestClient, clock: Clock
) -> None:
    game = new_game(client, challenge="published", code=CODE)
    player = Player(client, clock, game)
    hinted = player.post("hint", wait=49)["hinted"]  # the 1x5 block at the top-left corner
    player.post("undo")
    player.post("redo")
    solution = {(p.row, p.col): p for p in solution_of(CODE)}
    three = solution[0, 5]  # the 3x3
    player.place(three)
    player.place(Placement(5, 0, solution[5, 0].block, Orientation.VERTICAL))
    player.at("turn", 5, 0)
    player.at("turn", 6, 1)  # back, by another cell of the block
    player.at("lift", 1, 6)  # the 3x3, by a cell not its top-left one
    player.place(three)
    laid = {(0, 0), (0, 5), (5, 0)}
    for placement in solution.values():
        if (placement.row, placement.col) not in laid:
            final = player.place(placement)
    assert final["finish"] is not None and final["solved"] and final["tray"] == []
    assert len(final["placed"]) == 8

    shown = replay(client, game["id"])
    steps = shown["steps"]
    assert shown["id"] == game["id"] and len(steps) == len(player.answered) == 14
    assert [step["number"] for step in steps] == list(range(14))
    assert steps[-1]["state"] == final
    # Every step is the game as the API answered it then (a hint's answer says more).
    assert [step["state"] for step in steps] == [
        {key: answer[key] for key in final} for answer in player.answered
    ]
    start = shown["start"]
    assert start == {key: value for key, value in game.items() if key != "token"}
    assert start["placed"] == [] and len(start["tray"]) == 8 and len(start["black"]) == 3
    assert [step["at"] for step in steps] == player.ats
    assert player.ats == sorted(player.ats) and player.ats[0] == 49
    assert [(step["move"], step["said"]) for step in steps[:9]] == [
        (
            "hint 1x5:0,0,h",
            "hint: put down the 1x5 block at row 1, column 1, 1 row high and 5 columns wide",
        ),
        ("undo", "undo"),
        ("redo", "redo"),
        ("place 3x3:5,0,h", "put down the 3x3 block at row 1, column 6"),
        (
            "place 2x3:0,5,v",
            "put down the 2x3 block at row 6, column 1, 3 rows high and 2 columns wide",
        ),
        ("turn 0,5", "turn the 2x3 block at row 6, column 1 to 2 rows high and 3 columns wide"),
        ("turn 1,6", "turn the 2x3 block at row 6, column 1 to 3 rows high and 2 columns wide"),
        ("lift 6,1", "lift the 3x3 block at row 1, column 6"),
        ("place 3x3:5,0,h", "put down the 3x3 block at row 1, column 6"),
    ]
    assert (hinted["row"], hinted["col"]) == (0, 0)
    assert steps[1]["state"]["placed"] == [] and steps[2]["state"]["placed"] == [hinted]


def test_a_game_in_play_is_refused_in_the_minesweeper_words_and_nothing_of_it_sent(
    client: TestClient,
) -> None:
    game = new_game(client, challenge="published", code=CODE)
    refused = {"detail": f"game {game['id']} is still being played: it can be watched once it ends"}
    assert replay(client, game["id"], 409) == refused  # not started
    token = {"X-Game-Token": game["token"]}
    assert client.post(f"{GAMES}/{game['id']}/hint", headers=token).status_code == 200
    for placement in solution_of(CODE)[1:-1]:  # after the hint's, all but the last block
        body = placing(placement)
        assert client.post(f"{GAMES}/{game['id']}/moves", json=body, headers=token).is_success
    # One block short of the end: neither the board nor the solution is sent.
    assert replay(client, game["id"], 409) == refused


def test_an_unknown_game_is_refused_in_words(client: TestClient) -> None:
    detail = replay(client, "nosuchgameXXXXXXXXXXXX", 404)["detail"]
    assert detail == "there is no game 'nosuchgameXXXXXXXXXXXX': start a new game"
    # A Minesweeper game is no Mondrian game, and the other way round.
    mines = client.post(MINESWEEPER_GAMES, json={"level": "beginner"}).json()
    assert "there is no game" in replay(client, mines["id"], 404)["detail"]
    mondrian = new_game(client, challenge="published", code=CODE)
    assert client.get(f"{MINESWEEPER_GAMES}/{mondrian['id']}/replay").status_code == 404


def test_a_log_changed_by_hand_is_refused_in_words_not_a_500(
    client: TestClient, store: Store
) -> None:
    game = new_game(client, challenge="published", code=CODE)
    token = {"X-Game-Token": game["token"]}
    for placement in solution_of(CODE):
        client.post(f"{GAMES}/{game['id']}/moves", json=placing(placement), headers=token)
    assert replay(client, game["id"])["steps"][-1]["state"]["solved"]
    with store.transaction() as db:
        db.execute(
            text("update moves set move = 'lift 11,11' where game_id = :id and number = 2"),
            {"id": game["id"]},
        )
    detail = replay(client, game["id"], 409)["detail"]
    assert detail.startswith(
        f"game {game['id']} cannot be replayed: step 3 of the log, 'lift 11,11', cannot be "
        "replayed: "
    )
