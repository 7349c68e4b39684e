from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from gridpuzzles.cli.main import main
from tests.mondrian import commands

EXAMPLE = ["2,3,v", "0,1,v", "4,7,h"]


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
    assert "Your challenge --black 2,3,h 0,1,v 4,7,h" in out
    assert out.count("Solution ") == 1
    assert "Number of solutions: 1." in out
    assert "\x1b" not in out


def test_play_explains_bad_input_and_asks_again(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    answers = ["2,3", "9,9,v", "2,3,v", "2,3,v", "0,1,v", "7,7,h", "4,7,h"]
    status, out, _ = play(capsys, monkeypatch, answers)
    assert status == 0
    assert "expected X,Y,O" in out
    assert "leaves" in out
    assert "overlaps" in out
    assert out.count("try again") == 4
    assert "Your challenge --black 2,3,h 0,1,v 4,7,h" in out


def test_play_stops_at_end_of_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, _, err = play(capsys, monkeypatch, ["2,3,v"])
    assert status == 1
    assert "input ended" in err


def test_solve_prints_every_solution(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "solve", "--black", "0,0,h", "1,0,h", "3,0,h")
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
    _, out, _ = run(capsys, "solve", "--black", "0,0,h", "1,0,h", "3,0,h", "--first", "--json")
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
        "1x3:0,1,h",
        "--count",
    )
    assert (status, out.strip()) == (0, "Number of solutions: 2")
    puzzle = tmp_path / "puzzle.toml"
    puzzle.write_text('fixed = ["1x1:2,3,v", "1x2:0,1,v", "1x3:4,7,h"]\n', encoding="utf-8")
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
        (["solve", "--black", "2,3", "0,1,v", "4,7,h"], "expected X,Y,O"),
        (["solve", "--black", "2,3,v", "2,3,v", "4,7,h"], "overlaps"),
        (["solve", "--black", "2,3,v", "0,1,v", "7,7,h"], "leaves"),
        (["solve"], "give exactly one of"),
        (["solve", "--black", *EXAMPLE, "--board", "8x8"], "give exactly one of"),
        (["solve", "--board", "8by8"], "board size"),
        (["solve", "--board", "2x2", "--blocks", "1x1,1x2"], "cover"),
        (["solve", "--fixed", "1x6:0,0,h"], "not in the block set"),
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


def test_census_on_a_small_board(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["census", "--board", "4x4", "--blocks", "1x1,1x2,1x3,2x2,2x3", "--black", "1x1,1x2"]
    status, out, err = run(capsys, *argv, "--json")
    assert (status, err) == (0, "")
    document = json.loads(out)
    assert sum(document["histogram"].values()) == document["placements"]
    status, out, _ = run(capsys, *argv)
    assert f"Placements of the black blocks: {document['placements']}" in out
