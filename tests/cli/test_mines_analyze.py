"""`mines analyze`: probabilities as a grid or JSON, and clear errors for bad input."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from gridpuzzles.cli import mines_analyze
from gridpuzzles.cli.main import main, mines_main
from gridpuzzles.minesweeper.solving.win_chance import WinChance

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
        "move": {
            "action": "reveal",
            "row": 0,
            "col": 0,
            "why": "safe: the 2 at row 2, column 2 already has its 2 mines",
            "secondary_safety": None,
        },
        "insight": {"cells": [], "fifty_fifties": []},
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


FIFTY_FIFTY = "1#\n1#\n"
"""A pair no later move can settle: one mine in the right column."""


def test_json_marks_dead_cells_and_unavoidable_fifty_fifties_and_says_why(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, _ = run(["--mines", "1", "--json"], FIFTY_FIFTY, capsys, monkeypatch)
    data = json.loads(out)
    assert status == 0
    assert data["insight"]["fifty_fifties"] == [[[0, 1], [1, 1]]]
    assert [
        (c["row"], c["col"], c["dead"], c["fifty_fifty"]) for c in data["insight"]["cells"]
    ] == [
        (0, 1, True, True),
        (1, 1, True, True),
    ]
    assert "a 50/50 no later move can settle" in data["move"]["why"]
    assert data["move"]["secondary_safety"] == pytest.approx(0.5)


def test_a_guess_says_its_secondary_safety_and_the_grid_lists_what_the_solver_sees(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, _ = run(["--mines", "2", "--json"], "1##\n###\n###\n", capsys, monkeypatch)
    move = json.loads(out)["move"]
    assert 0 < move["secondary_safety"] < 1
    assert re.search(r"\d+% chance to be safe and have a safe next move", move["why"])
    status, out, _ = run(["--mines", "1"], FIFTY_FIFTY, capsys, monkeypatch)
    assert status == 0
    assert "Dead, telling nothing new (2): (0,1) (1,1)" in out
    assert "Unavoidable 50/50s (1): (0,1) (1,1)" in out
    assert "Why: no safe cell: 50% risk" in out


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


WIN_CHANCE_LINE = re.compile(
    r"Win chance from here: (\d+\.\d)% \(95% CI (\d+\.\d)-(\d+\.\d)%, ([\d,]+) playouts\)"
)


def test_win_chance_ends_the_grid_and_repeats_with_its_seed(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    args = ["--mines", "2", "--win-chance", "--playouts", "300", "--seed", "5"]
    status, out, err = run(args, "1##\n###\n###\n", capsys, monkeypatch)
    assert status == 0 and err == ""
    found = WIN_CHANCE_LINE.fullmatch(out.splitlines()[-1])
    assert found is not None, out
    rate, low, high, played = found.groups()
    assert float(low) <= float(rate) <= float(high) and played == "300"
    assert 60 < float(rate) < 85  # the auto-player wins 11 of the 15 layouts
    assert run(args, "1##\n###\n###\n", capsys, monkeypatch)[1] == out
    other = run([*args[:-1], "6"], "1##\n###\n###\n", capsys, monkeypatch)[1]
    assert other.splitlines()[:-1] == out.splitlines()[:-1]


def test_win_chance_in_json(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    args = ["--mines", "2", "--json", "--win-chance", "--playouts", "40"]
    status, out, _ = run(args, VIEW, capsys, monkeypatch)
    data = json.loads(out)
    assert status == 0
    assert data["win_chance"] == {
        "estimate": 1.0,
        "low": pytest.approx(0.9124, abs=1e-4),
        "high": 1.0,
        "wins": 40,
        "playouts": 40,
        "complete": True,
    }
    assert "win_chance" not in json.loads(
        run(["--mines", "2", "--json"], VIEW, capsys, monkeypatch)[1]
    )


def test_a_won_view_is_won_in_every_playout(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, _ = run(["--mines", "1", "--win-chance"], "#1\n11\n", capsys, monkeypatch)
    assert status == 0
    assert out.splitlines()[-1] == (
        "Win chance from here: 100.0% (95% CI 99.6-100.0%, 1,000 playouts)"
    )


def test_win_chance_reports_the_playouts_done_when_time_runs_out(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def slow(*args: object, **kwargs: object) -> Iterator[WinChance]:
        yield WinChance(1, 1)
        yield WinChance(1, 2)
        while True:
            pass

    monkeypatch.setattr(mines_analyze, "playouts", slow)
    args = ["--mines", "2", "--win-chance", "--max-seconds", "0.3", "--json"]
    status, out, err = run(args, "1##\n###\n###\n", capsys, monkeypatch)
    assert status == 0 and err == ""
    assert json.loads(out)["win_chance"] | {"low": 0, "high": 0} == {
        "estimate": 0.5,
        "low": 0,
        "high": 0,
        "wins": 1,
        "playouts": 2,
        "complete": False,
    }
    status, out, err = run(args[:-1], "1##\n###\n###\n", capsys, monkeypatch)
    assert out.splitlines()[-1] == (
        "Win chance from here: 50.0% (95% CI 9.5-90.5%, 2 playouts of 1,000: --max-seconds ran out)"
    )


def test_win_chance_with_no_playout_done_in_time_is_refused(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def stuck(*args: object, **kwargs: object) -> Iterator[WinChance]:
        while True:
            pass
        yield WinChance(0, 0)

    monkeypatch.setattr(mines_analyze, "playouts", stuck)
    args = ["--mines", "2", "--win-chance", "--max-seconds", "0.3"]
    status, out, err = run(args, "1##\n###\n###\n", capsys, monkeypatch)
    assert (status, out) == (2, "")
    assert err == (
        "mines analyze: error: no --win-chance playout ended within --max-seconds 0.3; "
        "allow more with --max-seconds (up to 86400)\n"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--playouts", "0"], "--playouts must be a whole number from 1 to 1,000,000, not 0"),
        (["--playouts", "1000001"], "--playouts must be a whole number from 1 to 1,000,000"),
        (["--seed", "-1"], "--seed must be a whole number from 0 to 9223372036854775807"),
        (["--seed", str(2**63)], "--seed must be a whole number from 0 to 9223372036854775807"),
    ],
)
def test_bad_playouts_or_seed_get_one_line_and_status_2(
    args: list[str],
    message: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    status, out, err = run(["--mines", "2", "--win-chance", *args], VIEW, capsys, monkeypatch)
    assert (status, out) == (2, "")
    assert err.startswith("mines analyze: error: ") and message in err and err.count("\n") == 1


def test_playouts_and_seed_go_with_win_chance(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, err = run(["--mines", "2", "--playouts", "5"], VIEW, capsys, monkeypatch)
    assert (status, out) == (2, "")
    assert err == "mines analyze: error: --playouts and --seed go with --win-chance\n"


def test_win_chance_on_an_untouched_board_too_full_for_its_first_click(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, err = run(["--mines", "4", "--win-chance"], "##\n##\n", capsys, monkeypatch)
    assert (status, out) == (2, "")
    assert err.startswith("mines analyze: error: no playout can be dealt: 4 mines do not fit")
    assert err.count("\n") == 1
