"""The web answers every error of the puzzles by the table of `web.errors`: bad input 422, a
move the rules refuse 409, work past a limit 503 (with ``Retry-After``, in the error's own
words), never a 500 ("the server failed")."""

from __future__ import annotations

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from gridpuzzles.bounds import LimitError
from gridpuzzles.minesweeper import MinesweeperError
from gridpuzzles.minesweeper import MoveError as MinesweeperMoveError
from gridpuzzles.minesweeper.solving.noguess import NoGuessError
from gridpuzzles.minesweeper.solving.probabilities import SolverLimitError
from gridpuzzles.mondrian.core.errors import MondrianError
from gridpuzzles.mondrian.core.game import MoveError as MondrianMoveError
from gridpuzzles.web import errors
from gridpuzzles.web.minesweeper.assist import BEYOND_SOLVER
from tests.error_classes import name, product_errors, sample

PUZZLES = ("gridpuzzles.minesweeper.", "gridpuzzles.mondrian.")
COVERED = [
    kind
    for kind in product_errors()
    if issubclass(kind, (MinesweeperError, MondrianError, LimitError))
    or (kind.__module__.startswith(PUZZLES) and not kind.__name__.startswith("_"))
]
"""The subclasses of the two bases and of `LimitError`, and any other error a puzzle's modules
define for others to catch (a private one is raised and caught within its module)."""


def answer(error: BaseException) -> tuple[int, dict[str, str], str]:
    """The status, headers and detail the API answers ``error`` with, raised by a route."""
    app = FastAPI()
    errors.install(app, retry_after=7)

    @app.get("/work")
    def work() -> None:
        raise error

    with TestClient(app, raise_server_exceptions=False) as client:
        response = client.get("/work")
    return response.status_code, dict(response.headers), str(response.json()["detail"])


def expected(kind: type[BaseException]) -> int:
    if issubclass(kind, LimitError):
        return 503
    if issubclass(kind, (MinesweeperMoveError, MondrianMoveError, NoGuessError)):
        return 409
    return 422


def test_the_table_covers_both_puzzles() -> None:
    assert len(COVERED) > 20


@pytest.mark.parametrize("kind", COVERED, ids=name)
def test_every_puzzle_error_is_answered_by_the_table(kind: type[BaseException]) -> None:
    error = sample(kind)
    status, headers, detail = answer(error)
    assert status == expected(kind), f"{name(kind)}: {status}"
    if status == 503:
        assert headers["retry-after"] == "7"
    if isinstance(error, SolverLimitError):
        assert detail == BEYOND_SOLVER.format(reason=error)
    else:
        assert detail == str(error)
