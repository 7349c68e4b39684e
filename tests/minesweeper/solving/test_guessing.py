"""The guess: 50/50 patterns, the lookahead, the cells a reveal proves safe, open areas."""

from __future__ import annotations

from gridpuzzles.minesweeper import parse_view
from gridpuzzles.minesweeper.solving.autoplay import decide
from gridpuzzles.minesweeper.solving.endgame import enumerate_layouts
from gridpuzzles.minesweeper.solving.guessing import (
    GuessRule,
    best_guess,
    common_safe_cells,
    deep_lookahead,
    fifty_fifty_risk,
    lookahead,
    next_move_safety,
    unavoidable_fifty_fifty,
)
from gridpuzzles.minesweeper.solving.liveness import in_open_area
from gridpuzzles.minesweeper.solving.probabilities import (
    InconsistentViewError,
    Position,
    solve_position,
    with_assumed,
    with_number,
)
from tests.minesweeper.solving_helpers import position_of, positions


def test_an_unavoidable_fifty_fifty_is_guessed_at_once() -> None:
    pos = position_of("####\n##11\n##00", 3)
    analysis = solve_position(pos)
    assert analysis.probability(0, 2) == analysis.probability(0, 3) != 0
    # (0,2) still touches unknown cells on the left: they may tell the pair apart later.
    assert unavoidable_fifty_fifty(pos, analysis) is None
    pos = position_of("##\n11\n00", 1)
    assert unavoidable_fifty_fifty(pos, solve_position(pos)) == 0
    decision = decide(parse_view("##\n11\n00"), 1)
    assert decision.guess and decision.rule is GuessRule.FIFTY_FIFTY


def test_fifty_fifty_patterns_are_counted() -> None:
    # A pair against the walls: one layout has the left cell a mine and the right one safe.
    assert fifty_fifty_risk(position_of("##\n11\n00", 1)) == {0: 1, 1: 1}
    # A 2x2 square with 2 mines: each cell is in two pairs (2 layouts each) and the square (1).
    assert fifty_fifty_risk(position_of("##\n##", 2)) == {0: 5, 1: 5, 2: 5, 3: 5}
    # A revealed number beside the pair can tell it apart: no pattern.
    assert fifty_fifty_risk(position_of("##1\n111", 1)) == {}


def _patterns_one_by_one(
    pos: Position, known_mines: frozenset[int] = frozenset()
) -> list[tuple[list[int], list[int], list[int]]]:
    """The 50/50 patterns of `fifty_fifty_risk`, found cell by cell: (mines, safe cells,
    cells credited) in the order they are counted; ``known_mines`` wall them as fixed mines."""
    width, height = pos.width, pos.height
    unknown = pos.unknown - known_mines

    def walled(r: int, c: int) -> bool:
        i = r * width + c
        inside = 0 <= r < height and 0 <= c < width
        return not inside or pos.fixed.get(i) == 1 or i in known_mines

    def flank(cells: list[tuple[int, int]], most: int) -> list[int] | None:
        open_ = [r * width + c for r, c in cells if not walled(r, c)]
        if any(i not in unknown for i in open_) or len(open_) > most:
            return None
        return open_

    found = []
    for a in sorted(unknown):
        r, c = divmod(a, width)
        for partner, inside, cells in (
            (a + 1, c + 1 < width, [(r + d, c + e) for e in (-1, 2) for d in (-1, 0, 1)]),
            (a + width, r + 1 < height, [(r + e, c + d) for e in (-1, 2) for d in (-1, 0, 1)]),
        ):
            side = flank(cells, 1) if inside and partner in unknown else None
            if side is not None:
                found.append(([*side, a], [partner], [a, partner, *side]))
        square = [a + 1, a + width, a + width + 1]
        if c + 1 < width and r + 1 < height and all(x in unknown for x in square):
            corners = [(r - 1, c - 1), (r - 1, c + 2), (r + 2, c - 1), (r + 2, c + 2)]
            if flank(corners, 0) is not None:
                found.append(([a, a + width + 1], [a + 1, a + width], [a, *square]))
    return found


def _risk_one_by_one(pos: Position, known_mines: frozenset[int]) -> dict[int, int]:
    expected: dict[int, int] = {}
    for mines, safe, cells in _patterns_one_by_one(pos, known_mines):
        try:
            layouts = solve_position(with_assumed(pos, mines, safe)).layouts
        except InconsistentViewError:
            continue
        for cell in cells if layouts else ():
            expected[cell] = expected.get(cell, 0) + layouts
    return expected


