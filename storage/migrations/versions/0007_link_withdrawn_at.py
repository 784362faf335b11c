"""when a linked poll was taken away (deleted) while a group game held its question: nothing is sent to it any
more, while a vote already on its way still finds its question

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-03 15:45:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Nullable, no default: every link stored before is of a message still there.
    with op.batch_alter_table("message_links") as batch:
        batch.add_column(sa.Column("withdrawn_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("message_links") as batch:
        batch.drop_column("withdrawn_at")
