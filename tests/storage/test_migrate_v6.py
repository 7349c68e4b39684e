"""Revision v6 on a store of every earlier schema: a SQLite file of the releases before Alembic
(schema versions 0, 1 and 2) or of Alembic's v3, v4 and v5, and a PostgreSQL database of v3,
v4 and v5. Every Minesweeper game keeps its moves (SQLite rebuilds ``games`` with foreign keys
off, and on again after), its order and its records; a Mondrian game in play (``mondrian_play``,
from v4) becomes a game of ``games`` that its token holder plays on, undo included, and a
solved one stays solved with its finish in the records once."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from gridpuzzles.history import Rewind
from gridpuzzles.midend.mondrian import facts_of, play_of
from gridpuzzles.midend.play import Play
from gridpuzzles.minesweeper import Move as MinesweeperMove
from gridpuzzles.minesweeper import Status
from gridpuzzles.mondrian.core.challenges import find_published
from gridpuzzles.mondrian.core.game import Game, MoveError, new_game
from gridpuzzles.mondrian.core.grid import Placement
from gridpuzzles.mondrian.core.moves import Action, Move
from gridpuzzles.mondrian.core.records import Finish
from gridpuzzles.storage import VERSION, LevelStats, Store
from gridpuzzles.storage.engine import server_url, sqlite_engine
from gridpuzzles.storage.schema import games as games_table
from gridpuzzles.storage.schema import moves as moves_table
from gridpuzzles.web import tokens
from gridpuzzles.web.mondrian.games import Held, MondrianGames, held_to_json
from gridpuzzles.web.service import NotYourGameError
from gridpuzzles.web.workers import Workers
from tests.mondrian.checks import replayed
from tests.storage.legacy import migrated_to, old_file, server_migrated_to
from tests.storage.test_migrations import FINISH, MOVES, fill
from tests.test_storage import SEED
from tests.web.conftest import Clock
from tests.web.mondrian.test_mondrian_games import CODE, solution_of

END = 10.0 + len(MOVES) - 1
"""When the won Minesweeper game ``won`` of `fill` ended."""
TOKEN = "the token of the Mondrian games"
BLOCKS = solution_of(CODE)
IN_PLAY, SOLVED = "m-playing", "m-solved"
SOLVED_FINISH = Finish(CODE, find_published(CODE).level.lower(), 70.0, False, len(BLOCKS), 1080.0)
"""The finish of the solved Mondrian game in play, kept in the records when it was solved."""


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@dataclass(frozen=True)
class Source:
    """A store of an earlier schema: its kind, and its legacy version (0-2) or revision."""

    kind: str
    schema: int | str

    @property
    def mondrian_finishes(self) -> list[Finish]:
        """The solved Mondrian games `fill` kept (from schema version 2 on)."""
        return [] if self.schema in (0, 1) else [FINISH]

    def __str__(self) -> str:
        return f"{self.kind}-{self.schema}"


SQLITE = [Source("sqlite", schema) for schema in (0, 1, 2, "v3", "v4", "v5")]
POSTGRESQL = [Source("postgresql", revision) for revision in ("v3", "v4", "v5")]
IN_PLAY_SOURCES = [s for s in SQLITE + POSTGRESQL if s.schema in ("v4", "v5")]


# Building the stores of earlier schemas


def sqlite_file(path: Path, schema: int | str) -> None:
    """The SQLite file at ``path`` of ``schema`` with the games of `fill`."""
    version = schema if isinstance(schema, int) else 2
    with old_file(path, version) as db:
        fill(db, version)
    db.close()
    if isinstance(schema, str):
        migrated_to(path, schema)


def server_database(url: str, revision: str) -> None:
    """The PostgreSQL database at ``url`` at ``revision`` with the games of `fill`: a won
    game ``won`` with its moves and figures, two unfinished games ``a`` and ``b`` started at
    the same time (``b`` stored last, with one move) and a solved Mondrian game."""
    server_migrated_to(url, revision)
    minesweeper = {
        "owner": "me",
        "level": "beginner",
        "width": 9,
        "height": 9,
        "mines": 10,
        "first_click": "safe",
        "win_rule": "reveal",
        "question_marks": False,
        "seed": SEED,
        "layout": None,
        "counted": True,
        "assisted": False,
        "three_bv": None,
        "clicks": 0,
    }
    rows = [
        {
            **minesweeper,
            "id": "won",
            "status": "won",
            "created_at": 1.0,
            "ended_at": END,
            "seconds": END - 10.0,
            "three_bv": 30,
            "clicks": len(MOVES),
            "seq": 1,
        },
        *(
            {
                **minesweeper,
                "id": game_id,
                "status": "playing",
                "created_at": 5.0,
                "ended_at": None,
                "seconds": None,
                "seq": seq,
            }
            for seq, game_id in ((2, "a"), (3, "b"))
        ),
    ]
    if revision >= "v5":
        rows = [{**row, "player": None} for row in rows]
    moves = [
        *(
            {"game_id": "won", "number": n, "move": str(m), "at": 10.0 + n}
            for n, m in enumerate(MOVES)
        ),
        {"game_id": "b", "number": 0, "move": "f0,0", "at": 6.0},
    ]
    engine = sa.create_engine(server_url(url).set(drivername="postgresql+psycopg"))
    with engine.begin() as db:
        db.execute(sa.insert(sa.table("games", *map(sa.column, rows[0]))), rows)
        db.execute(sa.insert(sa.table("moves", *map(sa.column, moves[0]))), moves)
        db.execute(
            sa.insert(sa.table("mondrian_games", *map(sa.column, finish_row(1, FINISH)))),
            finish_row(1, FINISH),
        )
    engine.dispose()


def finish_row(number: int, finish: Finish) -> dict[str, Any]:
    """``finish`` as a row of ``mondrian_games`` (its ``id`` ``number``)."""
    return {
        "id": number,
        "challenge": finish.challenge,
        "difficulty": finish.difficulty,
        "seconds": finish.seconds,
        "assisted": finish.assisted,
        "moves": finish.moves,
        "ended_at": finish.ended_at,
    }


def earlier_store(source: Source, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    """Where a store of ``source``'s schema lives, with the games of `fill`."""
    if source.kind == "sqlite":
        path = tmp_path / "old.db"
        sqlite_file(path, source.schema)
        return str(path)
    url = str(request.getfixturevalue("postgres_url"))
    assert isinstance(source.schema, str)
    server_database(url, source.schema)
    return url


