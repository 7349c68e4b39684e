"""Revision v7 on a store of every earlier schema (SQLite files of schema versions 0 to 2 and of
Alembic's v3 to v6, PostgreSQL databases of v3 to v6): every row of ``mondrian_games`` stays
a result in the records, kept once, in ``games``: merged into its game when the game is there
(solved and kept by v6, or solved in play before v6), a game of its own when it has none (a
record older than the move log). The records (best times, counts, per player), the list of
solved games and the games themselves read the same as before."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from gridpuzzles.history import Rewind
from gridpuzzles.midend.mondrian import finish_note, setup_to_json, step_text, stepped
from gridpuzzles.mondrian.core.moves import Move
from gridpuzzles.mondrian.core.records import (
    Finish,
    challenge_records,
    difficulty_records,
    new_bests,
)
from gridpuzzles.storage import MONDRIAN, Store
from gridpuzzles.storage.mondrian_play import KeptMondrianGame, SolvedGame, solved_games
from gridpuzzles.storage.schema import games as games_table
from tests.storage.in_play import step_mondrian, watched_in
from tests.storage.test_migrate_v6 import (
    SOLVED,
    SOLVED_FINISH,
    Source,
    add_mondrian_in_play,
    earlier_store,
    idfn,
    raw,
)
from tests.storage.test_mondrian_kept import FACTS, HELP, placing, solution, start

SQLITE = [Source("sqlite", schema) for schema in (0, 1, 2, "v3", "v4", "v5", "v6")]
POSTGRESQL = [Source("postgresql", revision) for revision in ("v3", "v4", "v5", "v6")]
PLAYERS = (None, "p", "q")
"""Whose records are read: everyone's, a player with records, one with none."""

# Records with no game, beyond `fill`'s `FINISH` (from schema version 2 on)
MEDIUM = Finish("2,3,h 0,1,v 4,7,h", "medium", 200.0, False, 30, 1500.0)
HELPED = Finish("001040531", "easy", 50.0, True, 12, 1600.0)
"""Faster than any, but with help: it sets no best time."""
LONG = Finish("2,3,h 0,1,v 4,7,h", "medium", 900.0, False, 3_000_000_000, 1650.0)
"""More moves than a 32-bit integer holds (``mondrian_games.moves`` was 64-bit)."""
OF_P = Finish("001040531", "easy", 90.0, False, 9, 1700.0)
"""Player ``p``'s (from v5, which gave records their player)."""


def rank(schema: int | str) -> int:
    """A schema's place in the chain: 0 to 2 before Alembic, then v3 up."""
    return schema if isinstance(schema, int) else int(schema[1:])


@dataclass(frozen=True)
class V6Game:
    """A Mondrian game as v6's shells kept it: its id, its finish (None in play) and whether
    that finish went into ``mondrian_games``."""

    id: str
    finish: Finish | None
    kept: bool
    player: str | None = None


def record_row(db: sa.Connection, finish: Finish, player: str | None, schema: int | str) -> None:
    """``finish`` as a new row of ``mondrian_games`` (its player from v5 on), numbered after
    the others (explicitly: PostgreSQL's sequence knows nothing of the numbers given before)."""
    number = db.execute(sa.text("SELECT COALESCE(MAX(id), 0) + 1 FROM mondrian_games")).scalar()
    row: dict[str, Any] = {
        "id": number,
        "challenge": finish.challenge,
        "difficulty": finish.difficulty,
        "seconds": finish.seconds,
        "assisted": finish.assisted,
        "moves": finish.moves,
        "ended_at": finish.ended_at,
    }
    if rank(schema) >= 5:
        row["player"] = player
    db.execute(sa.insert(sa.table("mondrian_games", *map(sa.column, row))), row)


