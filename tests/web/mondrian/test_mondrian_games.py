"""Mondrian games on the server: made from every kind of challenge, played with the core's
rules, refused in the board's words, timed by the server's clock and kept in the records
(assisted games never as a best time)."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest
from fastapi.testclient import TestClient

from gridpuzzles.mondrian.core.challenges import find_published
from gridpuzzles.mondrian.core.grid import Placement
from gridpuzzles.mondrian.core.notation import parse_fixed
from gridpuzzles.mondrian.solving.solutions import first_solution
from gridpuzzles.storage import Store
from gridpuzzles.web.app import create_app
from gridpuzzles.web.mondrian import games as mondrian_games
from tests.web.conftest import Clock

GAMES = "/api/mondrian/games"
CODE = "001040531"


def solution_of(code: str) -> list[Placement]:
    """The coloured blocks of the challenge's solution, by the solver."""
    entry = find_published(code)
    solution = first_solution(entry.puzzle)
    assert solution is not None
    return [p for p in solution if p not in entry.black]


def placing(placement: Placement, **more: Any) -> dict[str, Any]:
    return {
        "action": "place",
        "block": str(placement.block),
        "row": placement.row,
        "col": placement.col,
        "orientation": placement.orientation.value,
        **more,
    }


def new_game(client: TestClient, **body: Any) -> dict[str, Any]:
    response = client.post(GAMES, json=body)
    assert response.status_code == 201, response.text
    return response.json()  # type: ignore[no-any-return]


def move(client: TestClient, game: dict[str, Any], body: dict[str, Any]) -> Any:
    return client.post(f"{GAMES}/{game['id']}/moves", json=body)


def test_a_published_challenge_played_to_the_end_is_timed_and_kept(
    client: TestClient, clock: Clock, store: Store
) -> None:
    game = new_game(client, challenge="published", code=CODE)
    assert game["title"] == "Challenge 001040531: White edition, easy"
    assert (game["key"], game["difficulty"], game["solutions"]) == (CODE, "easy", 1)
    assert not game["started"] and game["elapsed"] == 0
    assert len(game["tray"]) == 8 and len(game["black"]) == 3 and game["black_tray"] == []
    clock.now += 49  # the page open, the player thinking: the clock starts with the first block
    assert client.get(f"{GAMES}/{game['id']}").json()["elapsed"] == 0
    blocks = solution_of(CODE)
    for placement in blocks[:-1]:
        state = move(client, game, placing(placement)).json()
        assert state["started"] and state["finish"] is None and not state["solved"]
        clock.now += 10
    assert client.get(f"{GAMES}/{game['id']}").json()["elapsed"] == 70
    clock.now += 13
    state = move(client, game, placing(blocks[-1])).json()
    assert state["solved"] and state["tray"] == []
    assert state["finish"] == {
        "seconds": 83.0,
        "words": "Solved in 1 min 23 s (8 moves, an easy challenge). A new best time for this "
        "challenge and for easy challenges!",
        "new_bests": ["challenge", "difficulty"],
        "kept": True,
    }
    [kept] = store.mondrian_finishes()
    assert (kept.challenge, kept.difficulty, kept.seconds, kept.moves, kept.assisted) == (
        CODE,
        "easy",
        83.0,
        8,
        False,
    )
    clock.now += 100
    assert client.get(f"{GAMES}/{game['id']}").json()["elapsed"] == 83  # frozen at the end
    after = move(client, game, {"action": "undo"})
    assert after.status_code == 409
    assert after.json()["detail"] == "the board is full: this game is solved, start a new one"
    records = client.get("/api/mondrian/records").json()
    [mine] = records["challenges"]
    assert mine["key"] == CODE and mine["solved"] == 1
    assert mine["best_times"][0]["words"] == "1 min 23 s"
    assert [r["key"] for r in records["difficulties"]] == ["easy"]


def test_an_assisted_game_is_kept_apart_and_sets_no_best_time(
    client: TestClient, clock: Clock, store: Store
) -> None:
    game = new_game(client, challenge="published", code=CODE)
    hinted = client.post(f"{GAMES}/{game['id']}/hint").json()
    assert hinted["assisted"] and hinted["hint"].startswith("place the ")
    assert hinted["hinted"] is not None and len(hinted["placed"]) == 1
    on_board = {(b["size"], b["row"], b["col"]) for b in hinted["placed"]}
    for placement in solution_of(CODE):
        if (str(placement.block), placement.row, placement.col) not in on_board:
            clock.now += 1
            state = move(client, game, placing(placement)).json()
    assert state["finish"]["new_bests"] == []
    assert (
        "You had help (a hint or the solutions): the game sets no record."
        in state["finish"]["words"]
    )
    [kept] = store.mondrian_finishes()
    assert kept.assisted
    [record] = client.get("/api/mondrian/records").json()["challenges"]
    assert (record["solved"], record["assisted"], record["best_times"]) == (0, 1, [])


