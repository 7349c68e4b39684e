"""Every failure the API expects, as a JSON answer ``{"detail": "..."}`` with a clear message:
a 4xx for bad input, a 503 (with ``Retry-After``) for work the server declines for now."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from gridpuzzles.minesweeper import ConfigError, IllegalMoveError, InvalidMoveError
from gridpuzzles.minesweeper.solving.noguess import NoGuessError
from gridpuzzles.minesweeper.solving.probabilities import SolverLimitError
from gridpuzzles.mondrian.core.rules import MondrianError
from gridpuzzles.storage import StorageError
from gridpuzzles.web.assist import BEYOND_SOLVER
from gridpuzzles.web.games import NotYourGameError, UnknownGameError
from gridpuzzles.web.workers import OverBudgetError, ServerBusyError

STATUS_OF: dict[type[Exception], int] = {
    UnknownGameError: 404,
    NotYourGameError: 403,
    IllegalMoveError: 409,
    StorageError: 409,
    ConfigError: 422,
    InvalidMoveError: 422,
    MondrianError: 422,
    NoGuessError: 409,
}
"""The HTTP status of each error the shell and the core raise on bad input."""
LATER: dict[type[Exception], Callable[[Exception], str]] = {
    OverBudgetError: str,
    ServerBusyError: str,
    SolverLimitError: lambda error: BEYOND_SOLVER.format(reason=error),
}
"""The errors answered 503 (past the time budget, every solver worker busy, a position beyond
the solver's size bounds) and how each is told to the player."""
INTERNAL = "the server failed on this request (an internal error, logged on the server)"


def describe_validation(errors: Sequence[Any]) -> str:
    """One sentence per validation error, naming where it is: ``body.width: ...``."""
    parts = []
    for error in errors:
        if error.get("type") == "json_invalid":
            parts.append(f"the body is not valid JSON ({error.get('ctx', {}).get('error', '')})")
            continue
        where = ".".join(str(step) for step in error.get("loc", ()))
        parts.append(f"{where}: {error.get('msg', 'invalid')}")
    return "; ".join(parts) or "the request is invalid"


def install(app: FastAPI, retry_after: int) -> None:
    """Register the handlers that turn expected errors into 4xx JSON answers, work declined
    for now into 503 answers telling to retry after ``retry_after`` seconds, and anything
    unexpected into a JSON 500."""

    async def validation(request: Request, error: Exception) -> JSONResponse:
        assert isinstance(error, RequestValidationError)
        return JSONResponse({"detail": describe_validation(error.errors())}, status_code=422)

    app.add_exception_handler(RequestValidationError, validation)
    for kind, status in STATUS_OF.items():
        app.add_exception_handler(kind, _answer(status))
    later = {"Retry-After": str(retry_after)}
    for kind, words in LATER.items():
        app.add_exception_handler(kind, _answer(503, later, words))

    async def internal(request: Request, error: Exception) -> JSONResponse:
        return JSONResponse({"detail": INTERNAL}, status_code=500)

    app.add_exception_handler(Exception, internal)


def _answer(
    status: int,
    headers: dict[str, str] | None = None,
    describe: Callable[[Exception], str] = str,
) -> Callable[[Request, Exception], Any]:
    async def handler(request: Request, error: Exception) -> JSONResponse:
        return JSONResponse({"detail": describe(error)}, status_code=status, headers=headers)

    return handler