@contextmanager
def raw(where: str) -> Iterator[sa.Connection]:
    """A connection to the store at ``where`` in one transaction, not through `Store` (so
    nothing migrates it)."""
    if where.startswith("postgresql"):
        engine = sa.create_engine(server_url(where).set(drivername="postgresql+psycopg"))
    else:
        engine = sqlite_engine(Path(where))
    try:
        with engine.begin() as db:
            yield db
    finally:
        engine.dispose()


def in_play_with(placements: list[Placement]) -> Play[Game]:
    """The game of `CODE` in play with ``placements`` put down, as its stored setup reads
    back: at version 0, since the store numbers only the moves after a setup."""
    moves = [Move(Action.PLACE, placement=placement) for placement in placements]
    return replace(replayed(play_of(new_game(find_published(CODE).puzzle)), moves), version=0)


def mondrian_in_play() -> tuple[Held, Held]:
    """A game in play of the published challenge `CODE` with two blocks placed (the second
    may be undone), and one solved, both held with `TOKEN`, as the web shell kept them."""
    facts = facts_of(find_published(CODE).puzzle)
    owner = tokens.digest(TOKEN)
    playing = Held(
        in_play_with(BLOCKS[:2]).timed(1010.0, None), owner, "published", facts.key, facts
    )
    full = in_play_with(BLOCKS)
    assert full.state.solved and facts.key == SOLVED_FINISH.challenge
    assert facts.difficulty == SOLVED_FINISH.difficulty
    full = full.timed(1010.0, SOLVED_FINISH.ended_at)
    solved = Held(full, owner, "published", facts.key, facts, SOLVED_FINISH, kept=True)
    return playing, solved