def test_showing_the_solutions_marks_the_game_assisted(client: TestClient) -> None:
    game = new_game(client, challenge="published", code=CODE)
    shown = client.post(f"{GAMES}/{game['id']}/solutions").json()
    assert shown["assisted"] and shown["revealed"]["count"] == 1
    [solution] = shown["revealed"]["solutions"]
    assert len(solution) == 11
    assert client.get(f"{GAMES}/{game['id']}").json()["assisted"]


def test_undo_after_a_hint_takes_back_its_block_but_neither_the_help_nor_the_move(
    store: Store, clock: Clock
) -> None:
    """A hint is a move that makes the game assisted; undo is no move and an undone hint is
    still help. Help is logged each time, as every shell logs it (the review counts it), and
    changes nothing else. A process reading the game from the store (after a restart) replays
    it to the same state."""
    with TestClient(create_app(store, clock, solver_workers=1)) as one:
        game = new_game(one, challenge="published", code=CODE)
        hinted = one.post(f"{GAMES}/{game['id']}/hint").json()
        assert (hinted["moves"], hinted["assisted"], hinted["version"]) == (1, True, 1)
        assert len(hinted["placed"]) == 1 and hinted["can_undo"]
        undone = move(one, game, {"action": "undo", "version": 1}).json()
        assert (undone["moves"], undone["assisted"], undone["version"]) == (1, True, 2)
        assert undone["placed"] == [] and undone["can_redo"] and not undone["can_undo"]
        shown = one.post(f"{GAMES}/{game['id']}/solutions").json()
        assert (shown["moves"], shown["assisted"], shown["version"]) == (1, True, 3)
        state = {key: value for key, value in shown.items() if key != "revealed"}
        assert state == {**undone, "version": 3}  # nothing else changed, the redo kept
    with TestClient(create_app(store, clock, solver_workers=1)) as other:
        replayed = other.get(f"{GAMES}/{game['id']}", headers={"X-Game-Token": game["token"]})
        assert replayed.json() == state


@pytest.mark.parametrize(
    ("body", "detail"),
    [
        (
            {"action": "place", "block": "3x4", "row": 6, "col": 6},
            "the 3x4 block would stick out past the right and bottom edges",
        ),
        (
            {"action": "place", "block": "1x1", "row": 0, "col": 0},
            "the 1x1 block is black: it belongs to the challenge (edit the challenge to move it)",
        ),
        (
            {"action": "lift", "row": 1, "col": 0},
            "the black 1x1 block at row 2, column 1 is part of the challenge: edit the challenge "
            "to move it",
        ),
        ({"action": "lift", "row": 7, "col": 7}, "no block at row 8, column 8"),
        ({"action": "undo"}, "there is nothing to undo"),
        ({"action": "redo"}, "there is nothing to redo"),
    ],
)
def test_a_refused_move_says_why_and_changes_nothing(
    client: TestClient, body: dict[str, Any], detail: str
) -> None:
    game = new_game(client, challenge="published", code=CODE)
    assert find_published(CODE).black[0].cells() == {(1, 0)}  # the 1x1 the cases name
    response = move(client, game, body)
    assert response.status_code == 409
    assert response.json()["detail"] == detail
    check = client.post(f"{GAMES}/{game['id']}/check", json=body).json()
    assert check == {"fits": False, "why": detail}
    after = client.get(f"{GAMES}/{game['id']}").json()
    assert (after["moves"], after["placed"], after["black"]) == (0, [], game["black"])


def test_an_overlapping_block_is_refused_and_a_fitting_one_checked(client: TestClient) -> None:
    game = new_game(client, challenge="published", code=CODE)
    first = solution_of(CODE)[0]
    assert client.post(f"{GAMES}/{game['id']}/check", json=placing(first)).json() == {
        "fits": True,
        "why": None,
    }
    assert move(client, game, placing(first)).status_code == 200
    response = move(client, game, {"action": "place", "block": "1x4", "row": 0, "col": 0})
    assert response.status_code == 409
    assert response.json()["detail"] == "the 1x4 block would cover the 1x5 block at row 1, column 1"
    assert client.get(f"{GAMES}/{game['id']}").json()["moves"] == 1


