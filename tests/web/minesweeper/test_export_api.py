"""`GET /api/minesweeper/games/{id}/export?format=evf|rawvf`: a finished game as a video file to
download, to anyone with its id; a game in play is refused and nothing of it is sent, as is a
game with an undo; an unknown id is 404, a format we do not write 422."""

from __future__ import annotations

import json
import re

from fastapi.testclient import TestClient

from gridpuzzles.midend.videos import SOFTWARE
from gridpuzzles.minesweeper import three_bv
from tests.midend.test_videos import read_back
from tests.web.boards import FIRST, SEED, beginner_layout, beginner_mine, beginner_win
from tests.web.conftest import Clock
from tests.web.minesweeper.test_api import GAMES, create, move

OPEN = f"r{FIRST[0]},{FIRST[1]}"


def export(
    client: TestClient, game_id: str, video_format: str = "evf"
) -> tuple[int, bytes, dict[str, str]]:
    client.cookies.clear()  # no token: the id is enough, as for the replay
    answer = client.get(f"{GAMES}/{game_id}/export", params={"format": video_format})
    return answer.status_code, answer.content, dict(answer.headers)


def test_a_won_game_downloads_as_evf_that_ms_toollib_reads_back(
    client: TestClient, clock: Clock
) -> None:
    game = create(client, level="beginner", seed=SEED, first_click="safe")
    for text in beginner_win(SEED):
        clock.now += 0.75
        last = move(client, game["id"], text)
    assert last["status"] == "won"
    status, data, headers = export(client, game["id"])
    assert status == 200 and headers["content-type"] == "application/octet-stream"
    assert headers["content-disposition"] == f'attachment; filename="gridpuzzles-{game["id"]}.evf"'
    video = read_back(data)
    layout = beginner_layout(SEED)
    assert video.is_completed and video.software == SOFTWARE
    assert video.bbbv == three_bv(layout) == video.bbbv_solved
    assert [cell == -1 for row in video.board for cell in row] == [
        layout.is_mine(i) for i in range(81)
    ]
    assert abs(video.rtime - last["elapsed"]) <= 0.001


def test_a_lost_game_and_a_game_left_download_as_rawvf_text(client: TestClient) -> None:
    lost = create(client, level="beginner", seed=SEED, first_click="safe")
    move(client, lost["id"], OPEN)
    move(client, lost["id"], beginner_mine(SEED))
    status, data, headers = export(client, lost["id"], "rawvf")
    assert status == 200 and headers["content-type"] == "text/plain; charset=utf-8"
    assert headers["content-disposition"].endswith(f'filename="gridpuzzles-{lost["id"]}.rawvf"')
    lines = data.decode().splitlines()
    assert lines[0] == "RawVF_Version: Rev6" and "Status: lost" in lines
    assert lines[lines.index("Board:") + 1 :][:9] == [
        "".join("*" if beginner_layout(SEED).is_mine(r * 9 + c) else "0" for c in range(9))
        for r in range(9)
    ]
    left = create(client, level="beginner", seed=SEED, first_click="safe")
    move(client, left["id"], OPEN)
    client.post(f"{GAMES}/{left['id']}/leave")
    status, data, _ = export(client, left["id"], "rawvf")
    assert status == 200 and "Status: left" in data.decode().splitlines()


def test_a_game_in_play_is_refused_and_nothing_of_it_is_sent(client: TestClient) -> None:
    game = create(client, level="beginner", seed=SEED, first_click="safe")
    move(client, game["id"], OPEN)
    for video_format in ("evf", "rawvf"):
        status, data, headers = export(client, game["id"], video_format)
        assert status == 409 and headers["content-type"] == "application/json"
        assert data == (
            b'{"detail":"game ' + game["id"].encode() + b" is still being played: it can be "
            b'watched once it ends"}'
        )
        assert "content-disposition" not in headers


def test_a_game_with_an_undo_an_unknown_id_and_a_bad_format_are_refused(
    client: TestClient,
) -> None:
    game = create(client, level="beginner", seed=SEED, first_click="safe")
    move(client, game["id"], OPEN)
    client.post(f"{GAMES}/{game['id']}/undo")
    move(client, game["id"], OPEN)
    move(client, game["id"], beginner_mine(SEED))
    status, data, _ = export(client, game["id"])
    assert status == 409
    assert data.decode() == (
        f'{{"detail":"game {game["id"]} had an undo, which a video cannot show"}}'
    )
    status, data, _ = export(client, "nosuchgameXXXXXXXXXXXX")
    assert status == 404 and b"nosuchgameXXXXXXXXXXXX" in data
    for params in ({"format": "avf"}, {"format": "EVF"}, {}):
        client.cookies.clear()
        answer = client.get(f"{GAMES}/{game['id']}/export", params=params)
        assert answer.status_code == 422, answer.text


def watched_game(client: TestClient, game_id: str) -> dict[str, object]:
    """What the watch page of ``game_id`` says of its game (the JSON the server writes in)."""
    client.cookies.clear()
    answer = client.get(f"/watch/{game_id}")
    assert answer.status_code == 200, answer.text
    found = re.search(
        r'<script type="application/json" id="watch-game">(.*?)</script>', answer.text
    )
    assert found is not None
    game: dict[str, object] = json.loads(found[1])
    return game


def test_the_watch_page_links_to_each_video_or_says_why_there_is_none(
    client: TestClient,
) -> None:
    lost = create(client, level="beginner", seed=SEED, first_click="safe")
    move(client, lost["id"], OPEN)
    move(client, lost["id"], beginner_mine(SEED))
    game = watched_game(client, lost["id"])
    export = f"{GAMES}/{lost['id']}/export?format="
    assert game["videos"] == {"evf": f"{export}evf", "rawvf": f"{export}rawvf"}
    assert game["no_video"] is None
    for address in (f"{export}evf", f"{export}rawvf"):
        assert client.get(address).status_code == 200
    undone = create(client, level="beginner", seed=SEED, first_click="safe")
    move(client, undone["id"], OPEN)
    move(client, undone["id"], f"f{beginner_mine(SEED)[1:]}")
    client.post(f"{GAMES}/{undone['id']}/undo")
    move(client, undone["id"], beginner_mine(SEED))
    game = watched_game(client, undone["id"])
    assert game["videos"] == {}
    assert game["no_video"] == f"game {undone['id']} had an undo, which a video cannot show"
