"""`mines bench`: reproducible runs, board files, JSON, processes and the density sweep."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gridpuzzles.cli.main import mines_main
from gridpuzzles.minesweeper.core.settings import level
from gridpuzzles.minesweeper.core.view import View
from gridpuzzles.minesweeper.solving.autoplay import Decision
from gridpuzzles.minesweeper.solving.benchmark import (
    Board,
    BoardFileError,
    Result,
    parse_board,
    play_board,
    random_boards,
    sign_test,
    wilson,
)
from gridpuzzles.minesweeper.solving.guessing import GuessRule


def bench(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = mines_main(["bench", *args])
    out = capsys.readouterr()
    return status, out.out, out.err


def test_text_figures(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = bench(["--level", "beginner", "--games", "10", "--seed", "1"], capsys)
    assert status == 0 and err == ""  # no progress bar: stderr is not a terminal
    lines = out.splitlines()
    assert lines[0] == "beginner (9x9, 10 mines), first click safe, 10 games, seed 1"
    assert lines[1].startswith("won ") and "(95% CI " in lines[1]
    assert lines[2].startswith("time per game: mean ") and "median" in lines[2]
    assert lines[3].startswith("guesses per game: ")


def test_json_is_reproducible_and_the_same_with_two_processes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["--level", "beginner", "--games", "12", "--seed", "4", "--json"]
    one = json.loads(bench(args, capsys)[1])
    two = json.loads(bench([*args, "--jobs", "2"], capsys)[1])
    again = json.loads(bench(args, capsys)[1])
    for key in ("games", "wins", "win_rate", "ci95", "guesses_per_game"):
        assert one[key] == two[key] == again[key]
    assert one["games"] == 12 and 0 <= one["ci95"][0] <= one["win_rate"] <= one["ci95"][1]


def test_boards_file_lists_each_result_in_order(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    boards = random_boards(level("beginner"), 6, seed=2)
    # A board won by logic (the 1 at cell 1 leaves cell 2 as the only mine) and six random ones.
    won = Board(parse_board('{"w": 3, "h": 1, "mines": [2], "start": 0}').layout, 0)
    path = tmp_path / "boards.jsonl"
    path.write_text("\n".join([won.to_json(), *(b.to_json() for b in boards)]) + "\n")
    status, out, _ = bench(["--boards", str(path), "--json"], capsys)
    data = json.loads(out)
    assert status == 0
    assert len(data["results"]) == 7 and data["results"][0] == "won"
    assert set(data["results"]) <= {"won", "lost"}
    assert data["wins"] == data["results"].count("won")
    status, again, _ = bench(["--boards", str(path), "--json", "--jobs", "2"], capsys)
    assert json.loads(again)["results"] == data["results"]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("not json", "not JSON"),
        ('{"w": 3, "h": 1, "mines": [2]}', 'keys "w", "h", "mines", "start"'),
        ('{"w": 3, "h": 1, "mines": [3], "start": 0}', "cell indices from 0 to 2"),
        ('{"w": 3, "h": 1, "mines": [1, 1], "start": 0}', "lists a cell twice"),
        ('{"w": 3, "h": 1, "mines": [0], "start": 0}', '"start" 0 is a mine'),
        ('{"w": 0, "h": 1, "mines": [], "start": 0}', "whole numbers from 1 to 100"),
    ],
)
def test_bad_board_lines(
    line: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(BoardFileError, match=message):
        parse_board(line)
    path = tmp_path / "bad.jsonl"
    path.write_text(line + "\n")
    status, out, err = bench(["--boards", str(path)], capsys)
    assert status == 2 and out == ""
    assert "mines bench: error: boards line 1" in err and err.count("\n") == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--games", "0"], "--games must be a whole number from 1 to 1,000,000, not 0"),
        (["--jobs", "0"], "--jobs must be a whole number from 1 to 64, not 0"),
        (["--level", "expert", "--width", "9"], "either --level or a custom size"),
        (["--width", "9"], "a custom board needs --width, --height and either --mines"),
        (["--width", "3", "--height", "3", "--mines", "9"], "9 mines do not fit"),
        (["--sweep", "--densities", "0.3:0.1:0.1", "--level", "beginner"], "FROM <= TO"),
        (["--boards", "/nonexistent/boards.jsonl"], "cannot read"),
    ],
)
def test_bad_options(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = bench(args, capsys)
    assert status == 2
    assert message in err and err.count("\n") == 1


def test_no_guess_boards_are_all_won(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = bench(["--level", "beginner", "--no-guess", "--games", "8", "--json"], capsys)
    data = json.loads(out)
    assert status == 0 and data["wins"] == 8 and data["guesses_per_game"] == 0


def test_sweep_writes_a_png(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out_file = tmp_path / "sweep.png"
    status, out, _ = bench(
        [
            "--sweep",
            "--width",
            "8",
            "--height",
            "8",
            "--densities",
            "0.1:0.2:0.05",
            "--games",
            "4",
            "--out",
            str(out_file),
        ],
        capsys,
    )
    assert status == 0
    assert out_file.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert out.count("density ") == 3 and f"plot written to {out_file}" in out


def test_wilson_interval() -> None:
    low, high = wilson(41, 100)
    assert 0.31 < low < 0.41 < high < 0.51
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)


def test_sign_test_counts_the_boards_whose_outcome_changed() -> None:
    before = [True, True, False, False, True]
    after = [True, False, True, True, True]
    gained, lost, z = sign_test(before, after)
    assert (gained, lost) == (2, 1) and z == pytest.approx(1 / 3**0.5)
    assert sign_test([True], [True]) == (0, 0, 0.0)


def test_a_forced_reveal_is_played_before_the_auto_player() -> None:
    # 3x1, a mine at the right end, start at the left end (it shows 0 and opens the middle).
    board = parse_board('{"w": 3, "h": 1, "mines": [2], "start": 0}')
    assert play_board(board).won
    assert not play_board(board, then=(2,)).won
    assert play_board(board, then=(1,)).won


def played_with_guesses(board: Board) -> tuple[Result, list[tuple[View, Decision]]]:
    shown: list[tuple[View, Decision]] = []
    result = play_board(board, on_guess=lambda view, decision: shown.append((view, decision)))
    return result, shown


def test_each_guess_is_shown_before_it_is_played() -> None:
    boards = random_boards(level("intermediate"), 12, seed=5)
    rules = set()
    for board in boards:
        result, shown = played_with_guesses(board)
        assert len(shown) == result.guesses
        for view, decision in shown:
            move = decision.moves[0]
            assert decision.guess and decision.rule is not None
            rules.add(decision.rule)
            assert view.cells[move.row * view.width + move.col] == "#"
        if not result.won:
            # A game is lost on a guess: certain cells are safe. The last guess hit a mine.
            move = shown[-1][1].moves[0]
            assert board.layout.mines[move.row * board.layout.width + move.col]
    assert GuessRule.SCORED in rules and any(not play_board(b).won for b in boards)
