"""Play Move: the auto-player's next move, decided from the view and the mine count alone.

A certain safe cell is played when there is one (single-number deductions first, then the
exact analysis of `probabilities`); when every hidden cell is a certain mine, a flag. Otherwise the
auto-player guesses, as `guessing.best_guess` says: unavoidable 50/50s at once, an exact search
of the endgame and of closed parts, else the candidate with the best secondary safety (the
chance to survive it and then the blended next move).

The auto-player never reads the layout; its cache only remembers solved frontier parts.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from gridpuzzles.minesweeper.core.grid import Cell, cell_words, neighbours
from gridpuzzles.minesweeper.core.moves import Action, Move
from gridpuzzles.minesweeper.core.settings import FirstClick
from gridpuzzles.minesweeper.core.view import View
from gridpuzzles.minesweeper.solving.guessing import GuessRule, best_guess
from gridpuzzles.minesweeper.solving.insight import GuessInsight, guess_insight
from gridpuzzles.minesweeper.solving.probabilities import (
    UNKNOWN,
    Analysis,
    ComponentCache,
    Position,
    SolverLimitError,
    cell_values,
    position,
    solve_position,
)
from gridpuzzles.minesweeper.solving.settings import DEFAULT_SETTINGS, SolverSettings

ADVICE_ERRORS = (ValueError, SolverLimitError)
"""What the auto-player raises instead of advising: no move is left, no layout fits the view
(`InconsistentViewError` is a ValueError), or the view is beyond the exact solver
(`SolverLimitError`, a limit of its work, not a ValueError)."""


def first_click(width: int, height: int, rule: FirstClick) -> Cell:
    """Where to click first: a corner when only the cell itself is promised safe (corners
    open an area most often), a cell off the corner when the click is promised an opening."""
    if rule.opens_area:
        return (min(2, height - 1), min(2, width - 1))
    return (0, 0)


@dataclass
class Player:
    """The auto-player's memory between moves of one board: solved components only (and the
    settings it guesses by)."""

    first_click: FirstClick = FirstClick.SAFE
    cache: ComponentCache = field(default_factory=dict)
    settings: SolverSettings = DEFAULT_SETTINGS

    def decide(self, view: View, mines: int) -> Decision:
        """Every certain safe reveal at once, or else the one best guess."""
        return decide(view, mines, self.first_click, self.cache, settings=self.settings)

    def next_move(self, view: View, mines: int) -> Move:
        """Play Move: a certain safe cell, else a certain mine flagged, else the best guess."""
        chosen = decide(view, mines, self.first_click, self.cache, True, self.settings)
        return chosen.moves[0]


@dataclass(frozen=True)
class Decision:
    """What to play now: certain safe reveals, or one guess (``guess`` is True; ``rule``
    says which rule of `guessing.best_guess` chose a guess; None for certain moves and the
    first click). ``position`` and ``analysis`` are what the exact solver made of the view,
    when it ran (not for the first click nor for single-number deductions)."""

    moves: list[Move]
    guess: bool
    rule: GuessRule | None = None
    position: Position | None = None
    analysis: Analysis | None = None


def next_move(
    view: View,
    mines: int,
    rule: FirstClick = FirstClick.SAFE,
    cache: ComponentCache | None = None,
) -> Move:
    """The auto-player's next move for a game in progress (Play Move): a certain safe cell,
    else a certain mine not yet flagged is flagged, else the best guess."""
    return decide(view, mines, rule, cache, flag_mines=True).moves[0]


@dataclass(frozen=True)
class Hint:
    """A suggested cell: certainly safe, or the best guess with its mine probability, how it
    ranks and the rule that chose it."""

    cell: Cell
    probability: Fraction
    certain: bool
    reason: GuessRule | None = None
    why: str = ""
    """Why, in the player's words: the number that makes the cell safe, or how the guess
    was chosen, its secondary safety and a safer cell left because it tells nothing new."""
    rank: str = "the safest"
    """For a guess, how its risk ranks, said after it: "the safest", "the safest living
    cell" or "while the safest cell has 9%"."""
    safety: float | None = None
    """For a guess, its secondary safety: the chance to survive it and the blended next move."""

    @property
    def because(self) -> str:
        """The reason in short, said after the cell: "safe: the 2 at row 1, column 1 already
        has its 2 mines", or "no safe cell: 12% risk, the safest; ..."."""
        if self.certain:
            return f"safe: {self.why}" if self.why else "safe"
        why = f"; {self.why}" if self.why else ""
        return f"no safe cell: {float(self.probability):.0%} risk, {self.rank}{why}"

    def __str__(self) -> str:
        where = cell_words(self.cell)
        if self.certain:
            return f"{where} is safe: {self.why}" if self.why else f"{where} is certainly safe"
        why = f"; {self.why}" if self.why else ""
        return (
            f"no cell is certainly safe: {where} has "
            f"{float(self.probability):.0%} risk, {self.rank}{why}"
        )


