"""v2: solved Mondrian Blocks games (SQLite ``user_version`` 2).

Revision ID: v2
Revises: v1
"""

import sqlalchemy as sa
from alembic import op

from gridpuzzles.storage.migrations.frozen import SECONDS

revision = "v2"
down_revision = "v1"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "mondrian_games",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("challenge", sa.Text, nullable=False),
        sa.Column("difficulty", sa.Text, nullable=False),
        sa.Column("seconds", SECONDS, nullable=False),
        sa.Column("assisted", sa.Boolean, nullable=False),
        sa.Column("moves", sa.BigInteger, nullable=False),
        sa.Column("ended_at", SECONDS, nullable=False),
    )
