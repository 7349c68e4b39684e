"""`mines analyze`: probabilities as a grid or JSON, and clear errors for bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gridpuzzles.cli.main import main, mines_main

VIEW = "##1F\n#210\n1100\n"


def run(
    args: list[str], stdin: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> tuple[int, str, str]:
    import io

    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(stdin.encode())))
    status = mines_main(["analyze", *args])
    out = capsys.readouterr()
    return status, out.out, out.err


def test_json_output_is_exactly_the_documented_shape(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, err = run(["--mines", "2", "--json"], VIEW, capsys, monkeypatch)
    assert status == 0 and err == ""
    assert json.loads(out) == {
        "probabilities": [
            [0.0, 1.0, None, 0.0],
            [1.0, None, None, None],
            [None, None, None, None],
        ],
        "safe": [[0, 0], [0, 3]],
        "mines": [[0, 1], [1, 0]],
        "move": {"action": "reveal", "row": 0, "col": 0},
    }


def test_grid_output_from_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "view.txt"
    path.write_text("1##\n###\n###\n")
    assert main(["mines", "analyze", str(path), "--mines", "2"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[1].split() == ["0", "1", "33%", "20%"]
    assert "Layouts that fit: 15" in out
    assert "Move: reveal row" in out


def test_guess_move_in_json(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, _ = run(["-", "--mines", "2", "--json"], "1##\n###\n###\n", capsys, monkeypatch)
    data = json.loads(out)
    assert status == 0
    assert data["probabilities"][0] == [None, pytest.approx(1 / 3), pytest.approx(1 / 5)]
    assert data["safe"] == [] and data["mines"] == []
    assert data["move"]["action"] == "reveal"


@pytest.mark.parametrize(
    ("stdin", "args", "status", "message"),
    [
        ("##1Z\n", ["--mines", "1"], 2, "view line 1, column 4: unknown symbol 'Z'"),
        ("##1\n#2\n", ["--mines", "1"], 2, "view line 2 has 2 cells but line 1 has 3"),
        ("\n\n", ["--mines", "1"], 2, "the view is empty"),
        (VIEW, ["--mines", "-1"], 2, "--mines must be a whole number from 0 to 250,000, not -1"),
        (VIEW, ["--mines", "9"], 1, "inconsistent view: no layout of 9 mines fits the view"),
        ("8#\n##\n", ["--mines", "3"], 1, "inconsistent view: the 8 at row 0, column 0"),
    ],
)
def test_bad_input_gets_one_clear_line(
    stdin: str,
    args: list[str],
    status: int,
    message: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    got, out, err = run(args, stdin, capsys, monkeypatch)
    assert got == status
    assert out == ""
    assert message in err and err.startswith("mines analyze: error: ") and err.count("\n") == 1


def test_a_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert mines_main(["analyze", str(tmp_path / "nope.txt"), "--mines", "1"]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_mines_is_required(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        mines_main(["analyze"])
    assert exit_.value.code == 2
    assert "--mines" in capsys.readouterr().err