def v6_game(
    db: sa.Connection,
    game_id: str,
    steps: Sequence[Move | Rewind],
    shown_at: float,
    *,
    kept: bool = True,
    player: str | None = None,
) -> V6Game:
    """Play ``steps`` on `test_mondrian_kept.PUBLISHED`, 2.5 s apart from ``shown_at``, and
    write the game as v6's `MondrianPlay` did (its row, its moves, the note of the move that
    solved it: its finish ``kept`` in ``mondrian_games``, which the caller writes, or refused
    by the records)."""
    play = start()
    setup = setup_to_json(play, "published", FACTS, player)
    seq = db.execute(sa.text("SELECT COALESCE(MAX(seq), 0) + 1 FROM games")).scalar()
    moves: list[dict[str, Any]] = []
    started = finish = None
    for number, step in enumerate(steps):
        at = shown_at + 2.5 * (number + 1)
        play = stepped(play, step, 0.0)
        if started is None and play.state.placed:
            started = at
        note = None
        if play.state.solved:
            assert started is not None and number == len(steps) - 1
            finish = Finish(FACTS.key, "easy", at - started, play.assisted, play.moves, at)
            note = finish_note(() if kept else None)
        moves.append(
            {"game_id": game_id, "number": number, "move": step_text(step), "at": at, "note": note}
        )
    games = sa.table(
        "games",
        *(sa.column(name) for name in ("id", "owner", "puzzle", "seed", "counted", "status")),
        *(sa.column(name) for name in ("created_at", "assisted", "ended_at", "seconds")),
        *(sa.column(name) for name in ("clicks", "seq", "player")),
        sa.column("setup", sa.JSON),
    )
    db.execute(
        sa.insert(games).values(
            id=game_id,
            owner="digest",
            puzzle="mondrian",
            setup=setup,
            seed=0,
            counted=True,
            status="playing" if finish is None else "won",
            created_at=shown_at,
            assisted=play.assisted,
            ended_at=None if finish is None else finish.ended_at,
            seconds=None if finish is None else finish.seconds,
            clicks=0 if finish is None else finish.moves,
            seq=seq,
            player=player,
        )
    )
    written = sa.table(
        "moves",
        *(sa.column(name) for name in ("game_id", "number", "move", "at")),
        sa.column("note", sa.JSON),
    )
    for move in moves:  # one by one: a NULL note stays SQL's NULL, not JSON's null
        values = (
            move if move["note"] is not None else {k: v for k, v in move.items() if k != "note"}
        )
        db.execute(sa.insert(written).values(values))
    return V6Game(game_id, finish, kept and finish is not None, player)


def add_records(where: str, source: Source) -> list[V6Game]:
    """Fill the store of ``source`` (with `fill`'s games and record) further, as the releases
    of its schema kept Mondrian games: records with no game (schema version 2 on), games in
    play and one solved (v4, v5), the games v6 kept (v6), one of them with two records that
    hold what it holds, one its own and one of another challenge. The v6 games."""
    schema = source.schema
    if rank(schema) in (4, 5):
        add_mondrian_in_play(where)  # records 1 (`fill`'s) and 2 (its solved game's) first
    played: list[V6Game] = []
    with raw(where) as db:
        if rank(schema) >= 2:
            for finish in (MEDIUM, HELPED, LONG):
                record_row(db, finish, None, schema)
        if rank(schema) >= 5:
            record_row(db, OF_P, "p", schema)
        if rank(schema) == 6:
            blocks = list(map(placing, solution()))
            steps: list[Move | Rewind] = [blocks[0], Rewind.UNDO, Rewind.REDO, *blocks[1:]]
            played = [
                v6_game(db, "v6-kept", steps, 2000.0),
                v6_game(db, "v6-helped", [blocks[0], HELP, *blocks[1:]], 2100.0),
                v6_game(db, "v6-of-p", blocks, 2200.0, player="p"),
                v6_game(db, "v6-refused", blocks, 2300.0, kept=False),
                v6_game(db, "v6-playing", blocks[:3], 2400.0),
            ]
            twin = played[0].finish
            assert twin is not None
            # First a record that holds what a game holds, but of another challenge: its own.
            record_row(db, Finish("0,0,h", "hard", *_after(twin)), None, schema)
            for game in played:
                if game.kept and game.finish is not None:
                    record_row(db, game.finish, game.player, schema)
            record_row(db, twin, None, schema)  # the same again: a record of its own
    return played


