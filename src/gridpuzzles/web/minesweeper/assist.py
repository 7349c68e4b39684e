"""Play Move, Hint and the probability overlay: the solver's advice on what the player sees.

The solver and the auto-player only ever get a `Situation`: the view, the mine count and the
first-click rule (never the layout), so their advice tells the player nothing the board does
not already show. The advice functions run in a worker process (`gridpuzzles.web.workers`):
they are top-level functions of a `Situation`, and return what the API answers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from gridpuzzles.minesweeper import FirstClick, Game, MoveError, View, view
from gridpuzzles.minesweeper.solving import autoplay
from gridpuzzles.minesweeper.solving.insight import Insight, insight
from gridpuzzles.web.minesweeper.models import Advice, Chances

TOO_LARGE = (
    "this position is too large to analyse within {seconds:g} seconds; "
    "try again after a few more moves"
)
"""The answer when advice runs past the budget (``seconds``)."""
BEYOND_SOLVER = (
    "this position is too large to analyse exactly ({reason}); try again after a few more moves"
)
"""The answer when the solver refuses a position beyond its size bounds (``reason``)."""


@dataclass(frozen=True)
class Situation:
    """What advice is computed from: what the player sees, the mines and the first-click rule."""

    view: View
    mines: int
    first_click: FirstClick


def situation(game: Game) -> Situation:
    """What the player of ``game`` sees; `MoveError` once the game is over."""
    if game.over:
        raise MoveError(f"the game is over ({game.status.value}): there is nothing left to advise")
    return Situation(view(game), game.config.mines, game.config.first_click)


def auto_move(seen: Situation) -> autoplay.Explained:
    """The auto-player's next move (Play Move) and why, in the player's words."""
    return autoplay.explained_move(seen.view, seen.mines, seen.first_click)


def best_hint(seen: Situation) -> Advice:
    """The safest cell: certainly safe if any is, else the best guess and its mine chance."""
    advice = autoplay.hint(seen.view, seen.mines, seen.first_click)
    row, col = advice.cell
    return Advice(
        row=row,
        col=col,
        mine_probability=float(advice.probability),
        certain=advice.certain,
        reason=advice.reason.value if advice.reason else None,
        why=advice.why,
        rank=None if advice.certain else advice.rank,
        secondary_safety=advice.safety,
        said=str(advice),
    )


def probabilities(seen: Situation) -> Chances:
    """Every hidden cell's exact mine probability (flags count as hidden; None elsewhere), and
    what the solver sees of it: dead cells, unavoidable 50/50s, the likely guesses' secondary
    safety (`insight.insight`, from the view alone)."""
    return chances_of(seen.view, insight(seen.view, seen.mines))


def chances_of(seen: View, sight: Insight) -> Chances:
    """The `probabilities` of view ``seen`` from what the solver sees of it."""
    width, height = seen.width, seen.height
    marks: list[list[Literal["dead", "fifty-fifty"] | None]] = [
        [None] * width for _ in range(height)
    ]
    safety: list[list[float | None]] = [[None] * width for _ in range(height)]
    for cell in sight.cells:
        row, col = cell.cell
        marks[row][col] = "fifty-fifty" if cell.fifty_fifty else "dead" if cell.dead else None
        safety[row][col] = cell.secondary_safety
    return Chances(
        probabilities=[
            [None if p is None else float(p) for p in row] for row in sight.analysis.probabilities()
        ],
        marks=marks,
        secondary_safety=safety,
    )
