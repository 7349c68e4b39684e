"""v7: a game's result is kept once, on its row of ``games``, for both puzzles. A solved
Mondrian Blocks game's finish was kept twice: on its game and as a row of ``mondrian_games``,
the table of the records. Now its game keeps it (``challenge``, its difficulty in ``level``,
``counted``) and the records are read from ``games``; ``mondrian_games`` is dropped.

Each row of ``mondrian_games`` stays a result in the records, exactly as it was counted:

- a row whose game is in ``games`` (a solved Mondrian game with the same end, time, moves,
  help and player, and the same challenge when its setup or a move's note names it, whose
  log does not say its finish was refused) is merged into it;
- a row with no game (a record older than the move log, or one whose game was forgotten)
  becomes a game of its own: solved, counted, with what the row knew, no owner, no setup and
  no moves (nothing to play or watch), stored after every game, in the order of the records.

A solved game left with no row of ``mondrian_games`` (the database refused its finish) is not
counted. ``clicks``, which holds a Mondrian game's moves, becomes a 64-bit integer as
``mondrian_games.moves`` was (SQLite's integers are 64-bit already).

Revision ID: v7
Revises: v6
"""

import secrets
from collections.abc import Iterator
from typing import Any

import sqlalchemy as sa
from alembic import op

from gridpuzzles.storage.migrations.frozen import SECONDS

revision = "v7"
down_revision = "v6"
branch_labels = None
depends_on = None

_RECORDS = sa.table(
    "mondrian_games",
    sa.column("id", sa.Integer),
    sa.column("challenge", sa.Text),
    sa.column("difficulty", sa.Text),
    sa.column("seconds", SECONDS),
    sa.column("assisted", sa.Boolean),
    sa.column("moves", sa.BigInteger),
    sa.column("ended_at", SECONDS),
    sa.column("player", sa.Text),
)
"""The records of solved Mondrian games as v2 to v6 kept them (``player`` from v5)."""
_GAMES = sa.table(
    "games",
    sa.column("id", sa.Text),
    sa.column("owner", sa.Text),
    sa.column("level", sa.Text),
    sa.column("seed", sa.BigInteger),
    sa.column("counted", sa.Boolean),
    sa.column("status", sa.Text),
    sa.column("created_at", SECONDS),
    sa.column("assisted", sa.Boolean),
    sa.column("ended_at", SECONDS),
    sa.column("seconds", SECONDS),
    sa.column("clicks", sa.BigInteger),
    sa.column("seq", sa.BigInteger),
    sa.column("player", sa.Text),
    sa.column("puzzle", sa.Text),
    sa.column("setup", sa.JSON),
    sa.column("challenge", sa.Text),
)
"""The columns of ``games`` this revision reads and writes, as v7 has them."""
_MOVES = sa.table(
    "moves",
    sa.column("game_id", sa.Text),
    sa.column("number", sa.Integer),
    sa.column("note", sa.JSON),
)
_MONDRIAN, _SOLVED = "mondrian", "won"
"""A Mondrian game's ``puzzle``, and a solved game's ``status`` (v6)."""

Match = tuple[float, float, int, bool, str | None]
"""What a result and its game both hold: the end, the time, the moves, the help and the
player."""


def upgrade() -> None:
    db = op.get_bind()
    op.add_column("games", sa.Column("challenge", sa.Text))
    if db.dialect.name != "sqlite":  # a SQLite integer is 64-bit whatever its column says
        op.alter_column(
            "games",
            "clicks",
            type_=sa.BigInteger(),
            existing_type=sa.Integer(),
            existing_nullable=False,
        )
    _merge_records(db)
    op.drop_table("mondrian_games")  # its index on ``player`` goes with it


