"""The JSON shapes both puzzles' APIs share: a request body, a version seen, what every game
in play shows (`PlayState`), an error, a replay's steps."""

from __future__ import annotations

from typing import Any, Generic, Self, TypeVar

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt

from gridpuzzles.bounds import shown
from gridpuzzles.midend.play import Play
from gridpuzzles.midend.replay import Frame


def kind_of(value: object) -> str:
    """What a JSON value other than a string or an integer is, in words."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"the decimal number {shown(value)}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return shown(value)


MAX_MOVE_COUNT = 2**31 - 1
"""The largest move count a move request may say it saw."""


WholeNumber = StrictInt
"""The type of every request field that takes a number: a JSON integer and nothing else.
Pydantic's lax mode would read "1_0", " 9 ", "9", 9.0 and true as 10, 9, 9, 9 and 1: a client
that sends those has a bug it should hear of, not a board it did not mean. (Strict per field,
not per model: a strict model would refuse the enums, which JSON can only send as text.)"""


TrueOrFalse = StrictBool
"""The type of every request field that is a yes or no: JSON true or false, not 1 or "yes"."""


class Strict(BaseModel):
    """A request body: unknown fields are an error, not silently ignored."""

    model_config = ConfigDict(extra="forbid")


def seen_version() -> Any:
    """The optional ``version`` of a request that changes a game (both puzzles)."""
    return Field(
        None,
        ge=0,
        le=MAX_MOVE_COUNT,
        description="the game's `version` when the player chose this; when the game has "
        "changed since (in another tab), it is refused with 409 and nothing changes",
    )


VERSION_FIELD = (
    "the changes stored of the game so far, undo and redo included: send it with the next "
    "move so that a move chosen on an older state (another tab) is refused"
)
"""What a state's ``version`` is (both puzzles)."""


class RewindRequest(Strict):
    """An undo or redo (of either puzzle), with the game's version the player saw (optional,
    as for a move)."""

    version: WholeNumber | None = seen_version()


PER_PLAYER = (
    "whether the server keeps records per player: these are then the games of this browser "
    "only (else of every player of the server)"
)
"""What a records answer's ``per_player`` says."""


FinishT = TypeVar("FinishT", bound=BaseModel)


def being_played(play: Play[Any]) -> bool:
    """Whether ``play`` is being played: its clock (the mid-end's, the same for both puzzles)
    has started and not stopped. A state's ``in_play`` (a game the player left is not)."""
    return play.started is not None and play.ended is None


class PlayState(BaseModel, Generic[FinishT]):
    """What the player sees of every game in play, whatever the puzzle (the mid-end's `Play`
    and the game's clock); each puzzle's state (`GameState`, `MondrianState`) adds its board
    and how it ended (``FinishT``)."""

    id: str
    version: int = Field(description=VERSION_FIELD)
    moves: int = Field(description="the moves made (undo and redo are no moves)")
    assisted: bool = Field(
        description="the player had help in this game: it is counted apart and sets no record"
    )
    can_undo: bool = Field(description="a step can be undone now")
    can_redo: bool = Field(description="an undone step can be played again now")
    started: bool = Field(description="whether the game's clock has started")
    in_play: bool = Field(
        description="the game is being played: its clock has started and it has not ended "
        "(nor been left); a page asks before leaving such a game for another, as leaving it "
        "costs the player (a Minesweeper loss, a Mondrian board not kept)"
    )
    elapsed: float = Field(description="seconds on the game's clock, frozen at its end")
    finish: FinishT | None = Field(None, description="how the game ended, once it has")


class Error(BaseModel):
    """A refused request: why, in the player's words."""

    detail: str
    retry: bool = Field(
        False,
        description="present and true when the game store was busy (503): nothing was "
        "changed, and the same request may be sent again after the Retry-After seconds",
    )


StateT = TypeVar("StateT", bound=BaseModel)


StepT = TypeVar("StepT", bound=BaseModel)


class ReplayStepOf(BaseModel, Generic[StateT]):
    """One step of a finished game of either puzzle, its game drawn as ``StateT``; each
    puzzle names its own (`ReplayStep`, `web.mondrian.models.MondrianReplayStep`), so that the
    schema names stay short."""

    number: int = Field(description="the step's place in the game's log, from 0")
    move: str = Field(description="the step as the log writes it (the machine form: from 0)")
    said: str = Field(description="the step in the player's words (counted from 1)")
    at: float = Field(description="when it was made: seconds after the game was created")
    state: StateT

    @classmethod
    def of(cls, frame: Frame[Any], said: str, created: float, state: StateT) -> Self:
        """The step of ``frame`` in a game created at ``created`` (seconds), ``said`` in the
        player's words, with the game after it drawn as ``state``."""
        at = round(frame.at - created, 3)
        return cls(number=frame.number, move=frame.text, said=said, at=at, state=state)


class ReplayOf(BaseModel, Generic[StateT, StepT]):
    """A finished game of either puzzle step by step (its steps `ReplayStepOf` ``StateT``):
    one shape, so that one page watches both."""

    id: str
    start: StateT
    steps: list[StepT]
