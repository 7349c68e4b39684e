"""The Mondrian Blocks API: the published challenges, and the solutions of a placement of the
three black blocks, drawn in the blocks' colours."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from fastapi import APIRouter
from pydantic import BaseModel, Field

from gridpuzzles.mondrian.core.notation import parse_block
from gridpuzzles.mondrian.core.official import OfficialChallenge
from gridpuzzles.mondrian.core.rendering import colour_of
from gridpuzzles.mondrian.core.rules import STANDARD_BOARD, Orientation, Placement, challenge
from gridpuzzles.mondrian.solving.solutions import count_solutions, solutions
from gridpuzzles.web.models import Error, Strict

PREFIX = "/api/mondrian"
MAX_SHOWN = 100
"""The most solutions one answer lists (all are counted)."""


class BlackBlock(Strict):
    """A black block by its size, top-left cell and orientation (``h`` or ``v``)."""

    size: str = Field(pattern=r"^1x[123]$", examples=["1x3"])
    row: int = Field(ge=0, le=7)
    col: int = Field(ge=0, le=7)
    orientation: Orientation = Orientation.HORIZONTAL


class SolveRequest(Strict):
    black: list[BlackBlock] = Field(min_length=3, max_length=3)


class PlacedBlock(BaseModel):
    """A block on the board: top-left cell, extent, size and the colour it is drawn in."""

    row: int
    col: int
    height: int
    width: int
    size: str
    colour: str
    fill: str = Field(description="CSS colour")


class Solutions(BaseModel):
    count: int
    solutions: list[list[PlacedBlock]] = Field(description=f"the first {MAX_SHOWN} at most")


class Challenge(BaseModel):
    code: str
    edition: str
    level: str
    black: list[BlackBlock]
    solutions: int


class Challenges(BaseModel):
    """The published challenges."""

    board: tuple[int, int] = (STANDARD_BOARD.height, STANDARD_BOARD.width)
    challenges: list[Challenge]


def placed(placement: Placement) -> PlacedBlock:
    colour = colour_of(placement.block)
    return PlacedBlock(
        row=placement.row,
        col=placement.col,
        height=placement.height,
        width=placement.width,
        size=str(placement.block),
        colour=colour.label,
        fill=colour.fill,
    )


def black_block(placement: Placement) -> BlackBlock:
    return BlackBlock(
        size=str(placement.block),
        row=placement.row,
        col=placement.col,
        orientation=placement.orientation,
    )


def solve(black: Sequence[BlackBlock]) -> Solutions:
    """Count every solution and list the first `MAX_SHOWN` of them."""
    puzzle = challenge(Placement(b.row, b.col, parse_block(b.size), b.orientation) for b in black)
    shown = itertools.islice(solutions(puzzle), MAX_SHOWN)
    return Solutions(
        count=count_solutions(puzzle),
        solutions=[[placed(p) for p in solution] for solution in shown],
    )


def listing_of(challenges: Sequence[OfficialChallenge]) -> Challenges:
    """The API's list of ``challenges``."""
    return Challenges(
        challenges=[
            Challenge(
                code=c.code,
                edition=c.edition,
                level=c.level,
                black=[black_block(p) for p in c.black],
                solutions=c.solutions,
            )
            for c in challenges
        ]
    )


def router(challenges: Sequence[OfficialChallenge]) -> APIRouter:
    """The Mondrian routes, offering ``challenges``."""
    api = APIRouter(prefix=PREFIX, tags=["mondrian"])
    listing = listing_of(challenges)

    @api.get("/challenges")
    def get_challenges() -> Challenges:
        """The published challenges: the three black blocks of each and its solution count."""
        return listing

    @api.post("/solutions", responses={422: {"model": Error}})
    def post_solutions(request: SolveRequest) -> Solutions:
        """Every way the eight coloured blocks fill the board around three black blocks."""
        return solve(request.black)

    return api
