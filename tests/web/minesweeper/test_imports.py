"""`POST /api/minesweeper/imports?name=FILE`: a video file's bytes kept as a game of its own, to
watch, review and export, never counted; a file that cannot be read, a name of no video format,
an empty body, no name, or a body over the route's own bound (2 MiB, where every other route
keeps 16 KiB) is refused in words, and nothing is kept."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from gridpuzzles.midend.video_import import read_video
from gridpuzzles.midend.videos import evf, rawvf, video_of
from gridpuzzles.minesweeper import Status, level
from gridpuzzles.storage import Store
from gridpuzzles.storage.schema import games
from gridpuzzles.web import tokens
from gridpuzzles.web.app import create_app
from gridpuzzles.web.limits import MAX_BODY, MAX_UPLOAD_BYTES
from gridpuzzles.web.players import PLAYER_COOKIE
from tests.midend.test_videos import kept
from tests.web.boards import FIRST, SEED, beginner_mine
from tests.web.conftest import answered
from tests.web.minesweeper.test_api import create, move

IMPORTS = "/api/minesweeper/imports"
GAMES = "/api/minesweeper/games"
PLAYER_KEY = "k" * 43
"""The browser's player key (the app keeps records per player)."""


def won_evf() -> bytes:
    """A won beginner game as EVF (its software: gridpuzzles)."""
    won, _, _ = kept(level("beginner"), 1)
    return evf(video_of(won.watched()))


def lost_rawvf() -> bytes:
    """A lost intermediate game as RAWVF."""
    lost, status, _ = kept(level("intermediate"), 3)
    assert status is Status.LOST
    return rawvf(video_of(lost.watched())).encode()


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    kept_in = Store(tmp_path_factory.mktemp("imports") / "games.db")
    yield kept_in
    kept_in.close()


@pytest.fixture(scope="module")
def client(store: Store) -> Iterator[TestClient]:
    """One app for the module (its solver worker starts once), keeping records per player."""
    with TestClient(create_app(store, records_per_player=True)) as test_client:
        yield test_client


def sent(
    client: TestClient, name: str | None, data: bytes, headers: dict[str, str] | None = None
) -> tuple[int, dict[str, str]]:
    """The status and JSON the route answers ``data`` sent as the file ``name``."""
    client.cookies.clear()
    client.cookies.set(PLAYER_COOKIE, PLAYER_KEY)
    params = {} if name is None else {"name": name}
    answer = client.post(
        IMPORTS,
        params=params,
        content=data,
        headers={"Content-Type": "application/octet-stream", **(headers or {})},
    )
    found: dict[str, str] = answer.json()
    return answer.status_code, found


def games_kept(store: Store) -> int:
    with store.transaction(writing=False) as db:
        counted: int = db.execute(select(func.count()).select_from(games)).scalar_one()
    return counted


@pytest.mark.parametrize(
    ("name", "data", "said", "ending"),
    [
        ("won.evf", won_evf(), "(EVF, recorded with gridpuzzles ", ", won, 17 steps"),
        ("LOST.RAWVF", lost_rawvf(), "(RAWVF, recorded with gridpuzzles ", " steps"),
    ],
    ids=["evf", "rawvf"],
)
def test_a_video_is_kept_as_a_game_to_watch_and_export_never_counted(
    client: TestClient, store: Store, name: str, data: bytes, said: str, ending: str
) -> None:
    status, answer = sent(client, name, data)
    assert status == 201, answer
    game_id = answer["id"]
    assert answer["imported_from"].startswith(f"imported from {name} {said}")
    assert answer["watch"] == f"/watch/{game_id}"
    board = "beginner" if name.endswith("evf") else "intermediate"
    assert answer["description"].startswith(f"{board}, {answer['imported_from']}, ")
    assert answer["description"].endswith(ending)

    saved = store.load_game(game_id)
    assert saved is not None and not saved.counted and saved.imported is not None
    assert saved.watched().description == answer["description"]
    assert saved.owner == ""  # no token carried: nobody can play on it
    assert saved.player == tokens.digest(PLAYER_KEY)
    read = read_video(name, data)
    assert [move.text for move in saved.moves] == [step.text for step in read.steps]

    replay = answered(client, f"{GAMES}/{game_id}/replay")
    assert replay["imported_from"] == answer["imported_from"]
    assert len(replay["steps"]) == len(read.steps)
    page = client.get(answer["watch"])
    assert page.status_code == 200 and answer["imported_from"] in page.text
    exported = client.get(f"{GAMES}/{game_id}/export", params={"format": "evf"})
    assert exported.status_code == 200
    assert read_video("again.evf", exported.content).steps == read.steps

    records = answered(client, "/api/minesweeper/records?history=200")
    assert records["records"] == [] and records["history"] == []


