"""whether a question stored with no option timed out rather than being skipped: the end-of-quiz summary marked a
question whose time ran out exactly as a skipped one, so the learner could not tell "I ran out of time" from "I
skipped"

Revision ID: 0023
Revises: 0022
Create Date: 2026-12-08 00:40:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0023"
down_revision: str | None = "0022"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Nullable, no default: an answer from before 0023 is not known to have timed out, and reads as a skip, as before.
    with op.batch_alter_table("answers") as batch:
        batch.add_column(sa.Column("timed_out", sa.Boolean(), nullable=True))


def downgrade() -> None:
    # recreate="never": SQLite (3.35 and later) drops the column in place, without copying every answer.
    with op.batch_alter_table("answers", recreate="never") as batch:
        batch.drop_column("timed_out")
