"""`mines bench`: reproducible runs, board files, JSON, processes, the density sweep, results
streamed to a file and resumed, and a Dask cluster."""

from __future__ import annotations

import fcntl
import json
import socket
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from gridpuzzles.cli.main import mines_main
from gridpuzzles.cli.minesweeper.bench_results import Record
from gridpuzzles.minesweeper.core.grid import neighbours
from gridpuzzles.minesweeper.core.settings import FirstClick, level
from gridpuzzles.minesweeper.core.view import View
from gridpuzzles.minesweeper.solving import benchmark, cluster
from gridpuzzles.minesweeper.solving.autoplay import Decision
from gridpuzzles.minesweeper.solving.benchmark import (
    Board,
    BoardFileError,
    Result,
    parse_board,
    play_board,
    random_boards,
    sign_test,
    summarize,
    wilson,
)
from gridpuzzles.minesweeper.solving.guessing import GuessRule
from gridpuzzles.minesweeper.solving.results import board_digest


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
        (["--start", "17,1"], "--start row 17, column 1 is off the board of 16 rows and 30"),
        (["--level", "beginner", "--start", "1,10"], "is off the board of 9 rows and 9 columns"),
        (["--start", "0,4"], "expected ROW,COLUMN, each a whole number from 1 to 100"),
        (["--start", "4"], "expected ROW,COLUMN"),
        (["--start", "4,4,4"], "expected ROW,COLUMN"),
        (["--start", "4,\N{ARABIC-INDIC DIGIT FOUR}"], "expected ROW,COLUMN"),
        (["--boards", "/dev/null", "--start", "1,1"], "leave out the board size and --start"),
    ],
)
def test_bad_options(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    try:
        status, _, err = bench(args, capsys)
    except SystemExit as refused:  # refused by argparse
        status, err = int(str(refused)), capsys.readouterr().err
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


# ---- results streamed to a file, resumed after a stop ----------------------------------------

BEGINNER = ["--level", "beginner", "--seed", "3", "--json"]
SAME_FIGURES = ("games", "wins", "win_rate", "ci95", "guesses_per_game")
"""The figures that do not depend on the time each game took."""


def result_lines(path: Path) -> list[dict[str, Any]]:
    """The result lines of a results file, after its header."""
    return [json.loads(line) for line in path.read_text().splitlines()[1:]]


def without_times(path: Path) -> list[dict[str, Any]]:
    return [{k: v for k, v in line.items() if k != "seconds"} for line in result_lines(path)]


def file_figures(path: Path) -> dict[str, float]:
    """The time figures of the results in a file, as `summarize` computes them."""
    s = summarize(
        Result(d["won"], d["seconds"], d["guesses"], d["moves"]) for d in result_lines(path)
    )
    return {"mean_ms": s.mean_ms, "median_ms": s.median_ms}


def test_results_stream_to_a_file_one_line_per_board(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "r.jsonl"
    status, out, err = bench([*BEGINNER, "--games", "40", "--results", str(path)], capsys)
    assert status == 0 and err == ""
    header, *_ = path.read_text().splitlines()
    run = json.loads(header)["run"]
    assert run["width"] == 9 and run["mines"] == 10 and run["seed"] == 3 and run["games"] == 40
    assert run["first_click"] == "safe" and len(run["solver"]) == 16
    lines = result_lines(path)
    assert [line["index"] for line in lines] == list(range(40))
    figures = json.loads(out)
    assert figures["wins"] == sum(line["won"] for line in lines)
    assert {k: figures[k] for k in ("mean_ms", "median_ms")} == file_figures(path)
    alone = json.loads(bench([*BEGINNER, "--games", "40"], capsys)[1])
    assert all(alone[key] == figures[key] for key in SAME_FIGURES)


def stop_after(games: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl+C while the game after ``games`` games is played."""
    played = [0]

    def stopping(*args: Any, **kwargs: Any) -> Result:
        played[0] += 1
        if played[0] > games:
            raise KeyboardInterrupt
        return play_board(*args, **kwargs)

    monkeypatch.setattr(benchmark, "play_board", stopping)


def test_a_stopped_run_resumes_where_it_stopped_with_the_same_figures(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    whole, path = tmp_path / "whole.jsonl", tmp_path / "r.jsonl"
    args = [*BEGINNER, "--games", "60", "--results"]
    uninterrupted = json.loads(bench([*args, str(whole)], capsys)[1])
    with monkeypatch.context() as patch:
        stop_after(25, patch)
        status, out, err = bench([*args, str(path)], capsys)
    assert status == 130 and out == ""
    assert err == f"mines bench: error: stopped: 25 games are in {path}, --resume goes on\n"
    assert len(result_lines(path)) == 25
    kept = path.read_bytes()
    status, out, err = bench([*args, str(path), "--resume"], capsys)
    assert status == 0 and err == f"mines bench: 25 of 60 games are in {path}\n"
    resumed = json.loads(out)
    assert path.read_bytes().startswith(kept)
    assert without_times(path) == without_times(whole)
    assert all(resumed[key] == uninterrupted[key] for key in SAME_FIGURES)
    assert {k: resumed[k] for k in ("mean_ms", "median_ms")} == file_figures(path)
    # Killed while it wrote a line: the cut line is played again, the others are kept.
    full = path.read_bytes()
    path.write_bytes(full[: full.index(b'{"index": 41') + 30])
    status, out, _ = bench([*args, str(path), "--resume"], capsys)
    assert status == 0 and without_times(path) == without_times(whole)
    assert path.read_bytes().startswith(full[: full.index(b'{"index": 41')])
    again = json.loads(out)
    assert all(again[key] == uninterrupted[key] for key in SAME_FIGURES)
    # A finished run resumed plays nothing and prints exactly the same figures.
    monkeypatch.setattr(benchmark, "play_board", None)
    assert json.loads(bench([*args, str(path), "--resume"], capsys)[1]) == again


def test_resume_starts_a_run_whose_file_is_missing_or_was_stopped_in_its_header(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "r.jsonl"
    args = [*BEGINNER, "--games", "5", "--results", str(path), "--resume"]
    assert bench(args, capsys)[0] == 0 and len(result_lines(path)) == 5
    path.write_text('{"format": "gridpuzzles mines')
    assert bench(args, capsys)[0] == 0 and len(result_lines(path)) == 5


def test_a_boards_file_run_resumes_and_lists_every_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    boards, path = tmp_path / "boards.jsonl", tmp_path / "r.jsonl"
    boards.write_text("".join(b.to_json() + "\n" for b in random_boards(level("beginner"), 8, 6)))
    args = ["--boards", str(boards), "--json", "--results", str(path)]
    listed = json.loads(bench(args, capsys)[1])["results"]
    path.write_text("\n".join(path.read_text().splitlines()[:4]) + "\n")
    assert json.loads(bench([*args, "--resume"], capsys)[1])["results"] == listed
    boards.write_text(boards.read_text().replace('"start": 0', '"start": 80', 1))
    status, _, err = bench([*args, "--resume"], capsys)
    assert status == 2 and "holds another run (boards file " in err


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (["--seed", "4"], "holds another run (seed 3 there, seed 4 here)"),
        (["--games", "9"], "(games 8 there, games 9 here)"),
        (["--first-click", "opening"], "(first click safe there, first click opening here)"),
        (["--level", "intermediate"], "(width 9 there, width 16 here)"),
        (["--start", "2,2"], "(no start there, start 2,2 here)"),
    ],
)
def test_a_resume_of_another_run_is_refused_and_changes_nothing(
    change: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "r.jsonl"
    args = ["--level", "beginner", "--seed", "3", "--games", "8", "--results", str(path)]
    assert bench(args, capsys)[0] == 0
    path.write_bytes(path.read_bytes()[:-20])
    before = path.read_bytes()
    status, out, err = bench([*args, *change, "--resume"], capsys)
    assert status == 2 and out == "" and err.count("\n") == 1
    assert err.startswith(f"mines bench: error: {path} ") and message in err
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("", None),
        ("not a results file\n", "is not a results file of mines bench"),
        ("HEADER\n{}\n", "line 2 is not a result line"),
        (
            'HEADER\n{"index": 1, "board": "b", "won": true, "seconds": 0.1, "guesses": 0, '
            '"moves": 1}\n',
            "line 2 should hold board 0, not 1",
        ),
        ("HEADER\n" + "x" * 2000 + "\n", "line 2 is longer than 1024 bytes"),
        ("HEADER\n\xff\n", "line 2 is not UTF-8 text"),
    ],
)
def test_a_file_that_is_not_the_run_s_results_is_refused(
    content: str, message: str | None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "r.jsonl"
    args = [*BEGINNER, "--games", "3", "--results", str(path)]
    assert bench(args, capsys)[0] == 0
    header = path.read_bytes().split(b"\n")[0]
    path.write_bytes(content.encode("latin-1").replace(b"HEADER", header))
    status, _, err = bench([*args, "--resume"], capsys)
    if message is None:  # an empty file: nothing was played yet
        assert status == 0 and len(result_lines(path)) == 3
    else:
        assert status == 2 and message in err and err.count("\n") == 1


def test_a_results_file_that_another_run_writes_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "r.jsonl"
    args = [*BEGINNER, "--games", "3", "--results", str(path)]
    assert bench(args, capsys)[0] == 0
    before = path.read_bytes()
    with path.open("r+b") as held:
        fcntl.flock(held.fileno(), fcntl.LOCK_EX)
        status, out, err = bench([*args, "--resume"], capsys)
    assert status == 2 and out == "" and err.count("\n") == 1
    assert f"--results {path} is being written by another mines bench run" in err
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--resume"], "--resume needs --results FILE"),
        (
            ["--results", "{tmp}/r.jsonl", "--sweep", "--width", "5", "--height", "5"],
            "--results records one run: leave out --sweep",
        ),
        (["--games", "2000000"], "more than 1,000,000 --games need --results FILE"),
        (
            ["--games", "10000001", "--results", "{tmp}/r.jsonl"],
            "--games must be a whole number from 1 to 10,000,000, not 10000001",
        ),
        (["--results", "{tmp}/no/r.jsonl"], "there is no folder"),
        (["--results", "{tmp}"], "is a folder, not a file"),
        (["--results", "{tmp}/old.jsonl"], "exists: add --resume to go on with its run"),
        (
            ["--jobs", "2", "--cluster", "tcp://127.0.0.1:8786"],
            "argument --cluster: not allowed with argument --jobs",
        ),
    ],
)
def test_bad_results_and_cluster_options(
    args: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "old.jsonl").write_text("kept\n")
    try:
        status, out, err = bench([a.replace("{tmp}", str(tmp_path)) for a in args], capsys)
    except SystemExit as refused:  # refused by argparse
        status, (out, err) = int(str(refused)), capsys.readouterr()
    assert status == 2 and out == "" and err.count("\n") == 1 and message in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.jsonl"]
    assert (tmp_path / "old.jsonl").read_text() == "kept\n"


# ---- a Dask cluster --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def cluster_address() -> Iterator[str]:
    """The scheduler of a cluster of two worker processes of one thread each, on loopback."""
    from distributed import LocalCluster

    with LocalCluster(  # type: ignore[no-untyped-call]
        n_workers=2,
        processes=True,
        threads_per_worker=1,
        host="127.0.0.1",
        dashboard_address=":0",
    ) as local:
        yield str(local.scheduler_address)


def test_a_cluster_of_two_workers_plays_as_two_processes(
    cluster_address: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    jobs, on_cluster = tmp_path / "jobs.jsonl", tmp_path / "cluster.jsonl"
    args = ["--level", "beginner", "--games", "300", "--seed", "11", "--json", "--results"]
    status, out, _ = bench([*args, str(jobs), "--jobs", "2"], capsys)
    by_jobs = json.loads(out)
    status, out, err = bench([*args, str(on_cluster), "--cluster", cluster_address], capsys)
    assert status == 0 and err == ""
    by_cluster = json.loads(out)
    assert without_times(on_cluster) == without_times(jobs) and len(result_lines(jobs)) == 300
    assert all(by_cluster[key] == by_jobs[key] for key in SAME_FIGURES)
    assert {k: by_cluster[k] for k in ("mean_ms", "median_ms")} == file_figures(on_cluster)
    assert on_cluster.read_text().split("\n")[0] == jobs.read_text().split("\n")[0]


def test_a_worker_with_another_solver_is_refused(
    cluster_address: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cluster, "solver_fingerprint", lambda: "0" * 16)
    status, out, err = bench(["--level", "beginner", "--cluster", cluster_address], capsys)
    assert status == 2 and out == "" and err.count("\n") == 1
    assert "the worker at tcp://127.0.0.1:" in err and "runs another version of the solver" in err


def test_a_cluster_lost_during_the_run_is_one_line_and_the_run_resumes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from distributed import LocalCluster

    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 2)
    local = LocalCluster(  # type: ignore[no-untyped-call]
        n_workers=1, processes=True, threads_per_worker=1, host="127.0.0.1", dashboard_address=":0"
    )
    add = Record.add

    def add_then_lose(record: Record, boards: list[Board], results: list[Result]) -> None:
        add(record, boards, results)
        local.close()

    path, whole = tmp_path / "r.jsonl", tmp_path / "whole.jsonl"
    args = [*BEGINNER, "--games", "120", "--results"]
    with monkeypatch.context() as patch, local:
        patch.setattr(Record, "add", add_then_lose)
        status, out, err = bench([*args, str(path), "--cluster", local.scheduler_address], capsys)
    assert status == 1 and out == "" and err.count("\n") == 1
    assert err.startswith(
        f"mines bench: error: lost the Dask scheduler at {local.scheduler_address}"
    )
    done = len(result_lines(path))
    assert 0 < done < 120 and err.endswith(f": {done} games are in {path}, --resume goes on\n")
    resumed = json.loads(bench([*args, str(path), "--resume", "--jobs", "2"], capsys)[1])
    uninterrupted = json.loads(bench([*args, str(whole)], capsys)[1])
    assert without_times(path) == without_times(whole)
    assert all(resumed[key] == uninterrupted[key] for key in SAME_FIGURES)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.mark.parametrize(
    ("address", "message"),
    [
        (
            "tcp://127.0.0.1:{port}",
            "cannot reach a Dask scheduler at tcp://127.0.0.1:{port} within 1 s",
        ),
        ("nowhere", "--cluster nowhere: missing port number"),
        ("tcp://a b:1", "--cluster takes a scheduler address such as tcp://HOST:8786"),
        ("inproc://", "--cluster takes a scheduler address such as tcp://HOST:8786"),
    ],
)
def test_a_cluster_that_cannot_be_reached_is_one_line(
    address: str,
    message: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 1)
    port = str(free_port())
    path = tmp_path / "r.jsonl"
    status, out, err = bench(
        ["--cluster", address.replace("{port}", port), "--results", str(path)], capsys
    )
    assert status == 2 and out == "" and err.count("\n") == 1
    assert message.replace("{port}", port) in err
    assert not path.exists()


def test_a_cluster_without_dask_says_what_to_install(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)
    path = tmp_path / "r.jsonl"
    status, out, err = bench(["--cluster", "tcp://127.0.0.1:8786", "--results", str(path)], capsys)
    assert status == 2 and out == "" and err.count("\n") == 1
    assert "--cluster needs Dask: install gridpuzzles[cluster]" in err
    assert not path.exists()


def test_start_puts_every_first_click_on_its_cell_and_names_it_in_the_results(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "r.jsonl"
    args = ["--first-click", "opening", "--seed", "5", "--games", "6", "--start", "4,5"]
    status, out, err = bench([*args, "--results", str(path)], capsys)
    assert status == 0 and err == ""
    assert "first click opening, 6 games, seed 5, first click at row 4, column 5" in out
    assert json.loads(path.read_text().splitlines()[0])["run"]["start"] == "4,5"
    config = level("expert", FirstClick.OPENING)
    boards = random_boards(config, 6, 5, start=(3, 4))
    assert {board.start for board in boards} == {3 * 30 + 4}
    for board in boards:
        around = [board.start, *neighbours(30, 16, board.start)]
        assert not any(board.layout.is_mine(cell) for cell in around)
    assert [line["board"] for line in result_lines(path)] == [board_digest(b) for b in boards]
    default = random_boards(config, 6, 5)
    assert {board.start for board in default} == {2 * 30 + 2}


def test_without_start_the_boards_are_those_of_the_auto_players_first_click() -> None:
    config = level("beginner", FirstClick.SAFE)
    assert random_boards(config, 5, 9) == random_boards(config, 5, 9, start=(0, 0))
