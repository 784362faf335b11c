"""when each learner's last reminder was sent: whether today's was sent was inferred from the reminder planned next,
and a learner who moved east the morning after an evening's reminder got a second one on the new zone's day

Revision ID: 0017
Revises: 0016
Create Date: 2026-12-06 10:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0017"
down_revision: str | None = "0016"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Nullable, no default: a learner reminded before it is planned from their next reminder, as they were.
    with op.batch_alter_table("users") as batch:
        batch.add_column(sa.Column("reminder_sent_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    # recreate="never": SQLite (3.35 and later) drops the column in place. A batch copy would drop and re-create
    # users, and with foreign keys on, dropping it would delete every learner's sessions, cards and reviews.
    with op.batch_alter_table("users", recreate="never") as batch:
        batch.drop_column("reminder_sent_at")
