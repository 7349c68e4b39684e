"""v1: each game keeps whether it was assisted, when it ended, its time and figures; the
per-level counts are computed from them (SQLite ``user_version`` 1).

Revision ID: v1
Revises: v0
"""

import sqlalchemy as sa
from alembic import op

from gridpuzzles.storage.migrations.frozen import SECONDS, replay_ended_games_v1

revision = "v1"
down_revision = "v0"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "games", sa.Column("assisted", sa.Boolean, nullable=False, server_default=sa.false())
    )
    op.add_column("games", sa.Column("ended_at", SECONDS))
    op.add_column("games", sa.Column("seconds", SECONDS))
    op.add_column("games", sa.Column("three_bv", sa.Integer))
    op.add_column("games", sa.Column("clicks", sa.Integer, nullable=False, server_default="0"))
    replay_ended_games_v1(op.get_bind())
    op.drop_table("stats")
