"""`GET /api/minesweeper/games/{id}/review`: a finished game's moves judged from the position
before each, to anyone with its id; a game in play is refused and nothing of it is sent."""

from __future__ import annotations

from fastapi.testclient import TestClient

from gridpuzzles.minesweeper import Move, level, new_game, play
from gridpuzzles.minesweeper.solving.review import Verdict, judge
from tests.web.boards import FIRST, SEED, beginner_mine
from tests.web.minesweeper.test_api import GAMES, create, move

OPEN = f"r{FIRST[0]},{FIRST[1]}"


def test_a_lost_game_is_reviewed_move_by_move(client: TestClient) -> None:
    game = create(client, level="beginner", seed=SEED, first_click="safe")
    mine = beginner_mine(SEED)
    for text in (OPEN, f"f{mine[1:]}", f"f{mine[1:]}"):
        move(client, game["id"], text)
    client.post(f"{GAMES}/{game['id']}/undo")
    client.post(f"{GAMES}/{game['id']}/redo")
    move(client, game["id"], mine)
    client.cookies.clear()  # the id is enough, as for the replay
    answer = client.get(f"{GAMES}/{game['id']}/review")
    assert answer.status_code == 200, answer.text
    review = answer.json()
    # Undo and redo (steps 3 and 4) are not judged; the numbers are the replay's.
    assert [m["number"] for m in review["moves"]] == [0, 1, 2, 5]
    assert [m["verdict"] for m in review["moves"]][:1] == ["first_click"]
    assert review["moves"][2]["verdict"] == "unflag"
    opened = play(new_game(level("beginner"), SEED), Move.parse(OPEN))
    expected, risk, least = judge(opened, Move.parse(mine))
    last = review["moves"][3]
    assert (last["verdict"], last["words"], last["fault"]) == (
        expected.value,
        expected.words,
        expected.fault,
    )
    assert expected in (Verdict.NEEDLESS_GUESS, Verdict.KNOWN_MINE, Verdict.GUESS)
    assert last["risk"] == float(risk) if risk is not None else last["risk"] is None
    assert last["said"].startswith("reveal row ")
    assert review["summary"]["moves"] == 4
    figures = review["summary"]["statistics"]  # the standard statistics, through the model
    assert figures["clicks"] == figures["left_clicks"] + figures["right_clicks"] == 4
    assert figures["three_bv"] >= figures["three_bv_solved"] >= 0 and figures["ioe"] is not None
    assert review["summary"]["needless_guesses"] == int(expected is Verdict.NEEDLESS_GUESS)
    assert least is None or 0 <= last["least_risk"] <= last["risk"]


def test_a_game_in_play_is_refused_and_nothing_of_it_sent(client: TestClient) -> None:
    game = create(client, level="beginner", seed=SEED, first_click="safe")
    move(client, game["id"], OPEN)
    client.cookies.clear()
    answer = client.get(f"{GAMES}/{game['id']}/review")
    assert answer.status_code == 409
    assert answer.json() == {
        "detail": f"game {game['id']} is still being played: it can be watched once it ends"
    }
    assert client.get(f"{GAMES}/nosuchgameXXXXXXXXXXXX/review").status_code == 404
