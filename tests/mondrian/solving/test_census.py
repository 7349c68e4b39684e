from __future__ import annotations

import itertools

import pytest

from gridpuzzles.mondrian.core.grid import (
    STANDARD_BLOCKS,
    Block,
    Board,
    InvalidPuzzleError,
    check_placements,
    make_puzzle,
)
from gridpuzzles.mondrian.core.official import OfficialChallenge
from gridpuzzles.mondrian.solving.census import (
    MAX_CENSUS_COUNTS,
    MAX_CENSUS_PLACEMENTS,
    Census,
    CensusLimitError,
    census,
    count_placements,
    planned_placements,
)
from gridpuzzles.mondrian.solving.solutions import count_solutions

SMALL_BOARD = Board(4, 4)
SMALL_BLOCKS = (Block(1, 1), Block(1, 2), Block(1, 3), Block(2, 2), Block(2, 3))
SMALL_MARKED = (Block(1, 1), Block(1, 2))


@pytest.fixture(scope="module")
def full() -> Census:
    """The census of the real game (about ten seconds)."""
    return census()


def test_the_full_census(full: Census) -> None:
    """It fits its bounds: 688,128 planned placements and about 5.2 million counts."""
    assert planned_placements(Board(8, 8), (Block(1, 1), Block(1, 2), Block(1, 3))) == 688_128
    assert full.placements == 583_864
    histogram = full.histogram()
    assert sum(histogram.values()) == 583_864
    assert full.tilings == sum(k * v for k, v in histogram.items())
    assert histogram[1] == 14_800
    # no placement of the black blocks is symmetric, so every count comes in eights
    assert all(v % 8 == 0 for v in histogram.values())


def test_the_census_agrees_with_every_official_challenge(
    full: Census, official: tuple[OfficialChallenge, ...]
) -> None:
    wanted = {frozenset(entry.black) for entry in official}
    counted = {key: count for fixed, count in full.items() if (key := frozenset(fixed)) in wanted}
    for entry in official:
        assert counted.get(frozenset(entry.black), 0) == entry.solutions, entry.code


def test_the_census_agrees_with_the_solver_on_a_sample(full: Census) -> None:
    for fixed, count in itertools.islice(full.items(), 0, 2000, 97):
        assert count_solutions(make_puzzle(Board(8, 8), STANDARD_BLOCKS, fixed)) == count


def test_a_small_census_matches_solving_every_placement() -> None:
    result = census(SMALL_BOARD, SMALL_BLOCKS, SMALL_MARKED)
    counted = dict(result.items())
    expected: dict[int, int] = {}
    options = [SMALL_BOARD.placements(block) for block in SMALL_MARKED]
    placements = 0
    for fixed in itertools.product(*options):
        try:
            check_placements(SMALL_BOARD, fixed)
        except InvalidPuzzleError:
            continue
        placements += 1
        count = count_solutions(make_puzzle(SMALL_BOARD, SMALL_BLOCKS, fixed))
        expected[count] = expected.get(count, 0) + 1
        assert counted.get(fixed, 0) == count
    assert result.placements == placements == count_placements(SMALL_BOARD, SMALL_MARKED)
    assert result.histogram() == dict(sorted(expected.items()))


def test_progress_is_reported_up_to_one() -> None:
    seen: list[float] = []
    census(SMALL_BOARD, SMALL_BLOCKS, SMALL_MARKED, seen.append)
    assert seen == sorted(seen) and seen[-1] == 1.0


@pytest.mark.parametrize(
    "marked",
    [(Block(1, 1), Block(1, 1)), (Block(3, 3),)],
)
def test_bad_census_requests_raise(marked: tuple[Block, ...]) -> None:
    with pytest.raises(InvalidPuzzleError):
        census(SMALL_BOARD, SMALL_BLOCKS, marked)


def test_a_census_planning_too_many_placements_is_refused_before_any_work() -> None:
    marked = (Block(1, 1), Block(1, 2), Block(1, 3), Block(1, 4))
    blocks = (
        *marked,
        Block(1, 5),
        Block(2, 2),
        Block(2, 3),
        Block(2, 4),
        Block(2, 5),
        Block(3, 3),
        Block(3, 4),
    )
    assert planned_placements(Board(8, 8), marked) == 55_050_240 > MAX_CENSUS_PLACEMENTS

    def never(fraction: float) -> None:
        pytest.fail("the census started")

    with pytest.raises(CensusLimitError, match=r"55,050,240 placements .* bound is 1,000,000"):
        census(Board(8, 8), blocks, marked, never)


def test_a_census_stops_at_its_bound_on_counts() -> None:
    assert MAX_CENSUS_COUNTS == 6_000_000
    with pytest.raises(CensusLimitError, match="went past 50 counts"):
        census(SMALL_BOARD, SMALL_BLOCKS, SMALL_MARKED, max_counts=50)
    assert census(SMALL_BOARD, SMALL_BLOCKS, SMALL_MARKED, max_counts=10_000).placements == 336