@dataclass(frozen=True)
class Explained:
    """Play Move's move and why it is played, in the player's words: `Hint.because` for a
    reveal (or a flag taken off a safe cell), "certain mine: ..." for a flag."""

    move: Move
    why: str


GUESS_WORDS = {
    GuessRule.FIFTY_FIFTY: "a 50/50 no later move can settle: guess now",
    GuessRule.ENDGAME: "searching every remaining layout, it wins most often",
    GuessRule.CLOSED_PART: "searching every layout of its walled-in part, it wins most often",
    GuessRule.PATTERN: "a likely 50/50 later, so it is taken now",
    GuessRule.SCORED: "",
}
"""How each rule of `guessing.best_guess` chose a guess, in the player's words (the
scored guess's reason is its secondary safety, said for every guess: see `guess_words`)."""


def hint(view: View, mines: int, rule: FirstClick = FirstClick.SAFE) -> Hint:
    """The next move as advice: a certain safe cell, or the best guess and its mine chance."""
    return advice(view, mines, rule, decide(view, mines, rule))


def explained_move(
    view: View,
    mines: int,
    rule: FirstClick = FirstClick.SAFE,
    cache: ComponentCache | None = None,
) -> Explained:
    """Play Move (the move of `next_move`) with why it is played, in the player's words."""
    decision = decide(view, mines, rule, cache, flag_mines=True)
    move = decision.moves[0]
    cell = (move.row, move.col)
    if move.action is Action.FLAG and view.at(*cell) != "F":
        return Explained(move, f"certain mine: {_why_mine(view, cell, decision)}")
    return Explained(move, advice(view, mines, rule, decision).because)


def advice(view: View, mines: int, rule: FirstClick, decision: Decision) -> Hint:
    """The cell ``decision`` (of `decide` for this view) reveals or unflags, as a `Hint`: why
    it is safe, or its risk."""
    move = decision.moves[0]
    cell = (move.row, move.col)
    if decision.analysis is None:  # the first click, or a single-number deduction
        if not values_known(view):
            risk = Fraction(mines, view.width * view.height) if decision.guess else Fraction(0)
            return Hint(cell, risk, not decision.guess, why=FIRST_CLICK_WORDS[rule])
        why = _why_safe(view, mines, cell, decision)
        return Hint(cell, Fraction(0), True, why=why)
    probability = decision.analysis.probability(move.row, move.col)
    assert probability is not None
    if probability == 0:
        why = _why_safe(view, mines, cell, decision)
        return Hint(cell, probability, True, why=why)
    assert decision.position is not None
    sight = guess_insight(decision.position, decision.analysis, move.row * view.width + move.col)
    rank, why = guess_words(sight, decision.rule, view.width)
    return Hint(cell, probability, False, decision.rule, why, rank, sight.secondary_safety)


def guess_words(sight: GuessInsight, rule: GuessRule | None, width: int) -> tuple[str, str]:
    """How a guess ranks ("the safest", "the safest living cell", "while the safest cell has
    9%") and why it is played, in the player's words: the rule that chose it, its secondary
    safety (but for an unavoidable 50/50) and a cell at least as safe left because it can tell
    nothing new."""
    if sight.mine_chance == sight.safest:
        rank = "the safest"
    else:
        rank = f"while the safest cell has {float(sight.safest):.0%}"
    if sight.skipped is not None and sight.safest_living:
        rank = "the safest living cell"
    words = [GUESS_WORDS[rule]] if rule else []
    if rule is not GuessRule.FIFTY_FIFTY:  # (it has to be guessed anyway)
        words.append(f"{sight.secondary_safety:.0%} chance to be safe and have a safe next move")
    if sight.skipped is not None:
        cell, chance = sight.skipped
        as_safe = "as safe" if chance == sight.mine_chance else "safer"
        where = cell_words(divmod(cell, width))
        words.append(f"{where} is {as_safe} but can tell nothing new")
    return rank, "; ".join(w for w in words if w)


FIRST_CLICK_WORDS = {
    FirstClick.NONE: "the first click has no promise here: any cell may be a mine",
    FirstClick.SAFE: "the first click is always safe",
    FirstClick.OPENING: "the first click always opens an area",
    FirstClick.NO_GUESS: "the first click always opens an area, and logic alone wins the board",
}


def values_known(view: View) -> bool:
    """Whether any cell of ``view`` is revealed."""
    return any(v != UNKNOWN for v in cell_values(view))