def add_mondrian_in_play(where: str) -> None:
    """Keep the games of `mondrian_in_play` in ``mondrian_play`` (v4 and v5) as the web
    shell of that time did: each its state, owner and version; the solved one's finish in the
    records too."""
    playing, solved = mondrian_in_play()
    play = sa.table(
        "mondrian_play",
        sa.column("id", sa.Text),
        sa.column("owner", sa.Text),
        sa.column("state", sa.JSON),
        sa.column("version", sa.Integer),
        sa.column("updated_at", sa.Float),
    )
    with raw(where) as db:
        db.execute(
            sa.insert(play),
            [
                {
                    "id": IN_PLAY,
                    "owner": playing.owner,
                    "state": held_to_json(playing),
                    "version": 2,
                    "updated_at": 1020.0,
                },
                {
                    "id": SOLVED,
                    "owner": solved.owner,
                    "state": held_to_json(solved),
                    "version": len(BLOCKS),
                    "updated_at": SOLVED_FINISH.ended_at,
                },
            ],
        )
        row = finish_row(2, SOLVED_FINISH)
        db.execute(sa.insert(sa.table("mondrian_games", *map(sa.column, row))), row)


# What every migrated store holds


def check_minesweeper(store: Store, source: Source, mondrian: tuple[str, ...] = ()) -> None:
    """The games of `fill` are all there, in their order, with their moves and records, and
    (on SQLite) foreign keys hold and are on; ``mondrian``: the Mondrian games stored after."""
    won = store.load_game("won")
    assert won is not None and [t.move for t in won.moves] == MOVES
    assert won.replay().status is Status.WON
    (entry,) = store.minesweeper_history()
    assert entry.id == "won" and entry.outcome.ended_at == END
    assert store.minesweeper_level_stats() == [LevelStats("beginner", 1, 1, END - 10.0)]
    later = store.load_game("b")
    assert later is not None and [t.move for t in later.moves] == [MinesweeperMove.parse("f0,0")]
    unplayed = store.load_game("a")
    assert unplayed is not None and unplayed.moves == ()
    finishes = store.mondrian_finishes()
    assert finishes == source.mondrian_finishes + ([SOLVED_FINISH] if mondrian else [])
    with store.transaction(writing=False) as db:
        assert db.execute(sa.text("SELECT version_num FROM alembic_version")).all() == [(VERSION,)]
        order = db.execute(
            sa.text(
                "SELECT id, puzzle, puzzle = 'mondrian' AND setup IS NULL FROM games ORDER BY seq"
            )
        ).all()
        assert [(None if alone else game_id, puzzle) for game_id, puzzle, alone in order] == [
            *((game_id, "minesweeper") for game_id in ("won", "a", "b")),
            *((game_id, "mondrian") for game_id in mondrian),
            # v7: a record with no game (`fill`'s) is a result of its own, stored last
            *((None, "mondrian") for _ in source.mondrian_finishes),
        ]
        assert "mondrian_play" not in sa.inspect(db).get_table_names()
        if source.kind == "sqlite":
            assert db.exec_driver_sql("PRAGMA foreign_key_check").all() == []
            assert db.exec_driver_sql("PRAGMA foreign_keys").scalar_one() == 1


def check_moves_go_with_their_game(store: Store) -> None:
    """Foreign keys are on for the store's connections: deleting a game deletes its moves."""
    count = sa.select(sa.func.count()).where(moves_table.c.game_id == "won")
    with store.transaction(writing=False) as db:
        assert db.execute(count).scalar_one() == len(MOVES)
    with store.transaction() as db:
        db.execute(sa.delete(games_table).where(games_table.c.id == "won"))
    with store.transaction(writing=False) as db:
        assert db.execute(count).scalar_one() == 0
    assert store.load_game("won") is None and store.minesweeper_history() == []


# The tests


def idfn(source: Source) -> str:
    return str(source)


