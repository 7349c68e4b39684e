"""v4: Mondrian Blocks games in play, so that every process serving the store plays the same
game: each game's state as a JSON document, its version and when it was last written.

Revision ID: v4
Revises: v3
"""

import sqlalchemy as sa
from alembic import op

from gridpuzzles.storage.migrations.frozen import SECONDS

revision = "v4"
down_revision = "v3"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "mondrian_play",
        sa.Column("id", sa.Text, primary_key=True),
        sa.Column("owner", sa.Text, nullable=False),
        sa.Column("state", sa.JSON, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("updated_at", SECONDS, nullable=False),
    )
    op.create_index("ix_mondrian_play_updated_at", "mondrian_play", ["updated_at"])
