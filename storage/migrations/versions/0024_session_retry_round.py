"""whether a session is a retry round, asking only the questions missed in an ended one: once a reload shrank a quiz
to the size of a retry played before, /progress counted that retry as a whole round ("3 attempts" for two rounds and a
retry, its 2/2 the "best" over a 1/3)

Revision ID: 0024
Revises: 0023
Create Date: 2026-12-08 01:30:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0024"
down_revision: str | None = "0023"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Nullable, no default: a session started before 0024 is not known to be a retry, and /progress tells it by its
    # size, as before.
    with op.batch_alter_table("quiz_sessions") as batch:
        batch.add_column(sa.Column("retry_round", sa.Boolean(), nullable=True))


def downgrade() -> None:
    # recreate="never": SQLite (3.35 and later) drops the column in place. A batch copy would drop and re-create
    # quiz_sessions, and with foreign keys on, dropping it would delete every answer and poll link (as in 0002).
    with op.batch_alter_table("quiz_sessions", recreate="never") as batch:
        batch.drop_column("retry_round")
