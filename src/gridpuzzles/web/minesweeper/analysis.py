"""``POST /api/minesweeper/analysis``: a position the player brings, analysed as `mines analyze`
analyses it, for the analysis board and for programs; and ``POST
/api/minesweeper/analysis/win-chance``: the solver's chance to win from it, asked apart since
its playouts take seconds where the chances take a moment.

The position comes as text in any form `core.positions` reads (JSMinesweeper's ``.mine``
first: ``WxHxM`` then a row a line; a view; the line mode's printed board; a game state of
this API), or as an MBF board in base64 (every cell hidden). It is bounded by the size of a
request (`MAX_POSITION_CHARS`) and the command's bound of cells
(`positions.MAX_ANALYSED_CELLS`), and solved in a worker process within the server's time
budget, as all help is (the solver's own bounds and the budget answer 503). Nothing is stored, and no game is involved: the
answer is about the position given, never about a hidden board: its ``mbf`` (the board as
MBF) is there only when the posted board gives its mines, or the position settles them all.
"""

from __future__ import annotations

import base64
import binascii
import random
import time
from fractions import Fraction
from typing import Self

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field, model_validator
from pydantic_core import PydanticCustomError

from gridpuzzles.midend.review import percent
from gridpuzzles.minesweeper import FirstClick, View
from gridpuzzles.minesweeper.core.errors import NotationError
from gridpuzzles.minesweeper.core.exchange import BeyondFormatError, format_mbf
from gridpuzzles.minesweeper.core.grid import Layout
from gridpuzzles.minesweeper.core.positions import (
    MAX_ANALYSED_CELLS,
    Position,
    check_analysed_size,
    mine_count,
    read_mbf_position,
    read_position,
)
from gridpuzzles.minesweeper.solving import win_chance
from gridpuzzles.minesweeper.solving.insight import insight
from gridpuzzles.minesweeper.solving.probabilities import known_layout
from gridpuzzles.minesweeper.solving.win_chance import ExactWinChance, WinChance
from gridpuzzles.web.limits import MAX_BODY
from gridpuzzles.web.minesweeper import assist
from gridpuzzles.web.minesweeper.models import Advice, Chances
from gridpuzzles.web.models import Error
from gridpuzzles.web.routes import SLOW
from gridpuzzles.web.workers import Workers

MAX_POSITION_CHARS = MAX_BODY
"""The longest position text taken: any request's body is at most `limits.MAX_BODY` (16 KiB:
a board of about 16,000 cells as text; `mines analyze` reads up to 1 MiB)."""
MAX_EXACT_IN_JAVASCRIPT = 2**53 - 1
"""The largest integer a JavaScript number holds exactly: a playout seed is at most this (a
board's seed, up to 2**63 - 1, travels as a string)."""
MINES_FIELD = ("mines", '"mines": N')
"""How the request names the mine count it gives (`positions.mine_count`)."""
DEFAULT_PLAYOUTS = 60
"""The playouts of a win chance unless the request says otherwise: about 2.5 s from an
untouched expert board (50 take about 2.1 s), within the server's budget of 5 s."""
MAX_PLAYOUTS = 1000
"""The most playouts a request may ask for; the budget cuts them short anyway
(`PLAYOUT_SHARE`)."""
PLAYOUT_SHARE = 0.8
"""The share of the server's time budget that the playouts may take: those done by then are
the answer (``complete`` false), rather than a 503 for the whole."""


class PositionError(NotationError):
    """A request whose ``mbf`` is no base64 text."""


class AnalysisIn(BaseModel):
    """A position to analyse: ``position`` (text) or ``mbf`` (a board, base64), and the mines
    of the whole board when the position does not say them."""

    model_config = ConfigDict(extra="forbid")
    position: str | None = Field(
        default=None,
        max_length=MAX_POSITION_CHARS,
        description="the position as text: JSMinesweeper's .mine (a first line WxHxM, then a "
        "row a line: H hidden, F flag, 0-8 revealed), a view, the line mode's printed board, "
        "or a game state of this API",
        examples=["3x3x1\n1HH\n1HH\nHHH\n"],
    )
    mbf: str | None = Field(
        default=None,
        max_length=MAX_POSITION_CHARS,
        description="an MBF board (JSMinesweeper's bytes: width, height, the mine count in two "
        "bytes high first, then x, y per mine) in base64; analysed with every cell hidden",
    )
    mines: int | None = Field(
        default=None,
        ge=0,
        le=MAX_ANALYSED_CELLS,
        description="the mines of the whole board, flagged or not, when the position does not "
        "say them (a view or a printed board without its status line); must agree when it does",
    )

    @model_validator(mode="after")
    def one_position(self) -> Self:
        if (self.position is None) == (self.mbf is None):
            raise PydanticCustomError(
                "position",
                "{reason}",
                {"reason": "give the position as text (position) or as MBF (mbf), one of them"},
            )
        return self


