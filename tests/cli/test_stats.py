"""`gridpuzzles stats`: the records of the store in the terminal, as text and as JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gridpuzzles.cli.main import main
from gridpuzzles.minesweeper import Move, level, new_game, play
from gridpuzzles.storage import SavedGame, Store, TimedMove
from tests.minesweeper.boards import winning_reveals
from tests.storage.in_play import add_move

SEED = 4494805136092911258


def stats(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["stats", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def keep_games(path: Path) -> None:
    """A won game, an assisted win and a game left after its first reveal."""
    store = Store(path)
    config = level("beginner")
    for number, assisted in ((0, False), (1, True)):
        game = new_game(config, SEED)
        store.add_game(SavedGame(f"g{number}", config, SEED, assisted=assisted))
        for n, (row, col) in enumerate(winning_reveals(game, (4, 4))):
            move, at = Move.parse(f"r{row},{col}"), 1.7e9 + 100 * number + n
            game = play(game, move, at)
            add_move(store, f"g{number}", n, TimedMove(move, at), game)
    left = play(new_game(config, 3), Move.parse("r4,4"), 1.7e9 + 500)
    store.add_game(SavedGame("g2", config, 3, moves=(TimedMove(Move.parse("r4,4"), 1.7e9 + 500),)))
    store.abandon("g2", left, 1.7e9 + 512)
    store.close()


def test_the_records_are_printed_and_given_as_json(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    keep_games(tmp_path / "games.db")
    status, out, _ = stats(capsys, "--db", str(tmp_path / "games.db"))
    assert status == 0
    assert "beginner, safe" in out and "50.0%" in out and "1/1 won" in out
    assert "Best times: beginner, safe" in out and str(SEED) in out and "left" in out
    status, out, _ = stats(capsys, "--db", str(tmp_path / "games.db"), "--json", "--history", "2")
    data = json.loads(out)
    [record] = data["records"]
    assert (record["played"], record["won"], record["assisted_won"]) == (2, 1, 1)
    assert record["win_rate"] == 0.5 and len(record["best_times"]) == 1
    assert [game["abandoned"] for game in data["history"]] == [True, False]
    assert [game["id"] for game in data["history"]] == ["g2", "g1"]
    assert data["history"][1]["seed"] == str(SEED) and data["history"][1]["assisted"]


@pytest.mark.parametrize("columns", [80, 160])
def test_each_game_listed_has_its_id_to_watch_it_again(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    columns: int,
) -> None:
    keep_games(tmp_path / "games.db")
    monkeypatch.setenv("COLUMNS", str(columns))
    status, out, _ = stats(capsys, "--db", str(tmp_path / "games.db"))
    assert status == 0 and max(map(len, out.splitlines())) <= columns
    rows = out[out.index("Latest games") :].splitlines()
    ids = [word for line in rows for word in line.split() if word in ("g0", "g1", "g2")]
    assert ids == ["g2", "g1", "g0"]  # the latest first, each beside (or under) its seed
    said = " ".join(out.split())
    assert "gridpuzzles replay ID shows a game again, step by step, in line mode" in said
    assert "statistics screen of gridpuzzles tui (s) lists the latest 10" in said


def test_without_a_database_there_is_nothing_yet_and_none_is_made(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, out, _ = stats(capsys, "--db", str(tmp_path / "none.db"))
    assert status == 0 and "no game finished yet" in out
    assert not (tmp_path / "none.db").exists()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["--history", "1001"],
            "the number of games listed must be a whole number from 0 to 1,000",
        ),
        (["--history", "-1"], "from 0 to 1,000"),
        (["--db", "."], "cannot open the database"),
    ],
)
def test_bad_options_are_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    try:
        status, _, err = stats(capsys, *argv)
    except SystemExit as stopped:
        status, err = int(str(stopped.code)), capsys.readouterr().err
    assert status == 2 and message in err and err.count("\n") == 1
