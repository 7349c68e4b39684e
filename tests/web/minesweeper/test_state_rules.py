"""What the Minesweeper page may offer is in the server's answers (in-process, with the
TestClient), so that the page decides none of it: `in_play` (leaving asks first), the
`assisted` of a hint's and the probabilities' answers, `can_undo` and `can_redo` after a
loss, and the end of a game as `finish` (the key Mondrian sends), never before the end."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.web.boards import FIRST, SEED, beginner_mine, beginner_win
from tests.web.minesweeper.test_api import GAMES, create, move
from tests.web.minesweeper.test_undo import rewind

OPEN = f"r{FIRST[0]},{FIRST[1]}"


def state(client: TestClient, game_id: str) -> dict[str, object]:
    answer = client.get(f"{GAMES}/{game_id}")
    assert answer.status_code == 200, answer.text
    found: dict[str, object] = answer.json()
    return found


def test_a_game_is_in_play_from_its_first_reveal_until_it_ends(client: TestClient) -> None:
    game = create(client, level="beginner", seed=SEED)
    assert game["in_play"] is False
    for _ in range(2):  # a flag put down and taken off again: no clock started
        assert move(client, game["id"], "f0,0")["in_play"] is False
    assert move(client, game["id"], OPEN)["in_play"] is True
    lost = move(client, game["id"], beginner_mine())
    assert (lost["status"], lost["in_play"]) == ("lost", False)
    assert rewind(client, game["id"], "undo")["in_play"] is True  # the loss taken back
    for text in beginner_win()[1:]:
        won = move(client, game["id"], text)
    assert (won["status"], won["in_play"]) == ("won", False)
    assert state(client, game["id"])["in_play"] is False


def test_a_game_left_is_no_longer_in_play(client: TestClient) -> None:
    game = create(client, level="beginner", seed=SEED)
    assert move(client, game["id"], OPEN)["in_play"] is True
    left = client.post(f"{GAMES}/{game['id']}/leave").json()
    assert (left["status"], left["in_play"]) == ("left", False)
    assert state(client, game["id"])["in_play"] is False


def test_the_answers_of_help_say_whether_the_game_is_assisted_now(client: TestClient) -> None:
    game = create(client, level="beginner", seed=SEED)
    for path in ("hint", "probabilities"):  # before the first reveal help marks nothing
        answer = client.get(f"{GAMES}/{game['id']}/{path}").json()
        assert answer["assisted"] is False, path
    move(client, game["id"], OPEN)
    assert client.get(f"{GAMES}/{game['id']}/hint").json()["assisted"] is True
    assert client.get(f"{GAMES}/{game['id']}/probabilities").json()["assisted"] is True

    other = create(client, level="beginner", seed=SEED)
    move(client, other["id"], OPEN)
    back = rewind(client, other["id"], "undo")  # the first reveal taken back: assisted
    assert back["assisted"] and not back["started"]
    # Help before the (new) first reveal marks nothing, and the game stays assisted all the
    # same: the answer carries the game's mark, not whether this help counted.
    assert client.get(f"{GAMES}/{other['id']}/hint").json()["assisted"] is True
    assert client.get(f"{GAMES}/{other['id']}/probabilities").json()["assisted"] is True


def test_a_lost_game_can_be_undone_not_redone(client: TestClient) -> None:
    game = create(client, level="beginner", seed=SEED)
    move(client, game["id"], OPEN)
    lost = move(client, game["id"], beginner_mine())
    assert (lost["status"], lost["can_undo"], lost["can_redo"]) == ("lost", True, False)
    back = rewind(client, game["id"], "undo")
    assert (back["can_undo"], back["can_redo"]) == (True, True)


def test_the_end_is_sent_as_finish_and_only_once_the_game_has_ended(client: TestClient) -> None:
    game = create(client, level="beginner", seed=SEED)
    assert "result" not in game and game["finish"] is None
    opened = move(client, game["id"], OPEN)
    assert "result" not in opened and opened["finish"] is None
    lost = move(client, game["id"], beginner_mine())
    assert "result" not in lost
    assert lost["finish"]["seed"] == str(SEED)
    assert lost["finish"]["exploded"] == [int(n) for n in beginner_mine()[1:].split(",")]
