"""Mondrian games in play in the store, on SQLite and on PostgreSQL, through the store's one
API for a game in play (`storage.playing`), as Minesweeper's are (a row of ``games`` and its
moves): a move is written only at a number no other process
wrote first, a finish is kept with the last move exactly once however many stores race, and
a store keeps a bounded number of games in play."""

from __future__ import annotations

import threading
from collections.abc import Mapping
from dataclasses import replace
from typing import cast

import pytest
from sqlalchemy import select

from gridpuzzles.mondrian.core.records import Finish
from gridpuzzles.storage import MONDRIAN, MoveConflict, Store, StoredGame, StoredStep, playing
from gridpuzzles.storage.mondrian_play import keep_solved, solved_games, solved_row
from gridpuzzles.storage.schema import games
from tests.storage.in_play import start_mondrian, step_mondrian, watched_in

FINISH = Finish("001040531", "easy", 83.0, False, 8, 1083.0)
SETUP = {"moves": 0}


def in_play(
    steps: tuple[StoredStep, ...] = (),
    setup: Mapping[str, object] | None = SETUP,
    status: str = "playing",
) -> StoredGame:
    """The game ``g`` as the tests start it, read with ``steps`` (its setup: a whole read)."""
    part = None if setup is None else {"setup": setup}
    return StoredGame("g", MONDRIAN, "owner", status, 1000.0, False, None, None, True, part, steps)


def test_a_game_started_in_one_process_is_changed_in_another(stores: list[Store]) -> None:
    one, other = stores
    start_mondrian(one, "g", "owner", SETUP, 1000.0)
    assert other.read(MONDRIAN, "g") == in_play()
    assert other.read(MONDRIAN, "g", since=0) == in_play(setup=None)  # the copy knows all
    step_mondrian(other, "g", 0, 1001.0, "place 1x3:0,0,h", {"facts": None})
    logged = StoredStep(0, "place 1x3:0,0,h", 1001.0, {"facts": None})
    assert one.read(MONDRIAN, "g", since=0) == in_play((logged,), setup=None)
    assert one.read(MONDRIAN, "g", since=1) == in_play(setup=None)
    assert one.read(MONDRIAN, "g") == in_play((logged,))
    assert one.read(MONDRIAN, "nothing") is None


def test_a_mondrian_game_is_no_minesweeper_game_and_the_other_way_round(
    stores: list[Store],
) -> None:
    from tests.test_storage import saved

    store = stores[0]
    start_mondrian(store, "m", "owner", SETUP, 1000.0)
    store.add_game(saved("s"))
    assert store.load_game("m") is None and store.read("minesweeper", "m", 0) is None
    assert store.read(MONDRIAN, "s") is None
    with pytest.raises(MoveConflict), store.turn(MONDRIAN, "s", 0, 1001.0):
        pass
    assert store.minesweeper_history() == [] and store.last_config("owner") is None


def test_a_move_at_a_number_already_written_is_refused_and_writes_nothing(
    stores: list[Store],
) -> None:
    one, other = stores
    start_mondrian(one, "g", "owner", SETUP, 1000.0)
    step_mondrian(one, "g", 0, 1001.0, "turn 0,0")
    with pytest.raises(MoveConflict, match="already has a move number 0"):
        step_mondrian(other, "g", 0, 1002.0, "lift 0,0", None, FINISH)
    assert other.read(MONDRIAN, "g") == in_play((StoredStep(0, "turn 0,0", 1001.0),))
    assert stores[0].mondrian_finishes() == []
    with pytest.raises(MoveConflict, match="no longer kept"), other.turn(MONDRIAN, "gone", 0, 1.0):
        pass


