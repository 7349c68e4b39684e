"""v8: a game may be imported from a video file (`gridpuzzles import`, the page's upload):
``imported`` keeps where it came from (the file's name and format, the player and the
software it names, whether it claims to be official), NULL for a game played here. An
imported game is never counted in the records.

Revision ID: v8
Revises: v7
"""

import sqlalchemy as sa
from alembic import op

revision = "v8"
down_revision = "v7"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("imported", sa.JSON))
