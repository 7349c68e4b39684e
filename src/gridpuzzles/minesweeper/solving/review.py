"""The solver's review of a finished Minesweeper game, move by move.

Each move is judged from the position before it, as the player saw it (flags are the
player's guesses, not facts), never from what happened after: a guess that survived is judged
as the guess it was. The verdicts:

- a *safe reveal*: the cell was certainly safe; a *certain flag* marks a certain mine, an
  *uncertain flag* a cell that might be safe;
- a *needless guess*: a reveal (or chord) of a cell that might hold a mine while some hidden
  cell was certainly safe;
- an *unavoidable 50/50*: a cell of two equally likely arrangements that no other cell can
  ever tell apart, which must be guessed sooner or later (never a fault);
- a *dead cell* guessed: a cell that tells nothing new wherever it is safe, chosen while a
  cell that could tell something was at most as risky;
- a *guess*: no cell was certainly safe; its risk is given beside the least risk there was;
- a *known mine* revealed: the position proved it a mine;
- a *chord on a wrong flag*: a chord whose flags hid a safe cell's place (known from the
  finished game's layout, the only verdict that reads it).

The first reveal under a first-click rule that promises it safe is the rule's, not a choice:
it is marked as the *first click*. Undo and redo are not judged. The review is pure: the game
before each move, the move, and the time taken over it, in; the verdicts and the summary out.

Each move that took a risk (a guess, needless or not, a 50/50, a dead cell, a known mine) is
then *weighed*, more slowly: how much of the chance to win it gave away against the solver's
best move in the same position, labelled an inaccuracy, a mistake or a blunder with lichess's
bands (`win_loss`). `weighings` yields each one as it is computed, so that a shell fills them
in one by one (`Review.with_weighed`) and stops whenever it likes.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from fractions import Fraction

from gridpuzzles.minesweeper.core.game import Game, Mark
from gridpuzzles.minesweeper.core.grid import neighbours
from gridpuzzles.minesweeper.core.moves import Action, Move
from gridpuzzles.minesweeper.core.settings import FirstClick
from gridpuzzles.minesweeper.core.statistics import Statistics
from gridpuzzles.minesweeper.core.view import view
from gridpuzzles.minesweeper.solving.insight import Insight, insight
from gridpuzzles.minesweeper.solving.probabilities import SolverLimitError
from gridpuzzles.minesweeper.solving.settings import DEFAULT_SETTINGS, SolverSettings
from gridpuzzles.minesweeper.solving.win_loss import PLAYOUTS, Label, WinLoss, weigh


class Verdict(Enum):
    """What a move was, judged from the position before it (its value is its JSON name)."""

    FIRST_CLICK = "first_click"
    SAFE_REVEAL = "safe_reveal"
    CERTAIN_FLAG = "certain_flag"
    UNCERTAIN_FLAG = "uncertain_flag"
    UNFLAG = "unflag"
    GUESS = "guess"
    NEEDLESS_GUESS = "needless_guess"
    FIFTY_FIFTY = "unavoidable_fifty_fifty"
    DEAD_CELL = "dead_cell"
    KNOWN_MINE = "known_mine"
    WRONG_FLAG_CHORD = "chord_on_a_wrong_flag"
    UNJUDGED = "not_judged"
    """A position past the exact solver's bounds (`SolverLimitError`): no verdict is made up."""

    @property
    def words(self) -> str:
        """The verdict as a player reads it."""
        return _WORDS[self]

    @property
    def fault(self) -> bool:
        """Whether the move gave something away that the position did not ask for."""
        return self in _FAULTS


_WORDS = {
    Verdict.FIRST_CLICK: "first click (safe by the rule)",
    Verdict.SAFE_REVEAL: "safe",
    Verdict.CERTAIN_FLAG: "a certain mine flagged",
    Verdict.UNCERTAIN_FLAG: "a flag on a cell that might be safe",
    Verdict.UNFLAG: "a flag taken off",
    Verdict.GUESS: "a guess (no cell was certainly safe)",
    Verdict.NEEDLESS_GUESS: "a needless guess (a cell was certainly safe)",
    Verdict.FIFTY_FIFTY: "an unavoidable 50/50 (never a fault)",
    Verdict.DEAD_CELL: "a dead cell guessed (it could tell nothing; a living cell was as safe)",
    Verdict.KNOWN_MINE: "a known mine revealed",
    Verdict.WRONG_FLAG_CHORD: "a chord on a wrong flag",
    Verdict.UNJUDGED: "not judged: the position is past what the exact solver takes",
}
_FAULTS = frozenset(
    {
        Verdict.NEEDLESS_GUESS,
        Verdict.DEAD_CELL,
        Verdict.KNOWN_MINE,
        Verdict.WRONG_FLAG_CHORD,
        Verdict.UNCERTAIN_FLAG,
    }
)
PROMISED_SAFE = frozenset({FirstClick.SAFE, FirstClick.OPENING, FirstClick.NO_GUESS})
"""The first-click rules under which the first reveal cannot be a mine."""


