from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from gridpuzzles.cli.main import main
from tests.mondrian import commands

EXAMPLE = ["4,3,v", "2,1,v", "8,5,h"]
"""The black blocks of the README's example, row first and counted from 1."""


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    ran = commands.run(capsys, *argv)
    return ran.status, ran.out, ran.err


def play(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, lines: list[str]
) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(f"{line}\n" for line in lines)))
    return run(capsys, "play")


def test_play_the_issue_example(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, err = play(capsys, monkeypatch, [*EXAMPLE, "solutions"])
    assert status == 0, err
    assert "Your challenge --black 4,3,h 2,1,v 8,5,h" in out
    assert out.count("Solution ") == 1
    assert "Number of solutions: 1." in out
    assert "\x1b" not in out


def test_play_explains_bad_input_and_asks_again(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    answers = ["4,3", "9,9,v", "4,3,v", "4,3,v", "2,1,v", "8,8,h", "8,5,h"]
    status, out, _ = play(capsys, monkeypatch, answers)
    assert status == 0
    assert "expected ROW,COL,O" in out
    assert "leaves" in out
    assert "overlaps" in out
    assert out.count("try again") == 4
    assert "Your challenge --black 4,3,h 2,1,v 8,5,h" in out


def test_play_stops_at_end_of_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, _, err = play(capsys, monkeypatch, ["4,3,v"])
    assert status == 1
    assert "input ended" in err


def test_solve_prints_every_solution(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "solve", "--black", "1,1,h", "1,2,h", "1,4,h")
    assert status == 0
    count = int(out.rsplit("Number of solutions: ", 1)[1])
    assert count > 1
    assert out.count("\nSolution ") == count


def test_solve_json_count_and_first(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "solve", "--black", *EXAMPLE, "--json")
    document = json.loads(out)
    assert document["count"] == 1 and len(document["solutions"][0]) == 11
    _, out, _ = run(capsys, "solve", "--black", *EXAMPLE, "--json", "--count")
    assert json.loads(out) == {"count": 1}
    _, out, _ = run(capsys, "solve", "--black", *EXAMPLE, "--count")
    assert out.strip() == "Number of solutions: 1"
    _, out, _ = run(capsys, "solve", "--black", "1,1,h", "1,2,h", "1,4,h", "--first", "--json")
    assert len(json.loads(out)["solutions"]) == 1


def test_the_long_form_works_too(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["mondrian", "solve", "--black", *EXAMPLE, "--count"]) == 0
    assert capsys.readouterr().out.strip() == "Number of solutions: 1"


def test_custom_games(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, _ = run(
        capsys,
        "solve",
        "--board",
        "3x2",
        "--blocks",
        "1x1,1x2,1x3",
        "--fixed",
        "1x3:2,1,h",
        "--count",
    )
    assert (status, out.strip()) == (0, "Number of solutions: 2")
    puzzle = tmp_path / "puzzle.toml"
    puzzle.write_text('fixed = ["1x1:4,3,v", "1x2:2,1,v", "1x3:8,5,h"]\n', encoding="utf-8")
    status, out, _ = run(capsys, "solve", "--file", str(puzzle), "--json", "--count")
    assert (status, json.loads(out)) == (0, {"count": 1})


def test_svg_output(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    picture = tmp_path / "solution.svg"
    status, _, _ = run(capsys, "solve", "--black", *EXAMPLE, "--svg", str(picture))
    assert status == 0
    root = ElementTree.fromstring(picture.read_text(encoding="utf-8"))
    assert len(root.findall(".//{http://www.w3.org/2000/svg}rect")) == 11


def test_color_is_used_only_when_asked_or_on_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _, out, _ = run(capsys, "solve", "--black", *EXAMPLE, "--color", "always")
    assert "\x1b[" in out
    monkeypatch.setattr("sys.stdout.isatty", lambda: True, raising=False)
    monkeypatch.setenv("NO_COLOR", "1")
    _, out, _ = run(capsys, "solve", "--black", *EXAMPLE)
    assert "\x1b[" not in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["solve", "--black", "4,3", "2,1,v", "8,5,h"], "expected ROW,COL,O"),
        (["solve", "--black", "4,3,v", "4,3,v", "8,5,h"], "overlaps"),
        (["solve", "--black", "4,3,v", "2,1,v", "8,8,h"], "leaves"),
        (["solve", "--black", "2,3,v", "0,1,v", "4,7,h"], "the row must be a whole number from 1"),
        (["solve", "--fixed", "1x3:1,0,h"], "the column must be a whole number from 1"),
        (["solve"], "give exactly one of"),
        (["solve", "--black", *EXAMPLE, "--board", "8x8"], "give exactly one of"),
        (["solve", "--board", "8by8"], "board size"),
        (["solve", "--board", "2x2", "--blocks", "1x1,1x2"], "cover"),
        (["solve", "--fixed", "1x6:1,1,h"], "not in the block set"),
        (["generate", "--count", "0"], "from 1 to 1,000"),
        (["census", "--black", "1x1,1x1"], "different sizes"),
    ],
)
def test_bad_input_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert message in err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert out == ""


def test_a_missing_file_is_bad_input(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, _, err = run(capsys, "solve", "--file", str(tmp_path / "nope.toml"))
    assert status == 2
    assert "nope.toml" in err and "No such file" in err and err.count("\n") == 1


def test_generate(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "generate", "--count", "2", "--seed", "5", "--json")
    assert status == 0
    items = json.loads(out)
    assert len(items) == 2
    for item in items:
        assert item["level"] in {"easy", "medium", "hard", "master"}
        _, counted, _ = run(capsys, "solve", "--black", *item["black"], "--count")
        assert counted.strip() == "Number of solutions: 1"
    _, text, _ = run(capsys, "generate", "--seed", "5")
    assert f"--black {' '.join(items[0]['black'])}" in text
    assert "Difficulty: " in text


def grid_of(drawing: str) -> list[list[str]]:
    """The letters of a drawn 8x8 board (the first eight lines of ``drawing``)."""
    return [line.split() for line in drawing.strip("\n").split("\n")[:8]]


def test_black_blocks_are_typed_row_first_counting_from_1(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, out, _ = run(capsys, "solve", "--black", *EXAMPLE, "--first")
    puzzle = grid_of(out.split("Puzzle:\n", 1)[1])
    assert puzzle[3][2] == "B"  # 4,3,v: the 1x1 at row 4, column 3
    assert puzzle[1][0] == puzzle[2][0] == "A"  # 2,1,v: the 1x2 standing at row 2, column 1
    assert puzzle[7][4:7] == ["C", "C", "C"]  # 8,5,h: the 1x3 lying at row 8, columns 5-7


def test_the_solutions_keep_the_letters_of_the_challenge(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, out, _ = run(capsys, "solve", "--code", "250521200", "--limit", "3")
    head, *drawn = out.split("\nSolution ")
    puzzle = grid_of(head.split("Puzzle:\n", 1)[1])
    legend = head.strip().split("\n")[-1]
    black = {
        (row, col): letter
        for row, letters in enumerate(puzzle)
        for col, letter in enumerate(letters)
        if letter != "."
    }
    assert len(drawn) == 3
    for solution in drawn:
        lines = solution.split(":\n", 1)[1]
        grid = grid_of(lines)
        assert {cell: grid[cell[0]][cell[1]] for cell in black} == black
        assert lines.split("\n")[8].startswith(legend)  # "A 1x2 black" is still the 1x2


def test_the_svg_keeps_the_letters_of_the_challenge(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    picture = tmp_path / "solution.svg"
    run(capsys, "solve", "--black", *EXAMPLE, "--svg", str(picture))
    root = ElementTree.fromstring(picture.read_text(encoding="utf-8"))
    svg = "{http://www.w3.org/2000/svg}"
    titles = [rect.findtext(f"{svg}title") or "" for rect in root.iter(f"{svg}rect")]
    letters = [text.text for text in root.iter(f"{svg}text")]
    assert [title.split()[0] for title in titles[:3]] == ["1x2", "1x1", "1x3"]
    assert letters[:3] == ["A", "B", "C"]  # as the puzzle is drawn in the terminal


def test_generate_prints_the_black_blocks_as_black_takes_them(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, out, _ = run(capsys, "generate", "--seed", "5")
    typed = out.split("--black ", 1)[1].split("\n", 1)[0].split()
    grid = grid_of(out.split("\n", 2)[2])
    legend = out.strip().split("\n")[-1].split()  # A 1x1 black  B 1x2 black ...
    letters = {legend[at + 1]: legend[at] for at in range(0, len(legend), 3)}
    for text, size in zip(typed, ("1x1", "1x2", "1x3"), strict=True):
        row, col, _ = text.split(",")
        assert grid[int(row) - 1][int(col) - 1] == letters[size]


def test_census_on_a_small_board(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["census", "--board", "4x4", "--blocks", "1x1,1x2,1x3,2x2,2x3", "--black", "1x1,1x2"]
    status, out, err = run(capsys, *argv, "--json")
    assert (status, err) == (0, "")
    document = json.loads(out)
    assert sum(document["histogram"].values()) == document["placements"]
    status, out, _ = run(capsys, *argv)
    assert f"Placements of the black blocks: {document['placements']}" in out
