"""One error hierarchy (issue 35): a base per puzzle that every error of its core and solving
derives from, one name for one idea in both puzzles, the limits of work marked apart, and every
error class of the product surviving pickling (a solver worker process sends its error back to
the server so)."""

from __future__ import annotations

import pickle

import pytest

from gridpuzzles.bounds import LimitError
from gridpuzzles.minesweeper import MinesweeperError
from gridpuzzles.minesweeper import MoveError as MinesweeperMoveError
from gridpuzzles.minesweeper import NotationError as MinesweeperNotationError
from gridpuzzles.minesweeper.solving.probabilities import SolverLimitError
from gridpuzzles.mondrian.core.errors import MondrianError
from gridpuzzles.mondrian.core.errors import NotationError as MondrianNotationError
from gridpuzzles.mondrian.core.game import MoveError as MondrianMoveError
from gridpuzzles.mondrian.solving.census import CensusLimitError
from gridpuzzles.mondrian.solving.generation import GenerationError
from gridpuzzles.mondrian.solving.solutions import SearchLimitError
from tests.error_classes import name, product_errors, sample

BASES: dict[str, type[Exception]] = {
    "gridpuzzles.minesweeper.": MinesweeperError,
    "gridpuzzles.mondrian.": MondrianError,
}
LIMITS = (SolverLimitError, SearchLimitError, GenerationError, CensusLimitError)
NOT_INPUT = (*LIMITS, MinesweeperError, MondrianError)
"""The puzzles' errors that are not a `ValueError`: the limits of work, and the bases."""


def puzzle_errors(prefix: str) -> list[type[BaseException]]:
    """The errors a puzzle's modules define for others to catch (a private one, such as the
    endgame solver's `_OutOfBudget`, is raised and caught within its module)."""
    return [
        kind
        for kind in product_errors()
        if kind.__module__.startswith(prefix) and not kind.__name__.startswith("_")
    ]


def test_the_walk_finds_the_errors_of_both_puzzles_and_of_the_shells() -> None:
    names = {kind.__qualname__ for kind in product_errors()}
    assert {"MondrianError", "SearchLimitError", "NotationError", "ConfigError"} <= names
    assert {"StorageError", "UsageError", "ServerBusyError"} <= names


@pytest.mark.parametrize("prefix", list(BASES))
def test_every_error_of_a_puzzle_derives_from_its_base(prefix: str) -> None:
    kinds = puzzle_errors(prefix)
    assert len(kinds) > 5
    assert [name(kind) for kind in kinds if not issubclass(kind, BASES[prefix])] == []


@pytest.mark.parametrize("prefix", list(BASES))
def test_errors_about_the_input_are_still_value_errors(prefix: str) -> None:
    """Callers catch `ValueError` for bad input (a stored game that does not replay, a form),
    so every puzzle error about the input stays one; a limit, or a Dask cluster that cannot be
    used, is not about the input."""
    kinds = [kind for kind in puzzle_errors(prefix) if kind not in NOT_INPUT]
    assert [
        name(kind)
        for kind in kinds
        if not issubclass(kind, ValueError) and kind.__name__ not in ("ClusterError", "ClusterLost")
    ] == []


@pytest.mark.parametrize("kind", LIMITS, ids=lambda kind: kind.__name__)
def test_the_limits_of_work_are_limit_errors_of_their_puzzle(kind: type[Exception]) -> None:
    assert issubclass(kind, LimitError)
    assert issubclass(kind, (MinesweeperError, MondrianError))
    assert not issubclass(kind, ValueError)
    assert kind.__mro__[1] is LimitError  # before the puzzle's base: answered as a limit


def test_one_name_for_one_idea_in_both_puzzles() -> None:
    assert issubclass(MinesweeperMoveError, MinesweeperError)
    assert issubclass(MondrianMoveError, MondrianError)
    assert issubclass(MinesweeperNotationError, MinesweeperError)
    assert issubclass(MondrianNotationError, MondrianError)


def test_every_limit_error_of_the_product_is_one_of_the_known_limits() -> None:
    limits = {kind for kind in product_errors() if issubclass(kind, LimitError)}
    assert limits == {LimitError, *LIMITS}


@pytest.mark.parametrize("kind", product_errors(), ids=name)
def test_every_error_survives_pickling_with_its_message(kind: type[BaseException]) -> None:
    error = sample(kind)
    back = pickle.loads(pickle.dumps(error))
    assert type(back) is kind
    assert str(back) == str(error)
    assert back.args == error.args
    if isinstance(error, MinesweeperMoveError):
        assert isinstance(back, MinesweeperMoveError)
        assert (back.words(), back.cell) == (error.words(), error.cell)
    if isinstance(error, MondrianError):
        assert isinstance(back, MondrianError)
        assert back.words() == error.words()


def test_a_search_limit_survives_pickling_with_its_bound() -> None:
    back = pickle.loads(pickle.dumps(SearchLimitError(1_234_567)))
    assert isinstance(back, SearchLimitError)
    assert back.max_positions == 1_234_567
    assert "went past 1,234,567 positions" in str(back)