@pytest.mark.parametrize("source", SQLITE + POSTGRESQL, ids=idfn)
def test_a_store_of_every_earlier_schema_opens_at_v6_with_its_games_moves_order_and_records(
    source: Source, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    where = earlier_store(source, tmp_path, request)
    store = Store(where)
    try:
        check_minesweeper(store, source)
        with store.transaction(writing=False) as db:
            columns = [c["name"] for c in sa.inspect(db).get_columns("moves")]
        assert columns[-1] == "note"
        again = Store(where)  # another process: nothing more to migrate, nothing lost
        try:
            check_minesweeper(again, source)
        finally:
            again.close()
        # on the connections of the store that migrated it: foreign keys on again
        check_moves_go_with_their_game(store)
    finally:
        store.close()


def placed_by(placement: Placement) -> Callable[[Game], Any]:
    async def step(game: Game) -> tuple[Move, None]:
        return Move(Action.PLACE, placement=placement), None

    return step


def rewound(rewind: Rewind) -> Callable[[Game], Any]:
    async def step(game: Game) -> tuple[Rewind, None]:
        return rewind, None

    return step


@pytest.mark.anyio
@pytest.mark.parametrize("source", IN_PLAY_SOURCES, ids=idfn)
async def test_mondrian_games_in_play_become_games_their_token_plays_on(
    source: Source, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    where = earlier_store(source, tmp_path, request)
    add_mondrian_in_play(where)
    playing, solved = mondrian_in_play()
    clock = Clock()
    clock.now = 2000.0
    stores = [Store(where)]
    try:
        store = stores[0]
        check_minesweeper(store, source, mondrian=(IN_PLAY, SOLVED))
        with store.transaction(writing=False) as db:
            rows = db.execute(
                sa.select(
                    games_table.c.id,
                    games_table.c.owner,
                    games_table.c.status,
                    games_table.c.ended_at,
                    games_table.c.seconds,
                    games_table.c.level,
                ).where(  # the games played, not `fill`'s record with no game (v7)
                    games_table.c.puzzle == "mondrian", games_table.c.setup.is_not(None)
                )
            ).all()
            assert db.execute(sa.select(sa.func.count()).select_from(moves_table)).scalar_one() == (
                len(MOVES) + 1
            )
        owner = tokens.digest(TOKEN)
        assert sorted(rows) == [
            (IN_PLAY, owner, "playing", None, None, None),
            # v7: its record merged into it (the difficulty is its level)
            (
                SOLVED,
                owner,
                "won",
                SOLVED_FINISH.ended_at,
                SOLVED_FINISH.seconds,
                SOLVED_FINISH.difficulty,
            ),
        ]
        games = MondrianGames(store, Workers(1), clock)

        held = await games.current(IN_PLAY, TOKEN)
        assert held == playing and held.play.version == 0
        assert held.play.state.placed == tuple(BLOCKS[:2]) and held.play.moves == 2
        for stranger in ("another token", None):
            with pytest.raises(NotYourGameError):
                await games.current(IN_PLAY, stranger)
            with pytest.raises(NotYourGameError):
                await games.play(IN_PLAY, stranger, placed_by(BLOCKS[2]), again=True)

        undone, _ = await games.play(IN_PLAY, TOKEN, rewound(Rewind.UNDO), again=True)
        assert undone.play.state.placed == (BLOCKS[0],) and undone.play.version == 1
        assert undone.play.can_redo
        after, _ = await games.play(IN_PLAY, TOKEN, placed_by(BLOCKS[2]), again=True)
        assert after.play.state.placed == (BLOCKS[0], BLOCKS[2]) and after.play.version == 2
        assert after.play.moves == 3 and after.finish is None

        stores.append(Store(where))  # another process, on the same store
        other = MondrianGames(stores[1], Workers(1), clock)
        assert await other.current(IN_PLAY, TOKEN) == after
        with pytest.raises(NotYourGameError):
            await other.current(IN_PLAY, "another token")

        done = await other.current(SOLVED, TOKEN)
        assert done == solved and done.finish == SOLVED_FINISH and done.play.version == 0
        for process in (games, other):
            with pytest.raises(MoveError):
                await process.play(SOLVED, TOKEN, placed_by(BLOCKS[0]), again=True)
            with pytest.raises(NotYourGameError):
                await process.play(SOLVED, "another token", placed_by(BLOCKS[0]), again=True)
        for each in stores:
            assert each.mondrian_finishes().count(SOLVED_FINISH) == 1
            assert [game.id for game in each.minesweeper_history()] == ["won"]
        with stores[1].transaction(writing=False) as db:
            logged = db.execute(
                sa.select(moves_table.c.game_id, moves_table.c.number, moves_table.c.move)
                .where(moves_table.c.game_id.in_([IN_PLAY, SOLVED]))
                .order_by(moves_table.c.game_id, moves_table.c.number)
            ).all()
        assert [(game_id, number) for game_id, number, _ in logged] == [
            (IN_PLAY, 0),
            (IN_PLAY, 1),
        ]
        assert logged[0][2] == str(Rewind.UNDO)
    finally:
        for each in stores:
            each.close()
    reopened = Store(where)
    try:
        assert await MondrianGames(reopened, Workers(1), clock).current(IN_PLAY, TOKEN) == after
        check_minesweeper(reopened, source, mondrian=(IN_PLAY, SOLVED))
        check_moves_go_with_their_game(reopened)
    finally:
        reopened.close()
