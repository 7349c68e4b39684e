"""`mondrian play` end to end: choosing the challenge, piped input that plays a published
challenge to the end and keeps it, refusals, and a game in a real terminal (tmux)."""

from __future__ import annotations

import io
import re
import shutil
import sqlite3
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from gridpuzzles.mondrian.core.challenges import find_published
from gridpuzzles.mondrian.core.grid import Puzzle
from gridpuzzles.mondrian.core.notation import typed_fixed
from gridpuzzles.mondrian.solving.solutions import first_solution
from gridpuzzles.storage import Store
from tests.cli.minesweeper.test_mines import screen, wait_for
from tests.mondrian import commands

BIN = Path(sys.executable).parent
CODE = "313620031"
"""A published challenge of the Yellow edition, Master level."""


def solution_lines(puzzle: Puzzle) -> list[str]:
    """The solver's solution as the commands a player types."""
    solution = first_solution(puzzle)
    assert solution is not None
    return [typed_fixed(p) for p in solution if p not in puzzle.fixed]


def play(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    *argv: str,
    lines: tuple[str, ...] = ("quit",),
) -> commands.Ran:
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(f"{line}\n" for line in lines)))
    return commands.run(capsys, "play", *argv)


def test_piped_commands_play_a_published_challenge_to_the_end_and_keep_it(
    tmp_path: Path,
) -> None:
    db = tmp_path / "games.db"
    lines = "\n".join(solution_lines(find_published(CODE).puzzle)) + "\n"
    for attempt in range(2):
        done = subprocess.run(
            [str(BIN / "mondrian"), "play", "--code", CODE, "--db", str(db)],
            input=lines,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert (done.returncode, done.stderr) == (0, "")
        assert done.stdout.startswith(f"Challenge {CODE}: Yellow edition, master\n")
        assert re.search(r"\nSolved in [0-9.]+ s \(8 moves, a master challenge\)\.\n", done.stdout)
        assert "\x1b" not in done.stdout  # no colour into a pipe
        if attempt == 0:
            assert "A new best time for this challenge and for master challenges!" in done.stdout
    store = Store(db)
    finishes = store.mondrian_finishes()
    assert [(f.challenge, f.difficulty, f.moves, f.assisted) for f in finishes] == [
        (CODE, "master", 8, False)
    ] * 2


def test_a_random_published_challenge_of_a_level_depends_on_the_seed(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    first = play(capsys, monkeypatch, "--level", "hard", "--edition", "red", "--seed", "5")
    again = play(capsys, monkeypatch, "--level", "hard", "--edition", "red", "--seed", "5")
    assert first.status == 0 and first.out == again.out
    assert first.out.split("\n")[0].endswith(": Red edition, hard")
    other = {
        play(capsys, monkeypatch, "--level", "easy", "--seed", str(seed)).out.split("\n")[0]
        for seed in range(6)
    }
    assert len(other) > 1 and all(title.endswith(", easy") for title in other)


def test_a_generated_challenge_of_a_level(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    ran = play(capsys, monkeypatch, "--generate", "--level", "medium", "--seed", "2")
    assert ran.status == 0
    assert ran.out.startswith("Generated challenge --black ")
    assert ran.out.split("\n")[0].endswith(": medium")


def test_black_blocks_of_a_published_challenge_are_known_by_its_code(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    ran = play(capsys, monkeypatch, "--black", "2,1,h", "5,1,h", "4,6,v")
    assert ran.out.startswith("Challenge 001040531: White edition, easy\n")


def test_solve_takes_a_published_code_too(capsys: pytest.CaptureFixture[str]) -> None:
    ran = commands.run(capsys, "solve", "--code", CODE, "--count")
    assert (ran.status, ran.out) == (0, "Number of solutions: 1\n")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("--code", "123"), "no published challenge has the code '123'"),
        (("--code", CODE, "--black", "2,1,h", "5,1,h", "4,6,v"), "give --black or --code"),
        (("--code", CODE, "--level", "easy"), "give --black, --code or a random challenge"),
        (("--seed", "3"), "--seed chooses a random challenge"),
        (("--generate", "--edition", "red"), "--edition chooses a published challenge"),
        (("--black", "8,6,h", "7,4,h", "4,3,v"), "the challenge has no solution"),
        (("--black", "1,1,h", "1,1,h", "4,6,v"), "overlaps another block"),
    ],
)
def test_a_bad_choice_of_challenge_is_one_line_and_writes_no_database(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    argv: tuple[str, ...],
    message: str,
) -> None:
    db = tmp_path / "games.db"
    ran = play(capsys, monkeypatch, *argv, "--db", str(db))
    assert message in ran.refused
    assert not db.exists()


def test_a_database_that_cannot_be_one_is_refused_before_the_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    ran = play(capsys, monkeypatch, "--code", CODE, "--db", str(tmp_path))
    assert "cannot open the database" in ran.refused and "it is a folder" in ran.err
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE users (id INTEGER)")
    db.close()
    assert (
        "another program's database"
        in play(capsys, monkeypatch, "--code", CODE, "--db", str(other)).refused
    )


def wait_for_prompt(session: str, timeout: float = 20.0) -> None:
    """Wait until the game asks for the next command: its last line is the prompt alone."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        lines = screen(session).rstrip().splitlines()
        if lines and lines[-1].rstrip() == ">":
            return
        time.sleep(0.05)
    raise AssertionError(f"no prompt; the screen shows:\n{screen(session)}")


def test_a_game_in_a_real_terminal(tmp_path: Path) -> None:
    assert shutil.which("tmux"), "tmux is installed by the test command"
    session = f"mondrian-{uuid.uuid4().hex[:8]}"
    db = tmp_path / "games.db"
    command = (
        f"env -u NO_COLOR {BIN / 'mondrian'} play --code {CODE} --db {db}; echo EXIT=$?; sleep 30"
    )
    subprocess.run(
        ["tmux", "new-session", "-d", "-x", "100", "-y", "40", "-s", session, command],
        check=True,
    )
    try:
        wait_for(session, f"Challenge {CODE}: Yellow edition, master")
        keys = ["2x3:10,10,h", "hint", "undo", *solution_lines(find_published(CODE).puzzle)]
        for number, line in enumerate(keys):
            wait_for_prompt(session)  # typed before it, the echo would come before the prompt
            subprocess.run(["tmux", "send-keys", "-t", session, line, "Enter"], check=True)
            if number == 0:
                wait_for(session, "row 10, column 10 is off the board")  # as typed: from 1
            elif number == 1:
                wait_for(session, "Hint: place the ")
            else:
                wait_for(session, f"> {line}")
        shown = wait_for(session, "EXIT=0")
        assert "Solved in " in shown
        # the hint is a move, its undo none (the game in play's count, as in every shell)
        assert "(9 moves, a master challenge)." in shown
        assert "You had help (a hint or the solutions): the game sets no record." in shown
        colour = subprocess.run(
            ["tmux", "capture-pane", "-p", "-e", "-t", session],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        assert "\x1b[" in colour  # a terminal gets colour
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True, check=False)
    assert Store(db).mondrian_finishes()[0].assisted