class AnalysisOut(Chances):
    """What the solver makes of the position: every hidden cell's exact chance of a mine and
    its marks, row by row (``probabilities``, ``marks``, ``secondary_safety``, as the
    probability overlay has them), the safest move with why (``safest``), and the position as
    read (``view``: the analysis board draws it)."""

    form: str = Field(description="the form the position was read in, e.g. '.mine position'")
    width: int
    height: int
    mines: int
    view: list[str] = Field(
        description="the position as read, one string per row, top row first, as a game's "
        "view: # hidden, F flag, ? question mark, 0-8 a revealed count (* a mine and X a "
        "wrong flag in a lost game's view): what a page draws the chances on"
    )
    safest: Advice | None = Field(
        description="the move the solver would make and why, in the player's words (null when "
        "no hidden cell is left)"
    )
    mbf: str | None = Field(
        description="the board as an MBF board in base64 (the bytes the request's mbf takes) "
        "when the position's mines are all known: an MBF board given, or a position whose "
        "every hidden cell the analysis settles (deduced from the position alone); null "
        "otherwise, or for a board of more than 255 columns or rows"
    )


class WinChanceIn(AnalysisIn):
    """A position, as for its analysis, and how to estimate its chance to win."""

    playouts: int = Field(
        default=DEFAULT_PLAYOUTS,
        ge=1,
        le=MAX_PLAYOUTS,
        description="games the solver plays out from the position when its chance is not "
        "exact; those done within the server's time budget are the answer",
    )
    seed: int = Field(
        default=0,
        ge=0,
        le=MAX_EXACT_IN_JAVASCRIPT,
        description="the seed of the layouts drawn for the playouts, 0 to 2**53 - 1 (a JSON "
        "integer JavaScript keeps exactly): the same seed, position and playouts give the "
        "same answer",
    )


class WinChanceOut(BaseModel):
    """The solver's chance to win from the position, and how it was found (``method``)."""

    estimate: float = Field(description="the chance to win, from 0 to 1")
    percent: str = Field(
        description="the chance as a whole percentage, never rounded to a certainty it is not "
        "(<1%, >99%), as every shell says a chance",
        examples=["35%"],
    )
    low: float = Field(description="the low end of its 95% interval (the chance when exact)")
    high: float = Field(description="the high end of its 95% interval (the chance when exact)")
    exact: bool = Field(
        description="true: perfect play over every layout that fits (a small position); "
        "false: an estimate by playouts of the solver's own play"
    )
    wins: int = Field(description="the layouts won (exact) or the playouts won")
    playouts: int = Field(description="the playouts played (0 when exact)")
    layouts: int | None = Field(description="the layouts that fit, when exact; else null")
    complete: bool = Field(
        description="false when the time budget cut the playouts short of those asked for"
    )
    method: str = Field(
        description="how the chance was found, in words",
        examples=[
            "playouts of the solver's own play from this position: 60 games, 35% won, "
            "95% interval 24% to 48%"
        ],
    )


def position_of(request: AnalysisIn) -> tuple[Position, int]:
    """The position ``request`` gives and its mine count; `NotationError` (422) in words when
    it is no position, or its mines are missing or disagree."""
    if request.mbf is not None:
        try:
            data = base64.b64decode(request.mbf, validate=True)
        except (binascii.Error, ValueError):
            raise PositionError("mbf must be the board's bytes in base64") from None
        position = read_mbf_position(data)
    else:
        assert request.position is not None  # one of the two: the model checks it
        position = read_position(request.position)
    check_analysed_size(position.view)
    return position, mine_count(position, request.mines, MINES_FIELD, MAX_ANALYSED_CELLS)


def analysed(situation: assist.Situation) -> tuple[Chances, Advice | None, Layout | None]:
    """The chances and the safest move of ``situation`` (none when no cell is hidden), and
    its mines when the analysis settles every hidden cell (`probabilities.known_layout`): a
    worker's job (top level)."""
    sight = insight(situation.view, situation.mines)
    chances = assist.chances_of(situation.view, sight)
    hidden = any(p is not None for row in chances.probabilities for p in row)
    safest = assist.best_hint(situation) if hidden else None
    return chances, safest, known_layout(situation.view, sight.analysis)


