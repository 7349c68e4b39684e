"""Running `mondrian` commands in the test process, as a user would from a shell."""

from __future__ import annotations

import io
import re
import tracemalloc
from dataclasses import dataclass

import pytest

from gridpuzzles.cli.main import mondrian_main


@dataclass(frozen=True)
class Ran:
    """What a command did: its exit status, standard output and standard error."""

    status: int
    out: str
    err: str

    @property
    def refused(self) -> str:
        """The one line of a refusal (status 2, nothing on stdout, no traceback), checked."""
        assert self.status == 2, (self.status, self.err)
        assert self.out == "", self.out[-500:]
        assert "Traceback" not in self.err
        assert self.err.count("\n") == 1, self.err
        assert re.match(r"mondrian( [a-z]+)?: error: ", self.err), self.err
        return self.err


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> Ran:
    """``mondrian ARGV``; a usage error's ``SystemExit`` becomes its status."""
    try:
        status = mondrian_main(list(argv))
    except SystemExit as leaving:
        status = leaving.code if isinstance(leaving.code, int) else 2
    captured = capsys.readouterr()
    return Ran(status, captured.out, captured.err)


def run_measured(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[Ran, int]:
    """``mondrian ARGV`` and the peak of the memory Python allocated meanwhile, in bytes."""
    tracemalloc.start()
    try:
        ran = run(capsys, *argv)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return ran, peak


def with_stdin(monkeypatch: pytest.MonkeyPatch, data: bytes) -> None:
    """Standard input holding ``data``, decoded as UTF-8 as a real pipe is."""
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))
