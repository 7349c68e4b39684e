"""The Minesweeper game: an immutable state and the actions that make new states.

Every action is a pure function ``action(game, ...) -> Game``: it never changes its input,
reads no clock (the caller passes ``now``, in seconds) and draws no global randomness (mines
are placed at the first reveal from ``random.Random(game.seed)``, by the game's `Placer`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from enum import Enum, IntEnum

import numpy as np
import numpy.typing as npt

from gridpuzzles.minesweeper.core.errors import MinesweeperError
from gridpuzzles.minesweeper.core.grid import (
    Cell,
    Layout,
    cell_words,
    neighbour_sum,
    neighbours,
    opening,
    three_bv,
)
from gridpuzzles.minesweeper.core.placement import Placer, place_mines
from gridpuzzles.minesweeper.core.settings import Config, ConfigError, FirstClick, WinRule


class MoveError(MinesweeperError, ValueError):
    """A well-formed move that the rules do not allow in this position (Mondrian's refusals
    are `gridpuzzles.mondrian.core.game.MoveError` too).

    When the refusal is about a cell, ``message`` holds ``{cell}`` where the cell is named, said
    as a person names it (`gridpuzzles.cells.cell_words`).
    """

    def __init__(self, message: str, cell: Cell | None = None) -> None:
        self.message, self.cell = message, cell
        super().__init__(self.words())

    def __reduce__(self) -> tuple[type[MoveError], tuple[str, Cell | None]]:
        """Pickled as its message and cell (a solver worker sends its errors back so)."""
        return type(self), (self.message, self.cell)

    def words(self) -> str:
        """The refusal in words, naming its cell as a person names it."""
        if self.cell is None:
            return self.message
        return self.message.format(cell=cell_words(self.cell))


class Mark(IntEnum):
    """What the player has done to a cell; one byte per cell in ``Game.marks``."""

    HIDDEN = 0
    REVEALED = 1
    FLAGGED = 2
    QUESTION = 3


class Status(Enum):
    PLAYING = "playing"
    WON = "won"
    LOST = "lost"


@dataclass(frozen=True)
class Game:
    """A game in progress or ended. Build one with `new_game` or `game_from_layout`."""

    config: Config
    seed: int
    layout: Layout | None
    """None until the first reveal places the mines (unless the first-click rule is NONE)."""
    marks: bytes
    status: Status = Status.PLAYING
    exploded: int | None = None
    """The index of the mine that was revealed, once the game is lost."""
    clicks: int = 0
    started_at: float | None = None
    ended_at: float | None = None
    place: Placer = field(default=place_mines, compare=False, repr=False)
    """Lays the mines at the first reveal (see `new_game`)."""

    @property
    def width(self) -> int:
        return self.config.width

    @property
    def height(self) -> int:
        return self.config.height

    @property
    def over(self) -> bool:
        return self.status is not Status.PLAYING

    @property
    def in_play(self) -> bool:
        """Whether the game has begun (its first reveal is made) and not ended: leaving it
        now is a loss, so every shell asks first."""
        return self.started_at is not None and not self.over

    def mark(self, row: int, col: int) -> Mark:
        return Mark(self.marks[self._index((row, col))])

    def _index(self, cell: Cell) -> int:
        row, col = cell
        if not (0 <= row < self.height and 0 <= col < self.width):
            raise MoveError(
                f"{{cell}} is outside the board of {self.height} rows and {self.width} columns",
                cell,
            )
        return row * self.width + col


NO_GUESS_NEEDS_SOLVER = (
    "no-guess boards are laid by the solver: pass "
    "place=gridpuzzles.minesweeper.solving.noguess.placement(config)"
)


def new_game(config: Config, seed: int, place: Placer = place_mines) -> Game:
    """A fresh game; ``place`` lays the mines from ``random.Random(seed)`` at the first reveal
    (under the first-click rule NONE, `place_mines` lays them at once). The core's `place_mines` keeps every
    first-click rule but `FirstClick.NO_GUESS`, which needs the solver: a no-guess game takes
    ``place=noguess.placement(config)`` from the solving layer (else `ConfigError`)."""
    if config.first_click is FirstClick.NO_GUESS and place is place_mines:
        raise ConfigError(NO_GUESS_NEEDS_SOLVER)
    layout = None
    if config.first_click is FirstClick.NONE:
        layout = place_mines(config, None, random.Random(seed))
    return Game(config, seed, layout, bytes(config.size), place=place)


def game_from_layout(
    layout: Layout, win_rule: WinRule = WinRule.REVEAL, question_marks: bool = False
) -> Game:
    """A fresh game on a given layout, to replay any board exactly."""
    config = Config(
        layout.width, layout.height, layout.mine_count, FirstClick.NONE, win_rule, question_marks
    )
    return Game(config, 0, layout, bytes(layout.size))


def reveal(game: Game, row: int, col: int, now: float = 0.0) -> Game:
    """Open a hidden cell: a mine loses, a zero opens its region and that region's border."""
    _check_playing(game)
    index = game._index((row, col))
    mark = game.marks[index]
    if mark == Mark.REVEALED:
        raise MoveError("{cell} is already open", (row, col))
    if mark == Mark.FLAGGED:
        raise MoveError("{cell} is flagged: unflag it before opening it", (row, col))
    game = _started(game, index, now)
    return _settle(_open([index], game), now)