def _after(finish: Finish) -> tuple[float, bool, int, float]:
    """What ``finish`` holds but its challenge and difficulty."""
    return finish.seconds, finish.assisted, finish.moves, finish.ended_at


def records_before(where: str, player: str | None) -> list[Finish]:
    """The records as the store of an earlier schema holds them (``player``'s, when given):
    the rows of ``mondrian_games``, in the order they ended."""
    with raw(where) as db:
        if "mondrian_games" not in sa.inspect(db).get_table_names():
            return []
        columns = [c["name"] for c in sa.inspect(db).get_columns("mondrian_games")]
        if player is not None and "player" not in columns:
            return []
        query = (
            "SELECT challenge, difficulty, seconds, assisted, moves, ended_at FROM mondrian_games"
            + ("" if player is None else " WHERE player = :player")
            + " ORDER BY ended_at, id"
        )
        rows = db.execute(sa.text(query), {"player": player}).all()
    return [Finish(c, d, s, bool(a), m, e) for c, d, s, a, m, e in rows]


def solved_before(where: str, source: Source) -> list[tuple[Any, ...]]:
    """The solved games as v6's `MondrianPlay.solved` listed them, the latest first: each its
    id, time, help, moves and end (before v6, the solved game in play v6 moves in)."""
    if rank(source.schema) in (4, 5):
        return [(SOLVED, *_after(SOLVED_FINISH))]
    if rank(source.schema) < 6:
        return []
    with raw(where) as db:
        rows = db.execute(
            sa.text(
                "SELECT id, seconds, assisted, clicks, ended_at FROM games WHERE puzzle = "
                "'mondrian' AND status = 'won' ORDER BY ended_at DESC, seq DESC"
            )
        ).all()
    return [(game_id, s, bool(a), m, e) for game_id, s, a, m, e in rows]


def listed(solved: list[SolvedGame]) -> list[tuple[Any, ...]]:
    return [(game.id, *_after(game.finish)) for game in solved]


def check_records(store: Store, before: dict[str | None, list[Finish]]) -> None:
    """The records of every player of `PLAYERS` read as ``before``, and each once, in the
    order they ended (those that ended at the same time in any order)."""
    for player, finishes in before.items():
        after = store.mondrian_finishes(player)
        assert Counter(after) == Counter(finishes)
        assert after == sorted(after, key=lambda finish: finish.ended_at)
        assert store.mondrian_records(player) == (
            challenge_records(finishes),
            difficulty_records(finishes),
        )


