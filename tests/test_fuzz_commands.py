"""Fuzzing the command line: random argument lists and random standard input, fed to every
command, never end in a traceback.

Each example runs `gridpuzzles.cli.main.main` in this process with its standard streams replaced.
An example that still runs after a few seconds is valid input doing real work: it is stopped
and counts as a pass. The full-screen app and the web server are not started: reaching their
start is valid input too.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import signal
import sys
from collections.abc import Iterator
from pathlib import Path
from types import FrameType

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gridpuzzles.cli.main import build_parser, main

EVERY_COMMAND = (
    "mines play",
    "mines analyze",
    "mines bench",
    "mondrian play",
    "mondrian solve",
    "mondrian generate",
    "mondrian census",
    "serve",
    "stats",
    "replay",
    "review",
    "export",
    "import",
    "tui",
)
WORK_SECONDS = 3
FUZZ = settings(
    max_examples=150, deadline=None, suppress_health_check=list(HealthCheck), database=None
)

ODD_VALUES = [
    "",
    " ",
    "-",
    "--",
    "-1",
    "-0",
    "+5",
    "1.5",
    "1e9",
    "nan",
    "inf",
    "-inf",
    "true",
    "null",
    "²",
    "٣",
    "\uff13",
    "1²",
    "x",
    "é",
    "\u200b1",
    "\x00",
    "0x10",
    "1_000",
    "99999999999999999999",
    "9" * 5000,
    str(2**63),
    str(2**63 - 1),
    "100000x1",
    "100000x100000",
    "0x0",
    "1x0",
    "2x",
    "x2",
    "8x8²",
    "1,1,q",
    "2,3,v,",
    "٣,1,h",
    "1x3:4,7,h:",
    "1x1,",
    ",",
    ":",
    "0:0:0",
    "0.1:0.5:0.0000001",
    "beginner",
    "expert²",
    "missing/dir/file.png",
    "/",
    "/dev/null",
]
"""Values that are wrong for most options: odd numbers, odd digits, odd sizes and paths (the
only writable ones relative: the commands run in a temporary folder)."""
SMALL_VALUES = [
    "0",
    "1",
    "2",
    "3",
    "5",
    "8",
    "8x8",
    "4x4",
    "1x1,1x2,1x3",
    "4,3,v",
    "2,1,v",
    "8,5,h",
    "1x3:8,5,h",
    "0.1",
    "0.5",
    "beginner",
    "safe",
    "opening",
    "no-guess",
    "none",
    "flags",
    "never",
    "-",
]
"""Small valid-looking values, so that options combine into inputs that reach the work."""


def commands(
    parser: argparse.ArgumentParser, prefix: tuple[str, ...] = ()
) -> Iterator[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    """Every (sub-)command path and its parser."""
    found = False
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found = True
                yield from commands(sub, (*prefix, name))
    if not found:
        yield prefix, parser


def options(parser: argparse.ArgumentParser) -> list[tuple[str, int | str | None]]:
    """Every option string of ``parser`` with its ``nargs`` (0 for flags)."""
    found: list[tuple[str, int | str | None]] = []
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction) or not action.option_strings:
            continue
        nargs = 0 if action.nargs == 0 else action.nargs
        found.extend((option, nargs) for option in action.option_strings)
    return found


COMMANDS = dict(commands(build_parser()))


def test_every_command_is_fuzzed() -> None:
    assert {" ".join(path) for path in COMMANDS} == set(EVERY_COMMAND)


@st.composite
def argument_lists(draw: st.DrawFn, names: tuple[str, ...], values: list[str]) -> list[str]:
    """A command path, then options of that command each with random values, in any order."""
    path = draw(st.sampled_from(names)).split()
    choices = options(COMMANDS[tuple(path)])
    value = st.sampled_from(values) | st.text(max_size=12)
    argv = list(path)
    for option, nargs in draw(st.lists(st.sampled_from(choices), max_size=5)):
        argv.append(option)
        count = draw(st.integers(1, 3)) if nargs in ("+", "*") else (nargs or 0)
        if nargs is None:
            count = 1
        assert isinstance(count, int)
        argv.extend(draw(value) for _ in range(count))
    argv.extend(draw(st.lists(value, max_size=2)))
    return argv


STDIN = (
    st.binary(max_size=60)
    | st.text(max_size=60).map(str.encode)
    | st.sampled_from(
        [b"r 0 0\nq\n", b"4,3,v\n2,1,v\n8,5,h\n", b"##1F\n#210\n1100\n", b"\xff\xfe\n", b""]
    )
)


class TookLong(BaseException):
    """Raised in the command by the alarm: it was doing real work on valid input."""


class Started(BaseException):
    """Raised instead of running the full-screen app or the web server: valid input."""


def _started(*args: object, **kwargs: object) -> None:
    raise Started


def _stop(signum: int, frame: FrameType | None) -> None:
    raise TookLong


@contextlib.contextmanager
def streams(stdin: bytes) -> Iterator[tuple[io.StringIO, io.StringIO]]:
    """Standard input from ``stdin`` (decoded as UTF-8 on read, as a real pipe would be) and
    captured standard output and error."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            yield out, err
    finally:
        sys.stdin = saved


def run(argv: list[str], stdin: bytes, tmp: Path) -> tuple[int | None, str, str]:
    """Run ``gridpuzzles ARGV`` in ``tmp``; the exit status (None when stopped) and output."""
    previous = signal.signal(signal.SIGALRM, _stop)
    status: int | None = None
    out = err = io.StringIO()
    signal.setitimer(signal.ITIMER_REAL, WORK_SECONDS, 0.5)  # again until it is caught
    try:
        try:
            with streams(stdin) as (out, err), contextlib.chdir(tmp):
                try:
                    status = main(argv)
                except SystemExit as leaving:
                    status = leaving.code if isinstance(leaving.code, int) else 2
                except (TookLong, Started):
                    status = None
        except TookLong:  # the alarm came as the command ended, while the streams were put
            pass  # back: what it had done stands
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    return status, out.getvalue(), err.getvalue()


def check(argv: list[str], status: int | None, out: str, err: str) -> None:
    shown = f"gridpuzzles {argv!r}: status {status}\n{err[-2000:]}"
    assert "Traceback" not in err + out, shown
    if status not in (None, 0):
        assert err.strip(), f"{shown}: a failure with no message"
    if status == 2:
        assert len(err.strip().splitlines()) == 1, f"{shown}: a usage error of several lines"


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A folder to run in, with the app and the server replaced by `Started`, and the default
    database in it instead of the user's data directory."""
    import uvicorn

    from gridpuzzles.cli import serve
    from gridpuzzles.tui.app import GridPuzzlesApp

    folder = tmp_path_factory.mktemp("fuzz-commands")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(GridPuzzlesApp, "run", _started)
        patch.setattr(uvicorn.Server, "run", _started)
        patch.setattr(serve, "supervise", _started)  # the server processes of --workers
        patch.setenv("XDG_DATA_HOME", str(folder / "data"))
        yield folder


# The alarm may land in a garbage-collector callback, which reports and drops it (the timer
# fires again): that report is not the command's.
@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
@given(argv=argument_lists(EVERY_COMMAND, ODD_VALUES + SMALL_VALUES), stdin=STDIN)
@FUZZ
def test_random_arguments_and_input_never_bring_a_traceback(
    argv: list[str], stdin: bytes, workdir: Path
) -> None:
    status, out, err = run(argv, stdin, workdir)
    check(argv, status, out, err)