def test_fifty_fifty_risk_adds_the_layouts_of_every_pattern_found_cell_by_cell() -> None:
    walled_by_the_analysis = 0
    for pos in positions(150, 11, 14):
        analysis = solve_position(pos)
        known = frozenset(c for c in pos.unknown if analysis.weights[c] == analysis.layouts)
        for given, known_mines in ((None, frozenset()), (analysis, known)):
            expected = _risk_one_by_one(pos, known_mines)
            risk = fifty_fifty_risk(pos, None, given)
            assert risk == expected and list(risk) == list(expected)
        walled_by_the_analysis += fifty_fifty_risk(pos) != fifty_fifty_risk(pos, None, analysis)
    assert walled_by_the_analysis  # mines only the analysis finds do wall some patterns


def test_lookahead_is_the_chance_to_survive_two_moves() -> None:
    pos = position_of("###\n#1#\n###", 1)
    analysis = solve_position(pos)
    for cell in pos.unknown:
        # 1/8 a mine; if safe, it shows 0 or 1 and either way certain safe cells follow.
        assert lookahead(pos, cell, analysis.layouts, analysis.weights[cell] or 0) == (0.875, 2)
        assert (
            lookahead(pos, cell, analysis.layouts, analysis.weights[cell] or 0, floor=0.9) is None
        )


def test_the_deep_lookahead_never_promises_more_than_the_one_move_lookahead() -> None:
    # The move after is itself a guess whose safety is at most the best safety the one-move
    # lookahead counts; when every number leaves a certain safe cell both equal survival.
    deeper = 0
    for pos in positions(60, 5, 10):
        analysis = solve_position(pos)
        for cell in sorted(pos.unknown):
            weight = analysis.weights[cell] or 0
            if weight == analysis.layouts:
                continue
            survive = 1 - weight / analysis.layouts
            one = lookahead(pos, cell, analysis.layouts, weight)
            assert one is not None
            deep = deep_lookahead(pos, cell, analysis.layouts, weight)
            assert deep is not None and 0 < deep <= one[0] + 1e-12 <= survive + 2e-12
            if abs(one[0] - survive) < 1e-12:
                assert abs(deep - survive) < 1e-12
            deeper += deep < one[0] - 1e-9
            # A floor prunes the search or changes nothing; one above 1 always prunes.
            assert deep_lookahead(pos, cell, analysis.layouts, weight, floor=deep + 1e-9) in (
                None,
                deep,
            )
            assert deep_lookahead(pos, cell, analysis.layouts, weight, floor=1.01) is None
    assert deeper >= 10


def test_next_move_safety() -> None:
    pos = position_of("###\n#1#\n###", 1)
    # The corner shows 1: its mine is among its three neighbours, the other four are safe.
    after = with_number(pos, 0, 1)
    assert next_move_safety(after, solve_position(after)) == 1.0
    # No safe cell: the safest cells are those around the 1 (the right column holds a mine).
    pos = position_of("####\n#1##\n####", 2)
    assert next_move_safety(pos, solve_position(pos)) == 1 - 1 / 8
    # The mine count makes the left column safe, but its only unknown neighbours are certain
    # mines: its numbers tell nothing, and the next move is the 50/50 at the top right.
    pos = position_of("####\n##31", 3)
    analysis = solve_position(pos)
    assert analysis.probability(0, 0) == analysis.probability(1, 0) == 0
    assert next_move_safety(pos, analysis) == 0.5


def test_common_safe_cells_are_safe_in_every_layout_where_the_cell_is_safe() -> None:
    for pos in positions(80, 3, 9):
        cells = sorted(pos.unknown)
        layouts = enumerate_layouts(cells, pos.rest, pos.free, 10**6) or []
        slot = {c: k for k, c in enumerate(cells)}
        for cell in cells:
            common = common_safe_cells(pos, cell)
            safe_layouts = [x for x in layouts if not x >> slot[cell] & 1]
            expected = {
                c for c in cells if c != cell and all(not x >> slot[c] & 1 for x in safe_layouts)
            }
            if safe_layouts and len(expected) < len(cells) - 1:
                assert common - {cell} == expected


def test_open_areas_link_unknown_cells_over_revealed_ones() -> None:
    pos = position_of("#1#1#", 1)
    assert in_open_area(pos, 0, 3)
    assert not in_open_area(pos, 0, 4)


def test_the_guess_is_an_unknown_cell_that_may_be_safe() -> None:
    guessed = 0
    rules: set[GuessRule] = set()
    for pos in positions(150, 4, 12):
        analysis = solve_position(pos)
        if any(analysis.weights[c] == 0 for c in pos.unknown) or pos.fixed:
            continue
        if all(analysis.weights[c] == analysis.layouts for c in pos.unknown):
            continue
        guess = best_guess(pos, analysis)
        assert guess.cell in pos.unknown and analysis.weights[guess.cell] != analysis.layouts
        rules.add(guess.rule)
        guessed += 1
    assert guessed >= 30
    # Positions this small are searched exactly (or are unavoidable 50/50s).
    assert GuessRule.ENDGAME in rules
