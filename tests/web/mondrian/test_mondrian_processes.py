"""Mondrian games served by several processes on one store (a SQLite file, or PostgreSQL):
each process here is its own `MondrianGames` (or app) with its own `Store`. A game started on
one is played on the other; a change made on a copy that went stale is refused (409 on the
API) and loses nothing; a finish raced by two processes is kept once."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from gridpuzzles.mondrian.core.game import Game
from gridpuzzles.mondrian.core.grid import Placement
from gridpuzzles.mondrian.core.moves import Action, Move
from gridpuzzles.storage import MoveConflict, Store
from gridpuzzles.web.app import create_app
from gridpuzzles.web.mondrian.games import Held, MondrianGames
from gridpuzzles.web.mondrian.models import NewMondrianGame
from gridpuzzles.web.service import STALE
from gridpuzzles.web.workers import Workers
from tests.web.conftest import Clock
from tests.web.mondrian.test_mondrian_games import CODE, GAMES, placing, solution_of

BLOCKS = solution_of(CODE)


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def stores(database: str) -> Iterator[tuple[Store, Store]]:
    """Two stores on the database, as two processes have."""
    one, other = Store(database), Store(database)
    yield one, other
    one.close()
    other.close()


@pytest.fixture
def processes(stores: tuple[Store, Store], clock: Clock) -> tuple[MondrianGames, MondrianGames]:
    """The Mondrian games of two processes (no solver work is asked of their workers)."""
    one, other = (MondrianGames(store, Workers(1), clock) for store in stores)
    return one, other


def placed_by(placement: Placement) -> Callable[[Game], Any]:
    async def step(game: Game) -> tuple[Move, None]:
        return Move(Action.PLACE, placement=placement), None

    return step


async def started(games: MondrianGames) -> tuple[str, str]:
    request = NewMondrianGame.model_validate({"challenge": "published", "code": CODE})
    game_id, token, _ = await games.create(request)
    return game_id, token


@pytest.mark.anyio
async def test_a_game_started_on_one_process_is_played_on_the_other_to_its_end(
    processes: tuple[MondrianGames, MondrianGames], clock: Clock, stores: tuple[Store, Store]
) -> None:
    game_id, token = await started(processes[0])
    for number, placement in enumerate(BLOCKS):
        clock.now += 10
        held, _ = await processes[number % 2].play(game_id, token, placed_by(placement))
        assert held.play.moves == number + 1
        seen = await processes[(number + 1) % 2].current(game_id, token)
        assert seen == held  # the other process sees each move at once
    # timed from the first block put down: 70 s of the 80 since the game was made
    assert held.finish is not None and held.kept and held.finish.seconds == 70
    assert stores[1].mondrian_finishes() == [held.finish]


@pytest.mark.anyio
async def test_a_move_on_a_stale_copy_is_refused_and_nothing_is_lost(
    processes: tuple[MondrianGames, MondrianGames],
) -> None:
    one, other = processes
    game_id, token = await started(one)
    first, second = BLOCKS[:2]

    async def slow(game: Game) -> tuple[Move, None]:
        """A step that takes a while, during which the other process plays."""
        await other.play(game_id, token, placed_by(first))
        return Move(Action.PLACE, placement=second), None

    with pytest.raises(MoveConflict, match="^" + re.escape(STALE) + "$"):
        await one.play(game_id, token, slow)
    now = await one.current(game_id, token)
    assert (now.play.moves, now.play.state.placed) == (1, (first,))  # the other's move is kept
    again, _ = await one.play(game_id, token, placed_by(second))  # played again, it is taken
    assert again.play.state.placed == (first, second)
    assert await other.current(game_id, token) == again


@pytest.mark.anyio
async def test_a_finish_raced_by_two_processes_is_kept_once(
    processes: tuple[MondrianGames, MondrianGames], stores: tuple[Store, Store]
) -> None:
    one, other = processes
    game_id, token = await started(one)
    for placement in BLOCKS[:-1]:
        await one.play(game_id, token, placed_by(placement))
    finished: list[Held] = []

    async def racing(game: Game) -> tuple[Move, None]:
        held, _ = await other.play(game_id, token, placed_by(BLOCKS[-1]))
        finished.append(held)
        return Move(Action.PLACE, placement=BLOCKS[-1]), None

    with pytest.raises(MoveConflict):
        await one.play(game_id, token, racing)
    [won] = finished
    assert won.finish is not None and won.kept
    assert stores[0].mondrian_finishes() == [won.finish]
    assert await one.current(game_id, token) == won


class RacingClock(Clock):
    """A clock that, at each read, first runs the next of ``then`` (another process's
    requests), if any is left."""

    def __init__(self) -> None:
        super().__init__()
        self.then: list[Callable[[], object]] = []

    def __call__(self) -> float:
        if self.then:
            self.then.pop(0)()
        return self.now


def test_a_move_raced_once_is_taken_on_the_game_as_it_is_now(
    stores: tuple[Store, Store],
) -> None:
    """The first try, on this process's copy, finds the game changed when it writes; the
    move is then taken on the game as the store holds it."""
    clock = RacingClock()
    with (
        TestClient(create_app(stores[0], clock, solver_workers=1)) as one,
        TestClient(create_app(stores[1], Clock(), solver_workers=1)) as other,
    ):
        game = one.post(GAMES, json={"challenge": "published", "code": CODE}).json()
        path, token = f"{GAMES}/{game['id']}", {"X-Game-Token": game["token"]}
        first, second = BLOCKS[:2]

        def other_moves() -> None:
            assert other.post(f"{path}/moves", json=placing(first), headers=token).is_success

        clock.then = [other_moves]  # read when the first process writes its move
        taken = one.post(f"{path}/moves", json=placing(second))
        assert taken.status_code == 200
        assert (taken.json()["moves"], [b["size"] for b in taken.json()["placed"]]) == (
            2,
            [str(first.block), str(second.block)],
        )
        assert other.get(path, headers=token).json() == taken.json()


def test_the_api_answers_a_stale_move_409_in_words_and_keeps_the_other(
    stores: tuple[Store, Store],
) -> None:
    """Raced at both tries (on the copy, then on the game read again), the move is refused."""
    clock = RacingClock()
    with (
        TestClient(create_app(stores[0], clock, solver_workers=1)) as one,
        TestClient(create_app(stores[1], Clock(), solver_workers=1)) as other,
    ):
        game = one.post(GAMES, json={"challenge": "published", "code": CODE}).json()
        path, token = f"{GAMES}/{game['id']}", {"X-Game-Token": game["token"]}
        first, second, third = BLOCKS[:3]

        def other_places(placement: Placement) -> Callable[[], None]:
            def moves() -> None:
                answer = other.post(f"{path}/moves", json=placing(placement), headers=token)
                assert answer.status_code == 200

            return moves

        # the clock is read once at each try of the move, before it is written
        clock.then = [other_places(first), other_places(third)]
        refused = one.post(f"{path}/moves", json=placing(second))
        assert refused.status_code == 409
        assert refused.json() == {"detail": STALE}
        shown = one.get(path).json()
        assert (shown["moves"], [b["size"] for b in shown["placed"]]) == (
            2,
            [str(first.block), str(third.block)],
        )
        taken = one.post(f"{path}/moves", json=placing(second))
        assert taken.status_code == 200 and taken.json()["moves"] == 3
        assert other.get(path, headers=token).json() == taken.json()
