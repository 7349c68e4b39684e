"""The secondary-safety guess: the blended next move, and the cells it picks."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from gridpuzzles.minesweeper.solving.liveness import is_dead, liveness
from gridpuzzles.minesweeper.solving.probabilities import (
    Analysis,
    KnownOutcomes,
    Position,
    solve_position,
    with_number,
)
from gridpuzzles.minesweeper.solving.secondary import (
    _proven_by,
    _score,
    next_move,
    secondary_guess,
)
from gridpuzzles.minesweeper.solving.settings import DEFAULT_SETTINGS
from tests.minesweeper.solving_helpers import position_of, positions


def living_cells(pos: Position, analysis: Analysis) -> Callable[[int], bool]:
    """Whether a cell of the position is living (`is_dead`, negated)."""
    live = liveness(pos, analysis)
    return lambda cell: not is_dead(live, cell)


def test_two_living_safe_cells_make_a_sure_next_move() -> None:
    pos = position_of("1###\n####\n####", 3)
    after = with_number(pos, 2, 0)  # (0, 2) shows 0: its five hidden neighbours are safe
    move = next_move(after, solve_position(after))
    assert move.blended == 1.0 and move.progress
    assert move.safe == {1, 3, 5, 6, 7}
    solved = with_number(position_of("1##\n###\n###", 1), 2, 0)  # (1, 0) is the mine
    assert next_move(solved, solve_position(solved)).blended == 1.0


def test_the_blend_is_four_fifths_of_the_safest_living_cell_and_a_fifth_of_the_next() -> None:
    for pos in positions(200, 7, 12):
        analysis = solve_position(pos)
        live = liveness(pos, analysis)
        total = analysis.layouts
        safe = [c for c, mine in pos.fixed.items() if not mine]
        values = []
        for cell in pos.unknown:
            weight = analysis.weights[cell] or 0
            if weight == 0:
                safe.append(cell)
            elif weight < total and (cell not in live.frontier or not is_dead(live, cell)):
                values.append(1 - weight / total)
        uncertain = any(0 < (analysis.weights[c] or 0) < total for c in pos.unknown)
        values += [1.0 for c in safe if not is_dead(live, c)]
        values = [*sorted(values, reverse=True), 0.0, 0.0]
        blend = DEFAULT_SETTINGS.blend
        expected = blend * values[0] + (1 - blend) * values[1] if uncertain else 1.0
        assert abs(next_move(pos, analysis).blended - expected) < 1e-12


def test_the_guess_is_an_uncertain_cell_and_a_dead_one_only_when_no_living_one_is_as_safe() -> None:
    chosen_dead = 0
    for pos in positions(150, 9, 12):
        analysis = solve_position(pos)
        total = analysis.layouts
        if all(analysis.weights[c] in (0, total) for c in pos.unknown):
            continue
        if any(analysis.weights[c] == 0 for c in pos.unknown) or 0 in pos.fixed.values():
            continue  # not a position to guess in
        cell = secondary_guess(pos, analysis, lambda c: 1.0)
        if cell is None:
            continue
        assert cell in pos.unknown and 0 < (analysis.weights[cell] or 0) < total
        live = liveness(pos, analysis)
        if is_dead(live, cell):
            chosen_dead += 1
            safety = 1 - (analysis.weights[cell] or 0) / total
            assert not any(
                1 - (analysis.weights[c] or 0) / total >= safety and not is_dead(live, c)
                for c in live.frontier
                if c != cell and 0 < (analysis.weights[c] or 0) < total
            )
    assert chosen_dead < 150


Scorable = tuple[Position, Analysis, KnownOutcomes, Callable[[int], bool], int]


def scorable_cells(count: int, seed: int) -> Iterator[Scorable]:
    """The uncertain cells of random positions, each with what `_score` needs."""
    for pos in positions(count, seed, 12):
        analysis = solve_position(pos)
        known = KnownOutcomes(pos)
        living = living_cells(pos, analysis)
        for cell in sorted(pos.unknown):
            if 0 < (analysis.weights[cell] or 0) < analysis.layouts:
                yield pos, analysis, known, living, cell


def test_a_cell_is_dropped_only_when_its_score_cannot_reach_the_floor() -> None:
    dropped = 0
    for _, analysis, known, living, cell in scorable_cells(80, 17):
        full = _score(known, analysis, cell, 1.2, None, living)
        assert full is not None and 0 <= full.score <= 1.2 * (1 + DEFAULT_SETTINGS.progress)
        assert _score(known, analysis, cell, 1.2, full.score - 1e-9, living) is not None
        if _score(known, analysis, cell, 1.2, full.score + 1e-6, living) is None:
            dropped += 1
    assert dropped > 0


def test_only_a_cell_that_proves_two_living_cells_safe_is_scored_by_its_safety_alone() -> None:
    by_safety = proving_dead_cells = 0
    for pos, analysis, known, living, cell in scorable_cells(120, 23):
        scored = _score(known, analysis, cell, 1.2345, None, living)
        assert scored is not None
        proven = _proven_by(pos, cell, None)
        alive = sum(1 for c in proven if living(c))
        if scored.secondary == scored.safety:  # (else the 50/50 factor shows)
            by_safety += 1
            assert alive >= 2 and scored.proven == proven
        elif len(proven) >= 2:
            assert alive < 2
            proving_dead_cells += 1
    assert by_safety and proving_dead_cells