def chordable(game: Game) -> frozenset[Cell]:
    """The open numbers a chord opens something around, while the game is played: as many
    flags around each as its number says, and a hidden (or question-marked) neighbour left.
    A front end offers a chord on these alone: the rule is `chord`'s, written here once."""
    if game.over or game.layout is None or int(Mark.FLAGGED) not in game.marks:
        return frozenset()  # (with no flag down, no number has its flags around it)
    marks = _marks_grid(game)
    counts = np.frombuffer(game.layout.counts, dtype=np.uint8).reshape(marks.shape)
    flags = neighbour_sum(marks == int(Mark.FLAGGED))  # (int: an enum compares slowly)
    closed = neighbour_sum((marks == int(Mark.HIDDEN)) | (marks == int(Mark.QUESTION)))
    ready = (marks == int(Mark.REVEALED)) & (counts > 0) & (flags == counts) & (closed > 0)
    return frozenset((int(row), int(col)) for row, col in zip(*np.nonzero(ready), strict=True))


def chord(game: Game, row: int, col: int, now: float = 0.0) -> Game:
    """On a revealed number with as many adjacent flags, reveal every other hidden neighbour
    (`chordable` says where)."""
    _check_playing(game)
    index = game._index((row, col))
    if (row, col) not in chordable(game):
        raise MoveError(_not_chordable(game, index), (row, col))
    around = neighbours(game.width, game.height, index)
    targets = [i for i in around if game.marks[i] in (Mark.HIDDEN, Mark.QUESTION)]
    return _settle(_open(targets, replace(game, clicks=game.clicks + 1)), now)


def _not_chordable(game: Game, index: int) -> str:
    """Why a chord on the cell at ``index`` of a game in play opens nothing (a template for
    `MoveError`, the cell as ``{cell}``)."""
    if game.marks[index] != Mark.REVEALED or game.layout is None:
        return "{cell} is not an open number, so it cannot be chorded"
    around = list(neighbours(game.width, game.height, index))
    flags = sum(game.marks[i] == Mark.FLAGGED for i in around)
    number = game.layout.counts[index]
    if flags != number:
        return (
            f"{{cell}} shows {number} but has {flags} flag{'s' * (flags != 1)} around it: "
            "chording needs exactly as many flags as its number"
        )
    return "{cell} has no hidden neighbour left to open"


def toggle_flag(game: Game, row: int, col: int, now: float = 0.0) -> Game:
    """Cycle a hidden cell's mark: hidden, flagged, question mark (if enabled), hidden."""
    _check_playing(game)
    index = game._index((row, col))
    mark = game.marks[index]
    if mark == Mark.REVEALED:
        raise MoveError("{cell} is open and cannot be flagged", (row, col))
    following = {
        Mark.HIDDEN: Mark.FLAGGED,
        Mark.FLAGGED: Mark.QUESTION if game.config.question_marks else Mark.HIDDEN,
        Mark.QUESTION: Mark.HIDDEN,
    }[Mark(mark)]
    marks = bytearray(game.marks)
    marks[index] = following
    return _settle(replace(game, marks=bytes(marks), clicks=game.clicks + 1), now)


