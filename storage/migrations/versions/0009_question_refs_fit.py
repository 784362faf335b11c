"""widen the question columns of answers and poll links to 128 characters: in a review round they hold its
question's quiz id and question id together (up to 97 characters), which PostgreSQL refused past 64 and with
it the whole answer (SQLite enforces no length: its two tables are copied once so that their declarations
match the models)

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-04 14:30:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

COLUMNS = (("answers", "question_id"), ("message_links", "question_id"))


def upgrade() -> None:
    _resize(128)


def downgrade() -> None:
    # On PostgreSQL this fails, changing nothing, while a longer question id is stored; SQLite keeps it as it is.
    _resize(64)


def _resize(length: int) -> None:
    for table, column in COLUMNS:
        with op.batch_alter_table(table) as batch:  # ALTER on PostgreSQL; on SQLite a copy of the table
            batch.alter_column(column, type_=sa.String(length), existing_nullable=False)