def _why_safe(view: View, mines: int, cell: Cell, decision: Decision) -> str:
    """Why ``cell`` is safe, in words: a neighbouring number whose mines are all known, or
    else the count of every layout."""
    pos = decision.position or position(view.width, view.height, cell_values(view), mines)
    certain = {c for c, mine in pos.fixed.items() if mine}
    if decision.analysis is not None:
        weights, layouts = decision.analysis.weights, decision.analysis.layouts
        certain |= {i for i, w in enumerate(weights) if w is not None and w == layouts}
    for number, at, around in _numbers_around(view, cell):
        if len(around & certain) == number:
            mines_word = "mine" if number == 1 else f"{number} mines"
            return f"the {number} at {cell_words(at)} already has its {mines_word}"
    return "no layout of mines that fits the numbers and the mine count puts a mine there"


def _why_mine(view: View, cell: Cell, decision: Decision) -> str:
    """Why ``cell`` is certainly a mine, in words: a neighbouring number with no other cell
    left for its mines, or else the count of every layout."""
    assert decision.position is not None and decision.analysis is not None
    safe = {c for c, mine in decision.position.fixed.items() if not mine}
    safe |= {i for i, w in enumerate(decision.analysis.weights) if w == 0}
    values = cell_values(view)
    for number, at, around in _numbers_around(view, cell):
        may_hold = {i for i in around if values[i] == UNKNOWN} - safe
        if len(may_hold) == number:
            if number == 1:
                return f"the 1 at {cell_words(at)} can only have its mine there"
            return (
                f"the {number} at {cell_words(at)} has exactly {number} hidden cells "
                "that can hold its mines"
            )
    return "every layout of mines that fits the numbers and the mine count puts a mine there"


def _numbers_around(view: View, cell: Cell) -> Iterator[tuple[int, Cell, set[int]]]:
    """Each number next to ``cell``: its value, its cell and the indices of its neighbours."""
    width, height = view.width, view.height
    for index in neighbours(width, height, cell[0] * width + cell[1]):
        symbol = view.cells[index]
        if symbol.isdigit() and symbol != "0":
            yield int(symbol), divmod(index, width), set(neighbours(width, height, index))


def decide(
    view: View,
    mines: int,
    rule: FirstClick = FirstClick.SAFE,
    cache: ComponentCache | None = None,
    flag_mines: bool = False,
    settings: SolverSettings = DEFAULT_SETTINGS,
) -> Decision:
    """Moves to play now: all certain safe reveals found, or a single guess.

    A flagged cell the player must reveal is first unflagged (a flag move on a flag); a hidden
    cell is only ever flagged when it is certainly a mine: with ``flag_mines`` (Play Move)
    before any guess, else only when every hidden cell is a mine (the flag win rule).
    """
    width, height = view.width, view.height
    if "*" in view.cells or "X" in view.cells:
        raise ValueError("the game is over: a mine is revealed")
    values = cell_values(view)
    if all(v == UNKNOWN for v in values):
        row, col = first_click(width, height, rule)
        return Decision([_reveal(view, row * width + col)], rule is FirstClick.NONE)
    # Cheap single-number deductions first.
    pos = position(width, height, values, mines)
    safe = [c for c, mine in pos.fixed.items() if not mine]
    if safe:
        return Decision(_reveals(view, safe), False)
    analysis = solve_position(pos, cache)
    safe = [i for i, w in enumerate(analysis.weights) if w == 0 and values[i] == UNKNOWN]
    if safe:
        return Decision(_reveals(view, safe), False, position=pos, analysis=analysis)
    only_mines = all(analysis.weights[i] == analysis.layouts for i in pos.unknown)
    if flag_mines or only_mines:
        # Certain mines not yet flagged: Play Move flags them before it guesses; when every
        # hidden cell is a mine, only flags are left to play (the flag win rule).
        unflagged = [
            i
            for i in pos.unknown
            if analysis.weights[i] == analysis.layouts and view.cells[i] != "F"
        ]
        unflagged += [c for c, mine in pos.fixed.items() if mine and view.cells[c] != "F"]
        if unflagged:
            row, col = divmod(min(unflagged), width)
            return Decision([Move(Action.FLAG, row, col)], False, position=pos, analysis=analysis)
        if only_mines:
            raise ValueError("nothing is left to play: every mine is flagged")
    chosen = best_guess(pos, analysis, cache, settings)
    return Decision(
        [_reveal(view, chosen.cell)], True, chosen.rule, position=pos, analysis=analysis
    )


def _reveal(view: View, index: int) -> Move:
    row, col = divmod(index, view.width)
    if view.cells[index] == "F":
        return Move(Action.FLAG, row, col)
    return Move(Action.REVEAL, row, col)


def _reveals(view: View, cells: Sequence[int]) -> list[Move]:
    """Reveals of the given safe cells; flagged ones are unflagged first, one at a time, and
    only once no unflagged safe cell is left."""
    moves = [_reveal(view, c) for c in sorted(cells)]
    reveals = [m for m in moves if m.action is Action.REVEAL]
    return reveals or moves[:1]
