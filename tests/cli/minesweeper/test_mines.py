"""`mines play` end to end: the installed command with piped input, and in a real terminal."""

import os
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from gridpuzzles.cli.main import main, mines_main
from gridpuzzles.minesweeper import level, new_game
from gridpuzzles.minesweeper.core.settings import PLAY_FIRST_CLICK
from tests.minesweeper.boards import winning_reveals

BIN = Path(sys.executable).parent


def mines(
    *args: str, stdin: str = "", env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(BIN / "mines"), *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, **(env or {})},
    )


def test_piped_game_is_scripted_and_exits_zero() -> None:
    result = mines("play", "--level", "beginner", "--seed", "7", stdin="r 0 0\nq\n")
    assert result.returncode == 0
    assert result.stderr == ""
    assert "> r 0 0\n" in result.stdout
    assert "(beginner, seed 7)" in result.stdout
    assert "\x1b[" not in result.stdout  # not a terminal: no colour


def test_a_whole_seeded_game_is_won_through_the_command() -> None:
    moves = winning_reveals(new_game(level("expert", PLAY_FIRST_CLICK), 11), (8, 15))
    script = "".join(f"{r + 1} {c + 1}\n" for r, c in moves) + "n\n"  # as a person counts
    result = mines("play", "--level", "expert", "--seed", "11", stdin=script)
    assert result.returncode == 0
    assert "You won in" in result.stdout and "Session: 1 won, 0 lost" in result.stdout


def test_the_long_command_and_custom_boards() -> None:
    result = subprocess.run(
        [
            str(BIN / "gridpuzzles"),
            "mines",
            "play",
            "--width",
            "12",
            "--height",
            "5",
            "--density",
            "0.2",
            "--seed",
            "1",
        ],
        input="q\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0
    assert "(12x5, 12 mines, seed 1)" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--level", "beginner", "--mines", "3"], "either --level or a custom size"),
        (["--width", "5"], "needs --width, --height and either --mines or --density"),
        (["--width", "3", "--height", "3", "--mines", "9"], "9 mines do not fit a 3x3 board"),
        (["--width", "0", "--height", "3", "--mines", "1"], "width must be from 1 to 100, not 0"),
        (["--width", "5", "--height", "5", "--density", "1.5"], "strictly between 0 and 1"),
    ],
)
def test_bad_options_get_one_clear_line(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert mines_main(["play", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_argparse_errors_exit_2_without_traceback() -> None:
    result = mines("play", "--level", "huge")
    assert result.returncode == 2
    assert "invalid choice: 'huge'" in result.stderr and "Traceback" not in result.stderr


def test_no_command_prints_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert "mines" in capsys.readouterr().out


@pytest.fixture
def tmux() -> Iterator[str]:
    assert shutil.which("tmux"), "tmux is installed by the test command"
    name = f"mines-{uuid.uuid4().hex[:8]}"
    yield name
    subprocess.run(["tmux", "kill-session", "-t", name], capture_output=True)


def screen(session: str) -> str:
    return subprocess.run(
        ["tmux", "capture-pane", "-p", "-t", session], capture_output=True, text=True
    ).stdout


def wait_for(session: str, text: str, timeout: float = 20.0) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        shown = screen(session)
        if text in shown:
            return shown
        time.sleep(0.1)
    raise AssertionError(f"{text!r} never appeared; the screen shows:\n{screen(session)}")


def test_in_a_real_terminal(tmux: str) -> None:
    command = f"env -u NO_COLOR {BIN / 'mines'} play --seed 7; echo EXIT=$?; sleep 30"
    subprocess.run(
        ["tmux", "new-session", "-d", "-x", "100", "-y", "40", "-s", tmux, command], check=True
    )
    wait_for(tmux, "Level [1-5, q to quit]:")
    subprocess.run(["tmux", "send-keys", "-t", tmux, "1", "Enter"], check=True)
    wait_for(tmux, "(beginner, seed 7)")
    subprocess.run(["tmux", "send-keys", "-t", tmux, "r 4 4", "Enter"], check=True)
    wait_for(tmux, "> r 4 4")
    coloured = subprocess.run(
        ["tmux", "capture-pane", "-p", "-e", "-t", tmux], capture_output=True, text=True
    ).stdout
    assert "\x1b[" in coloured  # a terminal without NO_COLOR gets colour
    subprocess.run(["tmux", "send-keys", "-t", tmux, "bogus", "Enter"], check=True)
    wait_for(tmux, "unknown command 'bogus'")
    subprocess.run(["tmux", "send-keys", "-t", tmux, "q", "Enter"], check=True)
    wait_for(tmux, "Leave this game? It counts as a loss. [y/n]")  # the game has started
    subprocess.run(["tmux", "send-keys", "-t", tmux, "y", "Enter"], check=True)
    shown = wait_for(tmux, "EXIT=0")
    assert "Bye!" in shown


def test_mines_play_tui_in_a_real_terminal(tmux: str, tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    command = (
        f"{BIN / 'mines'} play --tui --level beginner --seed 7 --db {db}; echo EXIT=$?; sleep 30"
    )
    subprocess.run(
        ["tmux", "new-session", "-d", "-x", "100", "-y", "30", "-s", tmux, command], check=True
    )
    wait_for(tmux, "Mines 010")
    assert "beginner, seed 7" in screen(tmux)
    subprocess.run(["tmux", "send-keys", "-t", tmux, "p"], check=True)
    wait_for(tmux, "auto-player: reveal row 3, column 3")  # the app's first click opens
    subprocess.run(["tmux", "send-keys", "-t", tmux, "q"], check=True)
    wait_for(tmux, "Leave this game? It counts as a loss.")  # the game has started
    subprocess.run(["tmux", "send-keys", "-t", tmux, "l"], check=True)
    shown = wait_for(tmux, "EXIT=0")
    assert "Traceback" not in shown
    assert db.exists()