@dataclass(frozen=True)
class MoveReview:
    """One move's verdict: ``risk`` is the chance that what it opened held a mine (for a
    reveal or a chord that was not certain), ``least_risk`` the smallest risk any hidden cell
    had then (0 when one was certainly safe); ``thinking`` the seconds since the move before.

    A move that took a risk is weighed later (`weighings`): once ``weighed``, ``win_loss`` is
    what it gave away of the chance to win (None when the solver could not weigh it)."""

    number: int
    move: Move
    verdict: Verdict
    risk: Fraction | None
    least_risk: Fraction | None
    thinking: float
    weighed: bool = False
    win_loss: WinLoss | None = None

    @property
    def weighable(self) -> bool:
        """Whether the move is weighed: it opened a cell that was not certainly safe."""
        return self.risk is not None

    @property
    def label(self) -> Label | None:
        """The label of what the move gave away, once weighed (None for none)."""
        return None if self.win_loss is None else self.win_loss.label


@dataclass(frozen=True)
class Review:
    """A game's moves judged, and its summary; ``statistics`` are the finished game's standard
    figures (3BV, clicks, IOE, ZiNi, ...), when its mines are known (`core.statistics`)."""

    moves: tuple[MoveReview, ...]
    statistics: Statistics | None = None

    @property
    def needless_guesses(self) -> int:
        return sum(m.verdict is Verdict.NEEDLESS_GUESS for m in self.moves)

    @property
    def weighable(self) -> tuple[MoveReview, ...]:
        """The moves to weigh (`MoveReview.weighable`), in order: `weighings` yields one
        judgment for each."""
        return tuple(m for m in self.moves if m.weighable)

    @property
    def weighed_count(self) -> int:
        """How many moves are weighed so far."""
        return sum(m.weighed for m in self.moves)

    def labelled(self, label: Label) -> int:
        """How many weighed moves have ``label``."""
        return sum(m.label is label for m in self.moves)

    def with_weighed(self, number: int, win_loss: WinLoss | None) -> Review:
        """This review with the move of step ``number`` weighed (a judgment of `weighings`)."""
        moves = tuple(
            replace(m, weighed=True, win_loss=win_loss) if m.number == number else m
            for m in self.moves
        )
        return replace(self, moves=moves)

    @property
    def guessed(self) -> tuple[MoveReview, ...]:
        """The reveals and chords that were not certain either way (the first click under a
        safe rule, and a known mine revealed, aside)."""
        return tuple(m for m in self.moves if m.risk is not None and m.risk < 1)

    @property
    def guesses(self) -> int:
        return len(self.guessed)

    @property
    def pluck(self) -> float:
        """The risk taken: the sum of -log10 of each guess's chance to survive (Metasweeper's
        "pluck"); 0 for a game of certain moves."""
        return sum(_pluck(m.risk) for m in self.guessed if m.risk is not None)

    @property
    def least_pluck(self) -> float:
        """The risk the same guesses needed at least: each one's least risk."""
        return sum(_pluck(m.least_risk) for m in self.guessed if m.least_risk is not None)

    @property
    def accuracy(self) -> float:
        """The share of judged moves that were no fault, from 0 to 1 (1 for no judged move)."""
        unjudged = (Verdict.FIRST_CLICK, Verdict.UNJUDGED)
        judged = [m for m in self.moves if m.verdict not in unjudged]
        return 1.0 if not judged else sum(not m.verdict.fault for m in judged) / len(judged)


def _pluck(risk: Fraction) -> float:
    return -math.log10(1 - float(risk))


def review(played: Iterable[tuple[int, Game, Move, float]]) -> Review:
    """The review of a game's moves, each given as its step's number in the game's log, the
    game before it, the move and the seconds the player took over it (undo and redo, which
    are not judged, are simply not given)."""
    return Review(
        tuple(
            MoveReview(number, move, *judge(game, move), max(0.0, thinking))
            for number, game, move, thinking in played
        )
    )


def judge(game: Game, move: Move) -> tuple[Verdict, Fraction | None, Fraction | None]:
    """The verdict of ``move`` played on ``game`` (the game before it), with the risk it took
    and the least risk there was (both None for a certain move or a flag); `Verdict.UNJUDGED`
    where the exact solver cannot take the position."""
    try:
        return _judged(game, move)
    except SolverLimitError:
        return Verdict.UNJUDGED, None, None


