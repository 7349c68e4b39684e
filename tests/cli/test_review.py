"""`gridpuzzles review ID`: a kept Minesweeper game judged move by move from the position
before each move, in words or as JSON, and every id or game it cannot review refused in one
line."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from gridpuzzles.minesweeper import Move, level, new_game, play, three_bv
from gridpuzzles.minesweeper.core.settings import PLAY_FIRST_CLICK
from gridpuzzles.minesweeper.core.statistics import hzini as hzini_of
from gridpuzzles.minesweeper.core.statistics import zini as zini_of
from gridpuzzles.minesweeper.solving.review import Verdict, judge
from gridpuzzles.storage import SavedGame, Store, TimedMove
from tests.cli.test_replay import SEED, lost_game, run


def test_each_move_gets_its_verdict_and_the_game_its_summary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "games.db"
    game_id, _ = lost_game(db, monkeypatch, capsys)
    status, out, err = run(["review", game_id, "--db", str(db)], "", monkeypatch, capsys)
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith(f"Game {game_id}: beginner, seed {SEED}")
    steps = [line for line in lines if line.startswith("Step ")]
    assert len(steps) == 4
    assert steps[0].endswith("reveal row 5, column 5: first click (safe by the rule)")
    assert steps[2].endswith(": a flag taken off")
    # The mine revealed at the end: judged from the position before it, which the opening
    # of row 5, column 5 left with certainly safe cells: a needless guess or a known mine.
    opened = play(new_game(level("beginner", PLAY_FIRST_CLICK), SEED), Move.parse("r4,4"))
    assert opened.layout is not None
    mine = next(i for i in range(81) if opened.layout.is_mine(i))
    verdict, risk, _ = judge(opened, Move.parse(f"r{mine // 9},{mine % 9}"))
    assert verdict in (Verdict.NEEDLESS_GUESS, Verdict.KNOWN_MINE) and risk is not None
    assert re.search(rf": {re.escape(verdict.words)}; \d+% risk, the least there was 0%$", steps[3])
    needless = int(verdict is Verdict.NEEDLESS_GUESS)
    guesses = "1 guess" if needless else "0 guesses"  # a known mine is no guess
    summary = rf"Summary: 4 moves, {guesses}, {needless} needless; risk taken \d+\.\d\d "
    assert re.match(summary, lines[-2]) and re.search(r"accuracy \d+%$", lines[-2]), lines[-2]
    # The standard statistics: the opening of the first reveal is the one 3BV solved; the
    # first reveal and the flag on a mine are the effective clicks, the unflag and the mine
    # revealed are not. A 9x9 board has no STNB (ms-toollib's beginner is 8x8).
    bv, zini, hzini = three_bv(opened.layout), zini_of(opened.layout), hzini_of(opened.layout)
    said = (
        rf"Statistics: 3BV {bv}, 1 solved in \d+\.\d s, (3BV/s \d+\.\d\d, )?4 clicks \(2 left, "
        rf"2 right, 0 double\), 2 effective, IOE 0\.25, correctness 50%, throughput 0\.50, "
        rf"ZiNi {zini}, HZiNi {hzini}, RQP \d+\.\d\d$"
    )
    assert re.fullmatch(said, lines[-1]), lines[-1]

    status, out, _ = run(["review", game_id, "--db", str(db), "--json"], "", monkeypatch, capsys)
    answer = json.loads(out)
    assert status == 0 and answer["id"] == game_id
    assert answer["moves"][0]["verdict"] == "first_click"
    assert answer["moves"][3]["verdict"] == verdict.value
    assert answer["moves"][3]["risk"] == pytest.approx(float(risk), abs=1e-6)
    assert answer["moves"][3]["said"].startswith("reveal row ")
    assert answer["summary"]["moves"] == 4
    figures = answer["summary"]["statistics"]
    assert {k: figures[k] for k in ("three_bv", "three_bv_solved", "zini", "hzini")} == {
        "three_bv": bv,
        "three_bv_solved": 1,
        "zini": zini,
        "hzini": hzini,
    }
    clicks = ("clicks", "left_clicks", "right_clicks", "double_clicks", "effective_clicks")
    assert [figures[k] for k in clicks] == [4, 2, 2, 0, 2]
    assert (figures["ioe"], figures["correctness"], figures["throughput"]) == (0.25, 0.5, 0.5)
    assert figures["stnb"] is None and figures["rqp"] == round(figures["seconds"] ** 2, 4)


def test_what_cannot_be_reviewed_is_refused_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "games.db"
    store = Store(db)
    config = level("beginner", PLAY_FIRST_CLICK)
    first = (TimedMove(Move.parse("r4,4"), 1.0),)
    store.add_game(SavedGame("playingXXXXXXXXXXXXXXX", config, 5, moves=first))
    store.close()
    for argv, said in (
        (["review", "playingXXXXXXXXXXXXXXX"], "is still being played"),
        (["review", "unknownXXXXXXXXXXXXXXX"], "no game unknownXXXXXXXXXXXXXXX is kept"),
        (["review", "bad id!"], "a game id is letters, digits"),
    ):
        status, out, err = run([*argv, "--db", str(db)], "", monkeypatch, capsys)
        assert status != 0 and out == "", argv
        assert said in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_the_replay_says_each_verdict_under_its_step_unless_told_not_to(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "games.db"
    game_id, _ = lost_game(db, monkeypatch, capsys)
    argv = ["replay", game_id, "--db", str(db), "--all"]
    status, out, _ = run(argv, "", monkeypatch, capsys)
    lines = out.splitlines()
    first = next(n for n, line in enumerate(lines) if line.startswith("Step 1 of 4"))
    assert status == 0 and lines[first + 1] == "  Review: first click (safe by the rule)"
    assert sum(line.startswith("  Review: ") for line in lines) == 4
    assert lines[-1].startswith("Review: 4 moves, ")
    status, out, _ = run([*argv, "--no-review"], "", monkeypatch, capsys)
    assert status == 0 and "Review" not in out