def test_turning_and_lifting_a_block_and_undo(client: TestClient) -> None:
    game = new_game(client, challenge="published", code=CODE)
    move(client, game, {"action": "place", "block": "2x3", "row": 2, "col": 2})
    turned = move(client, game, {"action": "turn", "row": 3, "col": 3}).json()
    [block] = turned["placed"]
    assert (block["orientation"], block["height"], block["width"]) == ("v", 3, 2)
    lifted = move(client, game, {"action": "lift", "row": 4, "col": 3}).json()
    assert lifted["placed"] == [] and "2x3" in [b["size"] for b in lifted["tray"]]
    back = move(client, game, {"action": "undo"}).json()
    assert back["placed"] == turned["placed"] and back["can_redo"]


def test_the_own_challenge_starts_its_clock_with_the_first_coloured_block(
    client: TestClient, clock: Clock
) -> None:
    game = new_game(client, challenge="own")
    assert game["title"] == "Your own challenge"
    assert (game["started"], game["key"], game["black"]) == (False, None, [])
    assert [b["size"] for b in game["black_tray"]] == ["1x3", "1x2", "1x1"]
    early = move(client, game, {"action": "place", "block": "2x3", "row": 0, "col": 0})
    assert early.status_code == 409
    assert early.json()["detail"].startswith("place the black blocks first")
    out = move(
        client,
        game,
        {"action": "place", "block": "1x2", "row": 7, "col": 7, "orientation": "v", "black": True},
    )
    assert out.json()["detail"] == "the 1x2 block would stick out past the bottom edge"
    clock.now += 50
    black = find_published(CODE).black
    for placement in black:
        state = move(client, game, placing(placement, black=True)).json()
    assert not state["started"] and state["key"] == CODE and state["solutions"] == 1
    assert state["title"] == "Challenge 001040531: White edition, easy"
    clock.now += 30  # looking at the challenge made: not timed
    for placement in solution_of(CODE):
        state = move(client, game, placing(placement)).json()
        clock.now += 1
    assert state["finish"]["seconds"] == 7  # not the 80 s before the first coloured block


def test_a_picked_challenge_changes_only_by_black_moves_that_undo_takes_back(
    client: TestClient,
) -> None:
    game = new_game(client, challenge="published", code=CODE)
    one = find_published(CODE).black[0]
    lifted = move(client, game, {"action": "lift", "row": one.row, "col": one.col, "black": True})
    assert lifted.status_code == 200
    assert lifted.json()["key"] is None and lifted.json()["black_tray"][0]["size"] == "1x1"
    placed = move(
        client, game, {"action": "place", "block": "1x1", "row": 7, "col": 7, "black": True}
    )
    assert placed.json()["title"] == "Your own challenge"
    assert placed.json()["key"] != CODE and placed.json()["difficulty"] in (
        "easy",
        "medium",
        "hard",
        "master",
    )
    move(client, game, {"action": "undo"})
    back = move(client, game, {"action": "undo"}).json()
    assert back["key"] == CODE and back["black"] == game["black"]


def test_a_generated_challenge_has_one_solution(client: TestClient) -> None:
    game = new_game(client, challenge="generated", level="easy")
    # A generated challenge may be one of the published ones (6 of the easy ones of seeds
    # 0-299 are): it is then named as published.
    code = game["code"]
    named = "A generated challenge with one solution" if code is None else f"Challenge {code}: "
    assert game["title"].startswith(named)
    assert (game["solutions"], game["difficulty"]) == (1, "easy")
    assert sorted(b["size"] for b in game["black"]) == ["1x1", "1x2", "1x3"]
    assert not game["started"] and len(game["tray"]) == 8  # until the first block


def test_a_random_challenge_is_of_the_level_and_edition_asked(client: TestClient) -> None:
    game = new_game(client, challenge="random", level="hard", edition="red")
    assert game["title"].startswith("Challenge ") and game["title"].endswith("Red edition, hard")


