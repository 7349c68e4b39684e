"""The ``--results`` file of `mines bench`: read back and checked before a ``--resume``, then
each result appended and flushed as it comes (the format is `solving.results`)."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import BinaryIO

from gridpuzzles.bounds import shown
from gridpuzzles.cli.inputs import UsageError
from gridpuzzles.minesweeper.solving.benchmark import Board, Result, Tally
from gridpuzzles.minesweeper.solving.results import (
    ResultsFileError,
    Settings,
    check_header,
    header_line,
    parse_result,
    result_line,
)
from gridpuzzles.storage.location import kind_of, not_a_regular_file

MAX_LINE = 1024
"""The longest line of a results file, in bytes (a result line takes about 120)."""


class RecordError(RuntimeError):
    """A results file that cannot be written (a full disk, a file taken away)."""


class Record:
    """A run's results file: what an earlier, stopped run left in it (`tally`, the boards
    done) is read and checked when it is made, before anything is written; `start` then
    cuts off a line that a stop left unfinished (or writes the header of a new file) and
    `add` appends each result, flushed at once. The file is locked from the first read to
    `close`, so that two runs never write it at once."""

    def __init__(self, path: Path, settings: Settings, games: int, resume: bool) -> None:
        self.path = path
        self.settings = settings
        self.tally = Tally()
        self.keep: int | None = None
        """How many bytes of the file are complete lines; None for a new file."""
        self._out: BinaryIO | None = None
        try:
            _check_writable(path, resume)
            if path.exists():
                self._out = _locked(path.open("r+b"), path)
                self.keep = self._read(self._out, games)
        except OSError as error:
            self.close()
            raise UsageError(f"--results {shown(str(path), 60)}: {error.strerror}") from None
        except (UsageError, ResultsFileError):
            self.close()
            raise

    @property
    def started(self) -> bool:
        """Whether the file is open for this run (an earlier run's, or one `start` made)."""
        return self._out is not None

    @property
    def done(self) -> int:
        """The boards whose results the file holds."""
        return len(self.tally)

    def _read(self, lines: BinaryIO, games: int) -> int:
        name = str(self.path)
        header = lines.readline(MAX_LINE + 1)
        if not header.endswith(b"\n"):
            if len(header) > MAX_LINE:
                raise ResultsFileError(f"{name} is not a results file of mines bench")
            return 0  # stopped while the header was written: nothing was played
        check_header(_text(header, name, 1), self.settings, name)
        kept = len(header)
        while raw := lines.readline(MAX_LINE + 1):
            if not raw.endswith(b"\n"):
                if len(raw) > MAX_LINE:
                    raise ResultsFileError(
                        f"{name} line {self.done + 2} is longer than {MAX_LINE} bytes"
                    )
                break  # cut off by a stop while it was written: played again
            if self.done == games:
                raise ResultsFileError(f"{name} holds more than the run's {games} games")
            self.tally.add(parse_result(_text(raw, name, self.done + 2), self.done, name))
            kept += len(raw)
        return kept

    def start(self) -> None:
        """Open the file for the new results: cut it after its last complete line, or write
        the header of a new run."""
        try:
            if self._out is None:
                self._out = _locked(self.path.open("xb"), self.path)
            else:
                self._out.truncate(self.keep)
                self._out.seek(self.keep or 0)
        except OSError as error:
            raise RecordError(f"cannot write {self.path}: {error.strerror}") from None
        if not self.keep:
            self._write(header_line(self.settings))

    def add(self, boards: Iterable[Board], results: Iterable[Result]) -> None:
        """Append the result of each board (the next in order), a line each."""
        for board, result in zip(boards, results, strict=True):
            self._write(result_line(self.done, board, result))
            self.tally.add(result)

    def _write(self, line: str) -> None:
        assert self._out is not None, "Record.start comes first"
        try:
            self._out.write(line.encode())
            self._out.flush()
        except OSError as error:
            raise RecordError(f"cannot write {self.path}: {error.strerror}") from None

    def close(self) -> None:
        """Close the file, which unlocks it."""
        if self._out is not None:
            self._out.close()


def _locked(file: BinaryIO, path: Path) -> BinaryIO:
    """``file``, locked for this process alone (where the system has ``flock``); a file
    that another run holds is refused (`UsageError`) and closed."""
    try:
        import fcntl
    except ImportError:  # not a POSIX system: no lock
        return file
    try:
        fcntl.flock(file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        file.close()
        raise UsageError(f"--results {path} is being written by another mines bench run") from None
    return file


def _text(raw: bytes, name: str, number: int) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ResultsFileError(f"{name} line {number} is not UTF-8 text") from None


def _check_writable(path: Path, resume: bool) -> None:
    """Refuse (`UsageError`) a results file that cannot be written, or that exists without
    ``--resume`` (its results would be lost)."""
    if path.is_dir():
        raise UsageError(f"--results {path} is a folder, not a file")
    try:
        kind = kind_of(path)
    except ValueError:  # a NUL character in the name
        raise UsageError(f"--results {path}: not a file name") from None
    if kind is not None:
        raise UsageError(f"--results {path}: {not_a_regular_file(kind)}")
    if path.exists():
        if not resume:
            raise UsageError(
                f"--results {path} exists: add --resume to go on with its run, or give a new file"
            )
        if not os.access(path, os.R_OK | os.W_OK):
            raise UsageError(f"--results {path} cannot be read and written")
        return
    folder = path.parent
    if not folder.is_dir():
        raise UsageError(f"--results {path}: there is no folder {folder}")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise UsageError(f"--results {path} cannot be written in {folder}")
