"""The ground under a command rather than its arguments: input files that are not regular
files (a pipe that no one writes, a folder, a device) are refused in one line, before they
are opened, by every command that reads a file; standard input (``-``) stays allowed."""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gridpuzzles.cli.options import database
from gridpuzzles.storage import StorageError, Store

READERS = {
    "mines analyze": ["mines", "analyze", "{file}", "--mines", "1"],
    "mines bench --boards": ["mines", "bench", "--boards", "{file}"],
    "mondrian solve --file": ["mondrian", "solve", "--file", "{file}"],
}
"""Every command that reads a file the player names."""
WAIT_SECONDS = 20


def run(argv: list[str], stdin: str = "") -> subprocess.CompletedProcess[str]:
    """`gridpuzzles ARGV` in its own process (a hang is a failure, not a stuck test run)."""
    return subprocess.run(
        [sys.executable, "-m", "gridpuzzles", *argv],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=WAIT_SECONDS,
        check=False,
    )


def one_line(answer: subprocess.CompletedProcess[str]) -> str:
    assert answer.returncode == 2, answer
    assert "Traceback" not in answer.stderr
    lines = answer.stderr.strip().splitlines()
    assert len(lines) == 1, answer.stderr
    return lines[0]


@pytest.mark.parametrize("command", READERS.values(), ids=READERS.keys())
@pytest.mark.parametrize("kind", ["a pipe (FIFO)", "a folder", "a device"])
def test_a_file_that_is_not_a_regular_file_is_refused_before_it_is_opened(
    command: list[str], kind: str, tmp_path: Path
) -> None:
    if kind == "a pipe (FIFO)":
        target = tmp_path / "pipe"
        os.mkfifo(target)  # nobody writes it: opening it for reading would wait forever
    elif kind == "a folder":
        target = tmp_path
    else:
        target = Path("/dev/zero")  # never ends
    answer = run([part.format(file=target) for part in command])
    line = one_line(answer)
    assert f"it is {kind}, not a regular file (give a file, or - for standard input)" in line


def test_standard_input_stays_allowed() -> None:
    answer = run(["mines", "analyze", "-", "--mines", "1"], stdin="#1\n")
    assert answer.returncode == 0, answer.stderr


def test_an_endless_standard_input_is_read_only_up_to_its_bound() -> None:
    answer = run(["mondrian", "solve", "--file", "-"], stdin="x" * 200_000)
    assert "'-' is longer than 65,536 bytes, the most read" in one_line(answer)


def started_serve(tmp_path: Path, workers: int) -> tuple[subprocess.Popen[str], str, int]:
    """`gridpuzzles serve --workers N` on a free port: the process, the host and the port
    it printed."""
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gridpuzzles",
            "serve",
            "--port",
            "0",
            "--db",
            str(tmp_path / "games.db"),
            "--workers",
            str(workers),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    printed = process.stdout.readline()
    found = re.search(r"http://([\d.]+):(\d+)/", printed)
    assert found is not None, printed
    return process, found.group(1), int(found.group(2))


@pytest.mark.parametrize("workers", [1, 2])
def test_serve_prints_its_address_once_it_takes_connections(tmp_path: Path, workers: int) -> None:
    process, host, port = started_serve(tmp_path, workers)
    try:
        with socket.create_connection((host, port), timeout=5):  # at once: no refusal
            pass
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_the_server_processes_end_with_their_supervisor_even_killed(tmp_path: Path) -> None:
    process, host, port = started_serve(tmp_path, 2)
    children: list[int] = []
    deadline = time.monotonic() + 30
    while len(children) < 2 and time.monotonic() < deadline:
        time.sleep(0.2)
        children = [
            int(pid)
            for task in Path(f"/proc/{process.pid}/task").iterdir()
            for pid in (task / "children").read_text().split()
        ]
    assert len(children) >= 2, children
    process.kill()  # kill -9: the supervisor tells no one
    process.wait(timeout=10)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and any(Path(f"/proc/{pid}").exists() for pid in children):
        time.sleep(0.2)
        for pid in children:  # reap them: they were the supervisor's, now init's or ours
            with contextlib.suppress(ChildProcessError):
                os.waitpid(pid, os.WNOHANG)
    alive = [
        pid
        for pid in children
        if Path(f"/proc/{pid}").exists()
        and Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0] != "Z"
    ]
    assert not alive, f"server processes still running: {alive}"
    with pytest.raises(OSError):
        socket.create_connection((host, port), timeout=2).close()


