"""`GET /api/minesweeper/games/{id}/review/guesses/{number}`: what one guess of a finished game
gave away of the chance to win, as the mid-end weighs it (`gridpuzzles review --deep` says the
same), to anyone with the game's id; a step that is no guess, a game in play, an unknown or
malformed id are refused in words; a weighing past its own budget is a 503 in words, on workers
of its own, so that advice to players in play is answered meanwhile.

The game weighed here (`faulty_moves` of the watch page's review test) has two guesses, both
in positions the exact search takes in milliseconds."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from typing import Any

from fastapi.testclient import TestClient

from gridpuzzles.midend.review import (
    deep_reviewed,
    review_json,
    reviewed,
    weighed_move,
    weighings_of,
)
from gridpuzzles.minesweeper.solving.review import Verdict
from gridpuzzles.storage import Store
from gridpuzzles.web.app import create_app
from gridpuzzles.web.service import NO_SUCH_GUESS, WEIGH_TOO_SLOW
from gridpuzzles.web.workers import Workers
from tests.web.boards import FIRST, SEED, exploding_game
from tests.web.conftest import Clock, answered
from tests.web.minesweeper.test_api import GAMES, create, move
from tests.web.minesweeper.test_watch_review import FAULTY_SEED, faulty_moves
from tests.web.test_budget import BUDGET, SLACK, beginner, timed

GUESSES = [2, 3]
"""The steps of `faulty_moves` to weigh: a needless guess and a known mine revealed."""


@cache
def moves_to_weigh() -> list[str]:
    """`faulty_moves`, found once (it takes the review of many cells)."""
    return faulty_moves()


def faulty_game(client: TestClient) -> str:
    """The game of `faulty_moves` played through the API, its cookie forgotten: its id."""
    game = create(client, level="beginner", seed=FAULTY_SEED, first_click="opening")
    for text in moves_to_weigh():
        move(client, game["id"], text)
    client.cookies.clear()  # the id is enough, as for the review
    game_id: str = game["id"]
    return game_id


def weighed(
    client: TestClient, game_id: str, number: int | str, status: int = 200
) -> dict[str, Any]:
    return answered(client, f"{GAMES}/{game_id}/review/guesses/{number}", status)


def test_each_due_guess_weighed_alone_merges_into_the_review_as_the_deep_review_says(
    client: TestClient, store: Store
) -> None:
    game_id = faulty_game(client)
    review = client.get(f"{GAMES}/{game_id}/review").json()
    moves = review["moves"]
    assert [m["number"] for m in moves if m["win_chance_due"]] == GUESSES
    assert all(not m["win_chance_weighed"] and m["win_chance_words"] is None for m in moves)
    counts = {"due": 2, "weighed": 0, "inaccuracies": 0, "mistakes": 0, "blunders": 0}
    assert review["summary"]["win_chance"] == counts

    judgments = {number: weighed(client, game_id, number) for number in GUESSES}
    assert weighed(client, game_id, GUESSES[0]) == judgments[GUESSES[0]]  # the same every time
    # Merged into the review by their number, they make the review with every guess weighed:
    # what `gridpuzzles review --deep --json` prints of the same game.
    for m in moves:
        m |= {k: v for k, v in judgments.get(m["number"], {}).items() if k != "number"}
    saved = store.load_game(game_id)
    assert saved is not None
    replay = saved.watched()
    deep = review_json(replay, deep_reviewed(replay, saved.created_at))
    assert moves == deep["moves"]
    needless, mine = (judgments[n] for n in GUESSES)
    assert moves[2]["verdict"] == Verdict.NEEDLESS_GUESS.value
    assert (needless["exact"], needless["playouts"], needless["label"]) == (True, 0, "mistake")
    assert needless["win_chance_words"] == (
        "a mistake: gave away 11 points of the chance to win (98% → 87%)"
    )
    assert needless["best_said"] == "row 1, column 5" and needless["best_move"] == "r0,4"
    assert (mine["label"], mine["win_chance_played"]) == ("blunder", 0.0)
    summary = deep["summary"]["win_chance"]
    assert summary == counts | {"weighed": 2, "mistakes": 1, "blunders": 1}


def test_a_guess_weighed_alone_is_weighed_from_the_seed_the_deep_review_gives_it(
    client: TestClient, store: Store
) -> None:
    # Three guesses the exact search cannot take (a corner opened on a beginner board, then
    # far cells): estimates, whose playouts each draw from their own seed in turn.
    game = create(client, level="beginner", seed=SEED, first_click="safe")
    for text in ("r0,0", "r8,8", "r8,0", f"r{FIRST[0]},{FIRST[1]}"):
        move(client, game["id"], text)
    client.post(f"{GAMES}/{game['id']}/leave")
    saved = store.load_game(game["id"])
    assert saved is not None
    replay = saved.watched()
    judged = reviewed(replay)
    due = [m.number for m in judged.weighable]
    assert len(due) >= 2
    together = dict(weighings_of(replay, judged, playouts=5))
    for number in due:
        alone = weighed_move(replay, judged, number, playouts=5)
        assert alone is not None and alone.win_loss == together[number]
        assert alone.win_loss is not None and not alone.win_loss.exact
    assert weighed_move(replay, judged, 0) is None  # the first click: no guess


def test_a_step_that_is_no_guess_a_game_in_play_and_unknown_ids_are_refused_in_words(
    client: TestClient,
) -> None:
    game_id = faulty_game(client)
    for number in (0, 1, 4, 2**31 - 1):  # the first click, a safe reveal, no such step
        assert weighed(client, game_id, number, 404) == {
            "detail": NO_SUCH_GUESS.format(game_id=game_id, number=number)
        }
    assert NO_SUCH_GUESS.format(game_id="G", number=1) == (
        "game G has no guess to weigh at number 1 of its log: only a move that opened a cell "
        "that might hold a mine is weighed (the review marks it win_chance_due)"
    )
    for sent, said in (
        ("-1", "the step number must be at least 0, not -1"),
        ("two", "the step number must be a whole number, not 'two'"),
        (str(2**31), f"the step number must be at most {2**31 - 1}, not {2**31}"),
    ):
        assert weighed(client, game_id, sent, 422) == {"detail": said}

    playing = create(client, level="beginner", seed=SEED, first_click="safe")
    move(client, playing["id"], f"r{FIRST[0]},{FIRST[1]}")
    client.cookies.clear()
    assert weighed(client, playing["id"], 0, 409) == {
        "detail": f"game {playing['id']} is still being played: it can be watched once it ends"
    }
    assert weighed(client, "nosuchgameXXXXXXXXXXXX", 2, 404) == {
        "detail": "there is no game 'nosuchgameXXXXXXXXXXXX': start a new game"
    }
    assert weighed(client, "x" * 65, 2, 422)["detail"].startswith("the game id must be at most")


WEIGH_BUDGET = BUDGET


def test_a_weighing_past_its_budget_is_a_503_in_words_while_advice_is_answered_at_once(
    store: Store, clock: Clock
) -> None:
    app = create_app(store, clock, weigh_seconds=WEIGH_BUDGET)
    with TestClient(app) as client, ThreadPoolExecutor(max_workers=1) as background:
        weighers: Workers = app.state.weighers
        client.portal.call(weighers.start)  # type: ignore[union-attr]
        client.portal.call(app.state.workers.start)  # type: ignore[union-attr]
        # A game left in a position the exact solver takes minutes over: its review alone,
        # which the weighing starts with, runs past any budget.
        slow_id, _ = exploding_game(client)
        assert client.post(f"{GAMES}/{slow_id}/leave").status_code == 200
        other = beginner(client)
        pending = background.submit(timed, client, "GET", f"{GAMES}/{slow_id}/review/guesses/5")
        deadline = time.monotonic() + 10
        while not weighers.busy():
            assert time.monotonic() < deadline and not pending.done(), "nothing was weighed"
            time.sleep(0.01)
        hint = client.get(f"{GAMES}/{other}/hint")
        assert hint.status_code == 200, hint.text
        assert not pending.done()  # the hint was answered while the guess was being weighed
        answer, seconds = pending.result()
        assert answer.status_code == 503, answer.text
        assert answer.json() == {"detail": WEIGH_TOO_SLOW.format(seconds=WEIGH_BUDGET)}
        assert answer.headers["Retry-After"] == "5"
        assert WEIGH_BUDGET <= seconds < WEIGH_BUDGET + SLACK
