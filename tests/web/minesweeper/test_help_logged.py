"""Help on the web is a step of the game's log, as in every shell: the first help of a game
being played (a hint, the probabilities, Play Move's move) is a ``help`` line, stored like a
move (its version one more); help that marks nothing (a second hint, a hint before the first
reveal) writes nothing; a game stored before help was a step of its log (only its row marked
assisted) still reads as assisted."""

from __future__ import annotations

from fastapi.testclient import TestClient
from sqlalchemy import update

from gridpuzzles.storage import Store
from gridpuzzles.storage.schema import games
from gridpuzzles.web.app import create_app
from tests.web.boards import FIRST, SEED, beginner_win
from tests.web.conftest import Clock, answered
from tests.web.minesweeper.test_api import GAMES, create, move

OPEN = f"r{FIRST[0]},{FIRST[1]}"
HELP_WORDS = "help: a hint, the probabilities or Play Move"


def logged(store: Store, game_id: str) -> list[str]:
    """The lines of the stored log of ``game_id``."""
    saved = store.load_game(game_id)
    assert saved is not None
    return [timed.text for timed in saved.moves]


def test_a_hint_on_a_started_game_is_one_help_step_and_a_second_hint_none(
    client: TestClient, store: Store
) -> None:
    game = create(client, level="beginner", seed=SEED, first_click="safe")
    started = move(client, game["id"], OPEN)
    assert started["version"] == 1
    hinted = answered(client, f"{GAMES}/{game['id']}/hint")
    assert (hinted["assisted"], hinted["version"]) == (True, 2)
    assert logged(store, game["id"]) == [OPEN, "help"]
    again = answered(client, f"{GAMES}/{game['id']}/hint")
    shown = answered(client, f"{GAMES}/{game['id']}/probabilities")
    assert (again["version"], shown["version"], shown["assisted"]) == (2, 2, True)
    assert logged(store, game["id"]) == [OPEN, "help"]  # help is logged once
    state = answered(client, f"{GAMES}/{game['id']}")
    assert (state["version"], state["moves"], state["assisted"]) == (2, 1, True)
    # the version the hint answered is the one the next move is chosen at
    answer = client.post(
        f"{GAMES}/{game['id']}/moves", json={"move": beginner_win(SEED)[1], "version": 2}
    )
    assert answer.status_code == 200, answer.text


def test_help_before_the_first_reveal_writes_nothing(client: TestClient, store: Store) -> None:
    game = create(client, level="beginner", seed=SEED, first_click="safe")
    for asked in ("hint", "probabilities"):
        answer = answered(client, f"{GAMES}/{game['id']}/{asked}")
        assert (answer["assisted"], answer["version"]) == (False, 0)
    assert logged(store, game["id"]) == []
    assert move(client, game["id"], OPEN)["version"] == 1


def test_play_move_logs_its_move_then_help_once(client: TestClient, store: Store) -> None:
    game = create(client, level="beginner", seed=SEED, first_click="safe")
    first = client.post(f"{GAMES}/{game['id']}/auto-move").json()  # starts the game: help
    assert (first["version"], first["moves"], first["assisted"]) == (2, 1, True)
    assert logged(store, game["id"]) == [first["move"], "help"]
    second = client.post(f"{GAMES}/{game['id']}/auto-move").json()
    assert (second["version"], second["moves"]) == (3, 2)
    assert logged(store, game["id"]) == [first["move"], "help", second["move"]]


def test_the_replay_shows_the_help_step_in_words(client: TestClient, store: Store) -> None:
    game = create(client, level="beginner", seed=SEED, first_click="safe")
    win = beginner_win(SEED)
    move(client, game["id"], win[0])
    answered(client, f"{GAMES}/{game['id']}/hint")
    for text in win[1:]:
        last = move(client, game["id"], text)
    assert last["status"] == "won" and last["assisted"]
    client.cookies.clear()
    steps = answered(client, f"{GAMES}/{game['id']}/replay")["steps"]
    assert (steps[1]["number"], steps[1]["move"], steps[1]["said"]) == (1, "help", HELP_WORDS)
    assert [step["state"]["assisted"] for step in steps[:3]] == [False, True, True]
    review = answered(client, f"{GAMES}/{game['id']}/review")
    assert 1 not in [judged["number"] for judged in review["moves"]]  # help is no move
    assert len(review["moves"]) == len(win)


def test_a_game_marked_only_on_its_row_still_reads_as_assisted(
    client: TestClient, store: Store, clock: Clock
) -> None:
    game = create(client, level="beginner", seed=SEED, first_click="safe")
    move(client, game["id"], OPEN)
    with store.transaction() as db:  # as a game helped before help was a step of its log
        db.execute(update(games).where(games.c.id == game["id"]).values(assisted=True))
    assert answered(client, f"{GAMES}/{game['id']}")["assisted"] is True  # this process's copy
    headers = {"X-Game-Token": game["token"]}
    with TestClient(create_app(store, clock)) as restarted:  # an empty cache: replayed
        state = restarted.get(f"{GAMES}/{game['id']}", headers=headers).json()
        assert (state["assisted"], state["version"]) == (True, 1)
        hinted = restarted.get(f"{GAMES}/{game['id']}/hint", headers=headers).json()
        assert (hinted["assisted"], hinted["version"]) == (True, 1)  # already marked
    assert logged(store, game["id"]) == [OPEN]
