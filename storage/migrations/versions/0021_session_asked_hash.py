"""the open question's content_hash as it was shown, with that question's id: an answer after a reload reworded its
prompt (options and key as shown, so accepted) is logged under the words the learner read, and `quiztutor stats` no
longer counts it among the answers to the new ones

Revision ID: 0021
Revises: 0020
Create Date: 2026-12-07 17:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0021"
down_revision: str | None = "0020"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Nullable, no default: a question shown before is logged under the content served when answered, as it was.
    with op.batch_alter_table("quiz_sessions") as batch:
        # With its question's id, as asked_question: an older replica moving the session on during a rolling deploy
        # leaves it behind, and the hash then belongs to another question.
        batch.add_column(sa.Column("asked_hash", sa.String(length=128), nullable=True))


def downgrade() -> None:
    # recreate="never": SQLite (3.35 and later) drops the column in place. A batch copy would drop and re-create
    # quiz_sessions, and with foreign keys on, dropping it would delete every answer and poll link (as in 0002).
    with op.batch_alter_table("quiz_sessions", recreate="never") as batch:
        batch.drop_column("asked_hash")
