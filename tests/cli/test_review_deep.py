"""`gridpuzzles review ID --deep`: each guess of a kept Minesweeper game weighed too (how
much of the chance to win it gave away against the solver's best move), in words and in the
JSON, with a progress bar on standard error only when it is a terminal."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from tests.cli.test_replay import lost_game, run

WEIGHED = re.compile(
    r"; (the solver's own choice: gave away nothing \(\d+% to win\)"
    r"|(((at least )?an? (inaccuracy|mistake|blunder)|too close to call): )?"
    r"gave away (about )?(\d+ points?|under 1 point) of the chance to win "
    r"\(\d+% → \d+%(; 95% interval -?\d+ to -?\d+)?\)"
    r"|gained about (\d+ points?|under 1 point) of the chance to win over the solver's choice"
    r" \(\d+% → \d+%; 95% interval -?\d+ to -?\d+\))$"
)
"""What a weighed move's line ends with."""


def test_deep_weighs_the_guess_in_words_and_in_the_json(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "games.db"
    game_id, _ = lost_game(db, monkeypatch, capsys)
    argv = ["review", game_id, "--db", str(db), "--deep", "--playouts", "12"]
    status, out, err = run(argv, "", monkeypatch, capsys)
    assert status == 0 and err == ""  # no progress bar: standard error is no terminal here
    steps = [line for line in out.splitlines() if line.startswith("Step ")]
    assert WEIGHED.search(steps[3]), steps[3]  # the mine revealed: a risk taken
    assert not any(WEIGHED.search(line) for line in steps[:3])
    summary = next(line for line in out.splitlines() if line.startswith("Summary: "))
    assert re.search(
        r"; \d+ inaccurac(y|ies), \d+ mistakes?, \d+ blunders? \(1 of 1 risky move weighed\)$",
        summary,
    ), summary

    status, out, _ = run([*argv, "--json"], "", monkeypatch, capsys)
    answer = json.loads(out)
    last = answer["moves"][3]
    assert status == 0 and last["win_chance_due"] and last["win_chance_weighed"]
    assert last["label"] in ("inaccuracy", "mistake", "blunder", None)
    assert isinstance(last["exact"], bool) and last["playouts"] in (0, 12)
    assert last["win_chance_loss"] == pytest.approx(
        last["win_chance_best"] - last["win_chance_played"], abs=0.11
    )
    assert last["win_chance_words"] in steps[3]
    assert answer["summary"]["win_chance"]["due"] == answer["summary"]["win_chance"]["weighed"] == 1
    first = answer["moves"][0]
    assert not first["win_chance_due"] and not first["win_chance_weighed"]
    assert first["win_chance_loss"] is None and first["label"] is None


def test_without_deep_the_guess_is_due_but_not_weighed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "games.db"
    game_id, _ = lost_game(db, monkeypatch, capsys)
    status, out, _ = run(["review", game_id, "--db", str(db), "--json"], "", monkeypatch, capsys)
    answer = json.loads(out)
    last = answer["moves"][3]
    assert status == 0 and last["win_chance_due"] and not last["win_chance_weighed"]
    assert last["win_chance_loss"] is None and last["label"] is None
    assert answer["summary"]["win_chance"] == {
        "due": 1,
        "weighed": 0,
        "inaccuracies": 0,
        "mistakes": 0,
        "blunders": 0,
    }


def test_the_progress_bar_is_drawn_on_a_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "games.db"
    game_id, _ = lost_game(db, monkeypatch, capsys)
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    argv = ["review", game_id, "--db", str(db), "--deep", "--playouts", "3"]
    status, out, err = run(argv, "", monkeypatch, capsys)
    assert status == 0 and "Weighing" not in out
    drawn = err.split("\r")
    assert drawn[1].startswith("Weighing the guesses [") and drawn[1].endswith("] 0 of 1")
    assert drawn[-1] == f"Weighing the guesses [{'#' * 30}] 1 of 1\n"


@pytest.mark.parametrize("playouts", ["0", "x", "100001"])
def test_a_bad_number_of_playouts_is_refused_in_one_line(
    playouts: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        run(["review", "someid", "--deep", "--playouts", playouts], "", monkeypatch, capsys)
    err = capsys.readouterr().err
    assert "--playouts" in err and "Traceback" not in err
