"""v6: games in play are kept one way for both puzzles. A Mondrian Blocks game becomes a row
of ``games`` (``puzzle`` says whose; ``setup`` holds how it starts) with its moves in
``moves``, as a Minesweeper game always was, so one rule guards both: a move is written at
the number its player's copy knows, and the primary key refuses a second writer. A move may
carry a ``note``: what the server learned with it (a challenge's facts, a finish's bests), so
that a replay needs no solver. Minesweeper's own columns take NULL on a Mondrian row.

Each Mondrian game in play (``mondrian_play``) becomes a game whose setup is its stored state,
its undo and redo history included, and which has no move yet: its count of changes starts
again from 0 (a page holding an older count is shown the game as it is now).

Revision ID: v6
Revises: v5
"""

from typing import Any

import sqlalchemy as sa
from alembic import op

from gridpuzzles.storage.migrations.frozen import SECONDS

revision = "v6"
down_revision = "v5"
branch_labels = None
depends_on = None

_MINESWEEPER_ONLY: dict[str, sa.types.TypeEngine[Any]] = {
    "level": sa.Text(),
    "width": sa.Integer(),
    "height": sa.Integer(),
    "mines": sa.Integer(),
    "first_click": sa.Text(),
    "win_rule": sa.Text(),
    "question_marks": sa.Boolean(),
}
"""Minesweeper's columns of ``games``, and their types."""


def upgrade() -> None:
    # On SQLite this rebuilds the table (its NOT NULL columns cannot be altered in place);
    # `engine._migrate` turns foreign keys off meanwhile, so the moves survive the rebuild.
    with op.batch_alter_table("games") as games:
        games.add_column(sa.Column("puzzle", sa.Text, nullable=False, server_default="minesweeper"))
        games.add_column(sa.Column("setup", sa.JSON))
        for name, kind in _MINESWEEPER_ONLY.items():
            games.alter_column(name, existing_type=kind, nullable=True)
        games.create_index("ix_games_in_play", ["puzzle", "status", "created_at"])
    op.add_column("moves", sa.Column("note", sa.JSON))
    _move_mondrian_games_in_play()
    op.drop_index("ix_mondrian_play_updated_at", "mondrian_play")
    op.drop_table("mondrian_play")


def _move_mondrian_games_in_play() -> None:
    """Each row of ``mondrian_play`` as a Mondrian game of ``games``, stored after every
    game there, the oldest change first."""
    db = op.get_bind()
    play = sa.table(
        "mondrian_play",
        sa.column("id", sa.Text),
        sa.column("owner", sa.Text),
        sa.column("state", sa.JSON),
        sa.column("updated_at", SECONDS),
    )
    games = sa.table(
        "games",
        *(
            sa.column(name, sa.JSON() if name == "setup" else None)
            for name in (
                "id",
                "owner",
                "puzzle",
                "setup",
                "seed",
                "counted",
                "status",
                "created_at",
                "assisted",
                "ended_at",
                "seconds",
                "clicks",
                "seq",
                "player",
            )
        ),
    )
    last = db.execute(sa.select(sa.func.coalesce(sa.func.max(games.c.seq), 0))).scalar_one()
    rows = db.execute(
        sa.select(play.c.id, play.c.owner, play.c.state, play.c.updated_at).order_by(
            play.c.updated_at, play.c.id
        )
    ).all()
    for seq, (game_id, owner, state, updated_at) in enumerate(rows, start=last + 1):
        finish = state.get("finish") if isinstance(state, dict) else None
        game = state.get("game") if isinstance(state, dict) else None
        db.execute(
            sa.insert(games).values(
                id=game_id,
                owner=owner,
                puzzle="mondrian",
                setup=state,
                seed=0,
                counted=True,
                status="playing" if finish is None else "won",
                created_at=updated_at,
                assisted=bool(isinstance(game, dict) and game.get("assisted")),
                ended_at=None if finish is None else finish.get("ended_at"),
                seconds=None if finish is None else finish.get("seconds"),
                clicks=game.get("moves", 0) if isinstance(game, dict) else 0,
                seq=seq,
                player=state.get("player") if isinstance(state, dict) else None,
            )
        )
