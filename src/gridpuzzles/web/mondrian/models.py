"""The JSON shapes of the Mondrian Blocks API: requests, blocks as the page draws them, a game
as the player sees it, hints, solutions and records.

Cells are ``row`` and ``col``, 0-based from the top-left corner, as in every JSON of the
package; the words the API sends (refusals, hints, the end of a game) count from 1, as the
page's players do ("row 3, column 5").
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field, model_validator
from pydantic_core import PydanticCustomError

from gridpuzzles.mondrian.core.challenges import EDITIONS, LEVELS
from gridpuzzles.mondrian.core.grid import STANDARD_BOARD, Block, Orientation, Placement
from gridpuzzles.mondrian.core.records import Record, duration_words
from gridpuzzles.mondrian.core.rendering import colour_of
from gridpuzzles.mondrian.solving.difficulty import NO_SOLUTION
from gridpuzzles.web.models import (
    PER_PLAYER,
    PlayState,
    ReplayOf,
    ReplayStepOf,
    Strict,
    TrueOrFalse,
    WholeNumber,
    seen_version,
)

LAST_ROW = STANDARD_BOARD.height - 1
LAST_COL = STANDARD_BOARD.width - 1
SIZE_CHARACTERS = 5
"""The longest block size a request may name (``12x12``)."""
MAX_SHOWN = 100
"""The most solutions one answer lists (all are counted)."""


# Requests


class BlackBlock(Strict):
    """A black block by its size, top-left cell and orientation (``h`` or ``v``)."""

    size: str = Field(pattern=r"^1x[123]$", examples=["1x3"])
    row: WholeNumber = Field(ge=0, le=LAST_ROW)
    col: WholeNumber = Field(ge=0, le=LAST_COL)
    orientation: Orientation = Orientation.HORIZONTAL


class SolveRequest(Strict):
    black: list[BlackBlock] = Field(min_length=3, max_length=3)


class NewMondrianGame(Strict):
    """A new game: a published challenge by its ``code``, a random published one (of a
    ``level`` and ``edition`` when given), a generated one with exactly one solution (of a
    ``level`` when given), or an empty board where the player places the black blocks."""

    challenge: Literal["published", "random", "generated", "own"] = Field(
        "random",
        description="published: the challenge of `code`; random: a published challenge of "
        "`level` and `edition` (any when not given); generated: a new challenge with exactly "
        "one solution, of `level` when given; own: the player places the black blocks",
    )
    code: str | None = Field(
        None,
        max_length=16,
        description="a published challenge's nine digits",
        examples=["001040531"],
    )
    level: str | None = Field(
        None, max_length=16, description=f"one of {', '.join(LEVELS)}", examples=["hard"]
    )
    edition: str | None = Field(
        None, max_length=16, description=f"one of {', '.join(EDITIONS)}", examples=["red"]
    )

    @model_validator(mode="after")
    def _one_kind(self) -> NewMondrianGame:
        """Each kind of challenge takes only its own fields."""
        takes = {
            "published": {"code"},
            "random": {"level", "edition"},
            "generated": {"level"},
            "own": set(),
        }[self.challenge]
        extra = [
            name
            for name in ("code", "level", "edition")
            if getattr(self, name) is not None and name not in takes
        ]
        if extra:
            kind = (
                "your own challenge" if self.challenge == "own" else f"a {self.challenge} challenge"
            )
            raise PydanticCustomError(
                "challenge", "{reason}", {"reason": f"{kind} takes no {' or '.join(extra)}"}
            )
        if self.challenge == "published" and self.code is None:
            raise PydanticCustomError(
                "challenge", "{reason}", {"reason": "a published challenge needs its code"}
            )
        return self


Action = Literal["place", "lift", "turn", "undo", "redo"]


class MondrianMove(Strict):
    """One action on the board: ``place`` a block from the tray (its ``block`` size, top-left
    ``row`` and ``col`` and ``orientation``), ``lift`` or ``turn`` the block covering ``row``
    and ``col``, ``undo`` or ``redo``. With ``black``, the block is a black one: the player
    edits the challenge."""

    action: Action
    block: str | None = Field(
        None,
        max_length=SIZE_CHARACTERS,
        description="the size, e.g. 2x3 (place only)",
        examples=["2x3"],
    )
    row: WholeNumber | None = Field(None, ge=0, le=LAST_ROW)
    col: WholeNumber | None = Field(None, ge=0, le=LAST_COL)
    orientation: Orientation = Orientation.HORIZONTAL
    black: TrueOrFalse = Field(False, description="the block is black: this edits the challenge")
    version: WholeNumber | None = seen_version()

    @model_validator(mode="after")
    def _what_it_needs(self) -> MondrianMove:
        """Place needs a block and a cell, lift and turn a cell."""
        needs = {"place": ("block", "row", "col"), "lift": ("row", "col"), "turn": ("row", "col")}
        missing = [name for name in needs.get(self.action, ()) if getattr(self, name) is None]
        if missing:
            words = [{"block": "size", "col": "column"}.get(name, name) for name in missing]
            named = words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"
            raise PydanticCustomError(
                "move", "{reason}", {"reason": f"to {self.action} a block, give its {named}"}
            )
        if self.action == "turn" and self.black:
            raise PydanticCustomError(
                "move", "{reason}", {"reason": "a black block is not turned: lift it and place it"}
            )
        return self


# Blocks


class PlacedBlock(BaseModel):
    """A block on the board: top-left cell, extent, size and the colour it is drawn in."""

    row: int
    col: int
    height: int
    width: int
    size: str
    orientation: Orientation
    colour: str
    fill: str = Field(description="CSS colour")


class TrayBlock(BaseModel):
    """A block still to place, lying horizontally, in the colour it is drawn in."""

    size: str
    height: int
    width: int
    colour: str
    fill: str = Field(description="CSS colour")


def placed(placement: Placement) -> PlacedBlock:
    colour = colour_of(placement.block)
    return PlacedBlock(
        row=placement.row,
        col=placement.col,
        height=placement.height,
        width=placement.width,
        size=str(placement.block),
        orientation=placement.orientation,
        colour=colour.label,
        fill=colour.fill,
    )


def in_tray(block: Block) -> TrayBlock:
    colour = colour_of(block)
    return TrayBlock(
        size=str(block),
        height=block.short,
        width=block.long,
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


# Answers


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
    levels: list[str] = list(LEVELS)
    editions: list[str] = list(EDITIONS)
    challenges: list[Challenge]


class FinishOut(BaseModel):
    """How a solved game ended, as the server timed it."""

    seconds: float = Field(description="from the moment the first coloured block was put down")
    words: str = Field(examples=["Solved in 1 min 23 s (14 moves, a hard challenge)."])
    new_bests: list[str] = Field(
        description="what this game is a new best time of: 'challenge' and or 'difficulty' "
        "(never for an assisted game)"
    )
    kept: bool = Field(description="whether the game was kept in the records")


class MondrianState(PlayState[FinishOut]):
    """A Mondrian game as the player sees it. Its clock starts with the first coloured block
    put down (on the server's clock); help is a hint or the solutions shown; a solved game is
    final (nothing to undo or redo)."""

    title: str = Field(examples=["Challenge 001040531: White edition, easy"])
    code: str | None = Field(description="the published challenge played, if it is one")
    key: str | None = Field(
        description="the name the records keep the challenge under (its code, else its black "
        "blocks), once the black blocks are all on the board"
    )
    difficulty: str | None = Field(
        description=f"one of {', '.join(LEVELS)} (a published challenge's own level, else the "
        f"rated one), or '{NO_SOLUTION}' for black blocks that leave none, once the black "
        "blocks are all on the board"
    )
    solutions: int | None = Field(description="how many solutions the black blocks leave")
    board: tuple[int, int] = (STANDARD_BOARD.height, STANDARD_BOARD.width)
    black: list[PlacedBlock]
    placed: list[PlacedBlock] = Field(description="the coloured blocks, in the order put down")
    blocks: list[TrayBlock] = Field(
        description="every coloured block of the game, placed or not, in the order of the "
        "keys that choose them (1 for the first): the order never changes during a game"
    )
    black_blocks: list[TrayBlock] = Field(
        description="every black block of the challenge, on the board or not, in key order"
    )
    tray: list[TrayBlock] = Field(description="the coloured blocks still to place")
    black_tray: list[TrayBlock] = Field(description="black blocks not on the board yet")
    solved: bool
    can_play: bool = Field(
        description="the challenge is set: every black block is on the board, so the coloured "
        "blocks are played; until then the page places the black blocks (and goes back to "
        "play only once they are all down)"
    )
    can_hint: bool = Field(
        description="a hint can be asked now: the challenge is set and the game has not ended"
    )
    can_show_solutions: bool = Field(
        description="the solutions can be shown now: the challenge is set (also once solved)"
    )


class CreatedMondrianGame(MondrianState):
    """A new game and the secret token that plays it (also set as a cookie)."""

    token: str


class Verdict(BaseModel):
    """Whether a move would be taken now, and if not, why, in the board's words."""

    fits: bool
    why: str | None = Field(
        examples=["the 2x3 block would stick out past the right edge"],
    )


class HintState(MondrianState):
    """The game after a hint (the hinted block put down), and the hint."""

    hint: str = Field(
        examples=["place the 1x5 block at row 1, column 1, 1 row high and 5 columns wide: ..."]
    )
    hinted: PlacedBlock | None = Field(description="the block the hint put down")
    lift: list[PlacedBlock] = Field(
        description="when no solution goes on from the board: the blocks to lift"
    )


class RevealedState(MondrianState):
    """The game (now assisted) and the challenge's solutions."""

    revealed: Solutions


class MondrianReplayStep(ReplayStepOf[MondrianState]):
    """One step of a solved game, as it was played: the move (a block put down, lifted or
    turned, a hint, help, undo or redo) and the game after it, as the page draws a game."""


class MondrianReplay(ReplayOf[MondrianState, MondrianReplayStep]):
    """A solved game step by step: its challenge before the first move, then every step
    (the shape of a Minesweeper replay, `models.ReplayOut`)."""


class MondrianStepReviewOut(BaseModel):
    """One step of a solved game judged by the solutions it left (`midend.mondrian_review`)."""

    number: int = Field(description="the step's place in the game's log, from 0 (as a replay)")
    move: str = Field(description="the step as the log writes it (the machine form: from 0)")
    said: str = Field(description="the step in the player's words (counted from 1)")
    verdict: Literal["solutions_left", "dead_end", "in_dead_end", "no_challenge", "no_solution"]
    words: str = Field(
        description="the verdict in the player's words, with the time the step took",
        examples=["3 solutions left; took 4.2 s"],
    )
    fault: bool = Field(description="whether the step led into a dead end")
    solutions: int | None = Field(
        description="the solutions left with the blocks on the board held where they are; "
        "null while a black block is still to be put down"
    )
    help: bool = Field(description="a hint, or other help (the solutions shown)")
    since: int | None = Field(
        description="the step (its number in the log) that led into the dead end the game is "
        "in after this one; null outside a dead end"
    )
    left_by: int | None = Field(
        description="for a step into a dead end, the step (its number in the log) that left "
        "it; null otherwise"
    )
    seconds: float = Field(description="seconds since the step before (or the game's creation)")


class MondrianReviewSummary(BaseModel):
    """A reviewed game in figures, and in words."""

    steps: int
    hints: int = Field(description="hints and other help taken")
    dead_ends: int
    blocks: int = Field(description="the coloured blocks on the board at the end")
    seconds: float = Field(
        description="the time spent on the coloured blocks: the steps taken once the "
        "challenge was complete"
    )
    seconds_per_block: float | None = Field(description="null with no coloured block down")
    words: str = Field(
        examples=[
            "14 steps, 1 hint, 1 dead end (step 5); 8 blocks in 1 min 10 s since the challenge was complete, 8.8 s a block"
        ]
    )


class MondrianReviewOut(BaseModel):
    """The solver's review of a solved game, step by step, and its summary."""

    id: str
    steps: list[MondrianStepReviewOut]
    summary: MondrianReviewSummary


class BestTimeOut(BaseModel):
    seconds: float
    words: str = Field(examples=["1 min 23 s"])
    challenge: str
    ended_at: float = Field(description="when it was set, in seconds since 1970 (UTC)")


class MondrianRecordOut(BaseModel):
    """The record of one challenge or one difficulty: games solved without help, the ten
    best times, the average, and the games solved with help (counted apart)."""

    key: str = Field(description="a challenge's key, or a difficulty")
    solved: int
    assisted: int
    best_times: list[BestTimeOut]
    average_seconds: float | None


class MondrianRecords(BaseModel):
    challenges: list[MondrianRecordOut]
    difficulties: list[MondrianRecordOut]
    per_player: bool = Field(description=PER_PLAYER)


def record_out(record: Record) -> MondrianRecordOut:
    return MondrianRecordOut(
        key=record.key,
        solved=record.solved,
        assisted=record.assisted,
        best_times=[
            BestTimeOut(
                seconds=best.seconds,
                words=duration_words(best.seconds),
                challenge=best.challenge,
                ended_at=best.ended_at,
            )
            for best in record.best_times
        ],
        average_seconds=record.average_seconds,
    )