def _merge_records(db: sa.Connection) -> None:
    """Each row of ``mondrian_games`` kept as a result in ``games`` (merged into its game, or
    a game of its own); the solved games that match none are not counted."""
    # A solved game is counted once a record is merged into it: none whose finish the
    # database refused (its log says so, or no record holds what it holds) is.
    db.execute(
        sa.update(_GAMES)
        .where(_GAMES.c.puzzle == _MONDRIAN, _GAMES.c.status == _SOLVED)
        .values(counted=False)
    )
    waiting = _solved_games(db)
    alone: list[Any] = []
    rows = db.execute(
        sa.select(
            _RECORDS.c.id,
            _RECORDS.c.challenge,
            _RECORDS.c.difficulty,
            _RECORDS.c.seconds,
            _RECORDS.c.assisted,
            _RECORDS.c.moves,
            _RECORDS.c.ended_at,
            _RECORDS.c.player,
        ).order_by(_RECORDS.c.id)
    ).all()
    for row in rows:
        match: Match = (row.ended_at, row.seconds, row.moves, bool(row.assisted), row.player)
        candidates = waiting.get(match, [])
        game = next((g for g, key in candidates if key in (None, row.challenge)), None)
        if game is None:
            alone.append(row)
            continue
        candidates[:] = [(g, key) for g, key in candidates if g != game]
        db.execute(
            sa.update(_GAMES)
            .where(_GAMES.c.id == game)
            .values(counted=True, challenge=row.challenge, level=row.difficulty)
        )
    last = db.execute(sa.select(sa.func.coalesce(sa.func.max(_GAMES.c.seq), 0))).scalar_one()
    for seq, row in enumerate(alone, start=last + 1):
        db.execute(
            sa.insert(_GAMES).values(
                id=_new_game_id(),
                owner="",
                puzzle=_MONDRIAN,
                seed=0,
                counted=True,
                status=_SOLVED,
                created_at=row.ended_at - row.seconds,  # its start, as its time says
                assisted=bool(row.assisted),
                ended_at=row.ended_at,
                seconds=row.seconds,
                clicks=row.moves,
                seq=seq,
                player=row.player,
                challenge=row.challenge,
                level=row.difficulty,
            )
        )


def _solved_games(db: sa.Connection) -> dict[Match, list[tuple[str, str | None]]]:
    """The solved Mondrian games that may have a row of ``mondrian_games``, by what they hold
    (`Match`), in the order stored: each its id and its challenge's key (None when its setup
    and notes do not tell it). A game whose log says its finish was refused has none."""
    games = db.execute(
        sa.select(
            _GAMES.c.id,
            _GAMES.c.setup,
            _GAMES.c.ended_at,
            _GAMES.c.seconds,
            _GAMES.c.clicks,
            _GAMES.c.assisted,
            _GAMES.c.player,
        )
        .where(_GAMES.c.puzzle == _MONDRIAN, _GAMES.c.status == _SOLVED)
        .order_by(_GAMES.c.seq)
    ).all()
    notes: dict[str, list[Any]] = {}
    for game_id, note in db.execute(
        sa.select(_MOVES.c.game_id, _MOVES.c.note)
        .join(_GAMES, _GAMES.c.id == _MOVES.c.game_id)
        .where(
            _GAMES.c.puzzle == _MONDRIAN,
            _GAMES.c.status == _SOLVED,
            _MOVES.c.note.is_not(None),
        )
        .order_by(_MOVES.c.game_id, _MOVES.c.number)
    ):
        notes.setdefault(game_id, []).append(note)
    found: dict[Match, list[tuple[str, str | None]]] = {}
    for game in games:
        documents = [game.setup, *notes.get(game.id, [])]
        kept = [d["kept"] for d in _objects(documents) if isinstance(d.get("kept"), bool)]
        if kept and not kept[-1]:  # the move that solved it says so: the records refused it
            continue
        keys = [_key_in(d.get("facts")) for d in _objects(documents) if "facts" in d]
        match: Match = (game.ended_at, game.seconds, game.clicks, bool(game.assisted), game.player)
        found.setdefault(match, []).append((game.id, keys[-1] if keys else None))
    return found


def _objects(documents: list[Any]) -> Iterator[dict[str, Any]]:
    """The JSON objects among ``documents`` (a setup or a note changed by hand may be none)."""
    return (document for document in documents if isinstance(document, dict))


def _key_in(facts: Any) -> str | None:
    """The challenge's key in a challenge's facts as v6's shells wrote them (``{"key": ...,
    "difficulty": ..., "solutions": ..., "code": ...}``), or None."""
    key = facts.get("key") if isinstance(facts, dict) else None
    return key if isinstance(key, str) else None


def _new_game_id() -> str:
    """An unguessable game id as the store makes them (128 random bits, in 22 URL-safe
    characters, never starting with "-")."""
    while (game_id := secrets.token_urlsafe(16)).startswith("-"):
        pass
    return game_id