def damaged_store(path: Path) -> bytes:
    """A store whose pages after the first are overwritten with noise; its bytes."""
    store = Store(path)
    store.close()
    with path.open("r+b") as file:
        file.seek(2 * 4096)
        file.write(random.Random(7).randbytes(2 * 4096))
    return path.read_bytes()


@pytest.mark.parametrize(
    "command",
    [["stats"], ["serve", "--port", "0"], ["tui"], ["mines", "play", "--tui"]],
    ids=["stats", "serve", "tui", "mines play --tui"],
)
def test_a_damaged_database_is_refused_in_one_line_and_left_as_it_was(
    command: list[str], tmp_path: Path
) -> None:
    path = tmp_path / "damaged.db"
    before = damaged_store(path)
    line = one_line(run([*command, "--db", str(path)]))
    assert "the file is damaged (" in line and "restore it from a backup" in line
    assert path.read_bytes() == before


def bash(line: str) -> list[str]:
    """The command that runs ``line`` in bash, ``gp`` standing for this Python's `gridpuzzles`."""
    return ["bash", "-c", line.replace("gp ", f"{sys.executable} -m gridpuzzles ")]


def in_shell(line: str) -> subprocess.CompletedProcess[str]:
    """``line`` run by bash, with ``gp`` standing for this Python's `gridpuzzles`."""
    return subprocess.run(
        bash(line), capture_output=True, text=True, timeout=WAIT_SECONDS, check=False
    )


FULL_OUTPUT = {
    "mines play": "printf 'r 0 0\\nq\\n' | gp mines play --level beginner --seed 1 > /dev/full",
    "stats": "gp stats > /dev/full",
    "mondrian solve": "gp mondrian solve --black 1,1,h 3,3,v 6,6,h > /dev/full",
    "--help": "gp --help > /dev/full",
    "--version": "gp --version > /dev/full",
}


@pytest.mark.parametrize("line", FULL_OUTPUT.values(), ids=FULL_OUTPUT.keys())
def test_output_to_a_full_disk_is_one_line_and_status_1(line: str, tmp_path: Path) -> None:
    answer = in_shell(f"export XDG_DATA_HOME={tmp_path}; {line}")
    assert answer.returncode == 1, answer
    assert answer.stderr.strip().endswith("error: No space left on device"), answer.stderr
    assert len(answer.stderr.strip().splitlines()) == 1


def test_a_closed_standard_output_is_one_line_and_status_2() -> None:
    answer = in_shell("printf 'r 0 0\\nq\\n' | gp mines play --level beginner --seed 1 >&-")
    assert answer.returncode == 2, answer
    assert answer.stderr == "gridpuzzles: error: standard output is closed: nothing can be shown\n"


def test_a_closed_standard_input_reads_as_empty() -> None:
    answer = in_shell("gp mines play --level beginner --seed 1 <&-")
    assert answer.returncode == 0, answer
    assert "Traceback" not in answer.stderr and "Bye!" in answer.stdout


EVERY_COMMAND = {
    "mines play": "printf 'r 0 0\\nq\\n' | gp mines play --level beginner --seed 1",
    "mines analyze": "printf '#1\\n' | gp mines analyze - --mines 1",
    "mines bench": "gp mines bench --level beginner --games 2 --seed 1",
    "mondrian play": "printf 'q\\n' | gp mondrian play --code 001040531 --db {db}",
    "mondrian solve": "gp mondrian solve --black 1,1,h 3,3,v 6,6,h --count",
    "mondrian generate": "gp mondrian generate --count 1 --seed 1",
    "mondrian census": "gp mondrian census --board 4x4 --blocks 1x1,1x2,1x3,2x2,2x3 "
    "--black 1x1,1x2",
    "tui": "gp tui --db {db}",
    "serve": "gp serve --port 0 --db {db}",
    "stats": "gp stats --db {db}",
}
"""Every command (`gridpuzzles --help`, `mines --help`, `mondrian --help`), each with a quick
line that succeeds on a writable output (`serve` then serves until it is stopped)."""


