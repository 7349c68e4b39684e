"""A Mondrian game played with `mondrian play` is kept whole in the store by default (or not at
all with ``--no-keep``), listed by `gridpuzzles stats` with its id, shown step by step by
`gridpuzzles replay ID` through the mid-end's replay, and watched on the web at `/watch/{id}`,
whose replay ends on the board the game ended on. What cannot be shown is one line."""

from __future__ import annotations

import io
import json
import re
import warnings
from pathlib import Path

import pytest
from sqlalchemy import text

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message="Using `httpx` with")  # Starlette wants httpx2
    from fastapi.testclient import TestClient

from gridpuzzles.cli.main import main
from gridpuzzles.mondrian.core.challenges import find_published
from gridpuzzles.mondrian.core.game import new_game
from gridpuzzles.mondrian.core.notation import typed_fixed
from gridpuzzles.mondrian.solving.solutions import first_solution
from gridpuzzles.storage import DatabaseError, Store, default_db
from gridpuzzles.terminal.mondrian import board_text
from gridpuzzles.web.app import create_app
from tests.mondrian import commands
from tests.storage.in_play import watched_in

CODE = "001040531"
PUBLISHED = find_published(CODE)
HEADER = "  1 2 3 4 5 6 7 8"


def solution_lines() -> list[str]:
    solution = first_solution(PUBLISHED.puzzle)
    assert solution is not None
    return [typed_fixed(p) for p in solution if p not in PUBLISHED.puzzle.fixed]


def mondrian(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *argv: str, lines: str
) -> commands.Ran:
    monkeypatch.setattr("sys.stdin", io.StringIO(lines))
    return commands.run(capsys, "play", *argv)


def gridpuzzles(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *argv: str, lines: str = ""
) -> commands.Ran:
    monkeypatch.setattr("sys.stdin", io.StringIO(lines))
    status = main(list(argv))
    out = capsys.readouterr()
    return commands.Ran(status, out.out, out.err)


def solved_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *argv: str
) -> tuple[str, str]:
    """A game solved in line mode with undo and redo on the way: its id, and what it said."""
    first, *rest = solution_lines()
    lines = "\n".join([first, "undo", "redo", *rest]) + "\n"
    ran = mondrian(capsys, monkeypatch, "--code", CODE, *argv, lines=lines)
    assert ran.status == 0 and ran.err == ""
    (game_id,) = re.findall(r"Kept as game (\S+): gridpuzzles replay \1 shows it again\.", ran.out)
    return game_id, ran.out


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data folder of the test's own: the default store is made there."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return default_db()


def boards(out: str) -> list[str]:
    """Every board printed, from the column numbers to the tray."""
    return re.findall(rf"^{HEADER}\n(?:\d [^\n]*\n){{8}}[^\n]*\nTray: [^\n]*", out, re.M)


def test_a_game_is_kept_in_the_default_store_and_replayed_step_by_step(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, home: Path
) -> None:
    game_id, played = solved_game(capsys, monkeypatch)
    assert home.exists()
    ran = gridpuzzles(capsys, monkeypatch, "replay", game_id, "--all")
    assert ran.status == 0 and ran.err == ""
    lines = ran.out.splitlines()
    steps = len(solution_lines()) + 2
    assert re.fullmatch(
        rf"Game {game_id}: challenge {CODE}, White edition, easy, solved in [0-9.]+ s, 8 moves, "
        rf"{steps} steps",
        lines[0],
    ), lines[0]
    said = [line for line in lines if line.startswith("Step ")]
    assert len(said) == steps
    assert re.fullmatch(rf"Step 2 of {steps}, at \d+\.\d s: undo", said[1])
    assert re.fullmatch(rf"Step 3 of {steps}, at \d+\.\d s: redo", said[2])
    assert said[0].startswith(f"Step 1 of {steps}, at 0.0 s: put down the ")
    shown = boards(ran.out)
    assert len(shown) == 1 + steps
    assert shown[0] == board_text(new_game(PUBLISHED.puzzle))
    # The boards after each move are those line mode drew as the game was played.
    assert shown[-1] == boards(played)[-1] and shown[-1].endswith("Tray: empty")
    # The review says what each step left (an undo and a redo too), and its summary at the end.
    verdicts = [line for line in lines if line.startswith("  Review: ")]
    assert len(verdicts) == steps
    assert re.fullmatch(r"  Review: 1 solution left; took [0-9.]+ s", verdicts[-1]), verdicts
    assert re.fullmatch(rf"Review: {steps} steps, 0 hints, 0 dead ends; 8 blocks in .*", lines[-1])
    quiet = gridpuzzles(capsys, monkeypatch, "replay", game_id, "--all", "--no-review")
    assert "Review:" not in quiet.out
    # Enter shows the next step, q stops.
    ran = gridpuzzles(capsys, monkeypatch, "replay", game_id, lines="\nq\n")
    assert ran.status == 0 and "Step 1 of" in ran.out and "Step 2 of" not in ran.out
    assert ran.out.count("Enter: next step, q: stop > ") == 2


def test_no_keep_keeps_nothing_and_does_not_go_with_db(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    home: Path,
    tmp_path: Path,
) -> None:
    lines = "\n".join(solution_lines()) + "\n"
    ran = mondrian(capsys, monkeypatch, "--code", CODE, "--no-keep", lines=lines)
    assert ran.status == 0 and "Solved in " in ran.out and "Kept as game" not in ran.out
    assert not home.exists()
    db = tmp_path / "games.db"
    refused = mondrian(capsys, monkeypatch, "--code", CODE, "--no-keep", "--db", str(db), lines="")
    assert "--no-keep keeps no game: it cannot go with --db" in refused.refused
    assert not db.exists()
    bad = mondrian(capsys, monkeypatch, "--code", CODE, "--db", str(tmp_path), lines="")
    assert "cannot open the database" in bad.refused and "it is a folder" in bad.err


