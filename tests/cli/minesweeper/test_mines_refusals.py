"""Bad and oversized input to `mines play`, `mines analyze` and `mines bench`: one line on
stderr that names what was wrong and the bound, status 2 (1 only for an inconsistent view or
a position beyond the auto-player), no traceback, no work done and nothing written.

The commands run in this process through `mines_main`, their standard input given as bytes
(decoded on read, as a real pipe is); a few run as real processes."""

from __future__ import annotations

import io
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gridpuzzles.bounds import MAX_SEED
from gridpuzzles.cli.main import mines_main
from gridpuzzles.cli.minesweeper import analyze as mines_analyze
from gridpuzzles.cli.minesweeper import bench as mines_bench
from gridpuzzles.cli.minesweeper.analyze import MAX_VIEW_BYTES, MAX_VIEW_CELLS
from gridpuzzles.minesweeper import (
    Config,
    Layout,
    format_view,
    level,
    view,
)
from gridpuzzles.minesweeper.core.placement import place_mines
from gridpuzzles.minesweeper.solving import benchmark
from gridpuzzles.minesweeper.solving.autoplay import next_move
from gridpuzzles.minesweeper.solving.probabilities import SolverLimitError
from gridpuzzles.terminal.console import Console
from gridpuzzles.terminal.minesweeper import Rules, Session, play
from tests.minesweeper.boards import striped_game

BIN = Path(sys.executable).parent


