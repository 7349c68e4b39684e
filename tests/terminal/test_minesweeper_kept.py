"""Line-mode Minesweeper keeps every game, with every step and its time, in the store the
other shells use (`--db`, or the default database); `--no-keep` keeps none."""

from __future__ import annotations

import io
import random
import re
import time
from pathlib import Path

import pytest

from gridpuzzles.cli.main import mines_main
from gridpuzzles.minesweeper import Move, Status, level, new_game, play
from gridpuzzles.minesweeper.core.settings import PLAY_FIRST_CLICK
from gridpuzzles.storage import ABANDONED, Store
from gridpuzzles.storage.location import default_db
from tests.minesweeper.boards import winning_reveals

SEED = 11
"""The seed a session is given: of its first game (chosen: in no statistics), and of the
seeds of the games after it (`COUNTED`)."""
COUNTED = random.Random(SEED).randrange(2**32)
"""The seed of the session's second game, drawn from `SEED`: not chosen, so it counts."""
BEGINNER = level("beginner", PLAY_FIRST_CLICK)


def mines(argv: list[str], lines: list[str], monkeypatch: pytest.MonkeyPatch) -> str:
    """`mines play ARGV` on a beginner board of `SEED`, given ``lines``: what it printed."""
    stdin = io.TextIOWrapper(io.BytesIO("".join(f"{line}\n" for line in lines).encode()))
    monkeypatch.setattr("sys.stdin", stdin)
    out = io.StringIO()
    monkeypatch.setattr("sys.stdout", out)
    assert mines_main(["play", "--level", "beginner", *argv]) == 0
    return out.getvalue()


def kept_id(out: str) -> str:
    found: list[str] = re.findall(r"Kept as game (\S+?)[ :]", out)
    assert len(found) == 1, out
    return found[0]


def a_mine(seed: int) -> tuple[int, int]:
    """A mine of the beginner board of ``seed`` once its centre is opened."""
    game = play(new_game(BEGINNER, seed), Move.parse("r4,4"))
    assert game.layout is not None
    index = next(i for i in range(81) if game.layout.is_mine(i))
    return divmod(index, 9)


def test_a_lost_game_is_kept_with_every_step_and_its_result(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "games.db"
    row, col = a_mine(COUNTED)
    lines = ["n", "r 5 5", f"r {row + 1} {col + 1}", "n"]  # (the first game is not started)
    out = mines(["--db", str(db), "--seed", str(SEED)], lines, monkeypatch)
    game_id = kept_id(out)
    assert "(a chosen seed: not in the statistics)" not in out
    store = Store(db)
    try:
        saved = store.load_game(game_id)
        assert saved is not None and saved.owner == "terminal" and saved.counted
        assert [timed.text for timed in saved.moves] == ["r4,4", f"r{row},{col}"]
        assert saved.replay().status is Status.LOST and saved.replay().exploded == row * 9 + col
        assert [game.id for game in store.minesweeper_history()] == [game_id]
        (record,) = store.minesweeper_records()
        assert (record.played, record.won) == (1, 0)
    finally:
        store.close()


def test_a_chosen_seed_is_kept_but_not_counted_and_a_won_game_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "games.db"
    reveals = winning_reveals(new_game(BEGINNER, SEED), (4, 4))
    typed = [f"r {r + 1} {c + 1}" for r, c in reveals]
    out = mines(["--db", str(db), "--seed", str(SEED)], [*typed, "n"], monkeypatch)
    assert "You won" in out and "(a chosen seed: not in the statistics)" in out
    store = Store(db)
    try:
        saved = store.load_game(kept_id(out))
        assert saved is not None and not saved.counted and saved.seed == SEED
        assert saved.replay().status is Status.WON and len(saved.moves) == len(reveals)
        assert [t.at for t in saved.moves] == sorted(t.at for t in saved.moves)
        assert store.minesweeper_history() == []  # a chosen seed is in no statistics
    finally:
        store.close()


def test_a_game_left_is_kept_as_a_loss_and_the_undo_of_a_mine_plays_on_in_the_store(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "games.db"
    row, col = a_mine(SEED)
    lines = ["r 5 5", f"r {row + 1} {col + 1}", "u", "h", "q", "y"]
    out = mines(["--db", str(db), "--seed", str(SEED)], lines, monkeypatch)
    assert "The mine is undone" in out
    store = Store(db)
    try:
        saved = store.load_game(kept_id(out))
        assert saved is not None and saved.left and saved.assisted
        assert [timed.text for timed in saved.moves] == ["r4,4", f"r{row},{col}", "undo"]
        assert saved.replay().status is Status.PLAYING  # left while in play: abandoned
        with store.transaction(writing=False) as db_:
            from sqlalchemy import text

            status = db_.execute(text("select status from games")).scalar_one()
        assert status == ABANDONED
    finally:
        store.close()


def test_a_game_is_kept_with_the_times_of_the_epoch_as_every_shell_keeps_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "games.db"
    before = time.time()
    out = mines(["--db", str(db), "--seed", str(SEED)], ["r 5 5", "q", "y"], monkeypatch)
    assert "Leave this game?" in out
    store = Store(db)
    try:
        with store.transaction(writing=False) as connection:
            from sqlalchemy import text

            ((game_id, created_at),) = connection.execute(text("select id, created_at from games"))
        saved = store.load_game(game_id)
        assert saved is not None
        assert before <= created_at <= saved.moves[0].at <= time.time()
    finally:
        store.close()


def test_the_default_database_keeps_them_and_no_keep_keeps_none(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    row, col = a_mine(SEED)
    lines = ["r 5 5", f"r {row + 1} {col + 1}", "n"]
    before = default_db().stat().st_size if default_db().exists() else 0
    out = mines(["--no-keep", "--seed", str(SEED)], lines, monkeypatch)
    assert "Boom!" in out and "Kept as game" not in out
    assert (default_db().stat().st_size if default_db().exists() else 0) == before
    out = mines(["--seed", str(SEED)], lines, monkeypatch)
    store = Store(default_db())
    try:
        assert store.load_game(kept_id(out)) is not None
    finally:
        store.close()


def test_a_database_that_cannot_be_opened_is_one_line_before_any_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"r 5 5\n")))
    assert mines_main(["play", "--level", "beginner", "--db", str(tmp_path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    (line,) = captured.err.splitlines()
    assert line.startswith(f"mines play: error: cannot open the database {tmp_path}")
    assert line.endswith("(--no-keep plays without keeping the games)")


def test_a_hint_is_kept_as_a_help_step_once_and_none_before_the_first_reveal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "games.db"
    row, col = a_mine(COUNTED)
    lines = ["n", "h", "r 5 5", "h", "h", f"r {row + 1} {col + 1}", "n"]
    game_id = kept_id(mines(["--db", str(db), "--seed", str(SEED)], lines, monkeypatch))
    store = Store(db)
    try:
        saved = store.load_game(game_id)
        assert saved is not None and saved.assisted
        assert [timed.text for timed in saved.moves] == ["r4,4", "help", f"r{row},{col}"]
        (record,) = store.minesweeper_records()
        assert (record.played, record.assisted_played) == (0, 1)
    finally:
        store.close()
