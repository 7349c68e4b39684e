"""Every failure the API expects, as a JSON answer ``{"detail": "..."}`` with a clear message:
a 4xx for bad input, a 503 (with ``Retry-After``) for work the server declines for now.

The puzzles' errors are answered by their bases, one short table: bad input (any
`MinesweeperError` or `MondrianError`) 422, a move the rules refuse (`MoveError`, in either
puzzle) 409, work past a limit (`LimitError`) 503; a database that fails (`DatabaseError`) 503.
A handler is found along the error's MRO, so the most specific entry wins, and a limit, which
names `LimitError` before its puzzle's base, is a 503, not a 422."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any, get_args

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic_core.core_schema import ErrorType

from gridpuzzles.bounds import LimitError, read_decimal, shown
from gridpuzzles.midend.video_import import VideoError
from gridpuzzles.midend.videos import ExportError
from gridpuzzles.minesweeper import MinesweeperError
from gridpuzzles.minesweeper import MoveError as MinesweeperMoveError
from gridpuzzles.minesweeper.solving.noguess import NoGuessError
from gridpuzzles.minesweeper.solving.probabilities import SolverLimitError
from gridpuzzles.mondrian.core.errors import MondrianError
from gridpuzzles.mondrian.core.game import MoveError as MondrianMoveError
from gridpuzzles.storage import DatabaseError, StorageError
from gridpuzzles.web.minesweeper.assist import BEYOND_SOLVER
from gridpuzzles.web.models import kind_of
from gridpuzzles.web.service import (
    GameInPlayError,
    NoSuchGuessError,
    NotYourGameError,
    UnknownGameError,
)
from gridpuzzles.web.workers import OverBudgetError, ServerBusyError

LOG = logging.getLogger(__name__)
STATUS_OF: dict[type[Exception], int] = {
    UnknownGameError: 404,
    NoSuchGuessError: 404,
    GameInPlayError: 409,
    NotYourGameError: 403,
    StorageError: 409,
    MinesweeperError: 422,
    MondrianError: 422,
    MinesweeperMoveError: 409,
    MondrianMoveError: 409,
    NoGuessError: 409,
    ExportError: 409,
    VideoError: 422,
}
"""The HTTP status of each error the shell and the core raise on bad input: any error of a
puzzle 422 (text that cannot be read, a game that cannot be), unless it is a move the rules
refuse (409, as is a no-guess board that cannot be made for a size asked for, and a finished
game that no video can show); a video file that cannot be read is 422 too. A Mondrian move
is answered 409 by its route already (`web.mondrian.refusals`)."""
LATER: dict[type[Exception], Callable[[Exception], str]] = {
    OverBudgetError: str,
    ServerBusyError: str,
    LimitError: str,
    SolverLimitError: lambda error: BEYOND_SOLVER.format(reason=error),
}
"""The errors answered 503 (past the time budget, every solver worker busy, any work past a
limit: a position beyond the Minesweeper solver's size bounds, a Mondrian search, generation or
census past its bound) and how each is told to the player.

