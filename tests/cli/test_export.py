"""`gridpuzzles export ID --format evf|rawvf -o FILE`: a kept Minesweeper game written as a video
file, and every game, format or file it cannot write refused in one line."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import ms_toollib as ms
import pytest

from gridpuzzles.cli.main import main
from gridpuzzles.history import Rewind
from gridpuzzles.minesweeper import level
from gridpuzzles.storage import SavedGame, Store, TimedMove
from tests.midend.test_videos import STYLE, kept
from tests.minesweeper.core.test_statistics import toollib_board


def keep_won(db: Path) -> tuple[str, list[list[int]]]:
    """A game won, kept in ``db``: its id and its board as ms-toollib reads one."""
    saved, _, layout = kept(level("beginner"), 0, replace(STYLE, flag=0.0))
    keep(db, saved)
    return saved.id, toollib_board(layout)


def keep(db: Path, *games: SavedGame) -> None:
    store = Store(db)
    try:
        for game in games:
            store.add_game(game)
    finally:
        store.close()


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    out = capsys.readouterr()
    return status, out.out, out.err


def test_a_won_game_is_written_as_evf_and_as_rawvf(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "games.db"
    game_id, board = keep_won(db)
    target = tmp_path / "game.evf"
    status, out, err = run(
        ["export", game_id, "--format", "evf", "-o", str(target), "--db", str(db)], capsys
    )
    assert (status, err) == (0, "")
    assert out == f"Game {game_id} written to {target} as EVF ({target.stat().st_size} bytes)\n"
    video = ms.EvfVideo(raw_data=list(target.read_bytes()))
    video.parse()
    video.analyse()
    assert video.board == board and video.is_completed
    monkeypatch.chdir(tmp_path)  # without -o: gridpuzzles-ID.rawvf here
    status, out, err = run(["export", game_id, "--format", "rawvf", "--db", str(db)], capsys)
    written = tmp_path / f"gridpuzzles-{game_id}.rawvf"
    assert (status, err) == (0, "") and written.read_text().startswith("RawVF_Version: Rev6\n")


def test_an_unknown_game_a_game_in_play_and_one_with_an_undo_are_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "games.db"
    keep_won(db)
    target = tmp_path / "game.evf"
    argv = ["--format", "evf", "-o", str(target), "--db", str(db)]
    status, out, err = run(["export", "nosuchgame", *argv], capsys)
    assert (status, out) == (2, "")
    assert err == f"gridpuzzles export: error: no game nosuchgame is kept in {db}\n"
    saved, _, _ = kept(level("beginner"), 1)
    first, second, *rest = saved.moves
    in_play = replace(saved, id="inplay", moves=(first,))
    undo, redo = TimedMove(Rewind.UNDO, second.at), TimedMove(Rewind.REDO, second.at)
    undone = replace(saved, id="undone", moves=(first, second, undo, redo, *rest))
    keep(db, in_play, undone)
    status, out, err = run(["export", "inplay", *argv], capsys)
    assert (status, out) == (2, "")
    assert (
        err
        == "gridpuzzles export: error: game inplay is still being played: watch it once it ends\n"
    )
    status, out, err = run(["export", "undone", *argv], capsys)
    assert (status, out) == (2, "")
    assert err == "gridpuzzles export: error: game undone had an undo, which a video cannot show\n"
    assert not target.exists()


def test_a_bad_format_and_a_file_that_cannot_be_written_are_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "games.db"
    game_id, _ = keep_won(db)
    with pytest.raises(SystemExit) as exited:
        main(["export", game_id, "--format", "avf", "--db", str(db)])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "argument --format: invalid choice: 'avf'" in err
    nowhere = tmp_path / "no such folder" / "game.evf"
    status, out, err = run(
        ["export", game_id, "--format", "evf", "-o", str(nowhere), "--db", str(db)], capsys
    )
    assert (status, out) == (1, "")
    assert err == f"gridpuzzles export: error: cannot write {nowhere}: No such file or directory\n"