def mines(
    argv: list[str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    stdin: bytes = b"",
) -> tuple[int, str, str]:
    """Run `mines ARGV` in this process: its status, stdout and stderr."""
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"))
    try:
        status = mines_main(argv)
    except SystemExit as leaving:
        status = leaving.code if isinstance(leaving.code, int) else 2
    out = capsys.readouterr()
    return status, out.out, out.err


def assert_refused(err: str, command: str, *needles: str) -> None:
    """One line on stderr, from ``command``, that says each of ``needles``."""
    assert "Traceback" not in err
    assert err.startswith(f"mines {command}: error: ") and err.count("\n") == 1, err
    for needle in needles:
        assert needle in err, err


def assert_usage_error(status: int, err: str, needle: str) -> None:
    """An option argparse refused: status 2, its usage and one line of error, no traceback."""
    assert status == 2 and "Traceback" not in err
    assert needle in err.splitlines()[-1], err


@pytest.fixture
def no_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any game played fails the test: refusals come before any work."""

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("a game was played")

    monkeypatch.setattr(mines_bench, "result_chunks", refuse)
    monkeypatch.setattr(mines_bench, "plot_sweep", refuse)


# ---- mines play ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (
            ["--width", "101", "--height", "5", "--mines", "3"],
            "width must be from 1 to 100, not 101",
        ),
        (
            ["--width", "100000", "--height", "100000", "--density", "0.2"],
            "width must be from 1 to 100, not 100000",
        ),
        (
            ["--width", "5", "--height", "1" + "0" * 30, "--mines", "3"],
            "height must be from 1 to 100",
        ),
        (["--width", "5", "--height", "5", "--mines", "-1"], "mine count cannot be negative (-1)"),
        (["--width", "5", "--height", "5", "--mines", "26"], "26 mines do not fit a 5x5 board"),
        (["--width", "60", "--height", "60", "--mines", "9", "--no-guess"], "at most 2,500 cells"),
        (
            ["--width", "50", "--height", "50", "--mines", "751", "--no-guess"],
            "no-guess boards hold at most 30% mines: at most 750 on 50x50, not 751",
        ),
        (
            ["--level", "beginner", "--seed", str(MAX_SEED + 1)],
            "--seed must be a whole number from 0",
        ),
        (["--level", "beginner", "--seed", "-1"], "from 0 to 9223372036854775807"),
    ],
)
def test_play_refuses_bad_boards_and_seeds_in_one_line(
    args: list[str],
    needle: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    status, out, err = mines(["play", *args], capsys, monkeypatch, b"r 0 0\n")
    assert status == 2 and out == ""
    assert_refused(err, "play", needle)


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--seed", "\u0663"], "argument --seed: expected a whole number"),
        (
            ["--seed", "9" * 5000],
            "argument --seed: expected a whole number (at most 40 digits 0-9)",
        ),
        (["--width", "\u00b2", "--height", "5", "--mines", "1"], "argument --width"),
        (
            ["--width", "5", "--height", "5", "--density", "nan"],
            "argument --density: expected a number",
        ),
        (["--width", "5", "--height", "5", "--density", "\u0660.\u0661"], "argument --density"),
    ],
)
def test_play_options_take_ascii_digits_only(
    args: list[str],
    needle: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    status, _, err = mines(["play", *args], capsys, monkeypatch)
    assert_usage_error(status, err, needle)


def test_the_largest_seed_is_played_and_shown_exactly(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["play", "--level", "beginner", "--seed", str(MAX_SEED)]
    status, out, err = mines(argv, capsys, monkeypatch, b"r 0 0\nq\n")
    assert status == 0 and err == ""
    assert f"(beginner, seed {MAX_SEED})" in out


def test_the_prompts_refuse_odd_digits_huge_numbers_and_long_lines(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = [
        "\u00b2",
        "\u0663",
        "1" * 999,
        "20x10/" + "9" * 900,
        "101x5/3",
        "5x5/nan",
        "x" * 5000,
        "1",
        "r \u00b2 3",
        "\u0663 3",
        "r 1 " + "1" * 990,
        "r 1 " + "1" * 5000,
        "q",
    ]
    stdin = "".join(line + "\n" for line in lines).encode()
    status, out, err = mines(["play"], capsys, monkeypatch, stdin)
    assert status == 0 and err == ""
    assert "unknown level '\u00b2'" in out and "unknown level '\u0663'" in out
    assert "unknown level '" + "1" * 20 + "...: type 1-5" in out
    assert (
        "the mine count must be a whole number from 0 to 10,000, not a number of 900 digits" in out
    )
    assert "the width must be a whole number from 1 to 100, not '101'" in out
    assert "'nan' is neither a mine count nor a density" in out
    assert out.count("that line is longer than 1000 characters: skipped") == 2
    assert (
        "row and column are whole numbers from 1, as the headers count (at most 8 digits), "
        "not '\u00b2' and '3'" in out
    )
    assert "unknown command '\u0663'" in out
    assert "not '1' and '11111111111" in out
    assert out.rstrip().endswith("Bye!")


def test_end_of_input_mid_line_ends_the_session(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, err = mines(["play", "--level", "small"], capsys, monkeypatch, b"r 0")
    assert status == 0 and err == ""
    assert "'r' needs a row and a column" in out and out.rstrip().endswith("Bye!")


def test_play_input_that_is_not_utf8_ends_with_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["play", "--level", "beginner", "--seed", "1"]
    status, out, err = mines(argv, capsys, monkeypatch, b"r 0 0\n\xff\xfe 1\nq\n")
    assert status == 2
    assert_refused(err, "play", "line 2 of the input is not UTF-8 text")
    assert "> r 0 0" in out


def test_ctrl_c_at_a_prompt_stops_without_a_traceback(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(self: object) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr("gridpuzzles.terminal.console.Console.read_line", interrupted)
    status, _, err = mines(["play", "--level", "beginner"], capsys, monkeypatch)
    assert status == 130 and "Traceback" not in err


# ---- mines analyze -------------------------------------------------------------------------


def test_analyze_reads_no_more_than_its_bound_of_text(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    stdin = b"#" * (MAX_VIEW_BYTES + 1)
    status, out, err = mines(["analyze", "--mines", "1"], capsys, monkeypatch, stdin)
    assert status == 2 and out == ""
    assert_refused(err, "analyze", "standard input is longer than 1,048,576 bytes")


def test_analyze_takes_views_of_a_bounded_number_of_cells(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    stdin = ("#" * 600 + "\n").encode() * 600
    assert MAX_VIEW_CELLS < 600 * 600 and len(stdin) < MAX_VIEW_BYTES
    status, out, err = mines(["analyze", "--mines", "1"], capsys, monkeypatch, stdin)
    assert status == 2 and out == ""
    assert_refused(err, "analyze", "the view is 600x600: at most 250,000 cells")


@pytest.mark.parametrize(
    ("stdin", "args", "needle"),
    [
        (b"\xff\xfe\n", ["--mines", "1"], "standard input is not UTF-8 text (byte 1)"),
        (b"##\n#\xc3\n", ["--mines", "1"], "standard input is not UTF-8 text (byte 5)"),
        (b"", ["--mines", "1"], "the view is empty"),
        (b"\n" * 100_000, ["--mines", "1"], "the view is empty"),
        ("#\u00b2\n".encode(), ["--mines", "1"], "unknown symbol '\u00b2'"),
        (b"##\x0c##\n", ["--mines", "1"], "view line 1, column 3: unknown symbol '\\x0c'"),
        (
            b"##\n##\n",
            ["--mines", str(MAX_VIEW_CELLS + 1)],
            "--mines must be a whole number from 0",
        ),
        (b"##\n##\n", ["--mines", "1", "--max-seconds", "0"], "--max-seconds must be more than 0"),
        (b"##\n##\n", ["--mines", "1", "--max-seconds", "1e9"], "at most 86400"),
    ],
)
def test_analyze_refuses_bad_input_in_one_line(
    stdin: bytes,
    args: list[str],
    needle: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    status, out, err = mines(["analyze", *args], capsys, monkeypatch, stdin)
    assert status == 2 and out == ""
    assert_refused(err, "analyze", needle)


def test_analyze_refuses_a_folder_and_a_file_that_is_not_utf8(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "latin1.txt").write_bytes("##\n#\xe9\n".encode("latin-1"))
    for name, needle in (
        (tmp_path, "it is a folder, not a regular file"),
        (tmp_path / "latin1.txt", "not UTF-8"),
    ):
        status, _, err = mines(["analyze", str(name), "--mines", "1"], capsys, monkeypatch)
        assert status == 2
        assert_refused(err, "analyze", f"{name}", needle)


def test_analyze_options_take_ascii_digits_only(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for value in ("\u00b2", "9" * 5000, "1_0"):
        status, _, err = mines(["analyze", "--mines", value], capsys, monkeypatch, b"##\n")
        assert_usage_error(status, err, "argument --mines: expected a whole number")


def test_a_view_beyond_the_exact_solver_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    game = striped_game()
    stdin = format_view(view(game)).encode()
    argv = ["analyze", "--mines", str(game.config.mines)]
    status, out, err = mines(argv, capsys, monkeypatch, stdin)
    assert status == 2 and out == ""
    assert_refused(err, "analyze", "beyond the exact solver", "the exact solver takes at most 500")


def test_an_analysis_past_max_seconds_stops_in_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def forever(*args: object, **kwargs: object) -> None:
        while True:
            pass

    monkeypatch.setattr(mines_analyze, "analyze", forever)
    started = time.monotonic()
    argv = ["analyze", "--mines", "1", "--max-seconds", "0.5"]
    status, out, err = mines(argv, capsys, monkeypatch, b"1#\n##\n")
    assert status == 2 and out == ""
    assert_refused(err, "analyze", "the analysis took longer than --max-seconds 0.5")
    assert time.monotonic() - started < 5


def test_the_time_limit_keeps_an_earlier_alarm(monkeypatch: pytest.MonkeyPatch) -> None:
    import signal

    fired: list[int] = []
    previous = signal.signal(signal.SIGALRM, lambda signum, frame: fired.append(signum))
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.3)
        with mines_analyze.time_limit(5):
            time.sleep(0.05)
        assert 0 < signal.getitimer(signal.ITIMER_REAL)[0] <= 0.3
        time.sleep(0.4)
        assert fired == [signal.SIGALRM]
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


# ---- mines bench ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--games", "0"], "--games must be a whole number from 1 to 1,000,000, not 0"),
        (["--games", "1" + "0" * 30], "--games must be a whole number from 1 to 1,000,000"),
        (["--jobs", "65"], "--jobs must be a whole number from 1 to 64, not 65"),
        (
            ["--seed", str(MAX_SEED + 1)],
            "--seed must be a whole number from 0 to 9223372036854775807",
        ),
        (["--width", "101", "--height", "5", "--mines", "3"], "width must be from 1 to 100"),
        (["--level", "expert", "--no-guess", "--width", "9"], "either --level or a custom size"),
        (
            ["--sweep", "--level", "expert", "--densities", "0.1:0.5:0.0000001"],
            "more than 100 sweep points",
        ),
        (
            ["--sweep", "--level", "expert", "--densities", "0.1:0.5:5e-324"],
            "more than 100 sweep points",
        ),
        (
            ["--sweep", "--level", "expert", "--densities", "0.1:0.\u0665:0.1"],
            "must be FROM:TO:STEP",
        ),
        (["--sweep", "--width", "100000", "--height", "100000"], "width must be from 1 to 100"),
        (["--sweep", "--level", "expert", "--mines", "5"], "leave out --mines"),
        (
            [
                "--sweep",
                "--width",
                "60",
                "--height",
                "60",
                "--no-guess",
                "--densities",
                "0.1:0.1:0.1",
            ],
            "no-guess boards have at most 2,500 cells",
        ),
        (
            [
                "--sweep",
                "--width",
                "5",
                "--height",
                "5",
                "--first-click",
                "opening",
                "--densities",
                "0.1:0.9:0.1",
            ],
            "do not fit a 5x5 board",
        ),
    ],
)
def test_bench_refuses_bad_options_before_any_game(
    args: list[str],
    needle: str,
    no_games: None,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    status, out, err = mines(["bench", *args], capsys, monkeypatch)
    assert status == 2 and out == ""
    assert_refused(err, "bench", needle)


@pytest.mark.parametrize(
    ("out_file", "needle"),
    [
        ("missing-dir/x.png", "there is no folder missing-dir"),
        ("plot.txt", "--out must name a .png file"),
        ("folder.png", "is a folder"),
    ],
)
def test_a_sweep_checks_its_output_before_playing(
    out_file: str,
    needle: str,
    tmp_path: Path,
    no_games: None,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "folder.png").mkdir()
    argv = ["bench", "--sweep", "--level", "beginner", "--games", "1000", "--out", out_file]
    status, out, err = mines(argv, capsys, monkeypatch)
    assert status == 2 and out == ""
    assert_refused(err, "bench", needle)
    assert [p.name for p in tmp_path.iterdir()] == ["folder.png"]


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        (
            b'{"w": 100000, "h": 100000, "mines": [5, 17], "start": 0}\n',
            '"w" and "h" must be whole numbers from 1 to 100',
        ),
        (b'{"w": true, "h": 3, "mines": [], "start": 0}\n', '"w" and "h" must be whole numbers'),
        (b'{"w": 3, "h": 1, "mines": [2], "start": 0}\n[[[[\n', "boards line 2: not JSON"),
        (b'{"w": 3, "h": 1, "mines": [2], "start": 0}\n' + b"[" * 100_000 + b"\n", "boards line 2"),
        (b'{"w": 3, "h": 1, "mines": [2], "start": 0}\n\xff\n', "is not UTF-8 text"),
        (b"\n\n", "holds no boards"),
        (b"[" * (130 * 1024) + b"\n", "boards line 1 is longer than 131,072 characters"),
    ],
)
def test_a_bad_boards_file_is_refused_before_any_game(
    content: bytes,
    needle: str,
    tmp_path: Path,
    no_games: None,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = tmp_path / "boards.jsonl"
    path.write_bytes(content)
    for argv, stdin in ((["--boards", str(path)], b""), (["--boards", "-"], content)):
        status, out, err = mines(["bench", *argv], capsys, monkeypatch, stdin)
        assert status == 2 and out == ""
        assert_refused(err, "bench", needle)


def test_boards_files_are_bounded_in_size_and_in_boards(
    tmp_path: Path,
    no_games: None,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    line = b'{"w": 3, "h": 1, "mines": [2], "start": 0}\n'
    monkeypatch.setattr(mines_bench, "MAX_GAMES", 3)
    (tmp_path / "four.jsonl").write_bytes(line * 4)
    argv = ["bench", "--games", "1", "--boards", str(tmp_path / "four.jsonl")]
    status, _, err = mines(argv, capsys, monkeypatch)
    assert status == 2
    assert_refused(err, "bench", "holds more than 3 boards")
    monkeypatch.setattr(mines_bench, "MAX_BOARDS_BYTES", 100)
    (tmp_path / "long.jsonl").write_bytes(line * 3)
    argv = ["bench", "--games", "1", "--boards", str(tmp_path / "long.jsonl")]
    status, _, err = mines(argv, capsys, monkeypatch)
    assert status == 2
    assert_refused(err, "bench", "long.jsonl' is longer than 100 bytes")


def test_boards_with_a_board_size_is_refused(
    tmp_path: Path,
    no_games: None,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = tmp_path / "boards.jsonl"
    path.write_text('{"w": 3, "h": 1, "mines": [2], "start": 0}\n')
    status, _, err = mines(
        ["bench", "--boards", str(path), "--level", "expert"], capsys, monkeypatch
    )
    assert status == 2
    assert_refused(err, "bench", "leave out the board size")


def test_a_position_beyond_the_auto_player_ends_the_bench_in_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    game = striped_game()
    with pytest.raises(SolverLimitError) as beyond:
        next_move(view(game), game.config.mines)

    def stuck(*args: object) -> None:
        raise beyond.value

    monkeypatch.setattr(benchmark, "play_board", stuck)
    status, out, err = mines(["bench", "--games", "1"], capsys, monkeypatch)
    assert status == 1 and out == ""
    assert_refused(err, "bench", "the auto-player cannot go on", "at most 500")


def test_bench_boards_are_made_as_they_are_played(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[Layout] = []

    def counted(config: Config, start: int, rng: random.Random) -> Layout:
        made.append(place_mines(config, start, rng))
        return made[-1]

    monkeypatch.setattr(benchmark, "placement", lambda config: counted)
    stream = benchmark.board_stream(level("beginner"), 1_000_000, 1)
    first = [next(stream) for _ in range(3)]
    assert [board.layout for board in first] == made


# ---- real processes ------------------------------------------------------------------------


def run_mines(args: list[str], stdin: bytes) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [str(BIN / "mines"), *args], input=stdin, capture_output=True, timeout=120
    )


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (
            ["play", "--level", "beginner", "--seed", "1"],
            b"mines play: error: line 1 of the input is not UTF-8 text",
        ),
        (["analyze", "--mines", "1"], b"mines analyze: error: standard input is not UTF-8 text"),
        (["bench", "--boards", "-"], b"mines bench: error: standard input is not UTF-8 text"),
    ],
)
def test_standard_input_that_is_not_utf8_is_one_line_and_status_2(
    args: list[str], needle: bytes
) -> None:
    result = run_mines(args, b"\xff\xfe\x00latin-1 \xe9t\xe9\n")
    assert result.returncode == 2
    assert result.stderr.startswith(needle) and result.stderr.count(b"\n") == 1, result.stderr


def test_the_terminal_game_answers_a_position_beyond_the_solver() -> None:
    out = io.StringIO()
    console = Console(io.BytesIO(b"h\np\nq\n"), out, lambda: 0.0)
    assert play(Session(console, Rules(), random.Random(1)), striped_game()) is False
    text = out.getvalue()
    assert "no hint: a part of the frontier has 5,000 groups of cells" in text
    assert "there is no move to play" in text