A limit is the server's own bound on the work it does, not a fault of the request: the request
was well formed, so a 4xx (422 is documented as "the request is malformed") would blame the
client, and a 500 would say the server failed. 503 says the server declines this work, as it
already does past the time budget (`OverBudgetError`), so a client meets every bound one way;
``Retry-After`` is set, since another draw (generation) or a changed board (a search) may fit
within the bound. A limit is also its puzzle's error (422), but names `LimitError` first among
its bases, so `LimitError` comes first along its MRO, where a handler is found. Each is told in
its own words (the Minesweeper solver's, in a sentence saying to try after more moves)."""
INTERNAL = "the server failed on this request (an internal error, logged on the server)"
STORE_BUSY = "the game store is busy, try again in a moment (nothing was changed)"
"""What a request whose database failed is told (a lock held too long by another program, a
database server out of reach): 503, never 409, which says the game moved on."""
STORE_RETRY_SECONDS = 2
"""The ``Retry-After`` of `STORE_BUSY`: the page tries once more after it."""


FIELD_WORDS = {
    "first_click": "first-click rule",
    "win_rule": "win rule",
    "mines": "number of mines",
    "question_marks": "question-marks setting",
    "history": "number of latest games",
    "game_id": "game id",
    "number": "step number",
    "x-game-token": "X-Game-Token header",
    "gridpuzzles_token": "token cookie",
    "black": "black blocks",
    "col": "column",
    "name": "file name",
}
"""The fields and parameters whose name is not already the player's word for them; any other
is called by its name, with spaces ("the width")."""
YES_OR_NO_WORDS = {"black": "black setting"}
"""The words of a yes-or-no field whose name means something else elsewhere: ``black`` is a
list of blocks in a solutions request and a yes or no in a Mondrian move."""
RULES: dict[str, str] = {
    "missing": "{name} is missing",
    "greater_than_equal": "{name} must be at least {ge}, not {sent}",
    "less_than_equal": "{name} must be at most {le}, not {sent}",
    "greater_than": "{name} must be more than {gt}, not {sent}",
    "less_than": "{name} must be less than {lt}, not {sent}",
    "int_type": "{name} must be a whole number, not {sent}",
    "int_parsing": "{name} must be a whole number, not {sent}",
    "int_from_float": "{name} must be a whole number, not {sent}",
    "float_type": "{name} must be a number, not {sent}",
    "float_parsing": "{name} must be a number, not {sent}",
    "bool_type": "{name} must be true or false, not {sent}",
    "bool_parsing": "{name} must be true or false, not {sent}",
    "string_type": "{name} must be text (a JSON string), not {sent}",
    "string_too_short": "{name} must be at least {min_length} characters long",
    "string_too_long": "{name} must be at most {max_length} characters long",
    "string_pattern_mismatch": "{name} must match the pattern {pattern}, not {sent}",
    "too_short": "{name} must hold at least {min_length} items, not {actual_length}",
    "too_long": "{name} must hold at most {max_length} items",
    "enum": "{name} must be {expected}, not {sent}",
    "literal_error": "{name} must be {expected}, not {sent}",
    "list_type": "{name} must be a list, not {sent}",
    "dict_type": "{name} must be a JSON object, not {sent}",
    "model_type": "{name} must be a JSON object, not {sent}",
    "model_attributes_type": "{name} must be a JSON object, not {sent}",
}
"""How each kind of validation error is told, by pydantic's error type; ``name`` is the field
in words, ``sent`` what the request sent, the rest the error's context (the bound)."""
NUMBER_AS_TEXT = (
    "{name} must be a whole number, not the text {sent} (a number is sent without quotes)"
)
"""How a number sent as text is told ("9", " 9 ", "1_0"): lax reading took it, strict does not,
and "not '9'" alone would puzzle whoever sent it."""
FALLBACK = "{name} is not valid ({msg})"
BOUNDS = frozenset({"greater_than_equal", "less_than_equal", "greater_than", "less_than"})
BUILT_IN = frozenset(get_args(ErrorType))
"""Pydantic's own error types; any other is one of ours, whose message is already in the
player's words (the seed's)."""


def describe_validation(errors: Sequence[Any]) -> str:
    """One clause in the player's words per validation error, naming the field in words:
    "the width must be at least 1", "unknown field 'foo'"."""
    return "; ".join(_told(error) for error in errors) or "the request is invalid"


def _told(error: dict[str, Any]) -> str:
    kind = error.get("type", "")
    context = error.get("ctx") or {}
    path = tuple(error.get("loc", ()))[1:]  # after where it came from: body, query, path...
    if kind == "json_invalid":
        return f"the body is not valid JSON ({context.get('error', '')})"
    if kind not in BUILT_IN:
        return str(error.get("msg", "invalid"))
    if kind == "extra_forbidden" and path:
        inside = f" in {_named(path[:-1])}" if path[:-1] else ""
        return f"unknown field {shown(str(path[-1]))}{inside}"
    name = _named(path)
    if kind.startswith("bool_") and len(path) == 1 and path[0] in YES_OR_NO_WORDS:
        name = f"the {YES_OR_NO_WORDS[str(path[0])]}"
    said = {**context, "name": name, "msg": error.get("msg", "")}
    sent = error.get("input")
    # A number past a bound may come as text (a query parameter): it is shown as the number.
    said["sent"] = sent if isinstance(sent, str) and kind in BOUNDS else kind_of(sent)
    rule = RULES.get(kind, FALLBACK)
    if kind == "int_type" and isinstance(sent, str) and _reads_as_number(sent):
        rule = NUMBER_AS_TEXT
    try:
        return rule.format_map(said)
    except KeyError:  # a context without the bound the rule names
        return FALLBACK.format_map(said)


def _reads_as_number(text: str) -> bool:
    """Whether ``text`` is a number to a lenient reader (Python's ``int`` takes spaces around
    it and underscores between its digits), so that a refusal says it came as text."""
    return read_decimal(text.strip().replace("_", "")) is not None


def _named(path: Sequence[str | int]) -> str:
    """A field's place in words: "the width", "the row of item 1 of the black blocks"."""
    if not path:
        return "the body"
    words = [
        f"item {step + 1}" if isinstance(step, int) else f"the {_words(step)}"
        for step in reversed(path)
    ]
    return " of ".join(words)


def _words(name: str) -> str:
    return FIELD_WORDS.get(name) or name.replace("_", " ")


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
    # Before `StorageError` (409) for its subclass: a handler is found along the class's MRO.
    busy = {"Retry-After": str(STORE_RETRY_SECONDS)}

    async def store_busy(request: Request, error: Exception) -> JSONResponse:
        LOG.warning("the database failed on %s %s: %s", request.method, request.url.path, error)
        return JSONResponse({"detail": STORE_BUSY, "retry": True}, status_code=503, headers=busy)

    app.add_exception_handler(DatabaseError, store_busy)

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
