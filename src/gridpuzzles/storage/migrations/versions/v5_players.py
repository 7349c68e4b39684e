"""v5: each game and each solved Mondrian game may name its player (an opaque key: a web
server with records per player keeps the digest of a browser's player key there), so that
every player sees their own records. Games kept before have none: they count for everyone.

Revision ID: v5
Revises: v4
"""

import sqlalchemy as sa
from alembic import op

revision = "v5"
down_revision = "v4"
branch_labels = None
depends_on = None


def upgrade() -> None:
    for table in ("games", "mondrian_games"):
        op.add_column(table, sa.Column("player", sa.Text))
        op.create_index(f"ix_{table}_player", table, ["player"])
