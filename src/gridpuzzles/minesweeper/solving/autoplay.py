"""Play Move: the auto-player's next move, decided from the view and the mine count alone.

A certain safe cell is played when there is one (single-number deductions first, then the
exact analysis of `probabilities`); when every hidden cell is a certain mine, a flag. Otherwise the
auto-player guesses, as `guessing.best_guess` says: unavoidable 50/50s at once, an exact search
of the endgame and of closed parts, else a lookahead over a shortlist of the safest cells.

The auto-player never reads the layout; its cache only remembers solved frontier parts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from gridpuzzles.minesweeper.core.grid import Cell
from gridpuzzles.minesweeper.core.rules import Action, Move
from gridpuzzles.minesweeper.core.settings import FirstClick
from gridpuzzles.minesweeper.core.view import View
from gridpuzzles.minesweeper.solving.guessing import GuessRule, explained_guess
from gridpuzzles.minesweeper.solving.probabilities import (
    UNKNOWN,
    Analysis,
    ComponentCache,
    Position,
    cell_values,
    position,
    solve_position,
)

ADVICE_ERRORS = (ValueError,)
"""What the auto-player raises instead of advising: no move is left, or no layout fits the
view (`InconsistentViewError` is a ValueError)."""


def first_click(width: int, height: int, rule: FirstClick) -> Cell:
    """Where to click first: a corner when only the cell itself is promised safe (corners
    open an area most often), a cell off the corner when the click is promised an opening."""
    if rule.opens_area:
        return (min(2, height - 1), min(2, width - 1))
    return (0, 0)


@dataclass
class Player:
    """The auto-player's memory between moves of one board: solved components only."""

    first_click: FirstClick = FirstClick.SAFE
    cache: ComponentCache = field(default_factory=dict)

    def decide(self, view: View, mines: int) -> Decision:
        """Every certain safe reveal at once, or else the one best guess."""
        return decide(view, mines, self.first_click, self.cache)

    def next_move(self, view: View, mines: int) -> Move:
        return self.decide(view, mines).moves[0]


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
    """The auto-player's next move for a game in progress (Play Move)."""
    return decide(view, mines, rule, cache).moves[0]


@dataclass(frozen=True)
class Hint:
    """A suggested cell: certainly safe, or the best guess with its mine probability and the
    rule that chose it."""

    cell: Cell
    probability: Fraction
    certain: bool
    reason: GuessRule | None = None

    def __str__(self) -> str:
        row, col = self.cell
        if self.certain:
            return f"row {row}, column {col} is certainly safe"
        why = f"; {self.reason.value}" if self.reason else ""
        return (
            f"no cell is certainly safe; best guess: row {row}, column {col} "
            f"({float(self.probability):.1%} mine{why})"
        )


def hint(view: View, mines: int, rule: FirstClick = FirstClick.SAFE) -> Hint:
    """The next move as advice: a certain safe cell, or the best guess and its mine chance."""
    decision = decide(view, mines, rule)
    move = decision.moves[0]
    if decision.analysis is None:  # the first click, or a single-number deduction
        return Hint((move.row, move.col), Fraction(0), not decision.guess)
    probability = decision.analysis.probability(move.row, move.col)
    assert probability is not None
    return Hint((move.row, move.col), probability, probability == 0, decision.rule)


def decide(
    view: View,
    mines: int,
    rule: FirstClick = FirstClick.SAFE,
    cache: ComponentCache | None = None,
) -> Decision:
    """Moves to play now: all certain safe reveals found, or a single guess.

    A flagged cell the player must reveal is first unflagged (a flag move on a flag); a hidden
    cell is only ever flagged when it is certainly a mine (never done under the reveal rule).
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
    if all(analysis.weights[i] == analysis.layouts for i in pos.unknown):
        # Every hidden cell is a mine: only flags are left to play (the flag win rule).
        unflagged = [i for i in pos.unknown if view.cells[i] != "F"]
        unflagged += [c for c, mine in pos.fixed.items() if mine and view.cells[c] != "F"]
        if not unflagged:
            raise ValueError("nothing is left to play: every mine is flagged")
        row, col = divmod(min(unflagged), width)
        return Decision([Move(Action.FLAG, row, col)], False, position=pos, analysis=analysis)
    chosen = explained_guess(pos, analysis, cache)
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