def failed_in_one_line(answer: subprocess.CompletedProcess[str]) -> None:
    """A failure as a person should meet it: status 1 or 2, a line or two, no traceback."""
    assert answer.returncode in (1, 2), answer
    assert "Traceback" not in answer.stderr, answer.stderr
    assert 1 <= len(answer.stderr.strip().splitlines()) <= 2, answer.stderr


@pytest.mark.parametrize("output", [">&-", "> /dev/full"], ids=["closed", "/dev/full"])
@pytest.mark.parametrize("line", EVERY_COMMAND.values(), ids=EVERY_COMMAND.keys())
def test_every_command_fails_in_one_line_on_an_output_it_cannot_write(
    line: str, output: str, tmp_path: Path
) -> None:
    db = tmp_path / "games.db"
    failed_in_one_line(in_shell(f"export XDG_DATA_HOME={tmp_path}; {line.format(db=db)} {output}"))


ENDS = "ends"
"""A closed standard input is where the player's input ended: the game is left, status 0."""
STDIN_READERS = {
    "mines play": ("gp mines play --level beginner --seed 1", ENDS),
    "mines analyze -": ("gp mines analyze - --mines 1", "the view is empty"),
    "mines analyze": ("gp mines analyze --mines 1", "the view is empty"),
    "mines bench --boards -": ("gp mines bench --boards -", "holds no boards"),
    "mondrian play": ("gp mondrian play", "input ended before the three black blocks"),
    "mondrian play --code": ("gp mondrian play --code 001040531", ENDS),
    "mondrian solve --file -": ("gp mondrian solve --file - --count", "the puzzle file is empty"),
    "tui": ("gp tui --db {db}", "needs a terminal"),
}
"""Every command that reads standard input, and what a closed one gives: the end of a game, or
a refusal saying this."""


@pytest.mark.parametrize(("line", "told"), STDIN_READERS.values(), ids=STDIN_READERS.keys())
def test_every_reader_of_standard_input_takes_a_closed_one_in_stride(
    line: str, told: str, tmp_path: Path
) -> None:
    answer = in_shell(f"{line.format(db=tmp_path / 'games.db')} <&-")
    if told == ENDS:
        assert answer.returncode == 0 and answer.stderr == "", answer
    else:
        failed_in_one_line(answer)
        assert told in answer.stderr, answer.stderr


REFUSED_SECONDS = 15
"""A refusal comes before any work: within Python's start and the command's imports (about a
second, ten on a machine busy with the whole test suite)."""
EMPTY_PUZZLES = {
    "an empty file": ("", "gp mondrian solve --file {file}"),
    "blank lines and comments": ('\n  \t\n# board = "6x5"\n\n', "gp mondrian solve --file {file}"),
    "an empty standard input": ("", "printf '' | gp mondrian solve --file - --count"),
    "standard input from /dev/null": ("", "gp mondrian solve --file - --first < /dev/null"),
    "a closed standard input": ("", "gp mondrian solve --file - --json <&-"),
}
"""An empty puzzle file in every way it is met: read as TOML, it would be the whole 8x8 game
with nothing fixed (about two million solutions, seconds of work)."""


@pytest.mark.parametrize(("text", "line"), EMPTY_PUZZLES.values(), ids=EMPTY_PUZZLES.keys())
def test_an_empty_puzzle_file_is_refused_in_one_line_saying_what_a_puzzle_file_holds(
    text: str, line: str, tmp_path: Path
) -> None:
    file = tmp_path / "puzzle.toml"
    file.write_text(text)
    started = time.monotonic()
    answer = in_shell(line.format(file=file))
    assert time.monotonic() - started < REFUSED_SECONDS, "it solved the empty game"
    said = one_line(answer)
    assert answer.stdout == ""
    assert said.startswith("mondrian: error: the puzzle file is empty: "), said
    assert "'-'" in said if "{file}" not in line else str(file) in said
    assert 'board = "WxH"' in said and "blocks = [" in said and "fixed = [" in said