def _check_playing(game: Game) -> None:
    if game.over:
        raise MoveError(f"the game is over ({game.status.value}): start a new game")


def _started(game: Game, index: int, now: float) -> Game:
    """Count the click; at the first reveal, start the clock and place the mines if needed."""
    game = replace(game, clicks=game.clicks + 1)
    if game.started_at is None:
        game = replace(game, started_at=now)
    if game.layout is None:
        layout = game.place(game.config, index, random.Random(game.seed))
        game = replace(game, layout=layout)
    return game


def _open(indices: list[int], game: Game) -> Game:
    """Reveal the cells at ``indices`` (hidden or question-marked); the first mine explodes."""
    layout = game.layout
    assert layout is not None
    marks = _marks_grid(game).copy()
    blocked = marks == Mark.FLAGGED
    flat = marks.reshape(-1)
    for index in indices:
        if layout.is_mine(index):
            flat[index] = Mark.REVEALED
            return replace(game, marks=flat.tobytes(), status=Status.LOST, exploded=index)
        if flat[index] != Mark.REVEALED:
            flat[opening(layout, blocked, index)] = Mark.REVEALED
    return replace(game, marks=flat.tobytes())


def _marks_grid(game: Game) -> npt.NDArray[np.uint8]:
    return np.frombuffer(game.marks, dtype=np.uint8).reshape(game.height, game.width)


def _settle(game: Game, now: float) -> Game:
    """Decide whether the game has just been won or lost and stop the clock if so."""
    if game.status is Status.PLAYING and _is_won(game):
        game = _finish_win(game)
    if game.over and game.ended_at is None:
        game = replace(game, ended_at=now if game.started_at is not None else None)
    return game


_FLAGS_AS_MINES = bytes(int(m == Mark.FLAGGED) for m in range(256))
"""Translates marks to a mine mask: 1 where flagged, else 0."""
_SOLVED_MARKS = bytes([Mark.REVEALED, Mark.FLAGGED]) + bytes(254)
"""Translates a layout's mine mask to the marks of a won board."""


def _is_won(game: Game) -> bool:
    layout = game.layout
    if layout is None:
        return False
    if game.config.win_rule is WinRule.FLAGS:
        return game.marks.translate(_FLAGS_AS_MINES) == layout.mines
    return game.marks.count(Mark.REVEALED) == layout.size - layout.mine_count


def _finish_win(game: Game) -> Game:
    """Flag every mine and reveal every safe cell: the board shows the whole solution."""
    assert game.layout is not None
    return replace(game, marks=game.layout.mines.translate(_SOLVED_MARKS), status=Status.WON)


@dataclass(frozen=True)
class Figures:
    """A game's numbers for the status line and the end-of-game summary."""

    elapsed: float
    mines_left: int
    clicks: int
    three_bv: int | None
    """The board's 3BV once the game has ended, else None (it tells of the hidden mines)."""
    efficiency: float | None


def elapsed(game: Game, now: float) -> float:
    """Seconds since the first reveal, frozen when the game ends."""
    if game.started_at is None:
        return 0.0
    end = game.ended_at if game.ended_at is not None else now
    return max(0.0, end - game.started_at)


def mines_left(game: Game) -> int:
    """Mines minus flags (negative when there are more flags than mines)."""
    return game.config.mines - game.marks.count(Mark.FLAGGED)


def figures(game: Game, now: float) -> Figures:
    """The game's numbers at time ``now``: 3BV and efficiency only once it has ended (3BV
    labels the whole board, so it is computed only then, not on every move)."""
    bv = three_bv(game.layout) if game.over and game.layout is not None else None
    efficiency = bv / game.clicks if bv is not None and game.clicks else None
    return Figures(elapsed(game, now), mines_left(game), game.clicks, bv, efficiency)
