"""the open game question's answer as its poll showed it: a reload that names another option the answer (or adds
one) while the question is open no longer judges every vote on the poll wrong

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-05 10:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Nullable, no default: a question asked before is judged by the content served, as it was.
    with op.batch_alter_table("games") as batch:
        # With its question's id: an older replica asking the next question during a rolling deploy leaves both
        # behind, and the next question may have an option of the same id.
        batch.add_column(sa.Column("asked_question", sa.String(length=64), nullable=True))
        batch.add_column(sa.Column("asked_answer", sa.String(length=64), nullable=True))


def downgrade() -> None:
    # recreate="never": SQLite (3.35 and later) drops the columns in place. A batch copy would drop and re-create
    # games, and with foreign keys on, dropping it would delete every game's players, answers and polls.
    with op.batch_alter_table("games", recreate="never") as batch:
        batch.drop_column("asked_answer")
        batch.drop_column("asked_question")