def mbf_base64(layout: Layout | None) -> str | None:
    """``layout`` as MBF bytes in base64; None without a layout, or beyond what MBF holds."""
    if layout is None:
        return None
    try:
        return base64.b64encode(format_mbf(layout)).decode("ascii")
    except BeyondFormatError:
        return None


def chance_to_win(
    seen: View, mines: int, asked: int, seed: int, seconds: float
) -> ExactWinChance | WinChance:
    """The chance to win from ``seen``: exact where the solver has it, else the tally of
    ``asked`` playouts on layouts drawn with ``seed``, or of those done within ``seconds``: a
    worker's job (top level). A given position promises no safe first click
    (`FirstClick.NONE`), as for its analysis."""
    found = win_chance.exact(seen, mines)
    if found is not None:
        return found
    deadline = time.monotonic() + seconds
    games = win_chance.playouts(seen, mines, random.Random(seed), asked, rule=FirstClick.NONE)
    done = next(games)  # one playout at least: its budget is the worker's
    for tally in games:
        done = tally
        if time.monotonic() >= deadline:
            break
    return done


def win_chance_out(found: ExactWinChance | WinChance, asked: int) -> WinChanceOut:
    """The answer for ``found``, with its method in words."""
    if isinstance(found, ExactWinChance):
        method = (
            f"exact: perfect play from this position wins {found.wins:,} of the "
            f"{found.layouts:,} layouts of the mines that fit"
        )
        rate = found.rate
        return WinChanceOut(
            estimate=rate,
            percent=percent(Fraction(found.wins, found.layouts)),
            low=rate,
            high=rate,
            exact=True,
            wins=found.wins,
            playouts=0,
            layouts=found.layouts,
            complete=True,
            method=method,
        )
    low, high = found.interval
    cut = "" if found.playouts == asked else f" ({asked:,} asked for: the time ran out)"
    method = (
        f"playouts of the solver's own play from this position: {found.playouts:,} games"
        f"{cut}, {percent(found.rate)} won, 95% interval {percent(low)} to {percent(high)}"
    )
    return WinChanceOut(
        estimate=found.rate,
        percent=percent(found.rate),
        low=low,
        high=high,
        exact=False,
        wins=found.wins,
        playouts=found.playouts,
        layouts=None,
        complete=found.playouts == asked,
        method=method,
    )


def router(workers: Workers) -> APIRouter:
    """The analysis route, its solver work on ``workers``."""
    api = APIRouter(prefix="/api/minesweeper")

    @api.post(
        "/analysis",
        responses={
            422: {"model": Error, "description": "no position, or an inconsistent one"},
            **SLOW,
        },
    )
    async def analyse(request: AnalysisIn) -> AnalysisOut:
        """Every hidden cell's exact chance of a mine in a position you give, the dead cells
        and unavoidable 50/50s, and the safest move with why. An inconsistent position is a
        422 naming the numbers that contradict each other."""
        position, mines = position_of(request)
        # The first-click rule tells nothing once a cell is open; before, a given position
        # promises no safe first click.
        seen = assist.Situation(position.view, mines, FirstClick.NONE)
        chances, safest, settled = await workers.run(analysed, seen, too_slow=assist.TOO_LARGE)
        return AnalysisOut(
            probabilities=chances.probabilities,
            marks=chances.marks,
            secondary_safety=chances.secondary_safety,
            form=position.form.value,
            width=position.view.width,
            height=position.view.height,
            mines=mines,
            view=position.view.rows(),
            safest=safest,
            mbf=mbf_base64(position.layout or settled),
        )

    @api.post(
        "/analysis/win-chance",
        responses={
            422: {"model": Error, "description": "no position, or an inconsistent one"},
            **SLOW,
        },
    )
    async def estimate_win_chance(request: WinChanceIn) -> WinChanceOut:
        """The solver's chance to win from a position you give (the same body as the
        analysis, with ``playouts`` and ``seed``): exact where the position is small enough
        that the solver plays it perfectly, else estimated by playouts of its own play, with
        a 95% interval; ``method`` says which in words. Seconds on a large board: ask for it
        after the analysis, not with it."""
        position, mines = position_of(request)
        seconds = PLAYOUT_SHARE * workers.seconds
        found = await workers.run(
            chance_to_win,
            position.view,
            mines,
            request.playouts,
            request.seed,
            seconds,
            too_slow=assist.TOO_LARGE,
        )
        return win_chance_out(found, request.playouts)

    return api