@pytest.mark.parametrize(
    ("body", "status", "detail"),
    [
        ({"challenge": "published"}, 422, "a published challenge needs its code"),
        ({"challenge": "own", "level": "easy"}, 422, "your own challenge takes no level"),
        (
            {"challenge": "generated", "edition": "red"},
            422,
            "a generated challenge takes no edition",
        ),
        (
            {"challenge": "random", "level": "impossible"},
            422,
            "no level 'impossible': the levels are easy, medium, hard, master",
        ),
        (
            {"challenge": "published", "code": "12"},
            422,
            "no published challenge has the code '12' (codes are nine digits, e.g. 001040531)",
        ),
        (
            {"challenge": "weekly"},
            422,
            "the challenge must be 'published', 'random', 'generated' or 'own', not 'weekly'",
        ),
    ],
)
def test_a_bad_new_game_is_a_4xx_in_words(
    client: TestClient, body: dict[str, Any], status: int, detail: str
) -> None:
    response = client.post(GAMES, json=body)
    assert response.status_code == status
    assert response.json()["detail"] == detail


@pytest.mark.parametrize(
    ("body", "detail"),
    [
        ({"action": "place"}, "to place a block, give its size, row and column"),
        ({"action": "lift", "row": 1}, "to lift a block, give its column"),
        (
            {"action": "place", "block": "2x3", "row": 8, "col": 0},
            "the row must be at most 7, not 8",
        ),
        (
            {"action": "place", "block": "2x3", "row": 0, "col": -1},
            "the column must be at least 0, not -1",
        ),
        (
            {"action": "place", "block": "12x123", "row": 0, "col": 0},
            "the block must be at most 5 characters long",
        ),
        (
            {"action": "jump"},
            "the action must be 'place', 'lift', 'turn', 'undo' or 'redo', not 'jump'",
        ),
        (
            {"action": "turn", "row": 0, "col": 0, "black": True},
            "a black block is not turned: lift it and place it",
        ),
    ],
)
def test_a_bad_move_is_a_422_in_words(
    client: TestClient, body: dict[str, Any], detail: str
) -> None:
    game = new_game(client, challenge="published", code=CODE)
    response = move(client, game, body)
    assert response.status_code == 422
    assert response.json()["detail"] == detail


def test_a_block_size_that_is_none_is_refused_in_words(client: TestClient) -> None:
    game = new_game(client, challenge="published", code=CODE)
    unread = move(client, game, {"action": "place", "block": "9x99", "row": 0, "col": 0})
    assert unread.status_code == 422
    assert unread.json()["detail"] == (
        "a block side must be a whole number from 1 to 12 (boards are at most 12x12), not '99'"
    )
    response = move(client, game, {"action": "place", "block": "5x5", "row": 0, "col": 0})
    assert response.status_code == 409
    assert (
        response.json()["detail"]
        == "no 5x5 block in the tray (it holds 3x4, 2x5, 3x3, 2x4, 2x3, 1x5, 1x4, 2x2)"
    )


def test_a_game_is_only_played_with_its_token(client: TestClient) -> None:
    game = new_game(client, challenge="own")
    client.cookies.clear()
    assert client.get(f"{GAMES}/{game['id']}").status_code == 403
    assert (
        client.get(f"{GAMES}/{game['id']}", headers={"X-Game-Token": game["token"]}).status_code
        == 200
    )
    unknown = client.get(f"{GAMES}/nothing-here")
    assert unknown.status_code == 404
    assert unknown.json()["detail"] == "there is no game 'nothing-here': start a new game"


