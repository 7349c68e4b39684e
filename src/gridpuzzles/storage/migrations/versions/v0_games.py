"""v0: the games of Minesweeper, their moves and per-level counts (SQLite ``user_version`` 0).

Revision ID: v0
"""

import sqlalchemy as sa
from alembic import op

from gridpuzzles.storage.migrations.frozen import SECONDS

revision = "v0"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.Text, primary_key=True),
        sa.Column("owner", sa.Text, nullable=False),
        sa.Column("level", sa.Text, nullable=False),
        sa.Column("width", sa.Integer, nullable=False),
        sa.Column("height", sa.Integer, nullable=False),
        sa.Column("mines", sa.Integer, nullable=False),
        sa.Column("first_click", sa.Text, nullable=False),
        sa.Column("win_rule", sa.Text, nullable=False),
        sa.Column("question_marks", sa.Boolean, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("layout", sa.Text),
        sa.Column("counted", sa.Boolean, nullable=False),
        sa.Column("status", sa.Text, nullable=False),
        sa.Column("created_at", SECONDS, nullable=False),
    )
    op.create_table(
        "moves",
        sa.Column(
            "game_id", sa.Text, sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("move", sa.Text, nullable=False),
        sa.Column("at", SECONDS, nullable=False),
        sqlite_with_rowid=False,
    )
    op.create_table(
        "stats",
        sa.Column("level", sa.Text, primary_key=True),
        sa.Column("played", sa.Integer, nullable=False),
        sa.Column("won", sa.Integer, nullable=False),
        sa.Column("best_time", SECONDS),
    )
