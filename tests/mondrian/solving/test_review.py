"""The review of a Mondrian game counts the solutions left after each step, marks the step
into a dead end with the step that left it, and counts the help taken."""

from __future__ import annotations

import pytest

from gridpuzzles.history import Rewind
from gridpuzzles.mondrian.core.challenges import find_published
from gridpuzzles.mondrian.core.game import Game, MoveError, lift, new_game, place
from gridpuzzles.mondrian.core.grid import Orientation, Placement, Puzzle
from gridpuzzles.mondrian.core.moves import Action, Move
from gridpuzzles.mondrian.solving.review import review, solutions_left
from gridpuzzles.mondrian.solving.solutions import count_solutions, first_solution

CODE = "001040531"


def a_dead_end(game: Game, solution: set[Placement]) -> Placement:
    """A placement of a tray block that fits but is in no solution (the challenge has one)."""
    for block in game.tray:
        for orientation in Orientation:
            for row in range(game.board.height):
                for col in range(game.board.width):
                    placement = Placement(row, col, block, orientation)
                    if placement in solution:
                        continue
                    try:
                        place(game, placement)
                    except MoveError:
                        continue
                    return placement
    raise AssertionError("every placement that fits is in the solution")


def test_a_dead_end_is_marked_with_the_step_that_left_it() -> None:
    puzzle = find_published(CODE).puzzle
    start = new_game(puzzle)
    found = first_solution(puzzle)
    assert found is not None
    solution = [p for p in found if p not in puzzle.fixed]
    steps: list[tuple[Move | Rewind, Game, float]] = []
    game = place(start, solution[0])
    steps.append((Move(Action.PLACE, placement=solution[0]), game, 3.0))
    wrong = a_dead_end(game, set(solution))
    game = place(game, wrong)
    steps.append((Move(Action.PLACE, placement=wrong), game, 5.5))
    game = lift(game, (wrong.row, wrong.col))
    steps.append((Move(Action.LIFT, cell=(wrong.row, wrong.col)), game, 6.0))
    game = place(game, solution[1])
    steps.append((Move(Action.HINT, placement=solution[1]), game, 9.0))
    for number, placement in enumerate(solution[2:]):
        game = place(game, placement)
        steps.append((Move(Action.PLACE, placement=placement), game, 10.0 + number))
    assert game.solved

    judged = review(start, steps, started_at=1.0)
    assert solutions_left(start) == 1
    assert [s.solutions for s in judged.steps] == [1, 0, 1, *[1] * (len(steps) - 3)]
    assert [s.dead_end for s in judged.steps] == [False, True, *[False] * (len(steps) - 2)]
    assert judged.steps[1].left_by == 2 and judged.steps[0].left_by is None
    assert judged.dead_ends == 1 and judged.hints == 1
    assert [s.seconds for s in judged.steps[:4]] == [2.0, 2.5, 0.5, 3.0]


def test_a_position_met_again_is_counted_once(monkeypatch: pytest.MonkeyPatch) -> None:
    puzzle = find_published(CODE).puzzle
    start = new_game(puzzle)
    found = first_solution(puzzle)
    assert found is not None
    first = next(p for p in found if p not in puzzle.fixed)
    counts: list[int] = []

    def counting(counted: Puzzle) -> int:
        counts.append(count_solutions(counted))
        return counts[-1]

    monkeypatch.setattr("gridpuzzles.mondrian.solving.review.count_solutions", counting)
    down, up = place(start, first), start
    steps: list[tuple[Move | Rewind, Game, float]] = []
    for number in range(5):  # the same block put down and lifted, five times
        steps.append((Move(Action.PLACE, placement=first), down, 2.0 * number))
        steps.append((Move(Action.LIFT, cell=(first.row, first.col)), up, 2.0 * number + 1))
    judged = review(start, steps)
    assert [s.solutions for s in judged.steps] == [1, 1] * 5
    assert counts == [1, 1]  # the start, and the block down
