"""Mondrian games in play in the store, on SQLite and on PostgreSQL: a change is written only
over the version it was made from, a finish is kept with the last state exactly once however
many stores race, and a store keeps a bounded number of games in play."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import cast

import pytest

from gridpuzzles.mondrian.core.records import Finish
from gridpuzzles.storage import MoveConflict, Store
from gridpuzzles.storage import mondrian_play as play_module
from gridpuzzles.storage.mondrian_play import InPlay, MondrianPlay

FINISH = Finish("001040531", "easy", 83.0, False, 8, 1083.0)


@pytest.fixture
def stores(database: str) -> Iterator[list[Store]]:
    """Two stores on one database, as two processes serving it have."""
    opened = [Store(database), Store(database)]
    yield opened
    for store in opened:
        store.close()


def test_a_game_started_in_one_process_is_changed_in_another(stores: list[Store]) -> None:
    one, other = (MondrianPlay(store) for store in stores)
    one.start("g", "owner", {"moves": 0}, 1000.0)
    assert other.fetch("g") == InPlay("owner", 0, {"moves": 0})
    assert other.fetch("g", known=0) == InPlay("owner", 0, None)  # the copy is current
    with other.change("g", 0, 1001.0) as change:
        change.write({"moves": 1})
    assert one.fetch("g", known=0) == InPlay("owner", 1, {"moves": 1})
    assert one.fetch("nothing") is None


def test_a_change_over_a_stale_version_is_refused_and_writes_nothing(
    stores: list[Store],
) -> None:
    one, other = (MondrianPlay(store) for store in stores)
    one.start("g", "owner", {"moves": 0}, 1000.0)
    with one.change("g", 0, 1001.0) as change:
        change.write({"moves": 1})
    with (
        pytest.raises(MoveConflict, match="was changed by another request first"),
        other.change("g", 0, 1002.0) as stale,
    ):
        stale.keep(FINISH)
        stale.write({"moves": 99})
    assert other.fetch("g") == InPlay("owner", 1, {"moves": 1})
    assert stores[0].mondrian_finishes() == []
    with pytest.raises(MoveConflict), other.change("gone", 0, 1002.0):
        pass


def test_a_finish_raced_by_several_processes_is_kept_once(database: str) -> None:
    racers = [Store(database) for _ in range(4)]
    MondrianPlay(racers[0]).start("g", "owner", {"solved": False}, 1000.0)
    start = threading.Barrier(len(racers))
    outcomes: list[str] = []

    def finish(store: Store) -> None:
        start.wait()
        try:
            with MondrianPlay(store).change("g", 0, 1083.0) as change:
                assert change.keep(FINISH)
                change.write({"solved": True})
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
    assert MondrianPlay(racers[1]).fetch("g") == InPlay("owner", 1, {"solved": True})
    for store in racers:
        store.close()


def test_a_finish_the_database_refuses_leaves_the_change_written(stores: list[Store]) -> None:
    play = MondrianPlay(stores[0])
    play.start("g", "owner", {"kept": None}, 1000.0)
    refused = Finish(cast(str, None), "easy", 83.0, False, 8, 1083.0)  # no challenge: NOT NULL
    with play.change("g", 0, 1083.0) as change:
        assert not change.keep(refused)
        change.write({"kept": False})
    assert play.fetch("g") == InPlay("owner", 1, {"kept": False})
    assert stores[1].mondrian_finishes() == []


def test_starting_a_game_forgets_idle_ones_and_the_oldest_beyond_the_bound(
    stores: list[Store], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(play_module, "MAX_IN_PLAY", 3)
    play = MondrianPlay(stores[0])
    play.start("idle", "owner", {}, 0.0)
    week = play_module.IDLE_SECONDS
    for number in range(1, 4):
        play.start(f"g{number}", "owner", {}, week + number)
    assert play.fetch("idle") is None  # untouched for a week
    with play.change("g1", 0, week + 10) as change:  # played again: kept
        change.write({})
    play.start("g4", "owner", {}, week + 11)
    play.start("g5", "owner", {}, week + 12)
    kept = [name for name in ("idle", "g1", "g2", "g3", "g4", "g5") if play.fetch(name)]
    assert kept == ["g1", "g4", "g5"]
