"""`mines analyze`: probabilities as a grid counted from 1 as a person counts, or JSON counted
from 0 for programs, and clear errors for bad input."""

from __future__ import annotations

import json
import re
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from gridpuzzles.cli.main import main, mines_main
from gridpuzzles.cli.minesweeper import analyze as mines_analyze
from gridpuzzles.minesweeper.solving import win_chance
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
    assert out.splitlines()[1].split() == ["1", "1", "33%", "20%"]
    assert "Layouts that fit: 15" in out
    assert "Move: reveal row" in out


def test_the_grid_and_every_cell_under_it_count_from_1_row_first(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, err = run(["--mines", "2"], VIEW, capsys, monkeypatch)
    assert status == 0 and err == ""
    assert out == (
        "     1    2    3    4\n"
        "1   0% 100%    1   0%\n"
        "2 100%    2    1    .\n"  # an opened 0 as the line mode draws it, apart from 0%
        "3    1    1    .    .\n"
        "Layouts that fit: 1\n"
        "Certainly safe (2): (1,1) (1,4)\n"
        "Certainly mines (2): (1,2) (2,1)\n"
        "Move: reveal row 1, column 1 (certainly safe)\n"
        "Dead, telling nothing new (0): -\n"
        "Unavoidable 50/50s (0): -\n"
        "Why: safe: the 2 at row 2, column 2 already has its 2 mines\n"
    )


def test_ten_and_more_rows_and_columns_are_labelled_to_the_last(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    board = "1" + "#" * 10 + "\n" + ("#" * 11 + "\n") * 11  # 11 columns, 12 rows
    status, out, _ = run(["--mines", "1"], board, capsys, monkeypatch)
    lines = out.splitlines()
    assert status == 0
    assert lines[0].split() == [str(c) for c in range(1, 12)]
    assert lines[0].endswith("  11") and lines[1].startswith(" 1    1 ")
    assert [line.split()[0] for line in lines[1:13]] == [str(r) for r in range(1, 13)]
    assert "Certainly safe (128): (1,3) (1,4) " in out  # the one mine is beside the 1
    assert " (12,10) (12,11)\n" in out
    assert "Move: reveal row 1, column 3 (certainly safe)" in out


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
    assert "Dead, telling nothing new (2): (1,2) (2,2)" in out
    assert "Unavoidable 50/50s (1): (1,2) (2,2)" in out
    assert "Why: no safe cell: 50% risk" in out


@pytest.mark.parametrize(
    ("stdin", "args", "status", "message"),
    [
        ("##1Z\n", ["--mines", "1"], 2, "view line 1, column 4: unknown symbol 'Z'"),
        ("##1\n#2\n", ["--mines", "1"], 2, "view line 2 has 2 cells but line 1 has 3"),
        ("\n\n", ["--mines", "1"], 2, "the view is empty"),
        (VIEW, ["--mines", "-1"], 2, "--mines must be a whole number from 0 to 250,000, not -1"),
        (VIEW, ["--mines", "9"], 1, "inconsistent view: no layout of 9 mines fits the view"),
        ("8#\n##\n", ["--mines", "3"], 1, "inconsistent view: the 8 at row 1, column 1"),
        ("##1 F\n", ["--mines", "1"], 2, "line 1: '##1 F' is neither a row of a view"),
        ("  1 2\n1 # #\n2 # Z\n", [], 2, "line 3, row 2, column 2: unknown cell 'Z'"),
        ('{"view": ["##"], "mines": "2"}', [], 2, "the game state's mines must be a whole"),
        ("{", [], 2, "the JSON game state cannot be read: Expecting property name"),
        (VIEW, [], 2, "the view does not say how many mines the board has: give --mines N"),
        ("  1 2\n1 # 1\n", [], 2, "the printed board does not say how many mines"),
        (
            "  1 2\n1 # 1\nMines left: 1   Time: 4 s   (2x1, 1 mines, seed 3)\n",
            ["--mines", "2"],
            2,
            "--mines 2 but the printed board says 1 mines: leave --mines out, or make them agree",
        ),
        ('{"view": ["#1"], "mines": 1}', ["--mines", "0"], 2, "but the game state says 1 mines"),
        ('{"view": ["#1"], "mines": 250001}', [], 2, "the game state's mine count must be a"),
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


def test_mines_may_be_left_out_when_the_position_says_it_and_agree_when_both_do(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    printed = "  1 2 3 4\n1 # # 1 F\n2 # 2 1 .\n3 1 1 . .\nMines left: 1\n"
    state = json.dumps({"view": VIEW.split(), "mines": 2})
    expected = run(["--mines", "2"], VIEW, capsys, monkeypatch)
    assert expected[0] == 0
    for text in (printed, state):
        assert run([], text, capsys, monkeypatch) == expected
        assert run(["--mines", "2"], text, capsys, monkeypatch) == expected


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
    assert out.splitlines()[-1] == "Win chance from here: 50% (95% CI 9-91%, 2 playouts in 0.3 s)"


@pytest.mark.parametrize(
    ("tally", "asked", "line"),
    [
        (WinChance(112, 272), 1000, "41% (95% CI 35-47%, 272 playouts in 15 s)"),
        (WinChance(167, 420), 1000, "39.8% (95% CI 35.2-44.5%, 420 playouts in 15 s)"),
        (WinChance(730, 1000), 1000, "73.0% (95% CI 70.2-75.7%, 1,000 playouts)"),
        (WinChance(1000, 1000), 1000, "100.0% (95% CI 99.6-100.0%, 1,000 playouts)"),
    ],
)
def test_the_win_chance_is_an_estimate_with_its_interval_also_when_time_runs_out(
    tally: WinChance, asked: int, line: str
) -> None:
    # Whole percents for an interval 10 points wide or more: its tenths would be noise.
    assert mines_analyze.format_win_chance(tally, asked, 15.0) == f"Win chance from here: {line}"


def test_the_interval_shown_is_the_one_of_the_tally(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(win_chance, "wilson", lambda wins, played: (0.25, 0.5))
    line = mines_analyze.format_win_chance(WinChance(112, 272), 1000, 15.0)
    assert line == "Win chance from here: 41% (95% CI 25-50%, 272 playouts in 15 s)"


def test_an_expert_win_chance_cut_short_by_the_default_time_gives_its_estimate(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def expert_pace(*args: object, **kwargs: object) -> Iterator[WinChance]:
        for played in range(1, 273):
            yield WinChance(played * 112 // 272, played)
        raise mines_analyze.OutOfTime  # as the alarm of the default 15 s would

    monkeypatch.setattr(mines_analyze, "playouts", expert_pace)
    expert = ("#" * 30 + "\n") * 16
    status, out, err = run(["--mines", "99", "--win-chance"], expert, capsys, monkeypatch)
    assert (status, err) == (0, "")
    assert out.splitlines()[-1] == (
        "Win chance from here: 41% (95% CI 35-47%, 272 playouts in 15 s)"
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


def test_an_earlier_alarm_that_fired_within_the_time_limit_is_not_set_again_at_once() -> None:
    # A caller's repeating alarm (the command fuzz test's) fired inside the analysis: it is
    # next due after its interval, as without the analysis, not a moment after it ends.
    fired: list[int] = []
    previous = signal.signal(signal.SIGALRM, lambda signum, frame: fired.append(signum))
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.1, 1.0)
        with mines_analyze.time_limit(5):
            time.sleep(0.3)
        left, interval = signal.getitimer(signal.ITIMER_REAL)
        assert fired == [signal.SIGALRM]
        assert interval == pytest.approx(1.0) and 0.5 < left <= 1.0
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
