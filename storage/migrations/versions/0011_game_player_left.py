"""where a game's player left its chat: the questions after no longer wait for their answer, and the podium judges
them on the questions they were there for

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-05 10:30:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Nullable, no default: every player stored before is taken to be still there, and never to have been away.
    with op.batch_alter_table("game_players") as batch:
        batch.add_column(sa.Column("left_position", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("away_questions", sa.Integer(), nullable=False, server_default=sa.text("0")))


def downgrade() -> None:
    with op.batch_alter_table("game_players") as batch:
        batch.drop_column("away_questions")
        batch.drop_column("left_position")
