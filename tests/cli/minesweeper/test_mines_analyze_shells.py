"""What each shell shows of a game, saved as it is, is read by `mines analyze`, with the mines
the shell shows too: the line mode's printed board (its ``.`` cells and its status line) and
the web API's game state. Each gives the analysis of the same view given with --mines."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from gridpuzzles.cli.main import mines_main
from gridpuzzles.minesweeper import format_view, level, new_game, reveal, toggle_flag, view
from gridpuzzles.minesweeper.core.settings import PLAY_FIRST_CLICK
from gridpuzzles.storage import Store
from gridpuzzles.web.app import create_app

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message="Using `httpx` with")  # Starlette wants httpx2
    from fastapi.testclient import TestClient

BIN = Path(sys.executable).parent
BEGINNER_7 = toggle_flag(reveal(new_game(level("beginner", PLAY_FIRST_CLICK), 7), 0, 0), 2, 0)
"""Beginner, seed 7, after "r 1 1" and "f 3 1", as every shell plays it."""


def analyze(
    args: list[str], text: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
    status = mines_main(["analyze", *args])
    out = capsys.readouterr()
    return status, out.out, out.err


def last_board(transcript: str) -> str:
    """The last board of a line-mode transcript and its status line, as a person copies it
    from the terminal: from the column numbers to "Mines left"."""
    lines = transcript.splitlines()
    end = max(i for i, line in enumerate(lines) if line.startswith("Mines left:"))
    start = max(i for i in range(end) if lines[i].lstrip().startswith("1 2 3"))
    return "\n".join(lines[start : end + 1]) + "\n"


def test_the_line_modes_printed_board_is_read_with_its_mines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    played = subprocess.run(
        [str(BIN / "mines"), "play", "--level", "beginner", "--seed", "7"],
        input="r 1 1\nf 3 1\nq\ny\n",
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "XDG_DATA_HOME": str(tmp_path)},  # any game kept stays in tmp_path
    )
    printed = last_board(played.stdout)
    assert " . " in printed and " F " in printed and "Mines left: 9 " in printed
    expected = analyze(["--mines", "10"], format_view(view(BEGINNER_7)), capsys, monkeypatch)
    assert expected[0] == 0
    assert analyze([], printed, capsys, monkeypatch) == expected
    assert analyze(["--mines", "10"], printed, capsys, monkeypatch) == expected


def test_the_web_apis_game_state_is_read_with_its_mines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    with TestClient(create_app(Store(tmp_path / "games.db"), lambda: 1000.0)) as client:
        created = client.post(
            "/api/minesweeper/games",
            json={"level": "beginner", "seed": 7, "first_click": PLAY_FIRST_CLICK.value},
        )
        game, token = created.json()["id"], {"X-Game-Token": created.json()["token"]}
        for move in ("r0,0", "f2,0"):  # the machine form counts from 0
            path = f"/api/minesweeper/games/{game}/moves"
            assert client.post(path, json={"move": move}, headers=token).status_code == 200
        state = client.get(f"/api/minesweeper/games/{game}", headers=token).text
    expected = analyze(["--mines", "10"], format_view(view(BEGINNER_7)), capsys, monkeypatch)
    assert expected[0] == 0
    assert analyze([], state, capsys, monkeypatch) == expected
    assert (
        analyze(["--json"], state, capsys, monkeypatch)[1]
        == (
            analyze(
                ["--mines", "10", "--json"], format_view(view(BEGINNER_7)), capsys, monkeypatch
            )[1]
        )
    )