def test_nobody_can_play_on_an_imported_game_even_with_the_token_of_its_upload(
    client: TestClient, store: Store
) -> None:
    status, answer = sent(client, "won.evf", won_evf(), {"X-Game-Token": "a-token"})
    assert status == 201
    saved = store.load_game(answer["id"])
    assert saved is not None and saved.owner == ""
    undone = client.post(f"{GAMES}/{answer['id']}/undo", headers={"X-Game-Token": "a-token"})
    assert undone.status_code == 403, undone.text
    assert store.load_game(answer["id"]) == saved


def test_a_game_played_here_says_it_was_not_imported(client: TestClient) -> None:
    game = create(client, level="beginner", seed=SEED, first_click="safe")
    move(client, game["id"], f"r{FIRST[0]},{FIRST[1]}")
    assert move(client, game["id"], beginner_mine(SEED))["status"] == "lost"
    assert answered(client, f"{GAMES}/{game['id']}/replay")["imported_from"] is None


CUT = won_evf()[:60]


@pytest.mark.parametrize(
    ("name", "data", "words"),
    [
        ("cut.evf", CUT, "cut.evf: the file ends inside its translating software"),
        ("junk.avf", b"not a video" * 20, "junk.avf: ms-toollib cannot read it as an AVF file"),
        (
            "won.txt",
            won_evf(),
            "won.txt: is not a video file of a known format (.evf, .rawvf, .avf, .rmv, .mvf)",
        ),
        ("empty.evf", b"", "empty.evf: the file is empty"),
        (None, won_evf(), "the file name is missing"),
        ("", won_evf(), "the file name must be at least 1 characters long"),
    ],
    ids=["cut", "junk-avf", "no-video-extension", "empty", "no-name", "empty-name"],
)
def test_a_file_refused_is_told_in_words_and_nothing_is_kept(
    client: TestClient, store: Store, name: str | None, data: bytes, words: str
) -> None:
    before = games_kept(store)
    assert sent(client, name, data) == (422, {"detail": words})
    assert games_kept(store) == before


def test_a_body_over_two_mib_is_refused_before_it_is_read_and_nothing_is_kept(
    client: TestClient, store: Store
) -> None:
    before = games_kept(store)
    too_large = "the request body is larger than the limit of 2097152 bytes (2 MiB)"
    assert MAX_UPLOAD_BYTES == 2 * 1024 * 1024
    assert sent(client, "big.evf", bytes(MAX_UPLOAD_BYTES + 1)) == (413, {"detail": too_large})

    def streamed() -> Iterator[bytes]:  # no Content-Length: counted as it comes
        for _ in range(3):
            yield bytes(MAX_UPLOAD_BYTES // 2 + 1)

    answer = client.post(IMPORTS, params={"name": "big.evf"}, content=streamed())
    assert (answer.status_code, answer.json()) == (413, {"detail": too_large})
    assert games_kept(store) == before
    # Just under the bound, the file is read (and refused as a file).
    status, said = sent(client, "zeros.evf", bytes(MAX_UPLOAD_BYTES))
    assert status == 422 and said["detail"].startswith("zeros.evf: ")
    assert games_kept(store) == before


def test_every_other_route_keeps_its_16_kib_bound(client: TestClient) -> None:
    answer = client.post("/api/minesweeper/analysis", content=bytes(MAX_BODY + 1))
    assert answer.status_code == 413
    assert answer.json()["detail"].endswith("of 16384 bytes (16 KiB)")
    answer = client.post(f"{IMPORTS}/more", content=bytes(MAX_BODY + 1))
    assert answer.status_code == 413  # the bound is the route's own address only


def test_the_route_is_documented_with_its_file_body(client: TestClient) -> None:
    operation = answered(client, "/openapi.json")["paths"][IMPORTS]["post"]
    body = operation["requestBody"]["content"]["application/octet-stream"]
    assert body["schema"] == {"type": "string", "format": "binary"}
    assert {"201", "413", "422", "503"} <= operation["responses"].keys()


def test_a_kept_file_name_is_its_name_alone(
    client: TestClient, store: Store, tmp_path: Path
) -> None:
    status, answer = sent(client, f"{tmp_path}/deep/won.evf", won_evf())
    assert status == 201
    saved = store.load_game(answer["id"])
    assert saved is not None and saved.imported is not None and saved.imported.file == "won.evf"