def test_stats_lists_each_solved_game_with_its_id(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    db = str(tmp_path / "games.db")
    first_id, _ = solved_game(capsys, monkeypatch, "--db", db)
    second_id, _ = solved_game(capsys, monkeypatch, "--db", db)
    for columns in ("80", "160"):
        monkeypatch.setenv("COLUMNS", columns)
        ran = gridpuzzles(capsys, monkeypatch, "stats", "--db", db)
        assert ran.status == 0 and max(map(len, ran.out.splitlines())) <= int(columns)
        listed = ran.out[ran.out.index("Latest Mondrian games") :]
        ids = [word for word in listed.split() if word in (first_id, second_id)]
        assert ids == [second_id, first_id]  # the latest first
        assert CODE in listed and "easy" in listed
    ran = gridpuzzles(capsys, monkeypatch, "stats", "--db", db, "--json", "--history", "1")
    data = json.loads(ran.out)
    [game] = data["mondrian_history"]
    assert game["id"] == second_id and game["challenge"] == CODE and game["code"] == CODE
    assert (game["moves"], game["assisted"], game["difficulty"]) == (8, False, "easy")
    assert data["history"] == [] and data["records"] == []


def test_the_web_watches_a_game_of_line_mode_to_its_final_board(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    db = tmp_path / "games.db"
    game_id, _ = solved_game(capsys, monkeypatch, "--db", str(db))
    store = Store(db)
    replay = watched_in(store, game_id)
    assert replay is not None
    with TestClient(create_app(store, lambda: 2e9)) as client:
        answer = client.get(f"/api/mondrian/games/{game_id}/replay")
        assert answer.status_code == 200, answer.text
        steps = answer.json()["steps"]
        assert len(steps) == replay.steps == 10
        assert [step["move"] for step in steps] == [frame.text for frame in replay.frames]
        assert [step["at"] for step in steps] == [
            round(frame.at - replay.created_at, 3) for frame in replay.frames
        ]
        last = steps[-1]["state"]
        assert last["solved"] and last["tray"] == [] and len(last["placed"]) == 8
        finish = replay.finish
        assert finish is not None and last["finish"]["seconds"] == round(finish.seconds, 3)
        assert store.mondrian_finishes()[0].seconds == pytest.approx(finish.seconds, abs=0.05)
        page = client.get(f"/watch/{game_id}")
        assert page.status_code == 200 and game_id in page.text
    store.close()


def test_what_cannot_be_shown_is_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    db = tmp_path / "games.db"
    game_id, _ = solved_game(capsys, monkeypatch, "--db", str(db))
    first = solution_lines()[0]
    quit_lines = f"{first}\nquit\ny\n"
    assert (
        mondrian(capsys, monkeypatch, "--code", CODE, "--db", str(db), lines=quit_lines).status == 0
    )
    store = Store(db)
    with store.transaction() as connection:
        in_play = connection.execute(text("select id from games where status = 'playing'"))
        (playing,) = in_play.scalars().all()
    store.close()

    def refused(*argv: str) -> str:
        ran = gridpuzzles(capsys, monkeypatch, "replay", *argv)
        assert ran.status == 2 and ran.out == "" and len(ran.err.splitlines()) == 1, ran
        assert ran.err.startswith("gridpuzzles replay: error: ") and "Traceback" not in ran.err
        return ran.err

    assert "no game nope is kept in" in refused("nope", "--db", str(db))
    assert "a game id is letters" in refused("a/b", "--db", str(db))
    said = refused(playing, "--db", str(db))
    assert f"game {playing} is a Mondrian Blocks game still being played" in said
    assert "no game is kept in" in refused(game_id, "--db", str(tmp_path / "none.db"))
    assert not (tmp_path / "none.db").exists()
    corrupt = tmp_path / "corrupt.db"
    corrupt.write_bytes(b"not a database at all, " * 100)
    assert "cannot open the database" in refused(game_id, "--db", str(corrupt))

    def locked(*_: object) -> None:
        raise DatabaseError("database is locked")

    with monkeypatch.context() as patch:
        patch.setattr(Store, "puzzle_of", locked)
        assert "database is locked" in refused(game_id, "--db", str(db))
    with monkeypatch.context() as patch:
        patch.setattr(Store, "read", locked)
        assert "database is locked" in refused(game_id, "--db", str(db))
    # A log changed by hand: the step the rules refuse is named, and nothing is shown.
    store = Store(db)
    with store.transaction() as connection:
        connection.execute(
            text("update moves set move = 'lift 7,7' where game_id = :id and number = 3"),
            {"id": game_id},
        )
    store.close()
    said = refused(game_id, "--db", str(db))
    assert "cannot be shown: step 4 of the log, 'lift 7,7', cannot be replayed" in said
    # A setup changed by hand.
    store = Store(db)
    with store.transaction() as connection:
        connection.execute(
            text("update games set setup = '{\"game\": 3}' where id = :id"), {"id": game_id}
        )
    store.close()
    assert f"game {game_id} cannot be shown: " in refused(game_id, "--db", str(db))
