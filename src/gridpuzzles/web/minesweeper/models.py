"""The JSON shapes of the Minesweeper API: requests, and what a player may see of a game (the
shapes both puzzles share are in `web.models`)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PlainValidator,
    WithJsonSchema,
)
from pydantic_core import PydanticCustomError

from gridpuzzles.bounds import MAX_SEED, is_digits, shown
from gridpuzzles.minesweeper import (
    LEVELS,
    Config,
    ConfigError,
    FirstClick,
    WinRule,
    level,
)
from gridpuzzles.minesweeper.core.scale import RISK_BANDS
from gridpuzzles.minesweeper.core.settings import (
    MAX_NO_GUESS_CELLS,
    MAX_NO_GUESS_PERCENT,
    MAX_SIDE,
    check_playable,
)
from gridpuzzles.web.models import (
    PER_PLAYER,
    PlayState,
    ReplayOf,
    ReplayStepOf,
    Strict,
    TrueOrFalse,
    WholeNumber,
    kind_of,
    seen_version,
)

SEED_CHARS = 40
"""The longest seed text a request may send (leading zeros allowed)."""
SEED_PATTERN = f"^[0-9]{{1,{SEED_CHARS}}}$"
SEED_ASKED = f"the seed must be a whole number from 0 to {MAX_SEED} (2**63 - 1) in digits"


def read_seed(value: object) -> int | None:
    """The seed a request asks for: a string of ASCII digits (exact at any size), or a JSON
    integer for older clients, from 0 to `MAX_SEED`; None when none is asked. Anything else
    (a float, a boolean, a sign, another script's digits, over `SEED_CHARS` characters) is a
    validation error whose message is one sentence in player words."""
    if value is None:
        return None
    if isinstance(value, str):
        if len(value) > SEED_CHARS:
            refused = f"a text of {len(value):,} characters"
        elif is_digits(value) and int(value) <= MAX_SEED:
            return int(value)
        else:
            refused = shown(value)
    elif isinstance(value, int) and not isinstance(value, bool):
        if 0 <= value <= MAX_SEED:
            return value
        refused = shown(value)
    else:
        refused = kind_of(value)
    raise PydanticCustomError("seed", "{reason}", {"reason": f"{SEED_ASKED}, not {refused}"})


SeedIn = Annotated[
    int | None,
    PlainValidator(read_seed),
    WithJsonSchema(
        {
            "anyOf": [
                {"type": "string", "pattern": SEED_PATTERN, "maxLength": SEED_CHARS},
                {"type": "integer", "minimum": 0, "exclusiveMaximum": MAX_SEED + 1},
                {"type": "null"},
            ],
            "description": f"replay a known board: a whole number from 0 to {MAX_SEED} "
            "(2**63 - 1), as a string of ASCII digits (exact; a JSON integer is also taken, "
            "but JavaScript numbers lose digits above 2**53); games on a chosen seed do not "
            "count in the statistics",
            "examples": ["4494805136092911258"],
        }
    ),
]
"""A requested seed: digits in a string or a JSON integer in, an `int` (or None) out."""
SeedOut = Annotated[
    str,
    Field(
        pattern="^[0-9]+$",
        description="the board's seed as a string of digits (exact: JavaScript numbers would "
        "lose digits above 2**53); a new game with this seed and the same settings is the "
        "same board",
        examples=["4494805136092911258"],
    ),
]


class NewGame(Strict):
    """A new game: a built-in ``level``, or a custom ``width``, ``height`` and ``mines``."""

    level: str | None = Field(
        None, description=f"one of {', '.join(LEVELS)}", examples=["beginner"]
    )
    width: WholeNumber | None = Field(None, ge=1, le=MAX_SIDE)
    height: WholeNumber | None = Field(None, ge=1, le=MAX_SIDE)
    mines: WholeNumber | None = Field(None, ge=0, le=MAX_SIDE * MAX_SIDE)
    first_click: FirstClick = FirstClick.SAFE
    win_rule: WinRule = WinRule.REVEAL
    question_marks: TrueOrFalse = False
    seed: SeedIn = None


class MoveRequest(Strict):
    """One move in its text form: ``r`` reveal, ``f`` flag, ``c`` chord, then ``ROW,COL``."""

    move: str = Field(max_length=32, examples=["r3,4", "f0,0", "c2,2"])
    version: WholeNumber | None = seen_version()


class Result(BaseModel):
    """What is shown once a game has ended, the seed included (it reproduces the board)."""

    seed: SeedOut
    exploded: tuple[int, int] | None = Field(description="the mine revealed, when lost")
    three_bv: int | None
    efficiency: float | None


class GameState(PlayState[Result]):
    """What the player may see of a game: never where a hidden mine is while it is played.
    Its clock starts with the first reveal; help is Play Move, a hint, the probabilities,
    and undo or redo once the game has started; a move can be undone also when it revealed
    the mine that lost the game, never after a win."""

    level: str | None
    stats_level: str = Field(description="the name the per-level statistics keep this game under")
    width: int
    height: int
    mines: int
    first_click: FirstClick
    win_rule: WinRule
    question_marks: bool
    status: Literal["playing", "won", "lost", "left"] = Field(
        description="left: the player left the game after its first reveal, and it is kept "
        "as a loss (abandoned); it takes no more moves or help"
    )
    view: list[str] = Field(
        description="one string per row, top row first: # hidden, F flag, ? question mark, "
        "0-8 a revealed count, * a mine and X a wrong flag (both shown only after a loss)"
    )
    mines_left: int
    clicks: int = Field(
        description="the clicks the board has taken (an undo takes its click back, unlike `moves`)"
    )
    chordable: list[tuple[int, int]] = Field(
        default_factory=list,
        description="the open numbers a chord would open something around, as [row, column] "
        "counted from 0 as in a move: a page offers a chord on these alone",
    )


class CreatedGame(GameState):
    """A new game and the secret token that plays it (also set as a cookie)."""

    token: str


class PlayedMove(GameState):
    """The state after the auto-player's move, that move and why it was played."""

    move: str = Field(examples=["r3,4"])
    why: str = Field(
        description="why, in the player's words (rows and columns counted from 1): 'safe: "
        "...' for a safe cell, 'certain mine: ...' for a flag, 'no safe cell: ...' for a guess",
        examples=[
            "safe: the 2 at row 4, column 7 already has its 2 mines",
            "certain mine: the 1 at row 2, column 3 can only have its mine there",
            "no safe cell: 12% risk, the safest living cell; 71% chance to be safe and have a "
            "safe next move",
        ],
    )


ASSISTED_AFTER = (
    "whether the game is assisted now that this help is given: help counts once the first "
    "reveal is made and until the game ends (before, every hidden cell has the same chance)"
)
"""What the ``assisted`` of an answer of help (`HintOut`, `Probabilities`) says."""
VERSION_AFTER = (
    "the game's version now that this help is given: one more than before when the help "
    "marked the game (its first help once the first reveal is made is a step of its log), "
    "else the same; the version the next move or undo sends"
)
"""What the ``version`` of an answer of help (`HintOut`, `Probabilities`) says."""


class Advice(BaseModel):
    """The safest cell to reveal next, and why."""

    model_config = ConfigDict(json_schema_serialization_defaults_required=True)  # always sent
    row: int
    col: int
    mine_probability: float
    certain: bool = Field(description="true when the cell is safe in every possible layout")
    reason: str | None = Field(
        default=None,
        description="for a guess, the rule that chose it (e.g. 'exact endgame search')",
    )
    why: str = Field(
        default="",
        description="why, in the player's words (rows and columns counted from 1): the "
        "number that makes the cell safe, or how the guess was chosen, its chance to be safe "
        "and have a safe next move, and a cell as safe left because it can tell nothing new",
        examples=[
            "the 2 at row 1, column 1 already has its 2 mines",
            "71% chance to be safe and have a safe next move; row 2, column 3 is as safe but "
            "can tell nothing new",
        ],
    )
    rank: str | None = Field(
        default=None,
        description="for a guess, how its risk ranks: 'the safest', 'the safest living cell' "
        "(a cell as safe or safer can tell nothing new) or 'while the safest cell has 9%'",
    )
    secondary_safety: float | None = Field(
        default=None,
        description="for a guess, the chance to survive it and then to have a safe next move",
    )
    said: str = Field(
        default="",
        description="the whole hint in the player's words, as every shell says it (rows and "
        "columns counted from 1, row first); the page shows it as it is",
        examples=["row 4, column 7 is safe: the 1 at row 3, column 6 already has its mine"],
    )


class HintOut(Advice):
    """The safest cell to reveal next in a game, and the game's mark and version after it."""

    assisted: bool = Field(default=False, description=ASSISTED_AFTER)
    version: int = Field(default=0, ge=0, description=VERSION_AFTER)


class Chances(BaseModel):
    """Per cell, row by row: the chance it is a mine, or null for a revealed cell; and what
    the solver sees of the hidden cells, from what the player sees alone."""

    model_config = ConfigDict(json_schema_serialization_defaults_required=True)  # always sent
    probabilities: list[list[float | None]] = Field(
        description="per cell, row by row: its exact chance of holding a mine (0 to 1), or "
        "null for a revealed cell"
    )
    marks: list[list[Literal["dead", "fifty-fifty"] | None]] = Field(
        description="per cell, row by row: 'fifty-fifty' for a cell of an unavoidable 50/50 "
        "(a pair or a 2x2 square that no later move can settle: one of its cells must be "
        "guessed), 'dead' for a cell that can tell nothing new (it would show the same number "
        "wherever it is safe), else null"
    )
    secondary_safety: list[list[float | None]] = Field(
        description="per cell, row by row, for the likely guesses (the safest cells that can "
        "tell something, and a few corner-like cells away from the numbers): the chance to "
        "survive revealing it and then to have a safe next move; null elsewhere"
    )


class Probabilities(Chances):
    """The chances of a game's hidden cells, and the game's mark and version after them."""

    assisted: bool = Field(default=False, description=ASSISTED_AFTER)
    version: int = Field(default=0, ge=0, description=VERSION_AFTER)


class LevelInfo(BaseModel):
    name: str
    width: int
    height: int
    mines: int


class RiskBandOut(BaseModel):
    """One band of the probability overlay's scale (`minesweeper.core.scale`, the one scale
    of every shell): the mine chances it holds and how it is drawn."""

    upto: int = Field(
        description="the band holds whole percentages up to this one (after the band before); "
        "0 and 100 only certain chances"
    )
    background: str = Field(description="the colour of its cells, #rrggbb", examples=["#bef6c2"])
    ink: str = Field(description="the colour of the text on it, #rrggbb", examples=["#000000"])
    legend: str = Field(description="its name in the legend", examples=["<10"])


class Options(BaseModel):
    """What a new game may be asked for, and the probability overlay's scale."""

    levels: list[LevelInfo]
    first_click: list[FirstClick]
    win_rule: list[WinRule]
    max_side: int
    max_no_guess_cells: int
    max_no_guess_percent: int = Field(description="the most mines of a no-guess board, in %")
    risk_bands: list[RiskBandOut] = Field(
        description="the probability overlay's risk bands, safest first: a hidden cell's mine "
        "chance, as a whole percentage (0 and 100 only when certain), is drawn in the first "
        "band whose `upto` it does not pass"
    )


class LevelStatsOut(BaseModel):
    level: str
    played: int
    won: int
    best_time: float | None


class BestTimeOut(BaseModel):
    """One of a level's best times."""

    seconds: float
    ended_at: float = Field(description="when it was set, in seconds since 1970 (UTC)")
    three_bv_per_second: float | None


class LevelRecordOut(BaseModel):
    """The record of one level under one first-click rule; ``played``, ``won``, the streaks
    and the times count only games without help."""

    level: str = Field(description="the name records are kept under, e.g. 'expert no-guess'")
    first_click: FirstClick
    played: int = Field(description="games finished without help: won, lost or left")
    won: int
    win_rate: float | None = Field(description="won over played, from 0 to 1")
    current_streak: int = Field(description="wins in a row up to the last game")
    best_streak: int
    best_times: list[BestTimeOut] = Field(description="the ten fastest wins, fastest first")
    best_three_bv_per_second: float | None
    average_win_seconds: float | None
    assisted_played: int = Field(description="games finished with help, counted apart")
    assisted_won: int


class PlayedGameOut(BaseModel):
    """A finished game of the history, with what replays its board."""

    id: str
    seed: SeedOut
    level: str
    width: int
    height: int
    mines: int
    first_click: FirstClick
    won: bool
    abandoned: bool = Field(description="left after its first reveal: a loss")
    assisted: bool
    seconds: float
    three_bv: int | None
    clicks: int
    ended_at: float = Field(description="when it ended, in seconds since 1970 (UTC)")
    three_bv_per_second: float | None


class RecordsOut(BaseModel):
    """The player's records per level and rule, and the latest finished games, latest first
    (games on a chosen seed are not counted and not listed)."""

    records: list[LevelRecordOut]
    history: list[PlayedGameOut]
    per_player: bool = Field(description=PER_PLAYER)


class ReplayStep(ReplayStepOf[GameState]):
    """One step of a finished game, as it was played: the move (or undo or redo) and the game
    after it, as the page draws a game."""


class ReplayOut(ReplayOf[GameState, ReplayStep]):
    """A finished game step by step: the board it started from, then every step; where it
    comes from when it was imported from a video file."""

    imported_from: str | None = Field(
        default=None,
        description="where a game imported from a video file comes from, in words (null for "
        "a game played here)",
        examples=["imported from a.evf (EVF by Ann, recorded with Arbiter 0.52)"],
    )


class WinChanceKeys(BaseModel):
    """What a guess gave away of the chance to win against the solver's best move, once it is
    weighed (the mid-end's `win_chance_json`): every key null but ``win_chance_weighed`` until
    then, and all but the words null when the solver could not weigh it."""

    win_chance_weighed: bool = Field(description="whether the move is weighed yet")
    win_chance_best: float | None = Field(
        description="the chance to win after the solver's best move, in points from 0 to 100"
    )
    win_chance_played: float | None = Field(
        description="the chance to win after the player's move, in points from 0 to 100"
    )
    win_chance_loss: float | None = Field(
        description="the points of the chance to win the move gave away (best less played; "
        "negative when an estimate found the player's move the better)"
    )
    win_chance_interval: tuple[float, float] | None = Field(
        description="the 95% interval of the loss, [low, high] in points; null when exact"
    )
    label: Literal["inaccuracy", "mistake", "blunder"] | None = Field(
        description="at least 5, 10, 15 points given away (an estimate: by the low end of "
        "its interval); null below, or where an estimate cannot tell"
    )
    too_close: bool | None = Field(
        description="whether the interval reaches past the label (or below 5 points)"
    )
    exact: bool | None = Field(description="whether every layout was searched: no estimate")
    playouts: int | None = Field(description="the layouts an estimate played out (0: exact)")
    best_move: str | None = Field(
        description="the solver's best move as the log writes it (the machine form: from 0)"
    )
    best_said: str | None = Field(description="the solver's best cell in the player's words")
    win_chance_words: str | None = Field(
        description="what the move gave away in the player's words, as every shell says it "
        "after its verdict (or why it could not be weighed)"
    )


class MoveVerdictOut(BaseModel):
    """The verdict of one move (the fields of `MoveReviewOut` before its weighing)."""

    number: int = Field(description="the step's place in the game's log, from 0 (as a replay)")
    move: str = Field(description="the move as the log writes it (the machine form: from 0)")
    said: str = Field(description="the move in the player's words (counted from 1)")
    verdict: str = Field(
        description="first_click, safe_reveal, certain_flag, uncertain_flag, unflag, guess, "
        "needless_guess (a reveal that might hit a mine while a cell was certainly safe), "
        "unavoidable_fifty_fifty, dead_cell, known_mine or chord_on_a_wrong_flag"
    )
    words: str = Field(description="the verdict in the player's words")
    fault: bool = Field(description="whether the move gave away what the position did not ask")
    risk: float | None = Field(
        description="the chance that what it opened held a mine, for a move not certain"
    )
    least_risk: float | None = Field(
        description="the least chance of a mine any hidden cell had then (0: one was safe)"
    )
    thinking: float = Field(description="seconds since the step before (or the game's start)")
    win_chance_due: bool = Field(
        description="whether the move is to be weighed: it opened a cell that might hold a "
        "mine (`GET .../review/guesses/{number}` weighs it)"
    )


class MoveReviewOut(WinChanceKeys, MoveVerdictOut):
    """One move of a finished game judged from the position before it (never from what
    happened after), and once weighed what it gave away of the chance to win."""


class WinChanceOut(WinChanceKeys):
    """What one guess of a finished game gave away of the chance to win, to be merged into
    the move of the same ``number`` in the review."""

    number: int = Field(description="the step's place in the game's log, from 0 (as a replay)")


class WinChanceCounts(BaseModel):
    """How far the weighing of a review's guesses has come, and what it found."""

    due: int = Field(description="the moves to weigh (`win_chance_due`)")
    weighed: int = Field(description="those weighed so far")
    inaccuracies: int
    mistakes: int
    blunders: int


class ReviewStatistics(BaseModel):
    """A finished game's standard statistics, as ms-toollib defines them (docs/watching.md)."""

    three_bv: int
    three_bv_solved: int = Field(description="the 3BV the clicks cleared")
    seconds: float = Field(description="from the first reveal to the end")
    clicks: int
    left_clicks: int
    right_clicks: int
    double_clicks: int
    effective_clicks: int = Field(description="the clicks that changed the board")
    three_bv_per_second: float | None
    ioe: float | None = Field(description="solved 3BV / clicks")
    correctness: float | None = Field(description="effective clicks / clicks")
    throughput: float | None = Field(description="solved 3BV / effective clicks")
    rqp: float | None = Field(description="seconds squared / solved 3BV")
    stnb: float | None = Field(description="on 8x8/10, 16x16/40 and 30x16/99 only")
    zini: int | None = Field(description="greedy ZiNi; null past 100,000 cells")
    hzini: int | None = Field(description="human ZiNi; null past 100,000 cells")


class ReviewSummary(BaseModel):
    """A reviewed game in figures."""

    moves: int
    guesses: int = Field(description="moves neither certainly safe nor a known mine")
    needless_guesses: int
    pluck: float = Field(description="the risk taken: the sum of -log10 P(survive) of guesses")
    least_pluck: float = Field(description="the same guesses' least risk, summed alike")
    accuracy: float = Field(description="the share of judged moves that were no fault, 0 to 1")
    statistics: ReviewStatistics | None = Field(
        None, description="the standard statistics; null when no mine was laid"
    )
    win_chance: WinChanceCounts = Field(
        description="the guesses to weigh, those weighed and the labels among them"
    )


class ReviewOut(BaseModel):
    """The solver's review of a finished game, move by move, and its summary."""

    id: str
    moves: list[MoveReviewOut]
    summary: ReviewSummary


def options() -> Options:
    return Options(
        levels=[LevelInfo(name=n, width=w, height=h, mines=m) for n, (w, h, m) in LEVELS.items()],
        first_click=list(FirstClick),
        win_rule=list(WinRule),
        max_side=MAX_SIDE,
        max_no_guess_cells=MAX_NO_GUESS_CELLS,
        max_no_guess_percent=MAX_NO_GUESS_PERCENT,
        risk_bands=[
            RiskBandOut(upto=b.upto, background=b.background, ink=b.ink, legend=b.legend)
            for b in RISK_BANDS
        ],
    )


def config_of(request: NewGame) -> Config:
    """The `Config` a request asks for; raises `ConfigError` when it names none or two, or a
    board beyond the shells' bounds (`check_playable`: sides, no-guess size and density)."""
    rules = (request.first_click, request.win_rule, request.question_marks)
    custom = (request.width, request.height, request.mines)
    if request.level is not None:
        if any(value is not None for value in custom):
            raise ConfigError("give either a level or width, height and mines, not both")
        return check_playable(level(request.level, *rules))
    if request.width is None or request.height is None or request.mines is None:
        raise ConfigError("give a level, or all of width, height and mines for a custom board")
    return check_playable(Config(request.width, request.height, request.mines, *rules))