@pytest.mark.parametrize("source", SQLITE + POSTGRESQL, ids=idfn)
def test_every_mondrian_record_is_kept_once_in_games_and_the_records_read_the_same(
    source: Source, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    where = earlier_store(source, tmp_path, request)
    played = add_records(where, source)
    before = {player: records_before(where, player) for player in PLAYERS}
    listed_before = solved_before(where, source)
    expected = (
        (rank(source.schema) >= 2)  # `fill`'s record, MEDIUM, HELPED, LONG
        * 4
        + (rank(source.schema) in (4, 5))  # the solved game in play
        + (rank(source.schema) >= 5)  # OF_P
        + (rank(source.schema) == 6) * 5  # three v6 games kept, and two records like one
    )
    assert len(before[None]) == expected  # the store is filled as this test means it
    store = Store(where)
    try:
        check_records(store, before)
        assert listed(solved_games(store)) == listed_before
        assert [game.id for game in solved_games(store, player="p")] == [
            game.id for game in played if game.player == "p"
        ]
        with store.transaction(writing=False) as db:
            assert "mondrian_games" not in sa.inspect(db).get_table_names()
            rows = db.execute(
                sa.select(
                    games_table.c.id,
                    games_table.c.setup.is_(None),
                    games_table.c.challenge,
                    games_table.c.level,
                    games_table.c.counted,
                ).where(games_table.c.puzzle == "mondrian", games_table.c.status == "won")
            ).all()
        by_id = {
            game_id: (alone, key, level, counted) for game_id, alone, key, level, counted in rows
        }
        # one row a result: each record merged into its game, or a game of its own
        assert sum(bool(counted) for *_, counted in by_id.values()) == len(before[None])
        merged = {g.id: (FACTS.key, "easy") for g in played if g.kept}
        if rank(source.schema) in (4, 5):
            merged[SOLVED] = (SOLVED_FINISH.challenge, SOLVED_FINISH.difficulty)
        for game_id, (key, difficulty) in merged.items():  # a game with its record
            assert by_id[game_id] == (False, key, difficulty, True)
        refused = [g.id for g in played if g.finish is not None and not g.kept]
        assert refused == (["v6-refused"] if rank(source.schema) == 6 else [])
        assert all(not by_id[game_id][3] for game_id in refused)  # solved, out of the records
        alone = [game_id for game_id, (no_setup, *_) in by_id.items() if no_setup]
        assert len(alone) == len(before[None]) - len(merged)
        for game_id in alone:  # a result with no game: nothing to play or watch
            assert store.read(MONDRIAN, game_id) is None
            assert watched_in(store, game_id) is None
        for game in played:  # the games v6 kept play and replay as they did
            replay = watched_in(store, game.id)
            assert replay is not None and replay.in_play == (game.finish is None)
            if game.finish is not None:
                assert replay.frames[-1].state.solved
        # a finish kept now is measured against every record migrated
        faster = Finish(FACTS.key, "easy", 1.0, False, 8, 5000.0)
        assert store.add_mondrian_finish(faster) == ("challenge", "difficulty")
        slower = Finish(FACTS.key, "easy", 500.0, False, 8, 5001.0)
        assert store.add_mondrian_finish(slower) == new_bests([*before[None], faster], slower)
        assert store.mondrian_finishes()[-2:] == [faster, slower]
    finally:
        store.close()
    again = Store(where)  # another process: nothing more to migrate, nothing counted twice
    try:
        check_records(again, {"p": before["p"], "q": []})
        assert len(again.mondrian_finishes()) == len(before[None]) + 2
    finally:
        again.close()


@pytest.mark.parametrize("source", [SQLITE[-1], POSTGRESQL[-1]], ids=idfn)
def test_a_game_v6_kept_plays_on_and_a_new_one_is_counted_once(
    source: Source, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    where = earlier_store(source, tmp_path, request)
    played = add_records(where, source)
    before = records_before(where, None)
    store = Store(where)
    try:
        in_play = next(game for game in played if game.finish is None)
        stored = store.read(MONDRIAN, in_play.id)
        assert stored is not None and not stored.ended
        step_mondrian(store, in_play.id, len(stored.steps), 2500.0, step_text(Rewind.UNDO))
        kept = KeptMondrianGame(store, setup_to_json(start(), "published", FACTS), 3000.0, "tui")
        play = start()
        blocks = list(map(placing, solution()))
        for number, step in enumerate(blocks[:-1], 1):
            play = stepped(play, step, 0.0)
            assert kept.log(step, 3000.0 + number) is None
        play = stepped(play, blocks[-1], 0.0)
        finish = Finish(FACTS.key, "easy", 7.0, False, play.moves, 3000.0 + len(blocks))
        bests, said = kept.solve(blocks[-1], finish.ended_at, finish)
        assert said is None and bests == new_bests(before, finish)
        *migrated, last = store.mondrian_finishes()
        assert last == finish and Counter(migrated) == Counter(before)  # counted once
        after = store.read(MONDRIAN, in_play.id)
        assert after is not None and [m.text for m in after.steps[-2:]] == [
            stored.steps[-1].text,
            "undo",
        ]
    finally:
        store.close()
