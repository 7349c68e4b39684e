"""`mines play --board FILE`: a line-mode game on the mines of an MBF board (the first click
may hit one), kept with its mines but not counted, and watched again with `gridpuzzles
replay`; `mines analyze --write-mbf FILE`: the board of a position whose mines are known,
which `mines play --board` then plays. Whatever cannot be done is refused in one line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gridpuzzles.minesweeper import Layout, Status
from gridpuzzles.minesweeper.core.exchange import format_mbf, parse_mbf
from gridpuzzles.storage import Store
from tests.cli.test_replay import run

LEFT_MINE = Layout.from_cells(3, 1, [0])
"""A 3x1 board, its mine in column 1."""


def board_file(tmp_path: Path, layout: Layout = LEFT_MINE) -> Path:
    path = tmp_path / "board.mbf"
    path.write_bytes(format_mbf(layout))
    return path


def kept_id(out: str) -> str:
    (game_id,) = re.findall(r"Kept as game (\S+) \(a chosen board: not in the statistics\)", out)
    return str(game_id)


def test_a_board_is_played_as_given_the_first_click_may_hit_a_mine(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "games.db"
    argv = ["mines", "play", "--board", str(board_file(tmp_path)), "--db", str(db)]
    status, out, err = run(argv, "r 1 1\nn\n", monkeypatch, capsys)
    assert (status, err) == (0, "")
    assert "The board given: 3x1, 1 mine." in out
    game_id = kept_id(out)
    saved = Store(db).load_game(game_id)
    assert saved is not None
    assert (saved.layout, saved.counted) == (LEFT_MINE, False)
    assert saved.play().state.status is Status.LOST  # no first click kept safe
    replay = ["replay", "--all", "--no-review", "--db", str(db), game_id]
    status, out, err = run(replay, "", monkeypatch, capsys)
    assert (status, err) == (0, "")
    assert "Step 1 of 1" in out  # watchable again, from its mines


def test_a_board_won_is_kept_and_not_counted_in_the_statistics(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "games.db"
    argv = ["mines", "play", "--board", str(board_file(tmp_path)), "--db", str(db)]
    status, out, _ = run(argv, "r 1 3\nn\n", monkeypatch, capsys)
    assert status == 0 and "You won" in out
    saved = Store(db).load_game(kept_id(out))
    assert saved is not None and saved.play().state.status is Status.WON
    _, stats, _ = run(["stats", "--db", str(db)], "", monkeypatch, capsys)
    assert "no game finished yet" in stats


@pytest.mark.parametrize(
    ("extra", "stdin_board", "words"),
    [
        (["--seed", "3"], False, "--board gives the board and its rules: it cannot go with --seed"),
        (["--level", "beginner"], False, "it cannot go with --level"),
        (["--no-guess"], False, "it cannot go with --no-guess"),
        (["--tui"], False, "--board plays in line mode: it cannot go with --tui"),
        ([], True, "--board takes a file name: standard input holds the commands"),
    ],
)
def test_what_a_board_cannot_go_with_is_refused_in_one_line(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    extra: list[str],
    stdin_board: bool,
    words: str,
) -> None:
    board = "-" if stdin_board else str(board_file(tmp_path))
    status, out, err = run(["mines", "play", "--board", board, *extra], "", monkeypatch, capsys)
    assert (status, out) == (2, "")
    assert err.startswith("mines play: error: ") and err.count("\n") == 1 and words in err


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"3x1x1\nHHH\n", "is a .mine position, which holds no mines: --board takes an MBF board"),
        (bytes([3, 1, 0, 2, 0, 0]), "the MBF header says 2 mines"),
        (bytes([200, 1, 0, 0]), "the board width must be from 1 to"),
    ],
)
def test_a_file_that_is_no_playable_board_is_refused_in_one_line(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    content: bytes,
    words: str,
) -> None:
    path = tmp_path / "board.mbf"
    path.write_bytes(content)
    status, out, err = run(["mines", "play", "--board", str(path)], "", monkeypatch, capsys)
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and words in err


def test_a_settled_position_writes_its_board_which_plays_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    position = tmp_path / "won.mine"
    position.write_text("3x3x1\n1F1\n111\n000\n")  # every hidden cell settled: the flag a mine
    written = tmp_path / "out.mbf"
    argv = ["mines", "analyze", str(position), "--write-mbf", str(written)]
    status, _, err = run(argv, "", monkeypatch, capsys)
    assert (status, err) == (0, "")
    assert parse_mbf(written.read_bytes()) == Layout.from_cells(3, 3, [1])
    argv = ["mines", "play", "--board", str(written), "--no-keep"]
    status, out, _ = run(argv, "r 1 1\nn\n", monkeypatch, capsys)
    assert status == 0 and "The board given: 3x3, 1 mine." in out


def test_an_mbf_board_analysed_writes_the_same_board(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    written = tmp_path / "copy.mbf"
    board = board_file(tmp_path)
    status, _, err = run(
        ["mines", "analyze", str(board), "--write-mbf", str(written)], "", monkeypatch, capsys
    )
    assert (status, err) == (0, "")
    assert written.read_bytes() == board.read_bytes()


def test_a_position_whose_mines_are_unknown_writes_no_board(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    position = tmp_path / "open.mine"
    position.write_text("3x1x1\nHHH\n")
    written = tmp_path / "out.mbf"
    argv = ["mines", "analyze", str(position), "--write-mbf", str(written)]
    status, out, err = run(argv, "", monkeypatch, capsys)
    assert (status, out) == (2, "")
    assert err == (
        "mines analyze: error: --write-mbf needs the position's mines, but 3 hidden cells may "
        "or may not be mines: give an MBF board, or a position that settles every cell\n"
    )
    assert not written.exists()
