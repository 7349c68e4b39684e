"""The entry points: behaviour shared by every command."""

from __future__ import annotations

import contextlib
import io
import re
import subprocess
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest

from gridpuzzles import __version__
from gridpuzzles.cli.main import main, mines_main, mondrian_main

ROOT = Path(__file__).resolve().parents[2]


def test_a_reader_that_stops_early_ends_the_command_quietly() -> None:
    """`mines analyze ... | head -c 10`: no traceback, no error line, when the pipe closes."""
    board = ("#" * 300 + "\n") * 300
    command = [sys.executable, "-m", "gridpuzzles", "mines", "analyze", "--mines", "10", "--json"]
    process = subprocess.Popen(
        command,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(board.encode())
    process.stdin.close()
    assert process.stdout.read(10) == b'{"probabil'
    process.stdout.close()
    assert process.wait(timeout=60) == 1
    assert process.stderr is not None
    assert process.stderr.read() == b""


@pytest.mark.parametrize(
    ("entry", "shown"),
    [
        (main, "gridpuzzles"),
        (mines_main, "mines (gridpuzzles)"),
        (mondrian_main, "mondrian (gridpuzzles)"),
    ],
)
def test_every_command_prints_the_packages_version(
    entry: Callable[[list[str]], int], shown: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as raised:
        entry(["--version"])
    assert raised.value.code == 0
    assert capsys.readouterr().out == f"{shown} {__version__}\n"


def test_the_version_is_written_once() -> None:
    """pyproject.toml reads the version from the package; it writes no version of its own."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "version" not in project["project"] and "version" in project["project"]["dynamic"]
    dynamic = project["tool"]["setuptools"]["dynamic"]["version"]
    assert dynamic == {"attr": "gridpuzzles.__version__"}
    assert re.fullmatch(r"\d+\.\d+\.\d+", __version__)


def help_text(entry: Callable[[list[str]], int], argv: list[str]) -> str:
    with pytest.raises(SystemExit), contextlib.redirect_stdout(io.StringIO()) as out:
        entry([*argv, "--help"])
    return out.getvalue()


def test_the_help_describes_the_program_and_its_commands() -> None:
    text = help_text(main, [])
    description = text.split("\n\n")[1]
    assert description.startswith("Two grid logic puzzles, Minesweeper and Mondrian Blocks:")
    assert description.endswith("`gridpuzzles mines` and `gridpuzzles mondrian`.")
    for command in ("mines", "mondrian", "tui", "serve"):
        assert re.search(rf"^    {command} +\S", text, re.M), command
    assert "\n  mondrian solve --black 4,3,v 2,1,v 8,5,h --count   how many" in text
    assert text.rstrip().endswith(
        "`gridpuzzles COMMAND --help` describes each command and its options."
    )


@pytest.mark.parametrize(
    ("entry", "argv", "prog"),
    [
        (mines_main, [], "mines"),
        (main, ["mines"], "gridpuzzles mines"),
        (mondrian_main, [], "mondrian"),
        (main, ["mondrian"], "gridpuzzles mondrian"),
    ],
)
def test_the_examples_name_the_command_as_it_was_called(
    entry: Callable[[list[str]], int], argv: list[str], prog: str
) -> None:
    text = help_text(entry, argv)
    examples = text[text.index("\nexamples:\n") :].splitlines()
    lines = [line[2:] for line in examples if line.startswith("  ")]
    commands = [re.sub(r"^printf '.*' \| ", "", line) for line in lines]
    assert len(commands) >= 4
    assert all(command.startswith(f"{prog} ") for command in commands), commands
    assert examples[-1] == f"`{prog} COMMAND --help` describes each command and its options."


@pytest.mark.parametrize(
    ("command", "opening"), [("tui", "The full-screen terminal app"), ("serve", "The web app")]
)
def test_the_apps_say_what_they_are(command: str, opening: str) -> None:
    text = help_text(main, [command])
    assert text.split("\n\n")[1].startswith(opening)


def test_the_command_line_starts_without_the_database_libraries() -> None:
    """Only a command that keeps games loads SQLAlchemy: the others (and the web app's solver
    workers, which import the command line again) start without it."""
    loaded = subprocess.run(
        [sys.executable, "-c", "import sys, gridpuzzles.cli.main; print(sorted(sys.modules))"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "'sqlalchemy'" not in loaded and "'gridpuzzles.storage.store'" not in loaded
    assert "'gridpuzzles.storage'" in loaded  # the test would pass vacuously without it


def test_a_failure_naming_what_the_player_typed_stays_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # A name with a carriage return (the fuzzer's find: --db '\r') is written escaped.
    assert main(["replay", "--db", "a\rb\n", "some-id"]) == 2
    err = capsys.readouterr().err
    assert err == "gridpuzzles replay: error: no game is kept in a\\rb\\n yet\n"
