"""An error a job raises in a solver worker process comes back to the server as itself (it is
pickled on the way), so the API answers it by its own status, not a 500."""

from __future__ import annotations

import anyio
import pytest

from gridpuzzles.mondrian.core.grid import STANDARD_BLOCKS, Board, make_puzzle
from gridpuzzles.mondrian.solving.solutions import SearchLimitError, count_solutions
from gridpuzzles.web.workers import Workers

WHOLE_GAME = make_puzzle(Board(8, 8), STANDARD_BLOCKS)


async def count_in_a_worker(max_positions: int) -> int:
    workers = Workers(1, seconds=60)
    try:
        return await workers.run(
            count_solutions, WHOLE_GAME, max_positions, too_slow="past {seconds} s"
        )
    finally:
        await workers.close()


def test_a_search_past_its_bound_in_a_worker_comes_back_as_a_search_limit() -> None:
    with pytest.raises(SearchLimitError, match="went past 5 positions, its bound"):
        anyio.run(count_in_a_worker, 5)
