"""the reminder time the bot put aside when it could not deliver a learner's reminder (they blocked the bot, or
closed their direct messages): turned off as the learner's own /reminders off was, it never came back when they
returned

Revision ID: 0018
Revises: 0017
Create Date: 2026-12-07 00:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0018"
down_revision: str | None = "0017"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Nullable, no default: a learner whose reminders the bot turned off before 0018 can't be told from one who
    # turned them off: both stay off, as before.
    with op.batch_alter_table("users") as batch:
        batch.add_column(sa.Column("paused_reminder_time", sa.String(5), nullable=True))


def downgrade() -> None:
    # recreate="never": SQLite (3.35 and later) drops the column in place. A batch copy would drop and re-create
    # users, and with foreign keys on, dropping it would delete every learner's sessions, cards and reviews.
    with op.batch_alter_table("users", recreate="never") as batch:
        batch.drop_column("paused_reminder_time")