FILE_READERS = {
    **{name: " ".join(["gp", *command]) for name, command in READERS.items()},
    "mines play --tui --db": "gp mines play --tui --db {file}",
    "mines bench --results --resume": "gp mines bench --games 2 --results {file} --resume",
    "mondrian play --db": "printf 'q\\n' | gp mondrian play --code 001040531 --db {file}",
    "tui --db": "gp tui --db {file}",
    "serve --db": "gp serve --port 0 --db {file}",
    "stats --db": "gp stats --db {file}",
}
"""Every input file a command takes: the files it reads and the databases it opens."""


@pytest.mark.parametrize("line", FILE_READERS.values(), ids=FILE_READERS.keys())
def test_a_pipe_no_one_writes_is_refused_in_one_line_wherever_a_file_is_read(
    line: str, tmp_path: Path
) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)  # its own pipe: two programs on one pipe could feed each other
    answer = in_shell(line.format(file=pipe))  # a hang is `subprocess.TimeoutExpired`
    failed_in_one_line(answer)
    assert str(pipe) in answer.stderr, answer.stderr
    assert "it is a pipe (FIFO), not a regular file" in answer.stderr, answer.stderr


DATABASE_USERS = {
    name.removesuffix(" --db"): line for name, line in FILE_READERS.items() if "--db" in name
}
"""Every command that opens a database (``--db``)."""


def not_a_regular_file(kind: str, tmp_path: Path) -> Path:
    """A name that is ``kind`` (a pipe, a folder or a device), made in ``tmp_path``."""
    if kind == "a pipe (FIFO)":
        os.mkfifo(tmp_path / "pipe")  # nobody writes it
        return tmp_path / "pipe"
    if kind == "a folder":
        (tmp_path / "folder").mkdir()
        return tmp_path / "folder"
    return Path("/dev/null")


NOT_REGULAR = [
    *((kind, "stats") for kind in ("a pipe (FIFO)", "a folder", "a device")),
    *(("a folder", name) for name in DATABASE_USERS if name != "stats"),
]
"""Each kind of name through one command, and each command with one kind: every command opens
its database through the store, which tells the kind (`storage.engine.open_engine`); a pipe
through every command is `test_a_pipe_no_one_writes_is_refused_in_one_line_wherever_a_file_is_read`."""


@pytest.mark.parametrize(
    ("kind", "line"),
    [(kind, DATABASE_USERS[name]) for kind, name in NOT_REGULAR],
    ids=[f"{kind}-{name}" for kind, name in NOT_REGULAR],
)
def test_a_database_that_is_not_a_regular_file_is_refused_before_it_is_opened(
    line: str, kind: str, tmp_path: Path
) -> None:
    where = not_a_regular_file(kind, tmp_path)
    before = sorted(tmp_path.rglob("*"))
    started = time.monotonic()
    said = one_line(in_shell(line.format(file=where)))
    assert time.monotonic() - started < REFUSED_SECONDS
    assert str(where) in said and said.endswith(f": it is {kind}, not a regular file"), said
    assert sorted(tmp_path.rglob("*")) == before  # no journal, no WAL beside it


def test_a_database_name_holding_a_nul_is_refused_in_one_line(tmp_path: Path) -> None:
    # Found by tests/test_fuzz_commands.py: os.stat raised ValueError, a traceback.
    with pytest.raises(argparse.ArgumentTypeError, match="cannot hold a NUL character"):
        database("games\0.db")
    with pytest.raises(StorageError, match="cannot hold a NUL character"):
        Store(tmp_path / "games\0.db")
    assert list(tmp_path.iterdir()) == []


