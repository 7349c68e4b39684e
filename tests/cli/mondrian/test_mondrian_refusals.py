"""Bad input to `mondrian` is refused in one line on stderr, status 2, before any work.

Each class of bad input runs through the real command.  A refusal names the bound it is
about, writes nothing to stdout and no file, never shows a traceback and, for the oversized
inputs, allocates next to nothing: it is refused before anything is built from it.
"""

from __future__ import annotations

import functools
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from gridpuzzles.cli.mondrian import commands as cli
from gridpuzzles.mondrian.solving.census import census
from gridpuzzles.mondrian.solving.solutions import count_solutions, solutions
from tests.mondrian.commands import run, run_measured, with_stdin

EXAMPLE = ("4,3,v", "2,1,v", "8,5,h")
STANDARD = ("1x1", "1x2", "1x3", "1x4", "1x5", "2x2", "2x3", "2x4", "2x5", "3x3", "3x4")
HUGE = "9" * 5000
"""A number of more digits than Python converts to an int by default (4300)."""
ALLOCATED_AT_MOST = 4 * 2**20
"""What a refusal may allocate, in bytes: a refusal builds nothing from the input."""


@pytest.fixture(autouse=True)
def in_empty_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every command runs in an empty folder, so that a file it writes shows."""
    monkeypatch.chdir(tmp_path)


def files_in(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir())


@pytest.mark.parametrize(
    ("argv", "bound"),
    [
        (["solve", "--board", "100000x1", "--blocks", "100000x1"], "from 1 to 12"),
        (["solve", "--board", "13x1", "--blocks", "1x13"], "from 1 to 12"),
        (["solve", "--board", f"{HUGE}x1"], "a number of 5,000 digits"),
        (
            ["solve", "--board", "8x8", "--blocks", ",".join(["1x1"] * 20000)],
            "at most 144 blocks, not 20000",
        ),
        (["solve", "--board", "2x1", "--blocks", "1x2,1x100000"], "a block side"),
        (["solve", "--fixed", *["1x1:1,1,h"] * 200], "at most 144 blocks"),
        (["census", "--board", "100000x100000", "--blocks", "1x1"], "from 1 to 12"),
        (["census", "--blocks", ",".join(["1x1"] * 20000)], "at most 144 blocks"),
        (
            [
                "census",
                "--board",
                "12x12",
                "--blocks",
                ",".join(["1x1", "1x2", "1x3"] + ["1x6"] * 23),
            ],
            "would go through 9,123,840 placements of the marked blocks on the 12x12 board; the "
            "bound is 1,000,000",
        ),
        (
            ["census", "--blocks", ",".join(STANDARD), "--black", "1x1,1x2,1x3,1x4"],
            "would go through 55,050,240 placements",
        ),
        (["generate", "--count", "100000000"], "from 1 to 1,000"),
        (["generate", "--count", HUGE], "from 1 to 1,000, not a number of 5,000 digits"),
        (["generate", "--seed", str(2**63)], "from 0 to 9,223,372,036,854,775,807"),
        (["generate", "--seed", HUGE], "from 0 to 9,223,372,036,854,775,807"),
        (["generate", "--seed", "-1"], "from 0 to 9,223,372,036,854,775,807"),
        (["solve", "--black", *EXAMPLE, "--limit", "2001"], "from 1 to 2,000"),
        (["solve", "--black", f"{HUGE},1,h", "2,1,v", "8,5,h"], "from 1 to 12"),
        (["solve", "--black", "4,3,v", f"2,{HUGE},v", "8,5,h"], "from 1 to 12"),
        (["solve", "--fixed", f"1x3:{HUGE},1,h"], "from 1 to 12"),
    ],
)
def test_oversized_input_is_refused_before_anything_is_built(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], bound: str
) -> None:
    ran, allocated = run_measured(capsys, *argv)
    assert bound in ran.refused
    assert allocated < ALLOCATED_AT_MOST
    assert files_in(tmp_path) == []


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "--board", "\u0663x1", "--blocks", "3x1"],  # Arabic-Indic 3
        ["solve", "--board", "3x1", "--blocks", "\uff13x1"],  # fullwidth 3
        ["solve", "--black", "\u0664,3,v", "2,1,v", "8,5,h"],
        ["solve", "--black", "4,3,v", "2,\u00b9,v", "8,5,h"],  # superscript 1
        ["solve", "--fixed", "1x\u0663:1,1,h"],
        ["census", "--black", "1x1,1x2,1x\u0663"],
        ["generate", "--count", "\u0663"],
        ["generate", "--seed", "\u0663"],
        ["generate", "--seed", " 3"],
        ["generate", "--count", "+3"],
        ["generate", "--count", "1_0"],
        ["solve", "--black", *EXAMPLE, "--limit", "\u0663"],
    ],
)
def test_only_ascii_digits_are_numbers(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    assert run(capsys, *argv).refused


def write(path: Path, content: bytes) -> str:
    path.write_bytes(content)
    return str(path)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"\xff\xfe board", "is not UTF-8 text (byte 1)"),
        (b" " * (64 * 1024 + 1), "longer than 65,536 bytes"),
        (b'board = "8x8"\nboard = "4x4"\n', "Cannot overwrite a value"),
        (b"board = 8", "'board' must be a string"),
        (b"board = true", "'board' must be a string"),
        (b"board = {width = 8}", "'board' must be a string"),
        (b'blocks = [["1x1"]]', "'blocks' must be a list of strings"),
        (b"blocks = [1, 2]", "'blocks' must be a list of strings"),
        (b"fixed = [true]", "'fixed' must be a list of strings"),
        (b'[fixed]\na = "1x1:1,1,h"', "'fixed' must be a list of strings"),
        (b"board = " + HUGE.encode(), "a number is too long"),
        (b"board = " + b"[" * 5000 + b"]" * 5000, "nested too deeply"),
        (b"blocks = [" + b'"1x1", ' * 200 + b"]", "at most 144 blocks, not 200"),
        (b'board = "' + HUGE.encode() + b'x1"', "a number of 5,000 digits"),
        (b'board = "\xd9\xa3x1"', "expected a board size"),  # Arabic-Indic 3 in UTF-8
        (b'"odd\\nkey" = 1', "unknown key(s) in puzzle file: 'odd\\nkey'"),
    ],
)
def test_bad_puzzle_files_are_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: bytes, message: str
) -> None:
    name = write(tmp_path / "puzzle.toml", content)
    assert message in run(capsys, "solve", "--file", name).refused


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("missing.toml", "No such file or directory"),
        (".", "it is a folder, not a regular file"),
        ("a\0b", "not a file name"),
    ],
)
def test_unreadable_puzzle_files_are_refused(
    capsys: pytest.CaptureFixture[str], name: str, message: str
) -> None:
    assert message in run(capsys, "solve", "--file", name).refused


def test_an_endless_puzzle_file_is_refused_unread(
    capsys: pytest.CaptureFixture[str],
) -> None:
    ran, allocated = run_measured(capsys, "solve", "--file", "/dev/zero")
    assert "it is a device, not a regular file" in ran.refused
    assert allocated < ALLOCATED_AT_MOST


@pytest.mark.parametrize(
    ("svg", "message"),
    [
        ("missing/solutions.svg", "No such file or directory"),
        (".", "Is a directory"),
        ("a\0b.svg", "not a file name"),
    ],
)
def test_an_svg_path_that_cannot_be_written_is_refused_before_solving(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    svg: str,
    message: str,
) -> None:
    monkeypatch.setattr(cli, "solutions", lambda puzzle: pytest.fail("solved first"))
    assert message in run(capsys, "solve", "--black", *EXAMPLE, "--svg", svg).refused
    assert files_in(tmp_path) == []


def test_a_refused_search_writes_no_svg_and_leaves_an_old_one_alone(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(cli, "solutions", functools.partial(solutions, max_positions=5))
    argv = ["solve", "--board", "8x8", "--svg", "new.svg"]
    assert "too big to search" in run(capsys, *argv).refused
    assert files_in(tmp_path) == []
    (tmp_path / "old.svg").write_text("kept", encoding="utf-8")
    argv[-1] = "old.svg"
    assert "went past 5 positions" in run(capsys, *argv).refused
    assert (tmp_path / "old.svg").read_text(encoding="utf-8") == "kept"


def test_a_search_past_its_bound_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(
        cli, "count_solutions", functools.partial(count_solutions, max_positions=100)
    )
    refused = run(capsys, "solve", "--board", "8x8", "--count").refused
    assert "too big to search: the search went past 100 positions" in refused


def test_a_census_past_its_bound_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cli, "census", functools.partial(census, max_counts=1000))
    refused = run(capsys, "census").refused
    assert "this census is too big: it went past 1,000 counts" in refused


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["solve", "--black", *EXAMPLE, "--count", "--svg", "x.svg"], "does not go with --count"),
        (["solve", "--black", *EXAMPLE, "--count", "--limit", "3"], "not allowed with"),
        (["solve", "--black", "1,1"], "expected 3 arguments"),
        (["generate", "--count"], "expected one argument"),
        (["census", "--json", "--board"], "expected one argument"),
        (["solve", "--color", "pink"], "invalid choice"),
        (["solve", "--limit", "1\n2"], "'1\\n2'"),
    ],
)
def test_usage_errors_are_one_line_too(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert message in run(capsys, *argv).refused


def test_listing_stops_at_the_limit_and_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    dominoes = ["solve", "--board", "4x4", "--blocks", ",".join(["1x2"] * 8)]
    ran = run(capsys, *dominoes, "--limit", "5")
    assert ran.status == 0 and ran.out.count("\nSolution ") == 5
    assert (
        "Number of solutions: 36 (the first 5 are shown; --limit N shows N, at most 2000)"
        in ran.out
    )
    ran = run(capsys, *dominoes, "--limit", "5", "--json")
    assert ran.out.startswith('{"count": 36, "solutions": [')
    ran = run(capsys, "solve", "--board", "6x6", "--blocks", ",".join(["1x2"] * 18))
    assert ran.out.count("\nSolution ") == 2000
    assert "Number of solutions: 6728 (the first 2000 are shown" in ran.out


# play


def play(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, data: bytes
) -> tuple[int, str, str]:
    with_stdin(monkeypatch, data)
    ran = run(capsys, "play")
    assert "Traceback" not in ran.err
    return ran.status, ran.out, ran.err


def test_play_asks_again_after_unicode_digits_and_huge_numbers(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    answers = ["\u0664,3,v", f"{'9' * 90},3,v", "4,3,v", "2,1,v", "8,5,h"]
    status, out, _ = play(capsys, monkeypatch, "".join(f"{a}\n" for a in answers).encode())
    assert status == 0
    assert "expected ROW,COL,O" in out and "not a number of 90 digits; try again" in out
    assert out.count("try again") == 2 and "Your challenge --black 4,3,h 2,1,v 8,5,h" in out


@pytest.mark.parametrize(
    ("data", "status", "message"),
    [
        (b"", 1, "input ended before the three black blocks"),
        (b"4,3,v\n2,1,v", 1, "input ended"),  # the last answer has no end of line: read it
        (b"4,3,v\n\xff\xfe\n", 2, "line 2 of the input is not UTF-8 text"),
        (b"2" * 10**6, 1, "input ended"),  # the line too long is skipped (`tests/terminal`)
        (HUGE.encode() + b",3,v\n", 1, "input ended"),
    ],
)
def test_play_ends_in_one_line_on_bad_standard_input(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    data: bytes,
    status: int,
    message: str,
) -> None:
    got_status, _, err = play(capsys, monkeypatch, data)
    assert (got_status, err.count("\n")) == (status, 1)
    assert message in err


def test_play_reads_a_last_line_without_an_end_of_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, _ = play(capsys, monkeypatch, b"4,3,v\n2,1,v\n8,5,h")
    assert status == 0 and "Your challenge --black 4,3,h 2,1,v 8,5,h" in out


def test_play_stops_quietly_on_ctrl_c(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    class Interrupted:
        """Standard input at which the user presses Ctrl+C."""

        def readline(self, size: int = -1) -> str:
            raise KeyboardInterrupt

        def isatty(self) -> bool:
            return True

    monkeypatch.setattr("sys.stdin", Interrupted())
    ran = run(capsys, "play")
    assert ran.status == 130 and "Traceback" not in ran.err


PLAY = [
    sys.executable,
    "-c",
    "import sys; from gridpuzzles.cli.main import mondrian_main; sys.exit(mondrian_main(['play']))",
]
"""`mondrian play` in a process of its own."""


@pytest.mark.parametrize("locale", ["C", "C.UTF-8"])
def test_play_in_a_real_process_refuses_bytes_that_are_not_utf8(
    tmp_path: Path, locale: str
) -> None:
    """Standard input a pipe of Latin-1 bytes, read strictly (a UTF-8 locale) or with
    surrogate escapes (Python's UTF-8 mode in the C locale)."""
    done = subprocess.run(
        PLAY,
        input=b"4,3,v\n\xe9,1,v\n",
        capture_output=True,
        cwd=tmp_path,
        timeout=120,
        check=False,
        env={**os.environ, "LC_ALL": locale},
    )
    assert done.returncode == 2
    assert done.stderr.decode() == "mondrian: error: line 2 of the input is not UTF-8 text\n"
    assert files_in(tmp_path) == []


def ctrl_c_heard() -> None:
    """In the child: Ctrl+C as in a terminal, even when the tests run in the background (a
    shell starts background jobs with SIGINT ignored, and Python then never raises
    KeyboardInterrupt)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_play_in_a_real_process_stops_quietly_on_ctrl_c(tmp_path: Path) -> None:
    with subprocess.Popen(
        PLAY,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=tmp_path,
        preexec_fn=ctrl_c_heard,
    ) as process:
        assert process.stdout is not None
        process.stdout.read(len("Place"))  # it has started and asks
        process.send_signal(signal.SIGINT)
        process.wait(timeout=60)  # before its input closes, which it would read as the end
        assert process.stderr is not None
        err = process.stderr.read()
    assert process.returncode == 130 and b"Traceback" not in err


def test_an_svg_that_fails_to_write_after_the_work_is_one_line_and_status_1(
    capsys: pytest.CaptureFixture[str],
) -> None:
    ran = run(capsys, "solve", "--black", *EXAMPLE, "--svg", "/dev/full")
    assert (ran.status, ran.out) == (1, "")
    assert (
        ran.err
        == "mondrian: error: cannot write the SVG file '/dev/full': No space left on device\n"
    )


def test_an_svg_replaces_all_of_an_older_longer_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "old.svg").write_text("~" * 100_000, encoding="utf-8")
    assert run(capsys, "solve", "--black", *EXAMPLE, "--svg", "old.svg").status == 0
    picture = (tmp_path / "old.svg").read_text(encoding="utf-8")
    assert picture.startswith("<svg") and picture.endswith("</svg>\n") and "~" not in picture
