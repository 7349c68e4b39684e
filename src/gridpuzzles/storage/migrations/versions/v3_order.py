"""v3: each game keeps the order it was stored in (``seq``, 1 up), the tie-breaker of games
of the same time on every database (SQLite's rowid was; a SQLite file keeps its order).

Revision ID: v3
Revises: v2
"""

import sqlalchemy as sa
from alembic import op

revision = "v3"
down_revision = "v2"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("seq", sa.BigInteger))
    if op.get_bind().dialect.name == "sqlite":
        op.execute("UPDATE games SET seq = rowid")
    op.create_index("ix_games_seq", "games", ["seq"])
