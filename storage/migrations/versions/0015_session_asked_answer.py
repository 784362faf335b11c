"""the open question's answer key as it was shown, with that question's id: a reload that names another option the
answer while a learner's quiz poll is open asks the question again, instead of judging the key the poll showed them
wrong

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-05 19:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0015"
down_revision: str | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Nullable, no default: a question shown before is judged by the content served, as it was.
    with op.batch_alter_table("quiz_sessions") as batch:
        # With its question's id (a review round's names its quiz too, as answers' do): an older replica moving the
        # session on during a rolling deploy leaves both behind, and the key then belongs to another question.
        batch.add_column(sa.Column("asked_question", sa.String(length=128), nullable=True))
        batch.add_column(sa.Column("asked_answer", sa.String(length=64), nullable=True))


def downgrade() -> None:
    # recreate="never": SQLite (3.35 and later) drops the columns in place. A batch copy would drop and re-create
    # quiz_sessions, and with foreign keys on, dropping it would delete every answer and poll link (as in 0002).
    with op.batch_alter_table("quiz_sessions", recreate="never") as batch:
        batch.drop_column("asked_answer")
        batch.drop_column("asked_question")