def test_a_finish_raced_by_several_processes_is_kept_once(database: str) -> None:
    racers = [Store(database) for _ in range(4)]
    start_mondrian(racers[0], "g", "owner", SETUP, 1000.0)
    start = threading.Barrier(len(racers))
    outcomes: list[str] = []

    def finish(store: Store) -> None:
        start.wait()
        try:
            with store.turn(MONDRIAN, "g", 0, 1083.0) as turn:
                # A racer that keeps it after the first one committed sees it kept (no new
                # best, then); its move is refused below either way.
                assert keep_solved(turn, FINISH) is not None
                turn.append("place 1x1:0,0,h", {"kept": True})
                turn.finish(**solved_row(FINISH, True))
        except MoveConflict:
            outcomes.append("refused")
        else:
            outcomes.append("kept")

    threads = [threading.Thread(target=finish, args=(store,)) for store in racers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["kept", "refused", "refused", "refused"]
    assert racers[0].mondrian_finishes() == [FINISH]
    stored = racers[1].read(MONDRIAN, "g")
    assert stored is not None and stored.ended and stored.ended_at == FINISH.ended_at
    assert stored.steps == (StoredStep(0, "place 1x1:0,0,h", 1083.0, {"kept": True}),)
    with pytest.raises(MoveConflict), racers[1].turn(MONDRIAN, "g", 1, 1090.0):
        pass  # a solved game takes no more moves
    for store in racers:
        store.close()


def test_a_finish_the_database_refuses_leaves_the_move_written(stores: list[Store]) -> None:
    start_mondrian(stores[0], "g", "owner", SETUP, 1000.0)
    refused = Finish("001040531", "easy", 83.0, cast(bool, None), 8, 1083.0)  # NOT NULL
    with stores[0].turn(MONDRIAN, "g", 0, 1083.0) as turn:
        assert keep_solved(turn, refused) is None
        turn.append("turn 1,1", {"kept": False})
    assert stores[0].read(MONDRIAN, "g") == in_play(
        (StoredStep(0, "turn 1,1", 1083.0, {"kept": False}),)
    )
    assert stores[1].mondrian_finishes() == []


def test_a_game_solved_whose_finish_the_records_refuse_is_solved_and_not_counted(
    stores: list[Store],
) -> None:
    start_mondrian(stores[0], "g", "owner", SETUP, 1000.0)
    with stores[0].turn(MONDRIAN, "g", 0, FINISH.ended_at) as turn:
        assert keep_solved(turn, replace(FINISH, assisted=cast(bool, None))) is None  # NOT NULL
        turn.append("place 1x1:0,0,h", {"kept": False})
        turn.finish(**solved_row(FINISH, False))
    stored = stores[1].read(MONDRIAN, "g")
    assert stored is not None and stored.ended and not stored.counted
    assert [(game.id, game.finish.seconds) for game in solved_games(stores[1])] == [
        ("g", FINISH.seconds)
    ]
    assert stores[1].mondrian_finishes() == []


def test_a_result_kept_without_its_game_is_in_the_records_only(stores: list[Store]) -> None:
    assert stores[0].add_mondrian_finish(FINISH, "p") == ("challenge", "difficulty")
    assert stores[1].mondrian_finishes("p") == [FINISH]
    assert solved_games(stores[1]) == []  # nothing to watch again
    with stores[1].transaction(writing=False) as db:
        (game_id,) = db.execute(select(games.c.id)).scalars()
    assert stores[1].read(MONDRIAN, game_id) is None and watched_in(stores[1], game_id) is None


def test_starting_a_game_forgets_idle_ones_and_the_oldest_beyond_the_bound(
    stores: list[Store], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(playing, "MAX_IN_PLAY", 3)
    store = stores[0]
    start_mondrian(store, "idle", "owner", {}, 0.0)
    start_mondrian(store, "moved", "owner", {}, 1.0)
    week = playing.IDLE_SECONDS
    step_mondrian(store, "moved", 0, week - 1, "turn 0,0")  # a move within the week: kept
    for number in range(1, 3):
        start_mondrian(store, f"g{number}", "owner", {}, week + number)
    assert store.read(MONDRIAN, "idle") is None  # no move for a week
    assert store.read(MONDRIAN, "moved") is not None
    start_mondrian(store, "g3", "owner", {}, week + 11)
    start_mondrian(store, "g4", "owner", {}, week + 12)
    names = ("idle", "moved", "g1", "g2", "g3", "g4")
    kept = [name for name in names if store.read(MONDRIAN, name)]
    assert kept == ["g2", "g3", "g4"]  # the oldest started beyond the bound are forgotten