def test_every_command_on_one_pipe_at_once_ends_refusing_it(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)  # one pipe for all: SQLite in one could write what another reads
    running = [
        subprocess.Popen(
            bash(line.format(file=pipe)),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,  # its own group, stopped with it if it hangs
        )
        for line in DATABASE_USERS.values()
    ]
    deadline = time.monotonic() + WAIT_SECONDS  # SQLite on the pipe took 10 s, or hung
    said: list[str] = []
    try:
        for process in running:
            _, err = process.communicate(timeout=max(0.0, deadline - time.monotonic()))
            assert process.returncode == 2, err
            said.append(err)
    finally:
        for process in running:
            if process.poll() is None:
                os.killpg(process.pid, 9)
                process.wait()
    assert all(err.strip().endswith("it is a pipe (FIFO), not a regular file") for err in said), (
        said
    )


def test_a_value_that_starts_with_a_minus_is_refused_in_words_not_as_an_option() -> None:
    line = one_line(run(["mondrian", "solve", "--black", "-1,0,h", "2,1,v", "8,5,h"]))
    assert "'-1,0,h'" in line and "expected 3 arguments" not in line


def test_mines_analyze_stops_by_default_before_a_person_waits_20_seconds() -> None:
    from gridpuzzles.cli.main import build_parser

    args = build_parser().parse_args(["mines", "analyze", "-", "--mines", "1"])
    assert args.max_seconds <= 15


class Terminal(io.StringIO):
    """Standard error as a terminal would be: a person reads it."""

    def isatty(self) -> bool:
        return True


def test_generating_challenges_as_json_says_how_far_it_is_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from gridpuzzles.cli.main import mondrian_main
    from gridpuzzles.cli.mondrian import commands as mondrian

    monkeypatch.setattr(mondrian, "PROGRESS_SECONDS", 0.0)
    error = Terminal()
    monkeypatch.setattr(sys, "stderr", error)
    assert mondrian_main(["generate", "--count", "3", "--seed", "1", "--json"]) == 0
    assert error.getvalue().splitlines() == [
        "mondrian generate: 1 of 3 challenges made",
        "mondrian generate: 2 of 3 challenges made",
    ]
    assert len(json.loads(capsys.readouterr().out)) == 3


@pytest.mark.parametrize(
    ("environment", "why"),
    [({}, "its standard input is not a terminal"), ({"TERM": "dumb"}, "TERM=dumb")],
    ids=["no terminal", "TERM=dumb"],
)
def test_the_full_screen_app_without_a_terminal_is_one_line_and_status_2(
    environment: dict[str, str], why: str, tmp_path: Path
) -> None:
    answer = subprocess.run(
        [sys.executable, "-m", "gridpuzzles", "tui", "--db", str(tmp_path / "t.db")],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=WAIT_SECONDS,
        env={**os.environ, "TERM": "xterm-256color", **environment},
        check=False,
    )
    line = one_line(answer)
    assert "the full-screen app needs a terminal" in line and why in line
    assert "\x1b" not in answer.stderr + answer.stdout


def test_an_svg_pipe_no_program_reads_is_refused_and_one_that_is_read_is_written(
    tmp_path: Path,
) -> None:
    """`mondrian solve --svg PIPE`: opening a pipe with no reader would wait forever."""
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    solve = ["mondrian", "solve", "--black", "4,3,v", "2,1,v", "8,5,h", "--first"]
    line = one_line(run([*solve, "--svg", str(pipe)]))
    assert line.endswith(
        "cannot write the SVG file " + repr(str(pipe)) + ": it is a pipe that no program reads"
    )
    reader = subprocess.Popen(["cat", str(pipe)], stdout=subprocess.PIPE)
    try:
        for _ in range(50):  # until the reader has opened the pipe (at once, mostly)
            answer = run([*solve, "--svg", str(pipe)])
            if "no program reads" not in answer.stderr:
                break
            time.sleep(0.1)
        assert answer.returncode == 0, answer.stderr
        drawn, _ = reader.communicate(timeout=WAIT_SECONDS)
    finally:
        reader.kill()
    assert drawn.startswith(b"<svg")
