"""The results of a long benchmark run as JSON lines, so that an interrupted run resumes.

The first line names the run (`header_line`): its boards (a level or size with the games
and seed, or a digest of a boards file), the first-click rule and a fingerprint of the
solver's code (`solver_fingerprint`). Then one line per board, in board order
(`result_line`): its index, a digest of the board, and how the game went. A resumed run
checks the header against its own settings (`check_header`) and reads the results back
exactly (`parse_result`: times are written with every digit), so its figures are those of
a run that was never stopped.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from importlib import resources
from typing import TypeGuard

from gridpuzzles.minesweeper.core.errors import MinesweeperError
from gridpuzzles.minesweeper.solving.benchmark import Board, Result

FORMAT = "gridpuzzles mines bench results"
"""The header's ``format``: what the file is."""
VERSION = 1
"""The header's ``version``: how its lines are written."""

Settings = dict[str, str | int]
"""What a run is: the settings its header holds, JSON strings and whole numbers."""

_SOLVER_PACKAGES = ("gridpuzzles.minesweeper.core", "gridpuzzles.minesweeper.solving")


class ResultsFileError(MinesweeperError, ValueError):
    """A results file that is not of this run, or not a results file at all."""


@cache
def solver_fingerprint() -> str:
    """A digest of the source of every module that decides a game's result (the
    Minesweeper core and its solving): two processes with the same fingerprint play every
    board the same way."""
    digest = hashlib.sha256()
    for package in _SOLVER_PACKAGES:
        files = sorted(
            (entry for entry in resources.files(package).iterdir() if entry.name.endswith(".py")),
            key=lambda entry: entry.name,
        )
        for entry in files:
            digest.update(f"{package}.{entry.name}\n".encode())
            digest.update(entry.read_bytes())
    return digest.hexdigest()[:16]


def board_digest(board: Board) -> str:
    """A short digest that names a board (its size, mines and start cell)."""
    return hashlib.sha256(board.to_json().encode()).hexdigest()[:16]


def header_line(settings: Settings) -> str:
    """The first line of a results file (with its newline)."""
    return json.dumps({"format": FORMAT, "version": VERSION, "run": settings}) + "\n"


def result_line(index: int, board: Board, result: Result) -> str:
    """The line of board ``index`` (0-based, with its newline); ``repr`` of the time keeps
    every digit, so that it reads back as the same number."""
    return (
        json.dumps(
            {
                "index": index,
                "board": board_digest(board),
                "won": result.won,
                "seconds": result.seconds,
                "guesses": result.guesses,
                "moves": result.moves,
            }
        )
        + "\n"
    )


def check_header(line: str, settings: Settings, name: str) -> None:
    """Refuse (`ResultsFileError`, naming the first setting that differs) a header that is
    not that of a run with these ``settings``."""
    data = _object(line)
    if data is None or data.get("format") != FORMAT:
        raise ResultsFileError(f"{name} is not a results file of mines bench (its first line)")
    if data.get("version") != VERSION:
        raise ResultsFileError(f"{name} is written in another version of the results format")
    theirs = data.get("run")
    if not isinstance(theirs, dict):
        raise ResultsFileError(f"{name}: its first line names no run")
    for key in [*settings, *(key for key in theirs if key not in settings)]:
        if theirs.get(key) != settings.get(key):
            raise ResultsFileError(
                f"{name} holds another run ({_setting(key, theirs.get(key))} there, "
                f"{_setting(key, settings.get(key))} here): resume with the options that "
                "started it, or give a new --results file"
            )


def _setting(key: str, value: object) -> str:
    """A setting as the refusal shows it: ``seed 2``, ``no boards_file``."""
    return (
        f"{key.replace('_', ' ')} {value}" if value is not None else f"no {key.replace('_', ' ')}"
    )


def parse_result(line: str, index: int, name: str) -> Result:
    """The result on a complete line that must be that of board ``index``; anything else
    raises `ResultsFileError` naming the line (1-based, the header being line 1)."""
    where = f"{name} line {index + 2}"
    data = _object(line)
    if data is None or set(data) != {"index", "board", "won", "seconds", "guesses", "moves"}:
        raise ResultsFileError(f"{where} is not a result line")
    won, seconds, guesses, moves = data["won"], data["seconds"], data["guesses"], data["moves"]
    if data["index"] != index or isinstance(data["index"], bool):
        raise ResultsFileError(f"{where} should hold board {index}, not {data['index']!r}")
    if not (
        isinstance(won, bool)
        and isinstance(seconds, float)
        and seconds >= 0
        and _is_count(guesses)
        and _is_count(moves)
    ):
        raise ResultsFileError(f"{where} is not a result line (won, seconds, guesses, moves)")
    return Result(won, seconds, guesses, moves)


def _is_count(value: object) -> TypeGuard[int]:
    """Whether a JSON value is a whole number from 0 (not a boolean)."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _object(line: str) -> dict[str, object] | None:
    """The JSON object on a line, or None when it is not one."""
    try:
        data = json.loads(line)
    except (ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) else None
