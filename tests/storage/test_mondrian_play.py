"""Mondrian games in play in the store, on SQLite and on PostgreSQL, kept as Minesweeper's
are (a row of ``games`` and its moves): a move is written only at a number no other process
wrote first, a finish is kept with the last move exactly once however many stores race, and
a store keeps a bounded number of games in play."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import replace
from typing import cast

import pytest
from sqlalchemy import select

from gridpuzzles.mondrian.core.records import Finish
from gridpuzzles.storage import MoveConflict, Store
from gridpuzzles.storage import mondrian_play as play_module
from gridpuzzles.storage.mondrian_play import InPlay, Logged, MondrianPlay
from gridpuzzles.storage.schema import games

FINISH = Finish("001040531", "easy", 83.0, False, 8, 1083.0)
SETUP = {"moves": 0}


@pytest.fixture
def stores(database: str) -> Iterator[list[Store]]:
    """Two stores on one database, as two processes serving it have."""
    opened = [Store(database), Store(database)]
    yield opened
    for store in opened:
        store.close()


def test_a_game_started_in_one_process_is_changed_in_another(stores: list[Store]) -> None:
    one, other = (MondrianPlay(store) for store in stores)
    one.start("g", "owner", SETUP, 1000.0, player="p")
    assert other.fetch("g") == InPlay("owner", False, 1000.0, SETUP, ())
    current = InPlay("owner", False, 1000.0, None, ())  # the copy knows every move
    assert other.fetch("g", since=0) == current
    with other.change("g", 0, 1001.0) as change:
        change.write("place 1x3:0,0,h", {"facts": None})
    logged = Logged("place 1x3:0,0,h", 1001.0, {"facts": None})
    assert one.fetch("g", since=0) == InPlay("owner", False, 1000.0, None, (logged,))
    assert one.fetch("g", since=1) == InPlay("owner", False, 1000.0, None, ())
    assert one.fetch("g") == InPlay("owner", False, 1000.0, SETUP, (logged,))
    assert one.fetch("nothing") is None


def test_a_mondrian_game_is_no_minesweeper_game_and_the_other_way_round(
    stores: list[Store],
) -> None:
    from tests.test_storage import saved

    store = stores[0]
    MondrianPlay(store).start("m", "owner", SETUP, 1000.0)
    store.add_game(saved("s"))
    assert store.load_game("m") is None and store.changes("m", 0) is None
    assert MondrianPlay(store).fetch("s") is None
    with pytest.raises(MoveConflict), MondrianPlay(store).change("s", 0, 1001.0):
        pass
    assert store.history() == [] and store.last_config("owner") is None


def test_a_move_at_a_number_already_written_is_refused_and_writes_nothing(
    stores: list[Store],
) -> None:
    one, other = (MondrianPlay(store) for store in stores)
    one.start("g", "owner", SETUP, 1000.0)
    with one.change("g", 0, 1001.0) as change:
        change.write("turn 0,0")
    with (
        pytest.raises(MoveConflict, match="already has a move number 0"),
        other.change("g", 0, 1002.0) as stale,
    ):
        stale.keep(FINISH)
        stale.write("lift 0,0", None, FINISH)
    assert other.fetch("g") == InPlay("owner", False, 1000.0, SETUP, (Logged("turn 0,0", 1001.0),))
    assert stores[0].mondrian_finishes() == []
    with (
        pytest.raises(MoveConflict, match="solved or no longer kept"),
        other.change("gone", 0, 1.0),
    ):
        pass


def test_a_finish_raced_by_several_processes_is_kept_once(database: str) -> None:
    racers = [Store(database) for _ in range(4)]
    MondrianPlay(racers[0]).start("g", "owner", SETUP, 1000.0)
    start = threading.Barrier(len(racers))
    outcomes: list[str] = []

    def finish(store: Store) -> None:
        start.wait()
        try:
            with MondrianPlay(store).change("g", 0, 1083.0) as change:
                # A racer that keeps it after the first one committed sees it kept (no new
                # best, then); its move is refused below either way.
                assert change.keep(FINISH) is not None
                change.write("place 1x1:0,0,h", {"kept": True}, FINISH)
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
    solved = InPlay(
        "owner", True, 1000.0, SETUP, (Logged("place 1x1:0,0,h", 1083.0, {"kept": True}),)
    )
    assert MondrianPlay(racers[1]).fetch("g") == solved
    with pytest.raises(MoveConflict), MondrianPlay(racers[1]).change("g", 1, 1090.0):
        pass  # a solved game takes no more moves
    for store in racers:
        store.close()


def test_a_finish_the_database_refuses_leaves_the_move_written(stores: list[Store]) -> None:
    play = MondrianPlay(stores[0])
    play.start("g", "owner", SETUP, 1000.0)
    refused = Finish("001040531", "easy", 83.0, cast(bool, None), 8, 1083.0)  # NOT NULL
    with play.change("g", 0, 1083.0) as change:
        assert change.keep(refused) is None
        change.write("turn 1,1", {"kept": False})
    assert play.fetch("g") == InPlay(
        "owner", False, 1000.0, SETUP, (Logged("turn 1,1", 1083.0, {"kept": False}),)
    )
    assert stores[1].mondrian_finishes() == []


def test_a_game_solved_whose_finish_the_records_refuse_is_solved_and_not_counted(
    stores: list[Store],
) -> None:
    play = MondrianPlay(stores[0])
    play.start("g", "owner", SETUP, 1000.0)
    with play.change("g", 0, FINISH.ended_at) as change:
        assert change.keep(replace(FINISH, assisted=cast(bool, None))) is None  # NOT NULL
        change.write("place 1x1:0,0,h", {"kept": False}, FINISH)
    stored = MondrianPlay(stores[1]).fetch("g")
    assert stored is not None and stored.solved
    assert [(game.id, game.finish.seconds) for game in MondrianPlay(stores[1]).solved()] == [
        ("g", FINISH.seconds)
    ]
    assert stores[1].mondrian_finishes() == []


def test_a_result_kept_without_its_game_is_in_the_records_only(stores: list[Store]) -> None:
    assert stores[0].add_mondrian_finish(FINISH, "p") == ("challenge", "difficulty")
    assert stores[1].mondrian_finishes("p") == [FINISH]
    play = MondrianPlay(stores[1])
    assert play.solved() == []  # nothing to watch again
    with stores[1].transaction(writing=False) as db:
        (game_id,) = db.execute(select(games.c.id)).scalars()
    assert play.fetch(game_id) is None and play.watched(game_id) is None


def test_starting_a_game_forgets_idle_ones_and_the_oldest_beyond_the_bound(
    stores: list[Store], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(play_module, "MAX_IN_PLAY", 3)
    play = MondrianPlay(stores[0])
    play.start("idle", "owner", {}, 0.0)
    play.start("moved", "owner", {}, 1.0)
    week = play_module.IDLE_SECONDS
    with play.change("moved", 0, week - 1) as change:  # a move within the week: kept
        change.write("turn 0,0")
    for number in range(1, 3):
        play.start(f"g{number}", "owner", {}, week + number)
    assert play.fetch("idle") is None  # no move for a week
    assert play.fetch("moved") is not None
    play.start("g3", "owner", {}, week + 11)
    play.start("g4", "owner", {}, week + 12)
    kept = [name for name in ("idle", "moved", "g1", "g2", "g3", "g4") if play.fetch(name)]
    assert kept == ["g2", "g3", "g4"]  # the oldest started beyond the bound are forgotten
