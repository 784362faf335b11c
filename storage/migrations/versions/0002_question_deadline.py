"""question deadline: when the current question's time runs out, for a per-question time limit

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-07 10:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

ACTIVE = sa.text("state = 'active'")


def upgrade() -> None:
    # Adding a nullable column and an index needs no table copy, even on SQLite.
    with op.batch_alter_table("quiz_sessions", schema=None) as batch_op:
        batch_op.add_column(sa.Column("question_deadline", sa.DateTime(timezone=True), nullable=True))
        batch_op.create_index("ix_quiz_sessions_question_deadline", ["question_deadline"], unique=False,
                              sqlite_where=ACTIVE, postgresql_where=ACTIVE)


def downgrade() -> None:
    # recreate="never": SQLite (3.35 and later) drops the column in place. A batch copy would drop and
    # re-create quiz_sessions, and with foreign keys on, dropping it would delete every answer and link.
    with op.batch_alter_table("quiz_sessions", schema=None, recreate="never") as batch_op:
        batch_op.drop_index("ix_quiz_sessions_question_deadline", sqlite_where=ACTIVE, postgresql_where=ACTIVE)
        batch_op.drop_column("question_deadline")
