"""`mines analyze` on JSMinesweeper's files: a ``.mine`` position and an MBF board give what the
same position in the view form gives, ``--write-mine`` writes the position analysed, and a bad
file is one line that names it (status 2, nothing on stdout, no traceback)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from gridpuzzles.minesweeper.core.exchange import MAX_MBF_BYTES, parse_mine
from gridpuzzles.minesweeper.core.notation import parse_view
from tests.cli.minesweeper.test_mines_refusals import mines

VIEW = "##1F\n#210\n1100\n"
MINE = "4x3x2\nHH1F\nH210\n1100\n"
"""`VIEW` with its 2 mines, as JSMinesweeper saves it."""


def assert_refused(err: str, *needles: str) -> None:
    """One line on stderr from `mines analyze` that says each of ``needles``."""
    assert "Traceback" not in err
    assert err.startswith("mines analyze: error: ") and err.count("\n") == 1, err
    for needle in needles:
        assert needle in err, err


@pytest.mark.parametrize("form", [[], ["--json"]])
def test_a_mine_file_gives_what_its_view_gives(
    form: list[str],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = tmp_path / "position.mine"
    path.write_text(MINE)
    status, out, err = mines(["analyze", str(path), *form], capsys, monkeypatch)
    assert status == 0 and err == ""
    given = mines(["analyze", "--mines", "2", *form], capsys, monkeypatch, VIEW.encode())
    assert (status, out, err) == given
    assert "1   0% 100%    1   0%" in out or json.loads(out)["mines"] == [[0, 1], [1, 0]]


def test_a_mine_position_on_standard_input_with_windows_line_ends_is_read(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    stdin = MINE.replace("\n", "\r\n").encode()
    status, out, _ = mines(["analyze"], capsys, monkeypatch, stdin)
    assert status == 0 and "Layouts that fit: 1" in out


@pytest.mark.parametrize("name", ["board.mbf", "BOARD.MBF"])
def test_an_mbf_file_is_the_untouched_board_with_its_mines(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / name
    path.write_bytes(bytes([3, 3, 0, 2, 0, 0, 2, 2]))  # 3x3, 2 mines: (x 0, y 0) and (2, 2)
    status, out, err = mines(["analyze", str(path), "--json"], capsys, monkeypatch)
    assert status == 0 and err == ""
    chances = json.loads(out)["probabilities"]
    assert [[Fraction(p).limit_denominator(100) for p in row] for row in chances] == [
        [Fraction(2, 9)] * 3
    ] * 3
    untouched = mines(["analyze", "--mines", "2", "--json"], capsys, monkeypatch, b"###\n" * 3)
    assert (status, out, err) == untouched


def test_an_mbf_board_and_a_different_mines_option_disagree(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "board.mbf"
    path.write_bytes(bytes([3, 3, 0, 2, 0, 0, 2, 2]))
    status, out, err = mines(["analyze", str(path), "--mines", "3"], capsys, monkeypatch)
    assert status == 2 and out == ""
    assert_refused(err, "--mines 3 but the MBF board says 2 mines")


@pytest.mark.parametrize(
    ("source", "args"),
    [
        (VIEW, ["--mines", "2"]),
        (MINE, []),
        ("  1 2 3 4\n1 # # 1 F\n2 # 2 1 .\n3 1 1 . .\nMines left: 1\n", []),
        ('{"view": ["##1F", "#210", "1100"], "mines": 2}', []),
        ("4x3x2\n" + "?H1M\nH210\n1100\n", []),  # a question mark and M: hidden and a flag
    ],
)
def test_the_position_analysed_is_written_as_jsminesweeper_writes_it(
    source: str,
    args: list[str],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    written = tmp_path / "out.mine"
    written.write_text("an older file, replaced")
    argv = ["analyze", "--write-mine", str(written), *args]
    status, out, err = mines(argv, capsys, monkeypatch, source.encode())
    assert status == 0 and err == "" and "Layouts that fit: 1" in out
    assert written.read_bytes() == MINE.encode()
    assert parse_mine(written.read_text()) == (parse_view(VIEW), 2)


def test_a_position_is_written_even_when_the_solver_finds_it_inconsistent(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    written = tmp_path / "out.mine"
    argv = ["analyze", "--mines", "3", "--write-mine", str(written)]
    status, _, err = mines(argv, capsys, monkeypatch, b"8#\n##\n")
    assert status == 1 and "inconsistent view" in err
    assert written.read_text() == "2x2x3\n8H\nHH\n"


@pytest.mark.parametrize(
    ("name", "data", "needles"),
    [
        ("p.mine", b"4x3x2\nHH1F\nH21\n1100\n", ["line 3 has 3 cells where the first line says 4"]),
        ("p.mine", b"4x3x2\nHH1F\nH210\n", ["the first line says 3 rows, but 2 follow it"]),
        ("p.mine", b"4x1x2\nHH1f\n", ["line 2, column 4: unknown cell 'f'"]),
        ("p.mine", b"4x3\nHHHH\n", ["line 1: '4x3' is not the first line of a .mine position"]),
        ("p.mine", b"2x1x0\nH\x00\n", ["line 2 holds a NUL character"]),
        ("p.mine", b"9x9x10\n\xff\n", ["is not UTF-8 text (byte 8)"]),
        ("b.mbf", b"\x09\x09", ["an MBF board starts with 4 bytes", "but there are 2"]),
        ("b.mbf", bytes([9, 9, 0, 2, 0, 0]), ["says 2 mines, 2 bytes each, but 2 bytes follow"]),
        ("b.mbf", bytes([9, 9, 0, 1, 0, 9]), ["mine 1 is at row 10, column 1, outside the"]),
        ("b.mbf", bytes([9, 9, 0, 2, 3, 4, 3, 4]), ["MBF mine 2 is at row 5, column 4, as mine 1"]),
        ("b.mbf", bytes([0, 9, 0, 0]), ["the MBF header says the board is 0x9"]),
        ("b.mbf", MINE.encode(), ["13,176 mines, more than the 6,240 cells of a 52x120 board"]),
        ("b.mbf", bytes(MAX_MBF_BYTES + 1), ["is longer than 130,054 bytes, the most read"]),
    ],
)
def test_a_bad_file_is_one_line_that_names_it(
    name: str,
    data: bytes,
    needles: list[str],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = tmp_path / name
    path.write_bytes(data)
    status, out, err = mines(["analyze", str(path)], capsys, monkeypatch)
    assert status == 2 and out == ""
    assert_refused(err, repr(str(path)), *needles)


@pytest.mark.parametrize(
    ("source", "target", "needle"),
    [
        ("1*\n", "out.mine", "as .mine: row 1, column 2 is a revealed mine, which a .mine"),
        (VIEW, "-", "--write-mine takes a file name: standard output holds the analysis"),
        (VIEW, "no/such/folder/out.mine", "No such file or directory"),
    ],
)
def test_a_position_that_cannot_be_written_is_one_line(
    source: str,
    target: str,
    needle: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    argv = ["analyze", "--mines", "2", "--write-mine", target]
    status, out, err = mines(argv, capsys, monkeypatch, source.encode())
    assert status == 2 and out == ""
    assert_refused(err, needle)
    assert not (tmp_path / "out.mine").exists()