def _judged(game: Game, move: Move) -> tuple[Verdict, Fraction | None, Fraction | None]:
    index = move.row * game.width + move.col
    marks = game.marks
    if move.action is Action.FLAG:
        if marks[index] != Mark.HIDDEN:  # a flag or a question mark taken off: not judged
            return Verdict.UNFLAG, None, None
        sight = insight(view(game), game.config.mines, score=False)
        certain = _chance(sight, index) == 1
        return (Verdict.CERTAIN_FLAG if certain else Verdict.UNCERTAIN_FLAG), None, None
    promised = game.config.first_click in PROMISED_SAFE
    if game.layout is None or (game.started_at is None and promised):
        return Verdict.FIRST_CLICK, None, None
    if move.action is Action.CHORD and _wrong_flag_around(game, index):
        return Verdict.WRONG_FLAG_CHORD, None, None
    opened = _opened(game, move, index)
    if not opened:
        return Verdict.SAFE_REVEAL, None, None
    sight = insight(view(game), game.config.mines, score=False)
    chances = {c: _chance(sight, c) for c in opened}
    riskiest = max(chances, key=chances.__getitem__)
    risk = chances[riskiest]  # a chord is as risky as its riskiest cell, at least
    if risk == 0:
        return Verdict.SAFE_REVEAL, None, None
    least = _least_risk(sight)
    if risk == 1:
        return Verdict.KNOWN_MINE, risk, least
    if least == 0:
        return Verdict.NEEDLESS_GUESS, risk, least
    if riskiest in sight.fifty_fifty:
        return Verdict.FIFTY_FIFTY, risk, least
    if riskiest in sight.dead and _living_as_safe(sight, risk):
        return Verdict.DEAD_CELL, risk, least
    return Verdict.GUESS, risk, least


def weighings(
    played: Sequence[tuple[int, Game, Move, float]],
    judged: Review,
    rng: random.Random,
    *,
    playouts: int = PLAYOUTS,
    settings: SolverSettings = DEFAULT_SETTINGS,
) -> Iterator[tuple[int, WinLoss | None]]:
    """Each move of ``judged.weighable`` weighed, in order, as it is computed: its step's
    number and what it gave away of the chance to win (`win_loss.weigh`; None when the solver
    cannot weigh it). ``played`` is what `review` was given; each move's playouts draw from
    their own generator, seeded from ``rng`` in turn, so that a move's judgment does not
    depend on how many playouts the moves before it took."""
    due = {m.number for m in judged.weighable}
    seeds = weighing_generators(rng)
    for number, game, move, _ in played:
        if number in due:
            own = next(seeds)
            yield number, weigh_move(game, move, own, playouts=playouts, settings=settings)


def weighing_generators(rng: random.Random) -> Iterator[random.Random]:
    """The generator of each move weighed, in the order of `Review.weighable`, seeded from
    ``rng`` in turn: the n-th is the same whether the moves before it were weighed or not (a
    shell weighing one guess at a time says what `weighings` says)."""
    while True:
        yield random.Random(rng.getrandbits(64))


def weigh_move(
    game: Game,
    move: Move,
    rng: random.Random,
    *,
    playouts: int = PLAYOUTS,
    settings: SolverSettings = DEFAULT_SETTINGS,
) -> WinLoss | None:
    """What ``move``, played on ``game`` (the game before it), gave away of the chance to win
    against the solver's best move (`win_loss.weigh`); None for a flag, a move that opened
    nothing, or one the solver cannot weigh."""
    if move.action is Action.FLAG or game.layout is None:
        return None
    opened = _opened(game, move, move.row * game.width + move.col)
    if not opened:
        return None
    config = game.config
    seen = view(game)
    rule = config.first_click
    return weigh(seen, config.mines, opened, rng, rule=rule, playouts=playouts, settings=settings)


def _opened(game: Game, move: Move, index: int) -> list[int]:
    """The hidden cells the move opens: the cell of a reveal, the hidden neighbours (not
    flagged) of a chord."""
    if move.action is Action.REVEAL:
        return [index]
    closed = (Mark.HIDDEN, Mark.QUESTION)
    return [c for c in neighbours(game.width, game.height, index) if game.marks[c] in closed]


def _wrong_flag_around(game: Game, index: int) -> bool:
    """Whether a flag around ``index`` stands on a safe cell (read from the layout: the game
    is finished when it is reviewed)."""
    assert game.layout is not None
    mines = game.layout.mines
    return any(
        game.marks[c] == Mark.FLAGGED and not mines[c]
        for c in neighbours(game.width, game.height, index)
    )


def _chance(sight: Insight, index: int) -> Fraction:
    """The mine chance of the hidden cell ``index`` in the position (0 or 1 when certain)."""
    return Fraction(sight.analysis.weights[index] or 0, sight.analysis.layouts)


def _least_risk(sight: Insight) -> Fraction:
    """The smallest mine chance of a hidden cell: 0 when one is certainly safe."""
    analysis = sight.analysis
    hidden = [w for w in analysis.weights if w is not None]
    return Fraction(min(hidden), analysis.layouts) if hidden else Fraction(0)


def _living_as_safe(sight: Insight, risk: Fraction) -> bool:
    """Whether an uncertain cell that can tell something was at most ``risk``."""
    return any(not c.dead and c.mine_chance <= risk for c in sight.cells)
