"""The Minesweeper JSON API through the test client: games, moves, tokens, errors, statistics."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient

from gridpuzzles import __version__
from gridpuzzles.minesweeper import (
    FirstClick,
    chordable,
    format_view,
    level,
    new_game,
    play,
    view,
)
from gridpuzzles.minesweeper.core.moves import Move
from gridpuzzles.minesweeper.solving.noguess import generate, placement
from gridpuzzles.storage import Store
from gridpuzzles.web.tokens import COOKIE
from tests.web.boards import FIRST, SEED, beginner_mine, beginner_win
from tests.web.conftest import Clock

GAMES = "/api/minesweeper/games"


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    response = client.post(GAMES, json=body or {"level": "beginner"})
    assert response.status_code == 201, response.text
    answer: dict[str, Any] = response.json()
    return answer


def move(client: TestClient, game_id: str, text: str) -> dict[str, Any]:
    response = client.post(f"{GAMES}/{game_id}/moves", json={"move": text})
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def test_a_new_game_shows_a_hidden_board_and_its_rules(client: TestClient) -> None:
    game = create(client, level="expert", first_click="opening")
    assert game["view"] == ["#" * 30] * 16
    assert (game["width"], game["height"], game["mines"], game["level"]) == (30, 16, 99, "expert")
    assert game["first_click"] == "opening" and game["win_rule"] == "reveal"
    assert game["status"] == "playing" and game["finish"] is None
    assert (game["mines_left"], game["elapsed"], game["clicks"], game["started"]) == (
        99,
        0,
        0,
        False,
    )
    assert len(game["id"]) >= 20 and len(game["token"]) >= 40


def test_a_custom_board(client: TestClient) -> None:
    game = create(client, width=12, height=7, mines=20)
    assert game["level"] is None and game["view"] == ["#" * 12] * 7


def test_moves_follow_the_core_and_the_clock(client: TestClient, clock: Clock) -> None:
    game = create(client, level="beginner", seed=SEED)
    expected = new_game(level("beginner"), SEED)
    for number, text in enumerate([f"r{FIRST[0]},{FIRST[1]}", "f0,0", "f8,8", "f8,8"]):
        clock.now += 1.5
        state = move(client, game["id"], text)
        expected = play(expected, Move.parse(text), clock.now)
        assert state["view"] == format_view(view(expected)).splitlines()
        assert state["clicks"] == number + 1
    clock.now += 2
    assert client.get(f"{GAMES}/{game['id']}").json()["elapsed"] == pytest.approx(6.5)
    assert state["mines_left"] == 9


def test_the_state_says_where_a_chord_opens_something_as_the_core_does(
    client: TestClient,
) -> None:
    """The page offers a chord only on the cells the state names (it holds no rule): the
    numbers with their flags around them and a hidden neighbour, none once the game is over."""
    game = create(client, level="beginner", seed=SEED)
    first = f"r{FIRST[0]},{FIRST[1]}"
    state = move(client, game["id"], first)
    expected = play(new_game(level("beginner"), SEED), Move.parse(first))
    assert state["chordable"] == []  # no flag down yet
    assert expected.layout is not None
    mines = expected.layout.mine_indices()
    flags = [  # a flag on a mine that makes some number beside it chordable
        f"f{row},{col}"
        for row, col in (divmod(i, 9) for i in mines)
        if chordable(play(expected, Move.parse(f"f{row},{col}")))
    ]
    state = move(client, game["id"], flags[0])
    expected = play(expected, Move.parse(flags[0]))
    offered = [tuple(cell) for cell in state["chordable"]]
    assert offered and offered == sorted(chordable(expected))
    other = next(i for i in mines if f"f{i // 9},{i % 9}" != flags[0])
    lost = move(client, game["id"], f"r{other // 9},{other % 9}")
    assert lost["status"] == "lost" and lost["chordable"] == []


def test_concurrent_moves_on_one_game_are_played_one_after_another(
    client: TestClient, store: Store
) -> None:
    game = create(client, level="expert")
    texts = [f"f{row},{col}" for row in range(4) for col in range(5)]
    with ThreadPoolExecutor(max_workers=8) as executor:
        answers = list(executor.map(lambda text: move(client, game["id"], text), texts))
    assert sorted(answer["clicks"] for answer in answers) == list(range(1, len(texts) + 1))
    saved = store.load_game(game["id"])
    assert saved is not None and sorted(str(t.move) for t in saved.moves) == sorted(texts)


def test_a_seeded_win_reports_its_result_and_statistics_skip_it(client: TestClient) -> None:
    game = create(client, level="beginner", seed=SEED)
    for text in beginner_win():
        state = move(client, game["id"], text)
    assert state["status"] == "won" and state["mines_left"] == 0
    assert state["finish"]["seed"] == str(SEED) and state["finish"]["three_bv"] > 0
    assert client.get("/api/minesweeper/stats").json() == []


def test_results_go_into_the_statistics(client: TestClient, store: Store, clock: Clock) -> None:
    lost, won = create(client, level="beginner"), create(client, level="beginner")
    for game in (lost, won):
        move(client, game["id"], "r4,4")
    saved = store.load_game(lost["id"])
    assert saved is not None and saved.seed != SEED
    layout = saved.replay().layout
    assert layout is not None
    row, col = divmod(layout.mine_indices()[0], 9)
    state = move(client, lost["id"], f"r{row},{col}")
    assert state["status"] == "lost" and state["finish"]["exploded"] == [row, col]
    assert state["view"][row][col] == "*"
    saved = store.load_game(won["id"])
    assert saved is not None
    clock.now += 42
    for text in beginner_win(saved.seed)[1:]:
        state = move(client, won["id"], text)
    assert state["status"] == "won" and state["elapsed"] == 42
    stats = client.get("/api/minesweeper/stats").json()
    assert stats == [{"level": "beginner", "played": 2, "won": 1, "best_time": 42.0}]


def test_the_token_comes_as_a_cookie_for_the_game_path(client: TestClient) -> None:
    game = create(client)
    cookie = next(c for c in client.cookies.jar if c.name == COOKIE)
    assert cookie.value == game["token"] and cookie.path == f"{GAMES}/{game['id']}"
    assert client.get(f"{GAMES}/{game['id']}").status_code == 200


def test_another_browser_cannot_see_or_play_the_game(client: TestClient) -> None:
    game = create(client)
    client.cookies.clear()
    for response in (
        client.get(f"{GAMES}/{game['id']}"),
        client.post(f"{GAMES}/{game['id']}/moves", json={"move": "r0,0"}),
        client.get(f"{GAMES}/{game['id']}", headers={"X-Game-Token": "guess"}),
        client.get(f"{GAMES}/{game['id']}", headers={"Cookie": f"{COOKIE}={game['token']}x"}),
    ):
        assert response.status_code == 403
        assert "token" in response.json()["detail"]
    ok = client.get(f"{GAMES}/{game['id']}", headers={"X-Game-Token": game["token"]})
    assert ok.status_code == 200


@pytest.mark.parametrize(
    ("method", "path", "body", "status", "detail"),
    [
        ("GET", f"{GAMES}/unknown", None, 404, "there is no game 'unknown'"),
        ("POST", f"{GAMES}/unknown/moves", {"move": "r0,0"}, 404, "there is no game"),
        (
            "POST",
            "{game}/moves",
            {"move": "r9,0"},
            409,
            "row 10, column 1 is outside the board of 9 rows and 9 columns",
        ),
        ("POST", "{game}/moves", {"move": "c0,0"}, 409, "row 1, column 1 is not an open number"),
        ("POST", "{game}/moves", {"move": "x1"}, 422, "cannot read move 'x1'"),
        ("POST", "{game}/moves", {"move": "r\u00b2,3"}, 422, "cannot read move 'r\u00b2,3'"),
        ("POST", "{game}/moves", {"mov": "r0,0"}, 422, "the move is missing"),
        (
            "POST",
            GAMES,
            {"width": 100000, "height": 9, "mines": 1},
            422,
            "the width must be at most",
        ),
        ("POST", GAMES, {"width": 5, "height": 5, "mines": 25}, 422, "do not fit"),
        ("POST", GAMES, {"level": "huge"}, 422, "unknown level 'huge'"),
        ("POST", GAMES, {"level": "expert", "width": 3}, 422, "not both"),
        ("POST", GAMES, {"width": 3}, 422, "all of width, height and mines"),
        ("POST", GAMES, {"level": "expert", "seed": -1}, 422, "the seed must be"),
        ("POST", GAMES, {"level": "expert", "colour": "red"}, 422, "unknown field 'colour'"),
        (
            "POST",
            GAMES,
            {"level": "expert", "first_click": "lucky"},
            422,
            "the first-click rule must be",
        ),
    ],
)
def test_bad_input_gets_a_clear_4xx(
    client: TestClient, method: str, path: str, body: Any, status: int, detail: str
) -> None:
    game = create(client)
    url = path.replace("{game}", f"{GAMES}/{game['id']}")
    response = client.request(method, url, json=body)
    assert response.status_code == status
    assert detail in response.json()["detail"]


def test_malformed_and_oversized_bodies(client: TestClient) -> None:
    headers = {"Content-Type": "application/json"}
    broken = client.post(GAMES, content=b'{"level": ', headers=headers)
    assert broken.status_code == 422
    assert "not valid JSON" in broken.json()["detail"]
    huge = client.post(GAMES, content=b" " * 100_000, headers=headers)
    assert huge.status_code == 413
    assert "larger than the limit" in huge.json()["detail"]


def test_a_streamed_oversized_body_is_refused(client: TestClient) -> None:
    chunks = (b"x" * 1024 for _ in range(100))
    response = client.post(GAMES, content=chunks, headers={"Content-Type": "application/json"})
    assert response.status_code == 413


def test_moves_after_the_end_are_refused(client: TestClient) -> None:
    game = create(client, level="beginner", seed=SEED)
    move(client, game["id"], "r4,4")
    move(client, game["id"], beginner_mine())
    response = client.post(f"{GAMES}/{game['id']}/moves", json={"move": "f0,0"})
    assert response.status_code == 409
    assert "the game is over (lost)" in response.json()["detail"]


def test_options_list_the_levels(client: TestClient) -> None:
    options = client.get("/api/minesweeper/options").json()
    assert {"name": "expert", "width": 30, "height": 16, "mines": 99} in options["levels"]
    assert options["first_click"] == ["safe", "opening", "none", "no-guess"]
    assert (options["max_no_guess_cells"], options["max_no_guess_percent"]) == (2500, 30)


def test_a_no_guess_game_opens_an_area_and_is_won_by_logic(client: TestClient) -> None:
    game = create(client, level="intermediate", first_click="no-guess", seed=SEED)
    assert game["stats_level"] == "intermediate no-guess"
    state = move(client, game["id"], "r5,5")
    config = level("intermediate", FirstClick.NO_GUESS)
    expected = play(new_game(config, SEED, placement(config)), Move.parse("r5,5"))
    assert expected.layout == generate(expected.config, 5 * 16 + 5, random.Random(SEED))
    assert state["view"] == format_view(view(expected)).splitlines()
    assert all(symbol == "0" or symbol.isdigit() for symbol in state["view"][5][4:7])
    while state["status"] == "playing":
        hint = client.get(f"{GAMES}/{game['id']}/hint").json()
        assert hint["certain"], hint  # logic alone: never a guess
        state = move(client, game["id"], f"r{hint['row']},{hint['col']}")
    assert state["status"] == "won"


@pytest.mark.parametrize(
    ("mines", "width", "height", "detail"),
    [
        (500, 60, 50, "no-guess boards have at most 2,500 cells, not 60x50"),
        (751, 50, 50, "no-guess boards hold at most 30% mines: at most 750 on 50x50, not 751"),
    ],
)
def test_no_guess_boards_have_a_size_and_density_limit(
    client: TestClient, mines: int, width: int, height: int, detail: str
) -> None:
    response = client.post(
        GAMES, json={"width": width, "height": height, "mines": mines, "first_click": "no-guess"}
    )
    assert response.status_code == 422
    assert response.json()["detail"] == detail


def test_the_pages_and_the_api_documentation_are_served(client: TestClient) -> None:
    assert "<title>Minesweeper" in client.get("/").text
    assert client.get("/static/minesweeper.js").status_code == 200
    assert client.get("/docs").status_code == 200
    schema = client.get("/openapi.json").json()
    assert f"{GAMES}/{{game_id}}/moves" in schema["paths"]
    assert schema["info"]["version"] == __version__
