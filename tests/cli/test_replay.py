"""`gridpuzzles replay ID`: a kept Minesweeper game shown again step by step, from the mid-end's
replay, and every id, store or log it cannot show refused in one line."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from sqlalchemy import text

from gridpuzzles.cli.main import main, mines_main
from gridpuzzles.minesweeper import Move, level, new_game, play
from gridpuzzles.minesweeper.core.settings import PLAY_FIRST_CLICK
from gridpuzzles.storage import SavedGame, Store, TimedMove

SEED = 11


def run(
    argv: list[str], stdin: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(stdin.encode())))
    status = main(argv)
    out = capsys.readouterr()
    return status, out.out, out.err


def lost_game(
    db: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> tuple[str, str]:
    """A game lost in line mode, kept in ``db``: its id, and what line mode printed."""
    game = play(new_game(level("beginner", PLAY_FIRST_CLICK), SEED), Move.parse("r4,4"))
    assert game.layout is not None
    row, col = divmod(next(i for i in range(81) if game.layout.is_mine(i)), 9)
    lines = f"r 5 5\nf {row + 1} {col + 1}\nf {row + 1} {col + 1}\nr {row + 1} {col + 1}\nn\n"
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(lines.encode())))
    assert mines_main(["play", "--level", "beginner", "--seed", str(SEED), "--db", str(db)]) == 0
    out = capsys.readouterr().out
    (game_id,) = re.findall(r"Kept as game (\S+) \(", out)
    return game_id, out


def boards(out: str) -> list[str]:
    """Every board printed, as its lines from the column numbers on."""
    return re.findall(r"^  1 2 3 4 5 6 7 8 9\n(?:\d [^\n]*\n?){9}", out, re.M)


def test_every_step_is_shown_in_words_with_its_time_and_the_board_after_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "games.db"
    game_id, played = lost_game(db, monkeypatch, capsys)
    status, out, err = run(["replay", game_id, "--db", str(db), "--all"], "", monkeypatch, capsys)
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == f"Game {game_id}: beginner, seed {SEED}, a chosen seed, lost, 4 steps"
    said = [line for line in lines if line.startswith("Step ")]
    mine = re.search(r"revealed a mine at (row \d, column \d)", played)
    assert mine is not None
    steps = [
        "reveal row 5, column 5",
        *(f"{verb} {mine[1]}" for verb in ("flag", "flag", "reveal")),
    ]
    assert len(said) == 4
    for number, (line, step) in enumerate(zip(said, steps, strict=True), 1):
        assert re.fullmatch(rf"Step {number} of 4, at \d+\.\d s: {step}", line), line
    # The boards shown are those line mode showed as the game was played, the last included.
    assert boards(out)[0].count("#") == 81
    assert boards(out)[1:] == boards(played)[1:]


def test_enter_shows_the_next_step_and_q_stops(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "games.db"
    game_id, _ = lost_game(db, monkeypatch, capsys)
    status, out, _ = run(["replay", game_id, "--db", str(db)], "\nq\n", monkeypatch, capsys)
    assert status == 0
    assert "Step 1 of 4" in out and "Step 2 of 4" not in out
    assert out.count("Enter: next step, q: stop > ") == 2


def test_what_cannot_be_shown_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "games.db"
    game_id, _ = lost_game(db, monkeypatch, capsys)
    store = Store(db)
    in_play = SavedGame(
        "stillplayingXXXXXXXXXX",
        level("beginner"),
        SEED,
        moves=(TimedMove(Move.parse("r4,4"), 1.0),),
    )
    store.add_game(in_play)
    with store.transaction() as connection:
        connection.execute(
            text(
                "insert into games (id, owner, seed, counted, status, created_at, assisted, "
                "clicks, puzzle) values ('mondrianXXXXXXXXXXXXXX', '', 0, 1, 'won', 0, "
                "0, 0, 'mondrian')"
            )
        )
    store.close()
    cases = [
        (["replay", "nope"], "no game nope is kept in"),
        (["replay", "a b"], "a game id is letters, digits, '-' and '_', not 'a b'"),
        (["replay", in_play.id], f"game {in_play.id} is still being played"),
        (["replay", "mondrianXXXXXXXXXXXXXX"], "is a Mondrian Blocks result kept without its"),
    ]
    for argv, said in cases:
        status, out, err = run([*argv, "--db", str(db)], "", monkeypatch, capsys)
        assert status == 2 and out == "" and len(err.splitlines()) == 1, err
        assert err.startswith("gridpuzzles replay: error: ") and said in err
    status, out, err = run(
        ["replay", "x", "--db", str(tmp_path / "none.db")], "", monkeypatch, capsys
    )
    assert status == 2 and "no game is kept in" in err and not (tmp_path / "none.db").exists()
    # A log changed by hand: the step the rules refuse is named, and nothing is shown.
    store = Store(db)
    with store.transaction() as connection:
        connection.execute(
            text("update moves set move = 'r20,20' where game_id = :id and number = 1"),
            {"id": game_id},
        )
    store.close()
    status, out, err = run(["replay", game_id, "--db", str(db)], "", monkeypatch, capsys)
    assert status == 2 and out == ""
    assert "cannot be shown: step 2 of the log, 'r20,20', cannot be replayed" in err