def test_a_game_takes_a_bounded_number_of_moves(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(mondrian_games, "MAX_MOVES", 3)
    game = new_game(client, challenge="published", code=CODE)
    first = solution_of(CODE)[0]
    lifting = {"action": "lift", "row": first.row, "col": first.col}
    for body in (placing(first), {"action": "undo"}, {"action": "redo"}, lifting, placing(first)):
        assert move(client, game, body).status_code == 200
    refused = move(client, game, {"action": "undo"})
    assert refused.status_code == 409
    assert refused.json()["detail"] == (
        "this game has had 3 moves, the most one game takes: start a new one"
    )
    assert client.get(f"{GAMES}/{game['id']}").json()["moves"] == 3


def test_records_that_refuse_the_finish_still_end_the_game_and_say_so(
    client: TestClient, store: Store
) -> None:
    assert store.path is not None
    with sqlite3.connect(store.path) as db:
        db.execute(
            "CREATE TRIGGER refuse BEFORE UPDATE OF challenge ON games "
            "WHEN NEW.challenge IS NOT NULL "
            "BEGIN SELECT RAISE(ABORT, 'the records are read-only'); END"
        )
    db.close()
    game = new_game(client, challenge="published", code=CODE)
    for placement in solution_of(CODE):
        state = move(client, game, placing(placement)).json()
    assert state["solved"] and state["finish"]["kept"] is False
    assert state["finish"]["new_bests"] == []
    assert state["finish"]["words"].endswith("The game could not be kept in the records.")
    assert client.get(f"{GAMES}/{game['id']}").json()["finish"] == state["finish"]
    assert store.mondrian_finishes() == []


def test_a_hint_on_a_board_no_solution_extends_names_the_block_to_lift(
    client: TestClient,
) -> None:
    game = new_game(client, challenge="published", code=CODE)
    entry = find_published(CODE)
    black = {cell for p in entry.black for cell in p.cells()}
    wrong = next(
        Placement(row, col, solution_of(CODE)[0].block)
        for row in range(8)
        for col in range(4)
        if Placement(row, col, solution_of(CODE)[0].block) not in solution_of(CODE)
        and not Placement(row, col, solution_of(CODE)[0].block).cells() & black
    )
    assert move(client, game, placing(wrong)).status_code == 200
    hinted = client.post(f"{GAMES}/{game['id']}/hint").json()
    assert hinted["hinted"] is None and hinted["assisted"]
    assert (hinted["moves"], hinted["version"]) == (1, 2)  # help logged, but no move
    assert [(b["size"], b["row"], b["col"]) for b in hinted["lift"]] == [
        (str(wrong.block), wrong.row, wrong.col)
    ]
    assert hinted["hint"] == (
        f"no solution goes on from this board: lift the {wrong.block} block at row "
        f"{wrong.row + 1}, column {wrong.col + 1}"
    )
    assert len(hinted["placed"]) == 1  # the board is unchanged


def test_moves_count_placements_lifts_and_turns_not_undo_and_redo(client: TestClient) -> None:
    game = new_game(client, challenge="published", code=CODE)
    blocks = solution_of(CODE)
    for placement in blocks[:-1]:
        move(client, game, placing(placement))
    for action in ("undo", "undo", "redo", "redo"):
        assert move(client, game, {"action": action}).status_code == 200
    state = move(client, game, placing(blocks[-1])).json()
    assert state["moves"] == 8
    assert state["finish"]["words"].startswith("Solved in 0.0 s (8 moves, an easy challenge).")


def test_black_blocks_that_leave_no_solution_say_so_rather_than_a_level(
    client: TestClient,
) -> None:
    game = new_game(client, challenge="own")
    for text in ("1x1:1,1,h", "1x2:6,0,h", "1x3:0,7,h"):
        state = move(client, game, placing(parse_fixed(text), black=True)).json()
    assert (state["solutions"], state["difficulty"]) == (0, "no solution")


def test_every_block_keeps_its_place_in_the_key_order_placed_or_not(client: TestClient) -> None:
    game = new_game(client, challenge="published", code=CODE)
    keys = [b["size"] for b in game["blocks"]]
    assert keys == [b["size"] for b in game["tray"]]
    assert [b["size"] for b in game["black_blocks"]] == ["1x3", "1x2", "1x1"]
    for placement in solution_of(CODE)[:3]:
        state = move(client, game, placing(placement)).json()
        assert [b["size"] for b in state["blocks"]] == keys
        assert len(state["tray"]) < len(keys)


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ("UPDATE moves SET move = 'fly 1,1' WHERE number = 0", "cannot read move 'fly 1,1'"),
        ("UPDATE moves SET move = 'lift 7,7' WHERE number = 0", "no block at"),
        ("UPDATE games SET setup = '[1, 2]' WHERE puzzle = 'mondrian'", "cannot be read"),
    ],
)
def test_a_game_changed_by_hand_in_the_store_is_refused_in_one_line(
    store: Store, clock: Clock, change: str, said: str
) -> None:
    """Read by a process with no copy of it (another worker, or after a restart)."""
    with TestClient(create_app(store, clock, solver_workers=1)) as one:
        game = new_game(one, challenge="published", code=CODE)
        assert move(one, game, placing(solution_of(CODE)[0])).status_code == 200
    assert store.path is not None
    with sqlite3.connect(store.path) as db:
        db.execute(change)
    db.close()
    with TestClient(create_app(store, clock, solver_workers=1)) as other:
        token = {"X-Game-Token": game["token"]}
        answer = other.get(f"{GAMES}/{game['id']}", headers=token)
        assert answer.status_code == 409 and said in answer.json()["detail"]
        assert "\n" not in answer.json()["detail"]
        assert new_game(other, challenge="published", code=CODE)["version"] == 0
